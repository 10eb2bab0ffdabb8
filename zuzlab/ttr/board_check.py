"""Every problem of a board at once: what a designer of a board of their own needs to fix.

Loading a map (``maps.map_from_dict``) stops at its first problem, which suits a file that
should be right. A board being made has many, and fixing them one run at a time is slow, so
``board_problems`` tells them all: each problem of the file's entries (the loader's own
messages, an entry with a problem left out), then what the game's rules cannot play on the
board:

- a city no route reaches, and routes that fall apart into pieces no train joins;
- what a game refuses before it deals (``state.rules_map_problems``): route lengths the points
  table cannot score, colours the deck has no cards of, too few cards or tickets to deal to
  the most players the rules allow;
- a route longer than the deck can pay: the cards of one colour and the wild cards usable on it;
- a ticket that cannot be completed (no routes join its places).
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import networkx as nx

from .. import texts
from ..datafiles import Checker, EntryBroken, MapError, read_json
from . import rules as ttr_rules
from .maps import Map, map_from_dict
from .state import rules_map_problems


def board_problems(board: dict | str | Path, rules: str | ttr_rules.TtrRules = "usa") -> list[texts.Phrase]:
    """Every problem of ``board`` (parsed JSON, or the path of a map file) for ``rules``, as
    texts in the reader's language; none for a board that plays."""
    source = str(board) if isinstance(board, (str, Path)) else str(board.get("name", "board")) \
        if isinstance(board, dict) else "board"
    try:
        data = read_json(Path(board)) if isinstance(board, (str, Path)) else board
    except MapError as error:
        return [error.phrase]
    check = Checker(source, collect=True)
    try:
        loaded: Map | None = map_from_dict(data, source, check)
    except EntryBroken:  # a problem of the file as a whole: its entries cannot be read
        loaded = None
    found = [problem.phrase for problem in check.problems]
    if loaded is not None:
        found += play_problems(loaded, ttr_rules.get(rules))
    return found


def play_problems(board: Map, rules: ttr_rules.TtrRules) -> list[texts.Phrase]:
    """What ``rules`` cannot play on a well-formed ``board`` (the module's list)."""
    graph: nx.Graph = nx.Graph()
    graph.add_edges_from(route.cities for route in board.routes)
    found = [texts.Phrase("error.board_city_alone", {"city": city}) for city in board.cities if city not in graph]
    pieces = sorted(nx.connected_components(graph), key=len, reverse=True)
    if len(pieces) > 1:
        found.append(texts.Phrase("error.board_pieces", {
            "count": len(pieces), "pieces": " · ".join(", ".join(sorted(piece)) for piece in pieces[1:])}))
    found += rules_map_problems(rules, board, rules.max_players)  # lengths, colours, the deal (the game's own check)
    found += [texts.Phrase("error.board_route_unpayable", {"route": str(route), "length": route.length,
                                                           "most": payable(route, rules)})
              for route in board.routes if route.length > payable(route, rules)]
    piece_of = {city: number for number, piece in enumerate(pieces) for city in piece}
    for ticket in board.tickets:
        starts = {piece_of.get(city) for city in board.places(ticket.origin)} - {None}
        if not any(starts & {piece_of.get(city) for city in board.places(end)} for end in ticket.destinations):
            found.append(texts.Phrase("error.board_ticket_unreachable", {"ticket": str(ticket)}))
    return found


def payable(route: Any, rules: ttr_rules.TtrRules) -> int:
    """The most cards the deck can pay for ``route``: the cards of one colour, and the wild
    cards where they may be used on it."""
    wilds_usable = route.tunnel or not rules.wild_only_on_tunnels
    return rules.cards_per_color + (rules.wild_cards if wilds_usable else 0)
