"""The Card Game's components, read from ``maps/cardgame.json`` and checked."""

from __future__ import annotations

import functools
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from .. import texts
from ..datafiles import TOP_LEVEL, Checker, data_dir, read_json

DATA_FORMAT = "zuzlab-cardgame/1"
WILD = "locomotive"


@dataclass(frozen=True)
class Ticket:
    """A destination ticket: two cities, its points, and the train cards it needs."""

    id: int
    origin: str
    destination: str
    points: int
    colors: tuple[str, ...]  # one entry per coloured circle

    @property
    def cities(self) -> tuple[str, str]:
        return (self.origin, self.destination)

    def __str__(self) -> str:
        """"Los Angeles–Dallas (10: white green)", the colours in the reader's language."""
        return texts.render(self)


@dataclass(frozen=True)
class CardGameData:
    name: str
    title: str
    colors: tuple[str, ...]
    cards_per_color: int
    locomotives: int
    big_cities: dict[str, int]  # city → bonus points
    tickets: tuple[Ticket, ...]
    _by_id: dict[int, Ticket] = field(init=False, repr=False, compare=False)  # from ``tickets``

    def __post_init__(self):
        object.__setattr__(self, "_by_id", {t.id: t for t in self.tickets})

    def __hash__(self) -> int:
        return hash(self.name)

    def ticket(self, ticket_id: int) -> Ticket:
        return self._by_id[ticket_id]

    @property
    def deck(self) -> list[str]:
        """Every train card, in a fixed order (the game shuffles it)."""
        return [c for c in self.colors for _ in range(self.cards_per_color)] + [WILD] * self.locomotives


def load_data(name_or_path: str | Path = "cardgame") -> CardGameData:
    """The built-in components (``"cardgame"``) or a data file of the same format."""
    text = str(name_or_path)
    if isinstance(name_or_path, Path) or text.endswith(".json") or "/" in text:
        return data_from_dict(read_json(Path(name_or_path)), str(name_or_path))
    return _builtin(text)


@functools.lru_cache(maxsize=None)
def _builtin(name: str) -> CardGameData:
    path = data_dir() / f"{name}.json"
    return data_from_dict(read_json(path), str(path))


def data_from_dict(data: Any, source: str = "<card game data>") -> CardGameData:
    check = Checker(source)
    check.that(isinstance(data, dict), TOP_LEVEL, "not_json_object")
    check.that(data.get("format") == DATA_FORMAT, "format", "wrong_format", expected=repr(DATA_FORMAT),
               found=repr(data.get("format")))
    name = check.string(data, "name", TOP_LEVEL)
    colors = data.get("colors")
    check.that(isinstance(colors, list) and bool(colors) and all(isinstance(c, str) for c in colors)
               and len(set(colors)) == len(colors) and WILD not in colors,
               "colors", "bad_card_colours", wild=repr(WILD))
    cards_per_color = check.integer(data, "cards_per_color", TOP_LEVEL, minimum=1)
    locomotives = check.integer(data, "locomotives", TOP_LEVEL, minimum=0)
    big_cities = {}
    for i, entry in enumerate(data.get("big_cities") or []):
        where = f"big_cities[{i}]"
        check.that(isinstance(entry, dict), where, "not_object")
        big_cities[check.string(entry, "city", where)] = check.integer(entry, "points", where, minimum=1)
    check.that(isinstance(data.get("tickets"), list) and data["tickets"], "tickets", "not_list")
    tickets, ids = [], set()
    for i, entry in enumerate(data["tickets"]):
        where = f"tickets[{i}]"
        check.that(isinstance(entry, dict), where, "not_object")
        ticket_id = check.integer(entry, "id", where, minimum=0)
        where = f"tickets[{i}] (id {ticket_id})"
        check.that(ticket_id not in ids, where, "ticket_id_twice")
        ids.add(ticket_id)
        origin, destination = check.string(entry, "from", where), check.string(entry, "to", where)
        points = check.integer(entry, "points", where, minimum=1)
        needs = entry.get("colors")
        check.that(isinstance(needs, list) and 1 <= len(needs) and all(c in colors for c in needs), where,
                   "bad_ticket_colours", colors=", ".join(colors), found=repr(needs))
        tickets.append(Ticket(ticket_id, origin, destination, points, tuple(needs)))
    for city in big_cities:
        check.that(any(city in t.cities for t in tickets), f"big_cities ({city})", "big_city_unused")
    return CardGameData(name, str(data.get("title", name)), tuple(colors), cards_per_color, locomotives,
                        big_cities, tuple(tickets))
