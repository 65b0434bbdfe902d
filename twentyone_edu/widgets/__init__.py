"""The course's ipywidgets: live table, explorers, quiz; every label in English and Russian."""

from .advice import AdviceExplorer as AdviceExplorer
from .quiz import Quiz as Quiz
from .quiz import make_answer_token as make_answer_token
from .simulation import SimulationExplorer as SimulationExplorer
from .strategy import StrategyExplorer as StrategyExplorer
