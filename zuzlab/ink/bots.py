"""Railroad Ink players for simulations and notebooks.

- ``random_action``: any legal action, uniformly.
- ``greedy_action``: the drawing that raises the board's score the most right now (the
  rolled results must be drawn anyway; a special or an expansion result only when it
  gains something); ties are broken by the seeded generator.
- ``lookahead_action``: greedy, plus a look at the next round: open route ends that
  next round's dice could continue count partly back.
- ``expert``: Monte Carlo rollouts over the dice still to come (``zuzlab.ink.expert``).
"""

from __future__ import annotations

import random
from typing import Callable

from ..core import random_bot as random_action
from .board import Board, Placement, _legal, square_name
from .scoring import score
from .state import FinishRound, Game, Place
from .tiles import LAKE, TURNED_TILES


def greedy_action(game: Game, rng: random.Random):
    """The drawing that raises the score the most now."""
    rules = game.rules
    return _best_drawing(game, rng, lambda board: score(board, rules.loop_rule, rules.lake_squares_are_centre).total)


#: How much an open route end that next round's dice could continue is worth, in points
#: (an open end is an error now; one the dice can reach will likely be mended).
LOOKAHEAD_WEIGHT = 0.6


def lookahead_action(game: Game, rng: random.Random):
    """Like greedy, but a drawing is also judged by the round after: each open highway or
    railway end counts back ``LOOKAHEAD_WEIGHT`` times the chance that next round's
    dice give a result that can continue it (worked out from the dice faces and what the
    empty square next to the end faces). In the last round it is greedy."""
    rules = game.rules
    if game.round >= rules.rounds:
        return greedy_action(game, rng)

    def value(board) -> float:
        now = score(board, rules.loop_rule, rules.lake_squares_are_centre).total
        return now + LOOKAHEAD_WEIGHT * next_round_mends(board, rules.dice, rules.water_blocks_routes)

    return _best_drawing(game, rng, value)


def next_round_mends(board, dice, water_blocks_routes: bool = True) -> float:
    """The expected number of open route ends that one roll of ``dice`` could continue:
    for each empty square beside open ends, the chance that at least one die shows a
    face drawable there with a route on every side that faces an open end."""
    expected = 0.0
    for index, placement in enumerate(board.squares):
        if placement is not None:
            continue
        context = board.context(index)
        ends = tuple(side for side, faced in enumerate(context) if faced in ("tH", "tR"))
        if not ends:
            continue
        miss = 1.0
        for die in dice:
            miss *= 1 - sum(_mends(code, context, ends, water_blocks_routes) for code in die) / len(die)
        expected += len(ends) * (1 - miss)
    return expected


_MENDS: dict[tuple, bool] = {}


def _mends(code: str, context: tuple, ends: tuple[int, ...], water_blocks_routes: bool) -> bool:
    """Whether ``code`` can be drawn in ``context`` continuing every open end at once."""
    key = (code, context, water_blocks_routes)
    found = _MENDS.get(key)
    if found is None:
        found = any(all(TURNED_TILES[code, o].edges[side] for side in ends)
                    for o in _legal(code, context, water_blocks_routes))
        _MENDS[key] = found
    return found


def _best_drawing(game: Game, rng: random.Random, value: Callable[[Board], float]):
    """The drawing of highest ``value(board after it)``; the rolled results must be drawn
    anyway, a special or an expansion result only when it gains something. Ties are
    broken by ``rng``."""
    player = game.player_to_move()
    board = game.boards[player]
    required = set(game.open_results[player])
    before = value(board)
    best_gain, best = None, []
    for code, index, orientation in game.legal_placements():
        if LAKE in TURNED_TILES[code, orientation].edges:  # water may fill squares: try it on a copy
            trial = board.copy()
            trial.place(code, index, orientation)
            gain = value(trial) - before
        else:  # draw, judge, rub out again
            board.squares[index] = Placement(code, orientation)
            gain = value(board) - before
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


def expert(rollouts: int = 40, candidates: int = 48, width: int = 8) -> Callable:
    """The expert (``zuzlab.ink.expert``): Monte Carlo rollouts over the dice to come and a
    search of the last round; ``rollouts``, ``candidates`` and ``width`` are its budget."""
    from .expert import ExpertBot

    return ExpertBot(rollouts, candidates, width)


BOTS: dict[str, Callable[[], Callable]] = {
    "random": lambda: random_action, "greedy": lambda: greedy_action, "lookahead": lambda: lookahead_action,
    "expert": expert,
    # the expert at a quick budget (under 1 s a game): what the rule explorer plays by default
    "expert_quick": lambda: expert(4, 8, 4),
}
