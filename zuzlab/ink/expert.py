"""The expert Railroad Ink player: Monte Carlo rollouts over the dice still to come, and
a search of the last round.

Why this design?  Railroad Ink is a one-player optimisation: the dice are shared and the
boards private, so there is no opponent to model, only the dice to come. A drawing is
good when the boards it leads to score well *on average over the rolls that may follow*,
so the expert estimates that average by sampling: it short-lists ``candidates``
drawings and plays the rest of the game after them, ``rollouts`` times a drawing on
average, and rollout r meets the same sampled dice after every drawing, so that the luck
of the dice cancels out of the comparison. The rollouts are spent by sequential halving
(``ExpertBot._ranked``): in stages, the worse half out after each, so that the two best
are compared on the most games (over 20 seeded games, 55.9 against 55.8 for the old
split, a quarter of the rollouts for every drawing and the rest for the best quarter, at
the same cost; it lets a bigger budget go where it counts). Some of the ideas of
davidxmoody/railroad-ink-ai (the best published player, MIT) are written anew here (the
figures: ``benchmarks/bench_ink.py``, seeded base games):

- **Only moves that mean something** (``meaningful``): the engine's legal drawings (each
  joins a matching side, never a highway against a railway), and on a square whose four
  sides are all decided, only the orientations no other one beats: one that joins a
  superset of the sides, group by group, with no more errors is never worse, whatever
  comes later, as nothing can change that square's neighbours any more. Dice showing
  the same face give the same drawings, which are one move.
- **A varied, tuned playout** (``Sheet.policy_move``): each drawing of a rollout is the
  best of ``PLAYOUT_CHOICES`` random meaningful drawings by the four-sides rule of thumb
  ``side_value`` (matches, exits, open ends, errors) plus how much the playout likes the
  square for the rounds still to come (``PLAYOUT_PLACES``: ten kinds of square, as the
  board's symmetries leave them). The weights are tuned on the policy's own score
  (``benchmarks/tune_ink_playout.py``: alone it scores 28.4 against 20.4 before, on
  2,000 seeds it was not tuned on), where the published player learns its own from
  self-play. The best of a few, not of
  all, keeps the rollouts apart. Special routes are drawn in the last rounds only (one a
  round, after a rolled result of the round), when the board has the most ends for them
  to join, and are moves of the expert's own only then.
- **A shaped rollout value** (``rollout_value``): the final score plus half the exit
  points still within reach when the current round ends (``exits_within_reach``): an end
  left open may still be joined to the exits a later rollout happened to miss (52.9
  against 52.2 without it over 20 games: within chance, but never worse).
- **The last round searched** (``last_round``): no dice are left to sample, so the
  drawings of the last round are tried in every order (each set of drawings once), the
  ``width`` best by the rule of thumb at each step, and each board the round can end with
  is scored by the engine's own ``score``; the expert then follows the best order.

Two ideas did not pay at the budget a Python rollout allows (about a millisecond each):
crediting a rollout, which finished the current round at random, to every drawing of the
round it made (all moves as first), and counting only the errors no later drawing can
mend (``unmendable_errors``, ``LATER_ERRORS``). Both need the thousands of rollouts a
decision that the published player spends; with a few hundred, comparing candidates on
the same dice was worth more.

The same game, seed and budget always give the same choice. Rollouts play the route and
special dice; expansion results (river, lake) are drawings for now but not drawn in later
rounds, and a lake's water fill is left out of a rollout's board (the engine fills it for
real drawings).
"""

from __future__ import annotations

import random
from bisect import bisect_right
from concurrent.futures import Executor
from dataclasses import dataclass

from ..algorithms import Pieces
from ..core import Comparison, Estimate, compare
from .board import CENTRE, EXIT_AT, NEIGHBOUR, OPPOSITE, Board, Placement, _legal, square_index, square_name
from .scoring import NETWORK_POINTS, Score, score
from .rules import InkRules
from .state import FinishRound, Game, Place
from .tiles import FACES, ROUTES, SIDE_NAMES, TURNED_TILES

__all__ = ["Comparison", "Estimate", "ExpertBot", "compare", "exits_within_reach", "last_round", "meaningful",
           "side_value"]

