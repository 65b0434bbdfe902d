"""nbgrader's configuration for the course's graded assignments; run nbgrader from teacher/.

teacher/README.md explains each step. The course folder is this folder: source/ holds the
assignments as written (with solutions and hidden tests), and nbgrader makes release/,
submitted/, autograded/, feedback/ and gradebook.db beside it.
"""

c = get_config()  # noqa: F821 (nbgrader provides get_config)

c.CourseDirectory.course_id = "twentyone_edu"

# The released copy: every solution replaced by a stub the student fills in.
c.ClearSolutions.code_stub = {"python": "# YOUR CODE HERE\nraise NotImplementedError()"}
c.ClearSolutions.text_stub = "YOUR ANSWER HERE"

# The exact engine answers in well under a second; a student's slow loop is stopped.
c.Execute.timeout = 120

# Files from an LMS (nbgrader zip_collect): put the downloaded zip or notebooks into
# downloaded/<assignment>/archive/. Names are read as Blackboard and Moodle-style exports write
# them: "<anything>_<student id>_attempt_<date>_<notebook>.ipynb".
c.ZipCollectApp.strict = True
c.FileNameCollectorPlugin.named_regexp = (
    r".*_(?P<student_id>[A-Za-z0-9.\-]+)_attempt_(?P<timestamp>[0-9\-]+)_(?P<file_id>.*)"
)

# A test cell arrives without its hidden tests, as released: put it back without a warning, so
# that nbgrader's "has changed!" warnings mean a student really changed a test cell.
c.Autograde.sanitize_preprocessors = [
    "nbgrader.preprocessors.ClearOutput",
    "nbgrader.preprocessors.DeduplicateIds",
    "nbgrader.preprocessors.OverwriteKernelspec",
    "twentyone_edu.course.grading.ReleasedTestsRestored",
    "nbgrader.preprocessors.CheckCellMetadata",
    "twentyone_edu.course.grading.GradedStudentNamed",
]

# Feedback shows each task's result and its hint, never a hidden test (teacher/README.md).
c.GenerateFeedback.preprocessors = [
    "nbgrader.preprocessors.GetGrades",
    "nbconvert.preprocessors.CSSHTMLHeaderPreprocessor",
    "twentyone_edu.course.grading.HiddenTestsOut",
]
