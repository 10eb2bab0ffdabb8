"""ipywidgets apps for the notebooks: a step player for any stream of algorithm steps, the
views it plays on, game views to play against bots, the rule explorer, a board of your own
made by clicking, and texts that follow a language switch (English / Deutsch)."""

from ..core import random_bot
from .board_builder_view import BoardBuilderView
from .explorer import RuleExplorer
from .game_views import CardGameView, InkGameView, InkScoreView
from .narration import Explanation, describe_step, explain, language_switch, narrate, say
from .ink_replay import replay_player
from .plan_views import PlanStepView
from .player import StepPlayer
from .ttr_game import TtrGameView
from .views import FulfilmentView, InkStepView, MapStepView, TextView

__all__ = [
    "BoardBuilderView", "CardGameView", "Explanation", "FulfilmentView", "InkGameView", "InkScoreView", "InkStepView",
    "MapStepView", "PlanStepView", "RuleExplorer", "StepPlayer", "TextView",
    "TtrGameView", "describe_step", "explain", "language_switch", "narrate", "random_bot", "replay_player", "say",
]