#: How the rule of thumb weighs a drawing's sides (tuned with the playout, see
#: ``PLAYOUT_PLACE_VALUES``): an exit is worth reaching, a route against a blank side is an
#: error, and an open end is worth a little (a later drawing may join it).
EXIT_BONUS, OPEN_END_COST, ERROR_COST, CENTRE_BONUS = 0.88, -0.18, 0.52, 0.3
#: How many random meaningful drawings the playout compares at each step.
PLAYOUT_CHOICES = 16
#: Games on which the two best drawings are compared side by side (the same dice for both).
PAIRED_GAMES = 32

#: How much of the final errors a rollout counts: 1, all of them; 0, only those no drawing
#: after the current round can mend (``unmendable_errors``), as the published player does.
LATER_ERRORS = 1.0
#: The most boards the last round's search looks at.
LAST_ROUND_BOARDS = 60_000
#: The weight of the exit points within reach when the current round ends.
REACH_WEIGHT = 0.5

Move = tuple[str, int, int]  # (tile, square number, orientation)


def _square_kind(index: int) -> int:
    """Which of the ten kinds of square the board's symmetries leave ``index`` is: 0 a
    corner, 9 the middle (row and column folded to 0–3 from the edge, in either order)."""
    row, column = divmod(index, 7)
    near, far = sorted((min(row, 6 - row), min(column, 6 - column)))
    return near * 4 - near * (near - 1) // 2 + far - near


#: How much the playout likes a square of each kind (``_square_kind``), with 0, 1, … rounds
#: still to come after the current one: tuned with the side weights on the playout's own
#: score (``benchmarks/tune_ink_playout.py``; run from these, it goes on searching).
PLAYOUT_PLACE_VALUES: tuple[tuple[float, ...], ...] = (
    (0.30, -0.30, 0.12, 0.00, 0.30, -0.18, 0.18, 0.30, 0.30, 0.30),
    (0.00, -0.30, 0.18, -0.18, 0.30, 0.00, 0.30, 0.30, 0.30, 0.30),
    (0.18, -0.30, 0.30, 0.00, 0.18, 0.00, 0.00, 0.00, 0.30, 0.00),
    (0.00, -0.30, 0.00, 0.00, 0.00, 0.30, 0.12, 0.42, 0.30, -0.11),
    (0.30, -0.30, 0.00, 0.00, 0.18, 0.30, 0.18, 0.30, 0.00, 0.30),
    (0.30, -0.30, 0.00, 0.12, 0.30, 0.12, 0.48, 0.48, 0.30, 0.12),
    (0.00, -0.30, 0.12, 0.00, 0.00, -0.30, 0.00, 0.30, 0.30, 0.30),
)
#: The same, square by square: ``PLAYOUT_PLACES[rounds_left][index]``.
PLAYOUT_PLACES = tuple(tuple(values[_square_kind(i)] for i in range(49)) for values in PLAYOUT_PLACE_VALUES)


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


# --- meaningful moves ------------------------------------------------------------------------

_MEANINGFUL: dict[tuple, tuple[int, ...]] = {}


def meaningful(code: str, context: tuple[str, ...], water_blocks_routes: bool = True) -> tuple[int, ...]:
    """The legal orientations of ``code`` in ``context`` (``board._legal``: each joins a
    matching side) worth trying: on a square whose every side is decided (no empty
    neighbour), an orientation is left out when another one joins the same sides and
    more, each group of its sides within one group of the other's, with no more errors;
    of orientations alike in both, the first is kept. Nothing drawn later can touch such
    a square, so the one left out can never score more."""
    key = (code, context, water_blocks_routes)
    found = _MEANINGFUL.get(key)
    if found is None:
        legal = _legal(code, context, water_blocks_routes)
        if "e" in context or FACES[code].kind not in ("route", "special") or len(legal) < 2:
            found = legal
        else:
            effects = [_effect(code, o, context) for o in legal]
            found = tuple(o for n, o in enumerate(legal)
                          if not any(_beats(effects[m], effects[n], m < n) for m in range(len(legal)) if m != n))
        _MEANINGFUL[key] = found
    return found


