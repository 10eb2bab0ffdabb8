"""Lesson 10, Railroad Ink scoring as a graph lesson: student tasks and the teaching
versions of their answers (each short, hand-written, and tested against ``ink.score``).

- ``ink_errors`` (warm-up): count the open ends (the errors);
- ``ink_networks`` (core): the number of different exits each network reaches;
- ``ink_longest_railway`` (stretch): the squares of the longest railway.

A student's function gets a ``Board`` and reads it through ``Tracks`` (``ink_tracks``)."""

from __future__ import annotations

import functools
import random
from collections import deque

from .. import texts
from ..ink import Board, play_game, score
from ..ink.tiles import BASE_CODES
from .checker import Case, Task
from .ink_tracks import Tracks


# --- the teaching versions ---------------------------------------------------------------

def count_errors(board) -> int:
    """Errors: every end of a highway or railway that meets neither the board's edge nor
    the same kind of track on the neighbouring square."""
    tracks = Tracks(board)
    errors = 0
    for piece in tracks.pieces:
        for side, kind in piece.tracks.items():
            if tracks.facing(piece, side) not in ("border", kind):
                errors += 1
    return errors


def network_exits(board) -> list[int]:
    """For each network, the number of different exits it reaches (smallest first).

    A network is a connected component of the graph of pieces, found by breadth-first
    search: start at a piece nobody has reached yet, visit its neighbours, their
    neighbours, … and collect the exits on the way."""
    tracks = Tracks(board)
    seen = set()
    counts = []
    for start in tracks.pieces:
        if start in seen:
            continue  # already part of a network we counted
        seen.add(start)
        queue, exits = deque([start]), set()
        while queue:
            piece = queue.popleft()
            exits.update(piece.exits)
            for other in tracks.neighbours(piece):
                if other not in seen:
                    seen.add(other)
                    queue.append(other)
        counts.append(len(exits))
    return sorted(counts)


def longest_railway(board) -> int:
    """The most squares on one railway path that never visits a square twice.

    Backtracking depth-first search: from every railway piece, walk to each joined
    railway piece not on the path yet, remember the longest walk, and step back so that
    other walks may use the piece (like the longest route of lesson 05)."""
    tracks = Tracks(board)

    def rail_neighbours(piece):
        return [tracks.across(piece, side) for side, kind in piece.tracks.items()
                if kind == "railway" and tracks.across(piece, side) is not None]

    def walk(piece, path) -> int:
        best = len(path)
        for other in rail_neighbours(piece):
            if other not in path:
                path.add(other)
                best = max(best, walk(other, path))
                path.discard(other)  # backtrack: free the square for other walks
        return best

    railways = [piece for piece in tracks.pieces if "railway" in piece.tracks.values()]
    return max((walk(piece, {piece}) for piece in railways), default=0)


def joined_by_square(board) -> list[int]:
    """A common mistake, for the teacher's notebook: squares as the nodes of the graph.
    Everything on one square is joined, so an overpass wrongly joins its two tracks."""
    tracks = Tracks(board)
    seen, counts = set(), []
    for start in tracks.pieces:
        if start.square in seen:
            continue
        seen.add(start.square)
        stack, exits = [start.square], set()
        while stack:
            for piece in tracks.at(stack.pop()):
                exits.update(piece.exits)
                for other in tracks.neighbours(piece):
                    if other.square not in seen:
                        seen.add(other.square)
                        stack.append(other.square)
        counts.append(len(exits))
    return counts


# --- the hidden cases --------------------------------------------------------------------

#: hand-made boards: (stable name, the board as an interchange string, "" for an empty board)
HAND_BOARDS = (
    ("an empty board", ""),
    ("one highway", "A4A10"),
    ("a station joins highway and railway", "A4A10 B1B14 A1B01"),
    ("an overpass keeps them apart", "A5A14 A4A21 B2A31 A4A41 A5A50 A1B30"),
    ("a special station joins all four", "A5A14 A4A21 S5A31 A4A41 A5A50 A1B30"),
    ("a railway loop", "A0C22 A0C33 A0D21 A0D30"),
    ("a loop with a tail", "A0C22 A0C33 A0D21 A2D30 A1E30 A1F30 A1G30"),
    ("a railway T", "A2D31 A1C30 A1B30 A1A30 A1D41 A1D51 A1D61 A1D21 A1D11"),
)
GAME_SEEDS = {"greedy": (1, 2, 3, 4, 5), "random": (6, 7, 8)}
RANDOM_SEEDS = (11, 12, 13, 14)


def random_board(seed: int, tiles: int = 30) -> Board:
    """Base tiles on random squares, turned at random: not a legal game, a test of every
    kind of meeting (highway against railway, a tile against a blank side …)."""
    rng = random.Random(seed)
    board = Board()
    for index in rng.sample(range(49), tiles):
        board.place(rng.choice(BASE_CODES), index, rng.randrange(8))
    return board


