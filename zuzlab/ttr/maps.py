"""Ticket to Ride boards: cities, routes and tickets, loaded from ``maps/*.json``.

The file format (``zuzlab-map/1``) is documented in ``maps/README.md``. Loading checks
every entry, and a broken file gets a ``MapError`` naming the file, the entry and the
problem, because a map typo should never surface later as a strange game.
"""

from __future__ import annotations

import functools
import json
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from .. import texts
from ..datafiles import Checker, MapError, data_dir, read_json

MAP_FORMAT = "zuzlab-map/1"
TRAIN_COLORS = ("red", "orange", "yellow", "green", "blue", "pink", "white", "black")
GRAY = "gray"
CITY_KINDS = ("city", "border")


@dataclass(frozen=True)
class City:
    name: str
    lat: float
    lon: float
    kind: str = "city"
    country: str | None = None  # for border points: the neighbouring country they lead to


@dataclass(frozen=True)
class Route:
    id: int
    a: str
    b: str
    length: int
    color: str  # one of TRAIN_COLORS, or "gray" (any one colour)
    tunnel: bool = False
    ferry_locomotives: int = 0
    double_with: int | None = None  # id of the other track between the same cities

    @property
    def cities(self) -> tuple[str, str]:
        return (self.a, self.b)

    @property
    def is_gray(self) -> bool:
        return self.color == GRAY

    def __str__(self) -> str:
        """"Denver–Omaha (4 pink)", in the reader's language."""
        return texts.render(self)


@dataclass(frozen=True)
class Ticket:
    """A destination ticket: from ``origin`` to any of ``destinations``.

    An ordinary ticket has one destination. Switzerland's multi-target tickets list
    several (countries), each with its own value in ``values``.
    """

    id: int
    origin: str
    destinations: tuple[str, ...]
    values: tuple[int, ...]
    deck: str = "base"

    @property
    def points(self) -> int:
        """The most the ticket can be worth (the value of an ordinary ticket)."""
        return max(self.values)

    @property
    def penalty(self) -> int:
        """What an unfulfilled ticket costs: its lowest value."""
        return min(self.values)

    def __str__(self) -> str:
        if len(self.destinations) == 1:
            return f"{self.origin}–{self.destinations[0]} ({self.values[0]})"
        targets = ", ".join(f"{d} {v}" for d, v in zip(self.destinations, self.values))
        return f"{self.origin} → {targets}"


@dataclass(frozen=True)
class Map:
    name: str
    title: str
    cities: dict[str, City]
    routes: tuple[Route, ...]
    tickets: tuple[Ticket, ...]
    source: str | None = None  # the file it came from, for messages

    def __post_init__(self):
        object.__setattr__(self, "_routes_by_id", {r.id: r for r in self.routes})
        object.__setattr__(self, "_tickets_by_id", {t.id: t for t in self.tickets})
        countries: dict[str, list[str]] = {}
        for city in self.cities.values():
            if city.country:
                countries.setdefault(city.country, []).append(city.name)
        object.__setattr__(self, "countries", {c: tuple(p) for c, p in countries.items()})

    def __hash__(self) -> int:
        return hash((self.name, self.source))

    def route(self, route_id: int) -> Route:
        return self._routes_by_id[route_id]  # type: ignore[attr-defined]

    def ticket(self, ticket_id: int) -> Ticket:
        return self._tickets_by_id[ticket_id]  # type: ignore[attr-defined]

    def has_route(self, route_id: object) -> bool:
        return route_id in self._routes_by_id  # type: ignore[attr-defined]

    def routes_between(self, a: str, b: str) -> tuple[Route, ...]:
        """Every route joining cities ``a`` and ``b`` (two for a double route)."""
        return tuple(r for r in self.routes if {r.a, r.b} == {a, b})

    def route_between(self, a: str, b: str, color: str | None = None) -> Route:
        """The route joining ``a`` and ``b``. Of a double route, ``color`` picks the track
        of that colour; a ``MapError`` says why no single route fits."""
        for city in (a, b):
            if city not in self.cities:
                raise MapError(f"there is no city {city!r} on the {self.name} map")
        found = self.routes_between(a, b)
        if len(found) > 1 and color is not None:
            found = tuple(r for r in found if r.color == color) or found
        if not found:
            raise MapError(f"no route joins {a} and {b} on the {self.name} map")
        if len(found) > 1:
            tracks = ", ".join(f"route {r.id} ({r.color})" for r in found)
            raise MapError(f"{a}–{b} is a double route ({tracks}): name the track by its id")
        return found[0]

    def find_route(self, name, color: str | None = None) -> Route:
        """A route by its id, by its two cities (``("Denver", "Omaha")``), or by a name
        like ``"Denver–Omaha"`` (``-`` works too where the city names allow it)."""
        if isinstance(name, int) and not isinstance(name, bool):
            if not self.has_route(name):
                raise MapError(f"there is no route {name} on the {self.name} map")
            return self.route(name)
        if isinstance(name, (tuple, list)) and len(name) == 2 and all(isinstance(c, str) for c in name):
            return self.route_between(name[0], name[1], color)
        if isinstance(name, str):
            splits = [(name[:i].strip(), name[i + 1:].strip()) for i, char in enumerate(name) if char in "–-"]
            known = [(a, b) for a, b in splits if a in self.cities and b in self.cities]
            if len(known) == 1:
                return self.route_between(*known[0], color)
        raise MapError(f"{name!r} names no route of the {self.name} map: give a route id, two cities "
                       f"(\"Denver\", \"Omaha\") or \"Denver–Omaha\"")

    def places(self, name: str) -> tuple[str, ...]:
        """The board points a ticket name stands for: a city, or a country's border points."""
        if name in self.cities:
            return (name,)
        return self.countries[name]  # type: ignore[attr-defined]

    def random_network(self, trains: int = 45, seed: int | str = 0) -> list[Route]:
        """A connected set of routes one player could hold (one track per double route),
        grown at random from a random city until no route of ``trains`` more fits.

        Lessons and benchmarks use it as a realistic player network.
        """
        import random

        rng = random.Random(f"{seed}/network")
        cities = {rng.choice(sorted(self.cities))}
        network: list[Route] = []
        pairs: set[frozenset] = set()
        while True:
            options = [r for r in self.routes
                       if (r.a in cities or r.b in cities) and r.length <= trains
                       and frozenset(r.cities) not in pairs]
            if not options:
                return network
            route = rng.choice(options)
            network.append(route)
            pairs.add(frozenset(route.cities))
            cities.update(route.cities)
            trains -= route.length

    def to_dict(self) -> dict:
        def city(c: City) -> dict:
            data = {"name": c.name, "lat": c.lat, "lon": c.lon}
            if c.kind != "city":
                data["kind"] = c.kind
            if c.country:
                data["country"] = c.country
            return data

        def route(r: Route) -> dict:
            return {"id": r.id, "a": r.a, "b": r.b, "length": r.length, "color": r.color,
                    "tunnel": r.tunnel, "ferry_locomotives": r.ferry_locomotives,
                    "double_with": r.double_with}

        def ticket(t: Ticket) -> dict:
            simple = len(t.destinations) == 1
            return {"id": t.id, "from": t.origin,
                    "to": t.destinations[0] if simple else list(t.destinations),
                    "points": t.values[0] if simple else list(t.values), "deck": t.deck}

        return {"format": MAP_FORMAT, "name": self.name, "title": self.title,
                "cities": [city(c) for c in self.cities.values()],
                "routes": [route(r) for r in self.routes],
                "tickets": [ticket(t) for t in self.tickets]}