def _effect(code: str, orientation: int, context: tuple[str, ...]) -> tuple[list[frozenset], int]:
    """On a square with every side decided: the matched sides of each group of the tile,
    and its errors (a route end against a tile's blank side, a blank side against a route end)."""
    tile = TURNED_TILES[code, orientation]
    joined = [frozenset(side for side in group if tile.edges[side] in ROUTES and context[side][1:] == tile.edges[side]
                        and context[side][0] in "tx") for group in tile.groups]
    errors = sum(1 for edge, faced in zip(tile.edges, context)
                 if (edge in ROUTES and faced == "t") or (not edge and faced in ("tH", "tR")))
    return [sides for sides in joined if sides], errors


def _beats(mine: tuple[list[frozenset], int], theirs: tuple[list[frozenset], int], earlier: bool) -> bool:
    """Whether an orientation with effect ``mine`` is never worse than one with ``theirs``
    (strictly better, or alike and listed first)."""
    covers = all(any(sides <= other for other in mine[0]) for sides in theirs[0])
    if not covers or mine[1] > theirs[1]:
        return False
    alike = mine[1] == theirs[1] and all(any(sides <= other for other in theirs[0]) for sides in mine[0])
    return earlier or not alike


_NOTHING_BESIDE = ("e", "e", "e", "e")
#: (tiles, context, water blocks routes) → the meaningful (value, tile, orientation) there
_OPTIONS: dict[tuple, tuple[tuple[float, str, int], ...]] = {}


# --- a board in a rollout ------------------------------------------------------------------

class Sheet:
    """A board being drawn on in a rollout: the squares, and what each empty square faces
    (``Board.context``), kept up to date drawing by drawing (a drawing changes only its
    neighbours' contexts)."""

    __slots__ = ("board", "contexts", "water_blocks_routes", "frontier")

    def __init__(self, board: Board, water_blocks_routes: bool, contexts: list | None = None,
                 frontier: list[int] | None = None):
        self.board, self.water_blocks_routes = board, water_blocks_routes
        self.contexts: list = contexts if contexts is not None else [
            board.context(i) if p is None else None for i, p in enumerate(board.squares)]
        #: the empty squares beside a tile or an exit: where a drawing may join something
        self.frontier = frontier if frontier is not None else [
            i for i, context in enumerate(self.contexts) if context is not None and context != _NOTHING_BESIDE]

    def copy(self) -> Sheet:
        board = Board()
        board.squares = list(self.board.squares)
        return Sheet(board, self.water_blocks_routes, list(self.contexts), list(self.frontier))

    def draw(self, move: Move) -> None:
        code, index, orientation = move
        squares = self.board.squares
        squares[index] = Placement(code, orientation)
        self.contexts[index] = None
        self.frontier.remove(index)
        for neighbour in NEIGHBOUR[index]:
            if neighbour >= 0 and squares[neighbour] is None:
                if self.contexts[neighbour] == _NOTHING_BESIDE:
                    self.frontier.append(neighbour)
                self.contexts[neighbour] = self.board.context(neighbour)

    def moves(self, codes) -> list[Move]:
        """Every meaningful drawing of ``codes`` (each face once)."""
        return [(code, index, o) for _, code, index, o in self.valued_moves(codes)]

    def valued_moves(self, codes) -> list[tuple[float, str, int, int]]:
        """Every meaningful drawing of ``codes``, each with its ``side_value``."""
        found: list[tuple[float, str, int, int]] = []
        for index, options in self._options_by_square(codes):
            bonus = CENTRE_BONUS if index in CENTRE else 0.0
            found.extend((value + bonus, code, index, o) for value, code, o in options)
        return found

    def _options_by_square(self, codes) -> list[tuple[int, tuple[tuple[float, str, int], ...]]]:
        """Each frontier square (in order) with the meaningful (value, tile, orientation)
        drawings of ``codes`` there, valued by ``side_value`` away from the centre."""
        codes = tuple(sorted(set(codes)))
        water, contexts = self.water_blocks_routes, self.contexts
        found = []
        for index in sorted(self.frontier):
            context = contexts[index]
            options = _OPTIONS.get((codes, context, water))
            if options is None:
                options = _OPTIONS[codes, context, water] = tuple(
                    (side_value(code, o, context, -1), code, o)
                    for code in codes for o in meaningful(code, context, water))
            if options:
                found.append((index, options))
        return found

    def policy_move(self, codes: list[str], rng: random.Random, rounds_left: int) -> Move | None:
        """The best of ``PLAYOUT_CHOICES`` meaningful drawings drawn at random (each as
        likely as any other), by ``side_value`` plus the square's ``PLAYOUT_PLACES`` value
        with ``rounds_left`` rounds to come (the first drawn among equals), or None when
        none fits."""
        by_square = self._options_by_square(codes)
        starts, total = [], 0
        for _, options in by_square:
            starts.append(total)
            total += len(options)
        if not total:
            return None
        places = PLAYOUT_PLACES[min(rounds_left, len(PLAYOUT_PLACES) - 1)]
        pick = rng.random
        picks = range(total) if total <= PLAYOUT_CHOICES else [int(pick() * total) for _ in range(PLAYOUT_CHOICES)]
        best, best_value = None, -1e9
        for n in picks:
            spot = bisect_right(starts, n) - 1
            index, options = by_square[spot]
            value, code, orientation = options[n - starts[spot]]
            value += places[index]
            if value > best_value:
                best, best_value = (code, index, orientation), value
        return best


