"""Fact 0: a trail never leaves its connected piece, so each piece is solved on its own.

This module reads the caller's routes (route objects as they are, ``(city, city,
length)`` tuples as ``Edge``) and splits them into connected pieces with one small
union–find (``Pieces``): the one connectivity helper of the kit, which Railroad Ink's
scoring and Europe's station choice use too.
"""

from __future__ import annotations

from typing import Any, Generic, Hashable, Iterable, NamedTuple, Protocol, Sequence, TypeVar

from ...texts import InputError

#: A city as the caller's routes name it: a map's city names, Railroad Ink's square numbers.
City = TypeVar("City", bound=Hashable)
_City_co = TypeVar("_City_co", bound=Hashable, covariant=True)  # the same, for a protocol that only gives cities
#: What a ``Pieces`` joins: anything hashable (cities, Railroad Ink's (square, group) pairs …).
Item = TypeVar("Item", bound=Hashable)


class Route(Protocol[_City_co]):
    """What the algorithms read of a route: its two cities and its length in trains (a
    ``ttr.Route`` as it is, or an ``Edge``)."""

    @property
    def a(self) -> _City_co: ...
    @property
    def b(self) -> _City_co: ...
    @property
    def length(self) -> int: ...


#: What the caller may give as a route: a route object or a ``(city, city, length)`` tuple.
RouteItem = Route[City] | tuple[City, City, int]


class Edge(NamedTuple, Generic[City]):
    """A route as ``as_edge`` reads it (a route object or a ``(city, city, length)``
    tuple): its two cities and its length in trains."""

    a: City
    b: City
    length: int


#: Makes a named tuple from a tuple of its fields without the Python call of its own
#: constructor: ``_new(Edge, (a, b, length))``. The planning reads every route through
#: ``as_edge``, and a finished game's network has 5 to 10 ``Piece``: 0.6 µs of its 30 µs
#: longest-route call.
_new = tuple.__new__


def as_edge(item: Any) -> Edge[Any]:
    """Read a route object (``.a``, ``.b``, ``.length``) or a ``(city, city, length)`` tuple
    as an Edge (the planning and the map views read routes through here too)."""
    try:  # the common case first: a well-formed route object, read without further checks
        a, b, length = item.a, item.b, item.length
        if type(length) is int and length >= 0 and a != b:
            return _new(Edge, (a, b, length))
    except AttributeError:
        pass
    if hasattr(item, "a") and hasattr(item, "b") and hasattr(item, "length"):
        a, b, length = item.a, item.b, item.length
    else:
        try:
            a, b, length = item
        except (TypeError, ValueError):
            raise InputError("error.not_a_route_item", item=repr(item)) from None
    if isinstance(length, bool) or not isinstance(length, int) or length < 0:
        raise InputError("error.route_item_length", item=repr(item), length=repr(length))
    if a == b:
        raise InputError("error.route_item_loop", item=repr(item))
    return Edge(a, b, length)


def read_routes(items: Iterable[RouteItem[City]]) -> list[Route[City]]:
    """The items as routes: a well-formed route object as it is (checked here, without a
    call or a new object each: 3 µs of a 45 µs longest-route call on 20-route networks),
    anything else as ``as_edge`` reads it."""
    routes: list[Route[City]] = []
    item: Any  # whatever the caller gave: read by duck typing, checked here and in ``as_edge``
    for item in items:
        try:
            length = item.length
            if type(length) is int and length >= 0 and item.a != item.b:
                routes.append(item)
                continue
        except AttributeError:
            pass
        routes.append(as_edge(item))
    return routes


