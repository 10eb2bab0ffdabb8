"""The expert Railroad Ink player: Monte Carlo rollouts over the dice still to come.

Why this design?  Railroad Ink is a one-player optimisation: the dice are shared and the
boards private, so there is no opponent to model, only the dice to come. A drawing is
good when the boards it leads to score well *on average over the rolls that may follow*.
So the expert estimates that average by sampling: for each of a few candidate drawings
it plays the rest of the game many times against sampled rolls (the same sampled rolls for
every candidate, so that the comparison is fair) and keeps the drawing with the best mean
final score. The exact score is only taken at the end of a rollout; inside a rollout a
fast *playout policy* places each result where it looks best from its four sides alone
(joins a matching route, reaches an exit, leaves few open ends), which costs microseconds,
not the 0.1–0.3 ms of a full scoring.

The budget knob is ``rollouts`` (games sampled per candidate) and ``candidates`` (drawings
compared, short-listed by their immediate score gain plus the playout policy's liking):
a few rollouts give a quick hint, more give a stronger player. The same game, seed and
budget always give the same choice.

Rollouts play the route and special dice; expansion results (river, lake) are candidates
for the drawing now but are not drawn inside rollouts, and a lake's water fill is left out
of a rollout's board (the engine fills it for real drawings).
"""

from __future__ import annotations

import random

from ..core import Comparison, Estimate, compare
from .board import CENTRE, NEIGHBOUR, Board, Placement, _legal, square_name
from .scoring import score
from .state import FinishRound, Game, Place
from .tiles import ROUTES, TURNED_TILES

__all__ = ["Comparison", "Estimate", "ExpertBot", "compare", "play_out", "side_value"]

#: How the playout policy weighs a drawing's sides (tuned over seeded games: an exit is
#: worth reaching, an open end a little risk, a route against a blank side an error).
EXIT_BONUS, OPEN_END_COST, ERROR_COST, CENTRE_BONUS = 1.0, 0.3, 1.0, 0.3


def side_value(code: str, orientation: int, context: tuple[str, ...], index: int) -> float:
    """How good a drawing looks from its four sides alone (the playout policy's measure)."""
    edges = TURNED_TILES[code, orientation].edges
    value = CENTRE_BONUS if index in CENTRE else 0.0
    for edge, faced in zip(edges, context):
        if edge in ROUTES:
            if faced == "e":
                value -= OPEN_END_COST
            elif faced[0] == "x":
                value += EXIT_BONUS
            elif faced[0] == "t":
                value += 1.0 if faced[1:] == edge else -ERROR_COST
        elif faced[0] == "t" and faced[1:] in ROUTES:  # a blank side against a route end
            value -= ERROR_COST
    return value


def play_out(board: Board, results: list[str], rng: random.Random, water_blocks_routes: bool,
             contexts: list | None = None) -> None:
    """Draw each result where the playout policy likes it best (ties at random); a result
    that fits nowhere is skipped, as the rules allow.

    ``contexts`` (what each empty square faces, None for a drawn one) may be passed in to
    be kept up to date across calls: a drawing changes only its neighbours' contexts, and
    recomputing every square's context was most of a rollout's time."""
    squares = board.squares
    if contexts is None:
        contexts = [board.context(i) if p is None else None for i, p in enumerate(squares)]
    for code in results:
        best: list[tuple[int, int]] = []
        best_value = None
        for index, context in enumerate(contexts):
            if context is None:
                continue
            for orientation in _legal(code, context, water_blocks_routes):
                value = side_value(code, orientation, context, index)
                if best_value is None or value > best_value:
                    best, best_value = [(index, orientation)], value
                elif value == best_value:
                    best.append((index, orientation))
        if best:
            index, orientation = rng.choice(best)
            squares[index] = Placement(code, orientation)
            contexts[index] = None
            for neighbour in NEIGHBOUR[index]:
                if neighbour >= 0 and squares[neighbour] is None:
                    contexts[neighbour] = board.context(neighbour)