# --- the value of a rollout ----------------------------------------------------------------

def exits_within_reach(board: Board) -> int:
    """The exit points the board could still score if every empty square joined all its
    sides: networks whose open route ends meet through empty squares count as one, with
    the exits they reach (directly, or through an empty exit square). A bound used to
    value a rollout, not a score: ``scoring.score`` is the score."""
    squares = board.squares
    pieces: Pieces[tuple[int, int]] = Pieces()  # (square, group) of a tile; (square, -1) an empty square
    exits: dict[tuple[int, int], set[tuple[int, int]]] = {}
    for i, p in enumerate(squares):
        if p is None:
            for side, j in enumerate(NEIGHBOUR[i]):
                if j < 0 and (i, side) in EXIT_AT:
                    exits.setdefault((i, -1), set()).add((i, side))
                elif j >= 0 and squares[j] is None:
                    pieces.join((i, -1), (j, -1))
            continue
        tile = p.turned
        for side, edge in enumerate(tile.edges):
            if edge not in ROUTES:
                continue
            node, j = (i, tile.side_group[side]), NEIGHBOUR[i][side]
            pieces.find(node)
            if j < 0:
                if EXIT_AT.get((i, side)) == edge:
                    exits.setdefault(node, set()).add((i, side))
                continue
            other = squares[j]
            if other is None:
                pieces.join(node, (j, -1))
            elif side in (1, 2) and other.turned.edges[OPPOSITE[side]] == edge:  # each link once
                pieces.join(node, (j, other.turned.side_group[OPPOSITE[side]]))
    reached: dict[tuple[int, int], set] = {}
    with_tile: set[tuple[int, int]] = set()
    for node in list(pieces.piece_of):
        root = pieces.find(node)
        reached.setdefault(root, set()).update(exits.get(node, ()))
        if node[1] >= 0:
            with_tile.add(root)
    return sum(NETWORK_POINTS[len(reached[root])] for root in with_tile)


def unmendable_errors(board: Board, loop_rule: str = "simple", lake_squares_are_centre: bool = True) -> int:
    """The board's errors (``scoring.score``) whose end meets a drawn square: no later
    drawing can mend them."""
    found = score(board, loop_rule, lake_squares_are_centre).error_details
    return sum(1 for error in found
               if board.squares[NEIGHBOUR[square_index(error.square)][SIDE_NAMES.index(error.side)]] is not None)


def rollout_value(scored: Score, unmendable: int, reach: int) -> float:
    """What a rollout is worth (the module text says why): the final score without its
    errors, minus the errors unmendable when the current round ended, plus half the exit
    points within reach then."""
    return scored.total + (scored.errors - unmendable) * (1 - LATER_ERRORS) + REACH_WEIGHT * reach