@functools.lru_cache(maxsize=None)
def _game_board(bot: str, seed: int) -> Board:
    """The board a seeded bot game ends with (kept: playing the games is the slow part of
    making the cases, and every check makes them again)."""
    return play_game(seed=seed, bots=bot).boards[0]


def board_cases() -> list[Case]:
    """Hand-made boards first, then boards of seeded games (greedy and random bots) and
    random boards; seeded, so always the same cases."""
    cases = []
    for name, text in HAND_BOARDS:
        board = Board.from_anu(text) if text else Board()
        cases.append(Case(name, (board,), texts.Phrase(f"task.ink_case_{name.replace(' ', '_')}"), board))
    for bot, seeds in GAME_SEEDS.items():
        for seed in seeds:
            board = _game_board(bot, seed).copy()
            cases.append(Case(f"{bot} game, seed {seed}", (board,),
                              texts.Phrase(f"task.ink_case_game_{bot}", {"seed": seed}), board))
    for seed in RANDOM_SEEDS:
        board = random_board(seed)
        cases.append(Case(f"random board, seed {seed}", (board,),
                          texts.Phrase("task.ink_case_random", {"seed": seed, "tiles": len(board.filled())}), board))
    return cases


# --- judging -------------------------------------------------------------------------------

def _not_int(got) -> str | None:
    if isinstance(got, bool) or not isinstance(got, int):
        return texts.text("check.want_int", got=repr(got), kind=type(got).__name__)
    return None


def judge_errors(case: Case, expected: int, got) -> str | None:
    problem = _not_int(got)
    if problem is None and got != expected:
        problem = texts.text("task.ink_errors_wrong", count=expected, got=got)
    return problem


def judge_networks(case: Case, expected: list[int], got) -> str | None:
    """A list of whole numbers, one per network, in any order."""
    if not isinstance(got, (list, tuple)) or any(isinstance(n, bool) or not isinstance(n, int) for n in got):
        return texts.text("task.ink_networks_want_list", got=repr(got), kind=type(got).__name__)
    if len(got) != len(expected):
        return texts.text("task.ink_networks_how_many", count=len(expected), got=len(got))
    if sorted(got) != sorted(expected):
        return texts.text("task.ink_networks_wrong", expected=repr(sorted(expected)), got=repr(sorted(got)))
    return None


def judge_railway(case: Case, expected: int, got) -> str | None:
    problem = _not_int(got)
    if problem is None and got != expected:
        problem = texts.text("task.ink_longest_railway_wrong", count=expected, got=got)
    return problem


# --- drawing a failing case -----------------------------------------------------------------

def _drawn(draw):
    """No picture for a function not written yet: it would only show the first answer."""
    def drawing(failure):
        return None if failure.kind == "not_written" else draw(failure)

    drawing.__doc__ = draw.__doc__
    return drawing


def _yours(failure) -> str:
    return "–" if failure.got is None else repr(failure.got)


def draw_errors(failure):
    """The board with its open ends marked, and the student's number in the caption."""
    from ..widgets.ink_lesson import ink_case

    board = failure.case.board
    found = score(board).error_details
    caption = texts.text("task.ink_errors_caption", count=failure.expected, got=_yours(failure))
    return ink_case(board, errors=[(e.square, e.side) for e in found], caption=caption, legend_keys=("error",))


def draw_networks(failure):
    """Every network in a colour of its own, each labelled with the exits it reaches."""
    from ..widgets.ink_lesson import ink_case

    board = failure.case.board
    caption = texts.text("task.ink_networks_caption", expected=repr(sorted(failure.expected)), got=_yours(failure))
    return ink_case(board, networks=score(board).networks, caption=caption, legend_keys=("networks", "exit"))


def draw_railway(failure):
    """The board with one longest railway in green."""
    from ..widgets.ink_lesson import ink_case

    board = failure.case.board
    caption = texts.text("task.ink_longest_railway_caption", count=failure.expected, got=_yours(failure))
    return ink_case(board, best=score(board).railway_path, caption=caption, legend_keys=("best",))


# the expected answers come from the exact, fast scoring (the teaching versions are tested equal)

def scored_errors(board) -> int:
    return score(board).errors


def scored_network_exits(board) -> list[int]:
    return sorted(len(network.exits) for network in score(board).networks)


def scored_longest_railway(board) -> int:
    return score(board).longest_railway


TASKS = {
    "ink_errors": Task("ink_errors", "10", board_cases, scored_errors, judge_errors, _drawn(draw_errors),
                       time_limit=1.0),
    "ink_networks": Task("ink_networks", "10", board_cases, scored_network_exits, judge_networks,
                         _drawn(draw_networks), time_limit=1.0),
    "ink_longest_railway": Task("ink_longest_railway", "10", board_cases, scored_longest_railway, judge_railway,
                                _drawn(draw_railway), time_limit=2.0),
}

__all__ = ["TASKS", "Tracks", "board_cases", "count_errors", "longest_railway", "network_exits", "random_board"]
