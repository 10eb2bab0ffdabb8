"""Ticket to Ride: The Card Game: rail yard, train wreck and on-the-track pile.

    >>> from zuzlab import cardgame
    >>> game = cardgame.new_game(players=3, seed=1)
    >>> game.legal_actions()[:3]
    >>> cardgame.best_fulfilment([(5, ["yellow"]), (6, ["yellow", "green"])], {"yellow": 1, "locomotive": 1})

The engine shares the train-card supply, the ticket offer, the state protocol and the
violation type with ``zuzlab.ttr``; it imports no plotting or widget library.
"""

from __future__ import annotations

from ..algorithms import Fulfilment, best_fulfilment, best_fulfilment_steps
from ..core import Engine, Event, Pass, RuleViolation
from ..tickets import ChooseTickets, DrawTickets, KeepTickets
from ..train_cards import DrawBlind, DrawFaceUp, SecondCard
from . import bots, rules
from .actions import PlayMixed, PlaySet
from .data import CardGameData, Ticket, load_data
from .rules import CardGameRules
from .scoring import FinalScores, score_parts
from .state import Game

#: The Card Game, described once
ENGINE = Engine("cardgame", "Card Game", Game, CardGameRules, rules.VARIANTS, default_variant="cardgame",
                default_players=3, bots=bots.BOTS, strategies=("collector", "wrecker"), score_parts=score_parts)
new_game, play_game, play_random_game, replay, load_game, make_bot = ENGINE.entry_points()


__all__ = [
    "CardGameData", "CardGameRules", "ChooseTickets", "DrawBlind", "DrawFaceUp", "DrawTickets", "ENGINE", "Event",
    "FinalScores", "Fulfilment", "Game", "KeepTickets", "Pass", "PlayMixed", "PlaySet", "RuleViolation", "SecondCard",
    "Ticket", "best_fulfilment", "best_fulfilment_steps", "bots", "load_data", "load_game", "make_bot", "new_game",
    "play_game", "play_random_game", "replay", "rules",
]