class Pieces(Generic[Item]):
    """Which items are joined, directly or through others: the kit's union–find.

    ``join(a, b)`` puts two items (and everything joined to them) in one piece;
    ``find(item)`` names an item's piece by one of its members; ``same(a, b)`` asks;
    ``groups()`` lists the pieces. An item is added when first named. Each item points at
    its piece's list of members, and a join pours the smaller piece into the bigger one,
    so a find is one look-up (scoring and the longest route run this inside bots' loops).
    """

    __slots__ = ("piece_of",)

    def __init__(self, items: Iterable[Item] = ()):
        self.piece_of: dict[Item, list[Item]] = {}
        for item in items:
            self.find(item)

    def find(self, item: Item) -> Item:
        piece = self.piece_of.get(item)
        if piece is None:
            piece = self.piece_of[item] = [item]
        return piece[0]

    def same(self, a: Item, b: Item) -> bool:
        return self.find(a) == self.find(b)

    def join(self, a: Item, b: Item) -> None:
        self.join_all(((a, b),))

    def join_all(self, pairs: Iterable[tuple[Item, Item]]) -> None:
        """``join`` each pair in turn: one call for a whole network, which saves a call per
        route in every longest-route call (2.5 µs of a 50 µs call on 20-route networks)."""
        piece_of = self.piece_of
        for a, b in pairs:
            piece = piece_of.get(a)
            if piece is None:
                piece = piece_of[a] = [a]
            other = piece_of.get(b)  # after a's piece is made: ``b`` may be ``a``
            if other is None:
                piece.append(b)
                piece_of[b] = piece
            elif other is not piece:
                if len(other) > len(piece):
                    piece, other = other, piece
                piece.extend(other)
                for item in other:
                    piece_of[item] = piece

    def groups(self) -> list[list[Item]]:
        """Each piece's members, pieces in the order of their first members."""
        return list({id(piece): piece for piece in self.piece_of.values()}.values())

    def count(self) -> int:
        """How many pieces there are."""
        return len({id(piece) for piece in self.piece_of.values()})


def one_piece(pairs: Iterable[tuple[Hashable, Hashable]]) -> bool:
    """Whether the pairs (edges as their two ends) hang together in one piece (True for none)."""
    pieces: Pieces[Hashable] = Pieces()
    pieces.join_all(pairs)
    piece_of = pieces.piece_of
    return not piece_of or len(next(iter(piece_of.values()))) == len(piece_of)  # the first piece holds all


class Piece(NamedTuple, Generic[City]):
    """A connected piece of a network: its cities, its length in trains and the routes at
    each city (their indices; one dict for all pieces of a network)."""

    cities: list[City]
    length: int
    touching: dict[City, list[int]]



def connected_pieces(routes: Sequence[Route[City]]) -> list[Piece[City]]:
    """Each connected piece of the routes, in the order of their first routes.

    A network listed as it grew, each route after the first meeting an earlier one, is one
    piece, and the routes at each city tell that on the way; only other networks (a
    finished game's network of several pieces) are joined up by ``Pieces``. Networks grown
    route by route (``Map.random_network``, ``Map.dense_network``, a player's network
    extended claim by claim) are listed so: this saves 3 µs of a 45 µs call on them."""
    touching: dict[City, list[int]] = {}
    grown = True  # so far, each route met an earlier one
    for i, route in enumerate(routes):
        a, b = route.a, route.b
        if a in touching:
            touching[a].append(i)
            if b in touching:
                touching[b].append(i)
            else:
                touching[b] = [i]
        elif b in touching:
            touching[a] = [i]
            touching[b].append(i)
        else:
            touching[a] = [i]
            touching[b] = [i]
            grown = grown and i == 0
    if grown:
        return [Piece(list(touching), sum([route.length for route in routes]), touching)] if routes else []
    pieces: Pieces[City] = Pieces()
    pieces.join_all([(route.a, route.b) for route in routes])
    piece_of = pieces.piece_of
    if len(piece_of[routes[0].a]) == len(touching):  # one piece after all
        return [Piece(list(touching), sum([route.length for route in routes]), touching)]
    cities_of = {cities[0]: cities for cities in piece_of.values()}  # by the piece's first city
    length_of = dict.fromkeys(cities_of, 0)
    for route in routes:
        length_of[piece_of[route.a][0]] += route.length
    return [_new(Piece, (cities_of[first], length, touching)) for first, length in length_of.items()]
