"""ipywidgets apps for the notebooks: a step player for any stream of algorithm steps, the
views it plays on, and game views to play against bots."""

from .player import StepPlayer
from .ttr_game import TtrGameView, narrate, random_bot
from .views import InkStepView, MapStepView, TextView

__all__ = ["InkStepView", "MapStepView", "StepPlayer", "TextView", "TtrGameView", "narrate", "random_bot"]
