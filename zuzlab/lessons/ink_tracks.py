"""A Railroad Ink board as a graph, for lesson 10: what a student's function reads.

A *piece* is the track on one square that is joined inside its tile: a highway curve is
one piece, a station (highway and railway joined) is one piece, an overpass is two pieces
(its highway and its railway cross without joining). Two pieces are *neighbours* when
their squares touch and both show the same track on the shared side. So the networks of
the score are the connected components of this graph, and the student writes the search,
not the parsing of tiles::

    tracks = Tracks(board)
    for piece in tracks.pieces:                 # every piece, in board order
        piece.square, piece.tracks, piece.exits # "C3", {"north": "highway", …}, ("top 1",)
        tracks.neighbours(piece)                # the pieces joined to it
        tracks.across(piece, "north")           # the piece joined across that side, or None
        tracks.facing(piece, "north")           # "border", "empty", "highway", "railway", "nothing" …

The values are the API's English words (``north``, ``railway``, ``top 3`` for the third
exit from the left at the top, ``border``, ``empty``), the same in every language, as
Python's own are; the German lesson explains each. A side may also be given by its German
name (``"nord"``, ``"ost"``, ``"süd"``, ``"west"``, or ``"norden"`` …). Wrong input (a board
that is no ``Board``, a side that is no side, a piece that is no ``Piece``) is refused with
an ``InputError``: a short message in the reader's language that says what is accepted.

Base tiles only (the route dice and the special routes); river and lake tiles are left out.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from .. import texts
from ..ink.board import EXITS, NEIGHBOUR, OPPOSITE, Board, square_index, square_name
from ..ink.tiles import KIND_NAMES, ROUTES, SIDE_NAMES
from .worker import shortened


@dataclass(frozen=True)
class Piece:
    """The track joined inside one tile. Equal (and hashed) by square and ``part``, so a
    piece can go in a set of seen pieces or be a dictionary key."""

    square: str  # "C3"
    part: int = 0  # 0, or 1 for the second piece of an overpass
    tracks: dict = field(default_factory=dict, compare=False)  # side -> "highway" / "railway"
    exits: tuple = field(default=(), compare=False)  # the exits this piece touches, e.g. ("top 1",)

    def __repr__(self) -> str:
        sides = ", ".join(f"{side} {kind}" for side, kind in self.tracks.items())
        exits = f"; {', '.join(self.exits)}" if self.exits else ""
        return f"<{self.square}{'/' + str(self.part) if self.part else ''}: {sides}{exits}>"


class Tracks:
    """Every piece of track on a board, and which pieces are joined."""

    def __init__(self, board: Board):
        if isinstance(board, str):  # a board string: say how to read it
            raise texts.InputError("lesson10.tracks_board_string", text=shortened(repr(board), 40))
        if not isinstance(board, Board):
            raise texts.InputError("lesson10.tracks_not_a_board", kind=type(board).__name__)
        self.board = board
        self.pieces: list[Piece] = []
        self._at: dict[tuple[int, int], Piece] = {}  # (square, side) -> its piece
        exit_kind = {(square, side): (kind, name) for square, side, kind, name in EXITS}
        for index, placement in enumerate(board.squares):
            if placement is None:
                continue
            v = placement.turned
            for group in v.groups:
                sides = sorted(side for side in group if v.edges[side] in ROUTES)
                if not sides:
                    continue
                exits = tuple(exit_kind[index, side][1] for side in sides
                              if exit_kind.get((index, side), ("",))[0] == v.edges[side])
                piece = Piece(square_name(index), len([p for p in self.pieces if p.square == square_name(index)]),
                              {SIDE_NAMES[side]: KIND_NAMES[v.edges[side]] for side in sides}, exits)
                self.pieces.append(piece)
                self._at.update({(index, side): piece for side in sides})

    def at(self, square: str) -> list[Piece]:
        """The pieces on a square ("C3"): none, one, or two on an overpass."""
        return [piece for piece in self.pieces if piece.square == square_name(square_index(square))]

    def facing(self, piece: Piece, side: str) -> str:
        """What ``side`` of the piece's square faces: "border" (the board's edge, with or
        without an exit), "empty" (an empty square), or the neighbouring tile's edge there:
        "highway", "railway" or "nothing"."""
        index, number = square_index(_piece(piece).square), _side(side)
        other = NEIGHBOUR[index][number]
        if other < 0:
            return "border"
        if self.board.squares[other] is None:
            return "empty"
        return KIND_NAMES[self.board.squares[other].turned.edges[OPPOSITE[number]]]

    def across(self, piece: Piece, side: str) -> Piece | None:
        """The piece joined to ``piece`` across ``side``: the same track on both sides of
        the shared edge; None if the piece has no track there or it meets nothing joined."""
        number = _side(side)
        kind = _piece(piece).tracks.get(SIDE_NAMES[number])
        if kind is None or self.facing(piece, side) != kind:
            return None
        return self._at[NEIGHBOUR[square_index(piece.square)][number], OPPOSITE[number]]

    def neighbours(self, piece: Piece) -> list[Piece]:
        """The pieces joined to ``piece`` (across any of its sides)."""
        return [other for other in (self.across(piece, side) for side in _piece(piece).tracks) if other is not None]

    def graph(self):
        """The same graph as a networkx ``Graph`` (pieces as nodes), for comparing."""
        import networkx as nx

        graph = nx.Graph()
        graph.add_nodes_from(self.pieces)
        graph.add_edges_from((piece, other) for piece in self.pieces for other in self.neighbours(piece))
        return graph

    def __repr__(self) -> str:
        return f"<Tracks: {len(self.pieces)} pieces>"


#: the sides by their German names too (a German lesson says "Nordseite", "nach Norden")
GERMAN_SIDES = {"nord": "north", "ost": "east", "süd": "south", "sued": "south", "west": "west",
                "norden": "north", "osten": "east", "süden": "south", "sueden": "south", "westen": "west"}


def _side(side: str) -> int:
    """A side's number, from its name ("north") or its German name ("nord", "Norden")."""
    name = GERMAN_SIDES.get(side.lower(), side) if isinstance(side, str) else side
    if name not in SIDE_NAMES:
        raise texts.InputError("lesson10.not_a_side", side=shortened(repr(side), 40), english=", ".join(SIDE_NAMES),
                               german=", ".join(("nord", "ost", "süd", "west")))
    return SIDE_NAMES.index(name)


def _piece(piece: Piece) -> Piece:
    """``piece`` itself, or a refusal that says what a piece is (a square's name, "C3", is not one)."""
    if not isinstance(piece, Piece):
        raise texts.InputError("lesson10.not_a_piece", got=shortened(repr(piece), 40))
    return piece