# --- a rollout ----------------------------------------------------------------------------

@dataclass(frozen=True)
class Decision:
    """What a rollout needs of the game at a decision: small and picklable, so that worker
    processes can play rollouts too (``ExpertBot.workers``)."""

    rules: InkRules
    round: int
    sheet: Sheet
    required: tuple[str, ...]  # the rolled results still to draw this round
    specials: tuple[str, ...]  # the specials not drawn yet
    specials_left: int  # how many more specials the game allows
    special_open: bool  # whether a special may still be drawn this round
    rolled_drawn: int  # the rolled results drawn this round

    @classmethod
    def of(cls, game: Game, sheet: Sheet) -> Decision:
        rules, player = game.rules, game.player_to_move()
        specials = tuple(code for code in rules.specials if code not in game.specials_used[player])
        required = tuple(game.open_results[player])
        return cls(rules, game.round, sheet, required, specials,
                   min(rules.specials_per_game - len(game.specials_used[player]), len(specials)),
                   game.specials_this_round[player] < rules.specials_per_round, len(game.rolled) - len(required))


def playout_round(sheet: Sheet, hand: list[str], specials: list[str], specials_left: int, round_: int,
                  rules: InkRules, rng: random.Random) -> int:
    """A round after the current one, as a rollout plays it: the rolled ``hand`` drawn by
    the playout policy, and in the rounds ``_special_round`` gives them a special after
    the first rolled result. Returns the specials still allowed (``specials`` loses the
    one drawn)."""
    special_due, rounds_left = _special_round(round_, rules, specials_left), rules.rounds - round_
    while hand:
        move = sheet.policy_move(hand, rng, rounds_left)
        if move is None:
            break
        sheet.draw(move)
        hand.remove(move[0])
        if special_due:
            special_due = False
            special = sheet.policy_move(specials, rng, rounds_left)
            if special is not None:
                sheet.draw(special)
                specials.remove(special[0])
                specials_left -= 1
    return specials_left


def rollout(decision: Decision, first: Move | None, seed: str) -> tuple[float, int]:
    """One sampled game after ``first`` (None: finish the round now): the rest of this
    round and the later rounds, with sampled dice, by the playout policy. Returns its
    value (``rollout_value``) and its final score."""
    rules = decision.rules
    rng = random.Random(seed)
    sheet = decision.sheet.copy()
    required, specials = list(decision.required), list(decision.specials)
    specials_left, special_open, rolled_drawn = decision.specials_left, decision.special_open, decision.rolled_drawn

    def draw(move: Move) -> None:
        nonlocal special_open, specials_left, rolled_drawn
        sheet.draw(move)
        if move[0] in required:
            required.remove(move[0])
            rolled_drawn += 1
        elif move[0] in specials:
            specials.remove(move[0])
            special_open, specials_left = False, specials_left - 1

    if first is not None:
        draw(first)
        while True:  # the rest of this round
            due = special_open and rolled_drawn and _special_round(decision.round, rules, specials_left)
            move = sheet.policy_move(required + (specials if due else []), rng, rules.rounds - decision.round) \
                if required or due else None
            if move is None:
                break
            draw(move)
    unmendable = unmendable_errors(sheet.board, rules.loop_rule, rules.lake_squares_are_centre) \
        if LATER_ERRORS < 1 else 0
    reach = exits_within_reach(sheet.board) if REACH_WEIGHT else 0
    for later in range(decision.round + 1, rules.rounds + 1):
        hand = [rng.choice(die) for die in rules.dice]
        specials_left = playout_round(sheet, hand, specials, specials_left, later, rules, rng)
    scored = score(sheet.board, rules.loop_rule, rules.lake_squares_are_centre)
    return rollout_value(scored, unmendable, reach), scored.total


#: What rollouts after a move came to: each one's (value, final score).
Outcomes = list[tuple[float, int]]


def rollout_values(decision: Decision, moves: list[Move | None], numbers: range,
                   seed: int | str) -> list[tuple[Move | None, Outcomes]]:
    """The outcomes of rollouts ``numbers`` after each of ``moves`` (rollout r meets the same
    dice after every move)."""
    return [(move, [rollout(decision, move, f"{seed}/{r}") for r in numbers]) for move in moves]