class ExpertBot:
    """A Railroad Ink player that compares ``candidates`` drawings by ``rollouts`` sampled
    games each (see the module text). Call it like any bot: ``bot(game, rng)``."""

    def __init__(self, rollouts: int = 48, candidates: int = 48):
        if rollouts < 1 or candidates < 1:
            raise ValueError(f"the expert needs at least 1 rollout and 1 candidate, not {rollouts} and {candidates}")
        self.rollouts, self.candidates = rollouts, candidates

    def __call__(self, game: Game, rng: random.Random):
        estimates = self.estimates(game, rng)
        return estimates[0].action if estimates else FinishRound()

    def shortlist(self, game: Game, rng: random.Random) -> list[tuple[str, int, int] | None]:
        """The drawings worth a rollout: the best by immediate score gain plus the playout
        policy's liking, and finishing the round when that is allowed."""
        rules, player = game.rules, game.player_to_move()
        board = game.boards[player]
        before = score(board, rules.loop_rule, rules.lake_squares_are_centre).total
        placements = game.legal_placements()
        ranked = []
        for code, index, orientation in placements:
            board.squares[index] = Placement(code, orientation)
            gain = score(board, rules.loop_rule, rules.lake_squares_are_centre).total - before
            board.squares[index] = None
            liking = side_value(code, orientation, board.context(index), index)
            ranked.append((gain + liking, rng.random(), (code, index, orientation)))
        ranked.sort(reverse=True)
        shortlist: list = [drawing for *_, drawing in ranked[:self.candidates]]
        if not any(code in game.open_results[player] for code, _, _ in placements):
            shortlist.append(None)  # every rolled result is drawn (or cannot be): finishing is allowed
        return shortlist

    def estimates(self, game: Game, rng: random.Random) -> list[Estimate]:
        """Every short-listed drawing with its mean final score, best first.

        The rollouts are spent in two rounds (successive halving): a quarter of them on
        every candidate, then the rest on the best quarter of the candidates only, so
        that a wide shortlist costs little more than a narrow one."""
        rules = game.rules
        last_round = game.round >= rules.rounds
        rollouts = 1 if last_round else self.rollouts  # nothing left to sample: one playout is exact
        sample_seed = rng.getrandbits(64)
        shortlist = self.shortlist(game, rng)
        first = max(1, rollouts // 4)
        scores = {n: self._play(game, drawing, sample_seed, range(first)) for n, drawing in enumerate(shortlist)}
        if rollouts > first:
            ranked = sorted(scores, key=lambda n: -sum(scores[n]))
            for n in ranked[:max(2, len(shortlist) // 4)]:
                scores[n] += self._play(game, shortlist[n], sample_seed, range(first, rollouts))
        found = []
        for n, drawing in enumerate(shortlist):
            action = FinishRound() if drawing is None else Place(drawing[0], square_name(drawing[1]), drawing[2])
            games = len(scores[n])
            found.append((games, Estimate(action, sum(scores[n]) / games, games, tuple(scores[n]))))
        found.sort(key=lambda item: (-item[0], -item[1].expected))  # the finalists first, best first; stable
        return [estimate for _, estimate in found]

    @staticmethod
    def _play(game: Game, drawing, sample_seed: int, numbers: range) -> list[int]:
        """The final scores of rollouts ``numbers`` after ``drawing`` (None: finish the
        round); rollout number r always meets the same sampled dice."""
        rules, player = game.rules, game.player_to_move()
        start = Board()
        start.squares = list(game.boards[player].squares)
        rest: list[str] = []
        if drawing is not None:
            code, index, orientation = drawing
            start.squares[index] = Placement(code, orientation)
            rest = list(game.open_results[player])
            if code in rest:
                rest.remove(code)
        start_contexts = [start.context(i) if p is None else None for i, p in enumerate(start.squares)]
        finals = []
        for r in numbers:
            trial = Board()
            trial.squares = list(start.squares)
            contexts = list(start_contexts)
            dice_rng = random.Random(f"{sample_seed}/dice/{r}")  # the same rolls for every candidate
            policy_rng = random.Random(f"{sample_seed}/policy/{r}")
            play_out(trial, list(rest), policy_rng, rules.water_blocks_routes, contexts)
            for _ in range(game.round + 1, rules.rounds + 1):
                play_out(trial, [dice_rng.choice(die) for die in rules.dice], policy_rng, rules.water_blocks_routes,
                         contexts)
            finals.append(score(trial, rules.loop_rule, rules.lake_squares_are_centre).total)
        return finals
