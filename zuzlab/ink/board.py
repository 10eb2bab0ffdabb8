"""The Railroad Ink board: 7 × 7 squares, rows A–G from the top, columns 0–6 from the
left, twelve exits on the border, and the rules for drawing a tile on it.

Squares are named like ``"C3"`` (row C, column 3) and numbered 0–48 inside.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Iterable, Iterator

from .. import texts
from .tiles import (
    BASE_CODES, BLANK, DISTINCT_ORIENTATIONS, E, HIGHWAY, KIND_NAMES, LAKE, N, RAILWAY, RIVER, ROUTES, S,
    SIDE_NAMES, W, TurnedTile, turned,
)

SIZE = 7
ROWS = "ABCDEFG"
OPPOSITE = (S, W, N, E)


def square_name(index: int) -> str:
    return f"{ROWS[index // SIZE]}{index % SIZE}"


def square_index(square: str | int) -> int:
    """``"C3"`` (or 17) → 17; a bad square gets a clear ``InputError`` (a ``ValueError``)."""
    if isinstance(square, int) and not isinstance(square, bool) and 0 <= square < SIZE * SIZE:
        return square
    if isinstance(square, str) and len(square) == 2 and square[0] in ROWS and square[1] in "0123456":
        return ROWS.index(square[0]) * SIZE + int(square[1])
    raise texts.InputError("refusal.bad_square", square=repr(square))


def _neighbour(index: int, side: int) -> int:
    row, col = divmod(index, SIZE)
    row, col = {N: (row - 1, col), E: (row, col + 1), S: (row + 1, col), W: (row, col - 1)}[side]
    return row * SIZE + col if 0 <= row < SIZE and 0 <= col < SIZE else -1


#: NEIGHBOUR[square][side]: the square beyond that side, or -1 for the board's edge
NEIGHBOUR = tuple(tuple(_neighbour(i, side) for side in range(4)) for i in range(SIZE * SIZE))

#: The twelve exits: (square, side, kind, name)
EXITS = tuple(
    (square_index(square), side, kind, name)
    for square, side, kind, name in (
        ("A1", N, HIGHWAY, "top 1"), ("A3", N, RAILWAY, "top 3"), ("A5", N, HIGHWAY, "top 5"),
        ("G1", S, HIGHWAY, "bottom 1"), ("G3", S, RAILWAY, "bottom 3"), ("G5", S, HIGHWAY, "bottom 5"),
        ("B0", W, RAILWAY, "left B"), ("D0", W, HIGHWAY, "left D"), ("F0", W, RAILWAY, "left F"),
        ("B6", E, RAILWAY, "right B"), ("D6", E, HIGHWAY, "right D"), ("F6", E, RAILWAY, "right F"),
    )
)
EXIT_AT = {(square, side): kind for square, side, kind, _ in EXITS}
CENTRE = frozenset(r * SIZE + c for r in range(2, 5) for c in range(2, 5))


@dataclass(frozen=True)
class Placement:
    """A tile drawn on a square: its face, orientation and the round it was drawn in."""

    code: str
    orientation: int
    round: int | None = None

    @property
    def turned(self) -> TurnedTile:
        return turned(self.code, self.orientation)

    @property
    def edges(self) -> tuple[str, str, str, str]:
        return self.turned.edges


class Board:
    """One player's board. ``board["C3"]`` is the ``Placement`` there, or None."""

    def __init__(self, placements: dict | None = None):
        self.squares: list[Placement | None] = [None] * (SIZE * SIZE)
        for square, placement in (placements or {}).items():
            self.squares[square_index(square)] = placement

    def __getitem__(self, square: str | int) -> Placement | None:
        return self.squares[square_index(square)]

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Board) and self.squares == other.squares

    def copy(self) -> "Board":
        board = Board()
        board.squares = list(self.squares)
        return board

    def filled(self) -> list[int]:
        return [i for i, p in enumerate(self.squares) if p is not None]

    def edge_facing(self, index: int, side: int) -> str | None:
        """What the neighbour across ``side`` shows towards ``index``: an edge, or None if
        that square is empty or beyond the board."""
        other = NEIGHBOUR[index][side]
        if other < 0 or self.squares[other] is None:
            return None
        return self.squares[other].edges[OPPOSITE[side]]

    # --- drawing -------------------------------------------------------------------------

    def context(self, index: int) -> tuple[str, str, str, str]:
        """What each side of a square faces, as short codes: "xH"/"xR" an exit, "b" the
        plain border, "e" an empty square, "t" + edge a tile's edge. Placement legality
        depends only on this, so it can be cached."""
        faces = []
        for side in range(4):
            other = NEIGHBOUR[index][side]
            if other < 0:
                exit_kind = EXIT_AT.get((index, side))
                faces.append("x" + exit_kind if exit_kind else "b")
            elif self.squares[other] is None:
                faces.append("e")
            else:
                faces.append("t" + self.squares[other].edges[OPPOSITE[side]])
        return tuple(faces)

    def placement_problem(self, code: str, square: str | int, orientation: int, water_blocks_routes: bool = True,
                          explain: bool = True):
        """Why this tile cannot be drawn here, or None if it can: a sentence in the
        current language, or with ``explain=False`` the case and its parameters."""
        index = square_index(square)
        if self.squares[index] is not None:
            problem = ("occupied", {"square": square_name(index)})
        else:
            problem = _problem(turned(code, orientation), self.context(index), water_blocks_routes)
            if problem:
                problem = (problem[0], {**problem[1], "tile": texts.tile(code), "square": square_name(index)})
        if problem is None or not explain:
            return problem
        return texts.text(f"refusal.placement/{problem[0]}", **problem[1])

    def legal_orientations(self, code: str, square: str | int, water_blocks_routes: bool = True) -> tuple[int, ...]:
        """The distinct orientations in which the tile may be drawn on an empty square."""
        index = square_index(square)
        if self.squares[index] is not None:
            return ()
        return _legal(code, self.context(index), water_blocks_routes)

    def place(self, code: str, square: str | int, orientation: int, round: int | None = None) -> list[int]:
        """Draw a tile (no legality check: see ``placement_problem``) and fill with water
        every empty square that now faces open water on three sides; returns those squares."""
        index = square_index(square)
        turned(code, orientation)
        self.squares[index] = Placement(code, orientation, round)
        return self.fill_water(round) if LAKE in self.squares[index].edges else []

    def fill_water(self, round: int | None = None) -> list[int]:
        """Fill empty squares with three or more sides facing open water, until none is left."""
        filled = []
        changed = True
        while changed:
            changed = False
            for index, placement in enumerate(self.squares):
                if placement is None and sum(self.edge_facing(index, side) == LAKE for side in range(4)) >= 3:
                    self.squares[index] = Placement("LF", 0, round)
                    filled.append(index)
                    changed = True
        return filled

    # --- the interchange format ----------------------------------------------------------

    @classmethod
    def from_anu(cls, text: str) -> "Board":
        """A board from placements like ``"A4A10"`` (tile A4, square A1, orientation 0),
        one after another, optionally separated by whitespace, commas or semicolons; base
        tiles only. Errors give the placement's number, text and (0-based) position, so a
        stray character cannot shift the blame onto every later placement. The errors are
        told in the reader's language (the ``[error]`` texts)."""
        if not isinstance(text, str):
            raise _board_error("board_not_text", kind=type(text).__name__)
        board = cls()
        for where, chunk in _anu_placements(text):
            code, square, orientation = chunk[:2], chunk[2:4], chunk[4]
            if code not in BASE_CODES:
                if code.upper() in BASE_CODES:  # the format is written in capitals, as to_anu writes it
                    raise _board_error("board_tile_capitals", where=where, code=repr(code),
                                       capitals=repr(chunk.upper()))
                raise _board_error("board_unknown_tile", where=where, code=repr(code), tiles=", ".join(BASE_CODES))
            try:
                index = square_index(square)
            except ValueError:
                if square != square.upper() and _is_square(square.upper()):
                    raise _board_error("board_square_capitals", where=where, square=repr(square),
                                       capitals=repr(chunk.upper())) from None
                raise _board_error("board_bad_square", where=where, square=repr(square)) from None
            if orientation not in "01234567":
                raise _board_error("board_bad_orientation", where=where, orientation=repr(orientation))
            if board.squares[index] is not None:
                raise _board_error("board_square_twice", where=where, square=square)
            board.squares[index] = Placement(code, int(orientation))
        if not board.filled():
            raise _board_error("board_empty", text=repr(text))
        return board

    def to_anu(self) -> str:
        parts = []
        for index, placement in enumerate(self.squares):
            if placement is None:
                continue
            if placement.code not in BASE_CODES:
                raise _board_error("board_not_base", square=square_name(index), tile=texts.tile(placement.code))
            parts.append(f"{placement.code}{square_name(index)}{placement.orientation}")
        return "".join(parts)

    # --- saving --------------------------------------------------------------------------

    def to_dict(self) -> dict:
        return {square_name(i): [p.code, p.orientation, p.round] for i, p in enumerate(self.squares) if p}

    @classmethod
    def from_dict(cls, data: dict) -> "Board":
        board = cls()
        for square, (code, orientation, round) in data.items():
            turned(code, orientation)
            board.squares[square_index(square)] = Placement(code, orientation, round)
        return board

    def __str__(self) -> str:
        """A text drawing: each square shows its tile code and orientation."""
        lines = ["    " + "  ".join(f" {c} " for c in range(SIZE))]
        for r in range(SIZE):
            cells = []
            for c in range(SIZE):
                p = self.squares[r * SIZE + c]
                cells.append(f"{p.code}/{p.orientation}" if p else " .  ")
            lines.append(f" {ROWS[r]}  " + " ".join(cells))
        return "\n".join(lines)

    def __repr__(self) -> str:
        return f"<Board {len(self.filled())} tiles>"