# --- the last round ------------------------------------------------------------------------

def last_round(board: Board, required: list[str], optional: list[str], rules, width: int,
               specials_left: int = 0) -> list[tuple[tuple[Move, ...], int]]:
    """The last round searched: the drawings of ``required`` (each must be drawn when it
    fits) and of ``optional`` (specials, at most ``specials_left`` of them; expansion
    results) in every order, each set of drawings once, and every board that may end the
    round scored by ``scoring.score``. At each step the ``width`` drawings the rule of
    thumb ranks highest are tried (all of them when there are no more), and at most
    ``LAST_ROUND_BOARDS`` boards on the way (the base game's last round needs some
    thousands; two optional river or lake results would multiply them). Returns each
    first drawing (None: finish now) with the best score it leads to and a best order,
    best first."""
    specials = set(rules.specials)
    best: dict[Move | None, tuple[int, tuple[Move, ...]]] = {}
    seen: set[frozenset] = set()
    sheet = Sheet(board.copy(), rules.water_blocks_routes)

    def search(sheet: Sheet, required: list[str], optional: list[str], specials_left: int, path: tuple) -> None:
        options = sheet.moves(required + [c for c in optional if c not in specials or specials_left > 0])
        must = any(code in required for code, _, _ in options)
        if not must:
            total = score(sheet.board, rules.loop_rule, rules.lake_squares_are_centre).total
            first = path[0] if path else None
            if first not in best or total > best[first][0]:
                best[first] = (total, path)
        ranked = sorted(options, key=lambda m: -side_value(m[0], m[2], sheet.contexts[m[1]], m[1]))[:width]
        for move in ranked:
            drawn = frozenset(path + (move,))
            if drawn in seen or len(seen) >= LAST_ROUND_BOARDS:
                continue
            seen.add(drawn)
            after = sheet.copy()
            after.draw(move)
            code = move[0]
            if code in required:
                rest_required, rest_optional = list(required), optional
                rest_required.remove(code)
            else:
                rest_required, rest_optional = required, list(optional)
                rest_optional.remove(code)
            search(after, rest_required, rest_optional, specials_left - (code in specials), path + (move,))

    search(sheet, list(required), list(optional), specials_left, ())
    found = [(first, total, path) for first, (total, path) in best.items()]
    found.sort(key=lambda item: -item[1])
    return [(path, total) for _, total, path in found]


# --- the player ----------------------------------------------------------------------------

