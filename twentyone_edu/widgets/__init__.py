"""The course's ipywidgets: live table, explorers, quiz; every label in English and Russian."""

from .advice import AdviceExplorer as AdviceExplorer
from .app import CourseApp as CourseApp
from .app import language_from_query as language_from_query
from .banker_chooser import BankerChooser as BankerChooser
from .card_faces import CardsView as CardsView
from .live_table import TableWidget as TableWidget
from .quiz import Quiz as Quiz
from .quiz import make_answer_token as make_answer_token
from .quiz_bank import quiz as quiz
from .seed_choice import class_seed as class_seed
from .seed_choice import first_screen as first_screen
from .simulation import SimulationExplorer as SimulationExplorer
from .strategy import StrategyExplorer as StrategyExplorer
