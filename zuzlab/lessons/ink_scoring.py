"""Lesson 10, Railroad Ink scoring as a graph lesson: its student tasks (hidden cases,
judging, drawing a failing case).

- ``ink_errors`` (warm-up): count the open ends (the errors);
- ``ink_networks`` (core): the number of different exits each network reaches;
- ``ink_longest_railway`` (stretch): the squares of the longest railway.

A student's function gets a ``Board`` and reads it through ``Tracks`` (``ink_tracks``).
The expected answers come from the exact, fast scoring (``ink.score``); the short
teaching versions in ``zuzlab.lessons.solutions`` are tested equal to it."""

from __future__ import annotations

import functools
import random

from .. import texts
from ..ink import Board
from ..ink.tiles import BASE_CODES
from .checker import Case, Task, wrong_type
from .drawing import caption, nothing_to_draw


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
    ("a highway loop at an exit", "A5F02A5F13A5G01A3G12"),
    # a loop whose last piece to come out of a queue (the far corner) or a stack (the
    # start's neighbour) touches an exit: a piece queued twice and not skipped counts twice
    ("loops in two corners at two exits each", "A5A02 A3A14 S4B01 A5B10 S4F02 A5F13 A5G01 A3G12"),
    # the longest railway (9 squares) runs from loop to loop and ends inside both: a search
    # from the railway's ends only (the spur to the top) finds 6
    ("two railway loops and a spur", "A1A30 A0B12 A2B21 A2B33 A2B41 A0B53 A0C11 A0C20 A0C41 A0C50"),
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
    from ..ink import play_game

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
    return cases + [_random_case(seed) for seed in RANDOM_SEEDS]


def _random_case(seed: int) -> Case:
    board = random_board(seed)
    return Case(f"random board, seed {seed}", (board,),
                texts.Phrase("task.ink_case_random", {"seed": seed, "tiles": len(board.filled())}), board)


def drawn_board_cases(seed: int) -> list[Case]:
    """Three random boards drawn from ``seed``: the cases a grader's hidden test adds
    (``Task.drawn``)."""
    rng = random.Random(f"{seed}/drawn boards")
    return [_random_case(rng.randrange(10 ** 9)) for _ in range(3)]


# --- judging -------------------------------------------------------------------------------

def judge_errors(case: Case, expected: int, got) -> str | None:
    if isinstance(got, bool) or not isinstance(got, int):
        return wrong_type(got, "task.ink_errors_returns")
    if got != expected:
        return texts.text("task.ink_errors_wrong", count=expected, got=got)
    return None


def judge_networks(case: Case, expected: list[int], got) -> str | None:
    """A list (or tuple) of whole numbers, one per network, in any order."""
    if not isinstance(got, (list, tuple)) or any(isinstance(n, bool) or not isinstance(n, int) for n in got):
        return wrong_type(got, "task.ink_networks_returns")
    if len(got) != len(expected):
        return texts.text("task.ink_networks_how_many", count=len(expected), got=len(got))
    if sorted(got) != sorted(expected):
        return texts.text("task.ink_networks_wrong", expected=repr(sorted(expected)), got=repr(sorted(got)))
    return None


def judge_railway(case: Case, expected: int, got) -> str | None:
    if isinstance(got, bool) or not isinstance(got, int):
        return wrong_type(got, "task.ink_longest_railway_returns")
    if got != expected:
        return texts.text("task.ink_longest_railway_wrong", count=expected, got=got)
    return None


# --- drawing a failing case -----------------------------------------------------------------

def _drawn(draw):
    """The drawing of a failing case, with what every task's drawing shares: an empty board
    is said in words, and after a timeout the board is drawn without the answer."""
    def drawing(failure):
        from ..ink import score
        from ..widgets.ink_lesson import ink_case

        board = failure.case.board
        if not board.filled():
            return nothing_to_draw(caption(failure, texts.text("task.ink_nothing_to_draw")))
        if failure.kind == "timeout":
            return ink_case(board, caption=caption(failure))
        return draw(failure, board, score(board), ink_case)

    drawing.__doc__ = draw.__doc__
    return drawing


@_drawn
def draw_errors(failure, board, scored, ink_case):
    """The board with its open ends marked, and what the function did in the caption."""
    words = texts.text("task.ink_errors_caption", count=failure.expected)
    return ink_case(board, errors=[(e.square, e.side) for e in scored.error_details],
                    caption=caption(failure, words), legend_keys=("error",))


@_drawn
def draw_networks(failure, board, scored, ink_case):
    """Every network in a colour of its own, each labelled with the exits it reaches."""
    words = texts.text("task.ink_networks_caption", expected=repr(sorted(failure.expected)))
    return ink_case(board, networks=scored.networks, caption=caption(failure, words),
                    legend_keys=("networks", "exit"))


@_drawn
def draw_railway(failure, board, scored, ink_case):
    """The board with one longest railway in green."""
    words = texts.text("task.ink_longest_railway_caption", count=failure.expected)
    return ink_case(board, best=scored.railway_path, caption=caption(failure, words), legend_keys=("longest",))


TASKS = {
    "ink_errors": Task("ink_errors", "10", board_cases, "scored_errors", judge_errors, draw_errors,
                       drawn=drawn_board_cases),
    "ink_networks": Task("ink_networks", "10", board_cases, "scored_network_exits", judge_networks,
                         draw_networks, drawn=drawn_board_cases),
    "ink_longest_railway": Task("ink_longest_railway", "10", board_cases, "scored_longest_railway", judge_railway,
                                draw_railway, time_limit=2.0, drawn=drawn_board_cases),
}

__all__ = ["TASKS", "board_cases", "random_board"]