class ExpertBot:
    """A Railroad Ink player (see the module text): ``rollouts`` sampled games a drawing on
    average for ``candidates`` drawings a decision (halved in stages, the best on the most
    games), and in the last round a search that tries the ``width`` drawings the rule of
    thumb likes best at each step. Call it like any bot: ``bot(game, rng)``."""

    def __init__(self, rollouts: int = 40, candidates: int = 48, width: int = 8,
                 pool: Executor | None = None, workers: int = 1):
        if rollouts < 1 or candidates < 1 or width < 1 or workers < 1:
            raise ValueError(f"the expert needs at least 1 rollout and 1 candidate, not {rollouts} and {candidates}"
                             + (f" (and a width of at least 1, not {width})" if width < 1 else "")
                             + (f" (and at least 1 worker, not {workers})" if workers < 1 else ""))
        self.rollouts, self.candidates, self.width = rollouts, candidates, width
        #: where a user waits for one decision (the hint), the rollouts of each stage can be
        #: shared out among ``workers`` tasks on a process ``pool`` (``zuzlab.sim.shared_pool``)
        self.pool, self.workers = pool, workers
        self._plan: tuple[tuple, tuple[Move, ...]] | None = None  # the last round's best order, as searched

    def __call__(self, game: Game, rng: random.Random):
        if game.round >= game.rules.rounds:
            return self._last_round_action(game)
        ranked = self._ranked(game, rng)
        return _action(ranked[0][0]) if ranked else FinishRound()

    # --- before the last round: rollouts -------------------------------------------------

    def _moves(self, game: Game) -> tuple[list[Move | None], Sheet]:
        """The drawings open now (meaningful ones; specials in the last rounds only, after
        a rolled result of the round), and finishing (None) when it is allowed."""
        rules, player = game.rules, game.player_to_move()
        board = Board()
        board.squares = list(game.boards[player].squares)
        sheet = Sheet(board, rules.water_blocks_routes)
        required = list(game.open_results[player])
        optional = list(game.open_extras[player]) + (game.specials_available(player) if _special_time(game) else [])
        drawings = sheet.moves(required + optional)
        moves: list[Move | None] = list(drawings)
        if not any(code in required for code, _, _ in drawings):
            moves.append(None)  # every rolled result is drawn (or cannot be): finishing is allowed
        return moves, sheet

    def _shortlist(self, game: Game, moves: list[Move | None]) -> list[Move | None]:
        """The ``candidates`` moves worth rollouts: the best by the points they gain at once
        plus the rule of thumb's liking (and finishing, when allowed)."""
        rules, player = game.rules, game.player_to_move()
        board = Board()
        board.squares = list(game.boards[player].squares)
        before = score(board, rules.loop_rule, rules.lake_squares_are_centre).total
        ranked = []
        for n, move in enumerate(moves):
            if move is not None:
                code, index, orientation = move
                context = board.context(index)
                board.squares[index] = Placement(code, orientation)
                gain = score(board, rules.loop_rule, rules.lake_squares_are_centre).total - before
                board.squares[index] = None
                ranked.append((-(gain + side_value(code, orientation, context, index)), n, move))
        ranked.sort()
        return [move for *_, move in ranked[:self.candidates]] + ([None] if None in moves else [])

    def _ranked(self, game: Game, rng: random.Random) -> list[tuple[Move | None, Outcomes]]:
        """The short-listed moves with their rollouts' outcomes, best first.

        Sequential halving: the budget (``rollouts`` a move on average) is spent in as many
        stages as it takes to halve the shortlist down to two, each stage an equal share
        spread over the moves still in; after each stage the worse half (by mean value)
        is out. The best few are so compared on the most games. Rollout r after every
        move meets the same sampled dice and the same random numbers, so the luck of the
        dice cancels out of the comparison. Returns the two last in, then those out, the
        last out first."""
        moves, sheet = self._moves(game)
        if len(moves) <= 1:
            return [(move, []) for move in moves]
        shortlist = self._shortlist(game, moves)
        decision, sample_seed = Decision.of(game, sheet), rng.getrandbits(64)
        budget, stages = self.rollouts * len(shortlist), max(1, (len(shortlist) - 1).bit_length())
        outcomes: dict[Move | None, Outcomes] = {move: [] for move in shortlist}
        still_in, out = list(shortlist), list[Move | None]()
        played = 0
        while True:
            more = played + max(1, budget // (stages * len(still_in)))
            for move, found in self._rollout_values(decision, still_in, range(played, more), sample_seed):
                outcomes[move] += found
            played = more
            still_in.sort(key=lambda move: -sum(value for value, _ in outcomes[move]))  # stable: ties keep their order
            if len(still_in) <= 2:
                break
            half = (len(still_in) + 1) // 2
            out = still_in[half:] + out
            still_in = still_in[:half]
        return [(move, outcomes[move]) for move in still_in + out]

    def _rollout_values(self, decision: Decision, moves: list[Move | None], numbers: range,
                        seed: int | str) -> list[tuple[Move | None, Outcomes]]:
        """``rollout_values`` here, or shared out among ``workers`` processes: the same
        outcomes either way."""
        workers = min(self.workers, len(moves))
        if self.pool is None or workers <= 1:
            return rollout_values(decision, moves, numbers, seed)
        tasks = [self.pool.submit(rollout_values, decision, moves[n::workers], numbers, seed)
                 for n in range(workers)]
        found = dict(pair for task in tasks for pair in task.result())
        return [(move, found[move]) for move in moves]

    # --- the last round: a search ----------------------------------------------------------

    def _last_round(self, game: Game) -> list[tuple[tuple[Move, ...], int]]:
        rules, player = game.rules, game.player_to_move()
        specials_left = max(0, min(rules.specials_per_game - len(game.specials_used[player]),
                                   rules.specials_per_round - game.specials_this_round[player]))
        optional = list(game.open_extras[player]) + (game.specials_available(player) if specials_left else [])
        return last_round(game.boards[player], list(game.open_results[player]), optional, rules, self.width,
                          specials_left)

    def _last_round_action(self, game: Game):
        """The next drawing of the best order the search found (searched once a round and
        followed, as long as the board is the one it was planned for)."""
        key = _state_key(game)
        if self._plan is None or self._plan[0] != key:
            found = self._last_round(game)
            self._plan = (key, found[0][0] if found else ())
        plan = self._plan[1]
        if not plan:
            return FinishRound()
        self._plan = (_state_key(game, plan[0]), plan[1:])
        return _action(plan[0])

    # --- estimates, for the hint -----------------------------------------------------------

    def estimates(self, game: Game, rng: random.Random) -> list[Estimate]:
        """The drawings the expert compared, with what they are worth, the better first.

        Before the last round the two best by the rollouts are played again on the same
        ``PAIRED_GAMES`` sampled games each (the same dice for both, so that they can be
        compared game by game with ``compare``) and carry those games' final scores, the
        better of the two first; the others follow with their rollouts' final scores (the
        rollouts' shaped values rank the moves, but a reader compares scores). In the
        last round: each first drawing with the best score an order after it reaches (one
        exact game each)."""
        if game.round >= game.rules.rounds:
            return [Estimate(_action(path[0] if path else None), float(total), 1, (float(total),))
                    for path, total in self._last_round(game)]
        ranked = self._ranked(game, rng)
        others = [_estimate(move, [float(final) for _, final in found]) for move, found in ranked[2:]]
        if len(ranked) < 2:
            return [Estimate(_action(move), 0.0, 0, ()) for move, _ in ranked]
        decision, seed = Decision.of(game, self._moves(game)[1]), rng.getrandbits(64)
        paired = [_estimate(move, [float(final) for _, final in found])
                  for move, found in self._rollout_values(decision, [move for move, _ in ranked[:2]],
                                                          range(PAIRED_GAMES), f"{seed}/paired")]
        paired.sort(key=lambda estimate: -estimate.expected)  # stable: the rollouts' choice first among equals
        return paired + others


def _estimate(move: Move | None, finals: list[float]) -> Estimate:
    """A move with the final scores of its sampled games."""
    return Estimate(_action(move), sum(finals) / max(1, len(finals)), len(finals), tuple(finals))


def _action(move: Move | None):
    return FinishRound() if move is None else Place(move[0], square_name(move[1]), move[2])


def _special_round(round: int, rules, specials_left: int) -> bool:
    """Whether a rollout draws a special route in ``round``: in the last rounds, one a round
    for the specials still left, when the board has the most ends for them to join."""
    return specials_left > 0 and round > rules.rounds - specials_left


def _special_time(game: Game) -> bool:
    """Whether the specials are open moves now: in the rounds a rollout draws them, after a
    rolled result of the round is drawn (or when none is left to draw)."""
    rules, player = game.rules, game.player_to_move()
    left = rules.specials_per_game - len(game.specials_used[player])
    drawn = len(game.rolled) - len(game.open_results[player])
    return (game.specials_this_round[player] < rules.specials_per_round and _special_round(game.round, rules, left)
            and (drawn > 0 or not game.open_results[player]))


def _state_key(game: Game, then: Move | None = None) -> tuple:
    """The decision's position (the round, the board, what is left to draw), after ``then``."""
    player = game.player_to_move()
    squares = [(p.code, p.orientation) if p else None for p in game.boards[player].squares]
    required, extras = list(game.open_results[player]), list(game.open_extras[player])
    specials = list(game.specials_used[player])
    if then is not None:
        code, index, orientation = then
        squares[index] = (code, orientation)
        for pile in (required, extras):
            if code in pile:
                pile.remove(code)
                break
        else:
            specials.append(code)
    return (game.round, tuple(squares), tuple(sorted(required)), tuple(sorted(extras)), tuple(specials))
