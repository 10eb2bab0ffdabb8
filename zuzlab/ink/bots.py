"""Railroad Ink players for simulations and notebooks.

- ``random_action``: any legal action, uniformly.
- ``greedy_action``: the drawing that raises the board's score the most right now (the
  rolled results must be drawn anyway; a special or an expansion result only when it
  gains something); ties are broken by the seeded generator.
"""

from __future__ import annotations

import random

from ..core import seeded_random
from .board import Placement, square_name
from .scoring import score
from .state import FinishRound, Game, Place
from .tiles import LAKE, VARIANTS


def random_action(game: Game, rng: random.Random):
    return rng.choice(game.legal_actions())


def greedy_action(game: Game, rng: random.Random):
    player = game.current_player
    board, rules = game.boards[player], game.rules
    required = set(game.open_results[player])

    def total() -> int:
        return score(board, rules.loop_rule, rules.lake_squares_are_centre).total

    before = total()
    best_gain, best = None, []
    for code, index, orientation in game.legal_placements():
        if LAKE in VARIANTS[code, orientation].edges:  # water may fill squares: try it on a copy
            trial = board.copy()
            trial.place(code, index, orientation)
            gain = score(trial, rules.loop_rule, rules.lake_squares_are_centre).total - before
        else:  # draw, score, rub out again
            board.squares[index] = Placement(code, orientation)
            gain = total() - before
            board.squares[index] = None
        if code not in required and gain <= 0:
            continue  # optional drawings only when they help
        if best_gain is None or gain > best_gain:
            best_gain, best = gain, [(code, index, orientation)]
        elif gain == best_gain:
            best.append((code, index, orientation))
    if not best:
        return FinishRound()
    code, index, orientation = rng.choice(best)
    return Place(code, square_name(index), orientation)


def play(game: Game, choose=greedy_action, seed: int | str = 0) -> Game:
    """Play ``game`` to the end, every player choosing with ``choose``."""
    rng = seeded_random(seed, "ink-bot")
    while not game.is_over:
        game.apply(choose(game, rng))
    return game
