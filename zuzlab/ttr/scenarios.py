"""Reach a situation worth showing, by legal moves only: the notebooks use these to put a
learner right in front of a tunnel, a ferry or a station without rigging any cards."""

from __future__ import annotations

from typing import Any, Callable, cast

from ..core import RuleViolation
from ..tickets import ChooseTickets, KeepTickets
from ..train_cards import DrawBlind
from .state import Game


def past_opening(game: Game) -> Game:
    """Every player keeps all the opening tickets."""
    while game.in_setup:
        game.apply(KeepTickets(cast(ChooseTickets, game.pending).tickets))  # the opening offer
    return game


def draw_until(game: Game, find: Callable[[Game], Any], player: int = 0, limit: int = 400) -> Any:
    """Let every player draw two cards from the deck each turn until, on ``player``'s turn,
    ``find(game)`` returns something (an action to show, say); return it."""
    past_opening(game)
    for _ in range(limit):
        if game.current_player == player:
            found = find(game)
            if found is not None:
                return found
        try:
            game.apply(DrawBlind())
            if game.pending is not None:
                game.apply(DrawBlind())
        except RuleViolation:
            break
    raise RuntimeError("the situation did not come about: try another seed")
