"""The course's ipywidgets: live table, explorers, quiz; every label in English and Russian."""

from .quiz import Quiz as Quiz
from .quiz import make_answer_token as make_answer_token