# --- loading -------------------------------------------------------------------------

def maps_dir() -> Path:
    """The folder of the built-in maps (see ``zuzlab.datafiles.data_dir``)."""
    return data_dir()


def builtin_maps() -> list[str]:
    """The names of the built-in Ticket to Ride boards."""
    return list(_builtin_names())


@functools.lru_cache(maxsize=None)
def _builtin_names() -> tuple[str, ...]:
    """Read once: every new game asks whether its map is a built-in one."""
    return tuple(sorted(p.stem for p in maps_dir().glob("*.json")
                        if json.loads(p.read_text(encoding="utf-8")).get("format") == MAP_FORMAT))


def load_map(name_or_path: str | Path) -> Map:
    """Load a built-in map by name (``"usa"``) or any map file by path, and validate it."""
    if isinstance(name_or_path, Map):
        return name_or_path
    text = str(name_or_path)
    if isinstance(name_or_path, Path) or text.endswith(".json") or "/" in text or "\\" in text:
        return map_from_dict(read_json(Path(name_or_path)), source=str(name_or_path))
    if text not in builtin_maps():
        raise MapError(f"no built-in map called {text!r}; built-in maps: {', '.join(builtin_maps())}")
    return _load_builtin(text)


@functools.lru_cache(maxsize=None)
def _load_builtin(name: str) -> Map:
    path = maps_dir() / f"{name}.json"
    return map_from_dict(read_json(path), source=str(path))


