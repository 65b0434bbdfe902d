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
# downloaded/<assignment>/archive/. Names are read as Blackboard's "Download assignment" writes
# them: "<assignment name>_<user name>_attempt_<yyyy-mm-dd-hh-mm-ss>_<uploaded file name>".
# Only the part Blackboard writes names the student: the pattern is anchored at the start, the
# assignment name has no "_" (name it e.g. "Lessons 04-05" in Blackboard; with one, the roster in
# the gradebook decides whose file it is, BlackboardNames), and the user name
# ends at the first "_attempt_<date>_", so an uploaded file name cannot name another student;
# a user name "." or ".." is refused. The attempt's time is read field by field as Blackboard
# writes it (BlackboardNames). (Moodle and Canvas name files by their own internal numbers, not
# the user name: collect from them by hand, teacher/README.md.)
c.ZipCollectApp.strict = True
c.ZipCollectApp.collector_plugin = "twentyone_edu.course.grading.BlackboardNames"
c.FileNameCollectorPlugin.named_regexp = (
    r"^(?:.*[/\\])?(?P<assignment>[^_/\\]+)_(?P<student_id>(?!\.\.?_attempt_)[^/\\]+?)"
    r"_attempt_(?P<timestamp>\d{4}(?:-\d\d){5})_(?P<file_id>[^/\\]+)$"
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