def _is_square(square: str) -> bool:
    try:
        square_index(square)
    except ValueError:
        return False
    return True


def _board_error(key: str, **params) -> texts.InputError:
    """A malformed board string, told in the reader's language (``error.<key>``)."""
    return texts.InputError(f"error.{key}", **params)


def _is_anu_separator(char: str) -> bool:
    return char.isspace() or char in ",;"


def _anu_placements(text: str) -> Iterator[tuple[texts.Phrase, str]]:
    """The 5-character placements of a board string, each with its description for
    messages ("placement 3 ('A4X10', at character 12)"), skipping separators between them."""
    position, number = 0, 0
    while True:
        while position < len(text) and _is_anu_separator(text[position]):
            position += 1
        if position == len(text):
            return
        number += 1
        chunk = text[position:position + 5]
        cut = next((i for i, char in enumerate(chunk) if _is_anu_separator(char)), None)
        if cut is not None:
            raise _board_error("board_cut", number=number, chunk=repr(chunk[:cut]), position=position,
                               separator=repr(chunk[cut]), at=position + cut)
        where = texts.Phrase("error.board_placement", {"number": number, "chunk": repr(chunk), "position": position})
        if len(chunk) < 5:
            raise _board_error("board_short", where=where, count=len(chunk))
        yield where, chunk
        position += 5