def map_from_dict(data: Any, source: str = "<map>") -> Map:
    """Build a ``Map`` from parsed JSON, checking every entry."""
    check = Checker(source)
    check.that(isinstance(data, dict), "top level", "must be a JSON object")
    check.that(data.get("format") == MAP_FORMAT, "format",
               f"must be {MAP_FORMAT!r}, found {data.get('format')!r}")
    name = check.string(data, "name", "top level")
    title = data.get("title", name)
    for key in ("cities", "routes", "tickets"):
        check.that(isinstance(data.get(key), list) and data[key], key, "must be a non-empty list")

    cities: dict[str, City] = {}
    for i, entry in enumerate(data["cities"]):
        where = f"cities[{i}]"
        check.that(isinstance(entry, dict), where, "must be an object")
        city_name = check.string(entry, "name", where)
        where = f"cities[{i}] ({city_name})"
        check.that(city_name not in cities, where, "appears twice")
        lat, lon = check.number(entry, "lat", where), check.number(entry, "lon", where)
        check.that(-90 <= lat <= 90 and -180 <= lon <= 180, where, f"lat/lon ({lat}, {lon}) is not on Earth")
        kind = entry.get("kind", "city")
        check.that(kind in CITY_KINDS, where, f"kind must be one of {CITY_KINDS}, found {kind!r}")
        country = entry.get("country")
        check.that((kind == "border") == bool(country), where, "a border point (and only a border point) names its country")
        cities[city_name] = City(city_name, float(lat), float(lon), kind, country)

    routes: list[Route] = []
    ids: set[int] = set()
    for i, entry in enumerate(data["routes"]):
        where = f"routes[{i}]"
        check.that(isinstance(entry, dict), where, "must be an object")
        route_id = check.integer(entry, "id", where, minimum=0)
        where = f"routes[{i}] (id {route_id})"
        check.that(route_id not in ids, where, "route id appears twice")
        ids.add(route_id)
        a, b = check.string(entry, "a", where), check.string(entry, "b", where)
        for end in (a, b):
            check.that(end in cities, where, f"{end!r} is not a city of this map")
        check.that(a != b, where, "a route must join two different cities")
        length = check.integer(entry, "length", where, minimum=1)
        color = entry.get("color")
        check.that(color in TRAIN_COLORS + (GRAY,), where,
                   f"color must be one of {', '.join(TRAIN_COLORS + (GRAY,))}, found {color!r}")
        tunnel = entry.get("tunnel", False)
        check.that(isinstance(tunnel, bool), where, "tunnel must be true or false")
        ferry = check.integer(entry, "ferry_locomotives", where, minimum=0, default=0)
        check.that(ferry <= length, where, f"a ferry cannot need {ferry} locomotives on a route of length {length}")
        double = entry.get("double_with")
        check.that(double is None or (isinstance(double, int) and not isinstance(double, bool)),
                   where, "double_with must be a route id or null")
        routes.append(Route(route_id, a, b, length, color, tunnel, ferry, double))

    by_id = {r.id: r for r in routes}
    for route in routes:
        if route.double_with is None:
            continue
        where = f"route {route.id}"
        check.that(route.double_with != route.id, where, "double_with names the route itself")
        other = by_id.get(route.double_with)
        check.that(other is not None, where, f"double_with names route {route.double_with}, which does not exist")
        check.that({other.a, other.b} == {route.a, route.b}, where,
                   f"its double track (route {other.id}) joins other cities")
        check.that(other.double_with == route.id, where,
                   f"route {other.id} does not name route {route.id} as its double track")
        check.that(other.length == route.length, where,
                   f"its double track (route {other.id}) has length {other.length}, this one {route.length}")
    _check_parallel_routes(check, routes)

    countries = {c.country for c in cities.values() if c.country}
    tickets: list[Ticket] = []
    ticket_ids: set[int] = set()
    for i, entry in enumerate(data["tickets"]):
        where = f"tickets[{i}]"
        check.that(isinstance(entry, dict), where, "must be an object")
        ticket_id = check.integer(entry, "id", where, minimum=0)
        where = f"tickets[{i}] (id {ticket_id})"
        check.that(ticket_id not in ticket_ids, where, "ticket id appears twice")
        ticket_ids.add(ticket_id)
        origin = check.string(entry, "from", where)
        destinations = entry.get("to")
        values = entry.get("points")
        if not isinstance(destinations, list):
            destinations, values = [destinations], [values]
        check.that(isinstance(values, list) and len(values) == len(destinations), where,
                   "'points' must give one value per destination in 'to'")
        for place in [origin, *destinations]:
            check.that(isinstance(place, str) and (place in cities or place in countries), where,
                       f"{place!r} is neither a city nor a country of this map")
        check.that(origin not in destinations, where, "a ticket cannot lead to where it starts")
        for place in destinations:
            check.that(destinations.count(place) == 1, where, f"'to' names {place!r} twice")
        for value in values:
            check.that(isinstance(value, int) and not isinstance(value, bool) and value > 0,
                       where, f"points must be positive whole numbers, found {value!r}")
        deck = entry.get("deck", "base")
        check.that(isinstance(deck, str), where, "deck must be a string")
        tickets.append(Ticket(ticket_id, origin, tuple(destinations), tuple(values), deck))

    return Map(name, str(title), cities, tuple(routes), tuple(tickets), source=source)


def _check_parallel_routes(check: Checker, routes: list[Route]) -> None:
    """Two routes between the same cities must be one double route, and there are never
    three: otherwise the double-route rules (one track per player, the second closed in
    small games) would silently not apply to them."""
    by_pair: dict[frozenset, list[Route]] = {}
    for route in routes:
        by_pair.setdefault(frozenset(route.cities), []).append(route)
    for tracks in by_pair.values():
        between = f"{tracks[0].a} and {tracks[0].b}"
        ids = ", ".join(str(r.id) for r in tracks)
        check.that(len(tracks) <= 2, f"routes {ids}",
                   f"{len(tracks)} routes join {between}; a double route has only two tracks")
        if len(tracks) == 2:
            first, second = tracks
            check.that(first.double_with == second.id, f"route {second.id}",
                       f"route {first.id} also joins {between}, but neither names the other in "
                       "double_with (two routes between the same cities must be a double route)")
