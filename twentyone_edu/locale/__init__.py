"""The course's gettext catalogs, as data: the engine's, the widgets' and the quizzes' (read by
words/catalogs.py), and one per notebook (read by course/translation.py); STYLE.md says how to
translate. `python -m twentyone_edu.locale update|build|check` is the translator's command, at
the top of the package beside its __init__: it may use every layer.
"""