# --- legality --------------------------------------------------------------------------

def _problem(v: TurnedTile, context: tuple[str, ...], water_blocks_routes: bool) -> tuple[str, dict] | None:
    """The rule a tile in ``context`` breaks, as (case, parameters), or None (placement
    rules; README: rules decisions, Railroad Ink)."""
    connects = False
    for side, (mine, faced) in enumerate(zip(v.edges, context)):
        if mine == BLANK:
            continue
        here = {"kind": KIND_NAMES[mine], "side": SIDE_NAMES[side]}
        if faced[0] == "x":
            theirs = faced[1]
            if mine == RIVER:
                return "river_exit", here
            if mine in ROUTES:
                if mine != theirs:
                    return "exit_mismatch", {**here, "other": KIND_NAMES[theirs]}
                connects = True
        elif faced[0] == "t":
            theirs = faced[1:]
            if mine in ROUTES:
                if theirs in ROUTES and theirs != mine:
                    return "route_mismatch", {**here, "other": KIND_NAMES[theirs]}
                if theirs == RIVER:
                    return "route_river", here
                if theirs == LAKE and water_blocks_routes:
                    return "route_water", here
                if theirs == mine:
                    connects = True
            elif mine == RIVER and theirs in ROUTES:
                return "river_route", {**here, "other": KIND_NAMES[theirs]}
            elif mine == LAKE and theirs in ROUTES and water_blocks_routes:
                return "water_route", {**here, "other": KIND_NAMES[theirs]}
    if v.face.kind in ("route", "special") and not connects:
        return "unconnected", {}
    return None


_LEGAL_CACHE: dict[tuple, tuple[int, ...]] = {}


def _legal(code: str, context: tuple[str, ...], water_blocks_routes: bool) -> tuple[int, ...]:
    key = (code, context, water_blocks_routes)
    found = _LEGAL_CACHE.get(key)
    if found is None:
        found = tuple(o for o in DISTINCT_ORIENTATIONS[code]
                      if _problem(turned(code, o), context, water_blocks_routes) is None)
        _LEGAL_CACHE[key] = found
    return found


def legal_placements(board: Board, codes: Iterable[str], water_blocks_routes: bool = True
                     ) -> list[tuple[str, int, int]]:
    """Every (code, square, orientation) that may be drawn now, distinct orientations only."""
    codes = tuple(dict.fromkeys(codes))
    found = []
    for index, placement in enumerate(board.squares):
        if placement is None:
            context = board.context(index)
            for code in codes:
                found.extend((code, index, o) for o in _legal(code, context, water_blocks_routes))
    return found
