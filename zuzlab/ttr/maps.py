"""Ticket to Ride boards: cities, routes and tickets, loaded from ``maps/*.json``.

The file format (``zuzlab-map/1``) is documented in ``maps/README.md``. Loading checks
every entry, and a broken file gets a ``MapError`` naming the file, the entry and the
problem, because a map typo should never surface later as a strange game.
"""

from __future__ import annotations

import functools
import json
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from .. import texts
from ..datafiles import TOP_LEVEL, Checker, MapError, data_dir, map_error, read_json  # noqa: F401  (MapError: re-exported)

MAP_FORMAT = "zuzlab-map/1"
TRAIN_COLORS = ("red", "orange", "yellow", "green", "blue", "pink", "white", "black")
GRAY = "gray"
CITY_KINDS = ("city", "border")
#: the most tracks between two cities (a triple route)
MOST_TRACKS = 3


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
    #: the other tracks between the same two cities: one for a double route, two for a
    #: triple route (the printed Germany board has them), none for a single route
    parallel: tuple[int, ...] = ()

    @property
    def cities(self) -> tuple[str, str]:
        return (self.a, self.b)

    @property
    def tracks(self) -> tuple[int, ...]:
        """Every track between the route's two cities, this one among them, by id."""
        return tuple(sorted((self.id, *self.parallel)))

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
        """"Denver–El Paso (4)"; a country ticket's targets in brackets of their own,
        "France → (Deutschland 5, Österreich 14, Italia 11)", so that their commas do not
        run into a list of tickets."""
        if len(self.destinations) == 1:
            return f"{self.origin}–{self.destinations[0]} ({self.values[0]})"
        targets = ", ".join(f"{d} {v}" for d, v in zip(self.destinations, self.values))
        return f"{self.origin} → ({targets})"


@dataclass(frozen=True)
class Map:
    name: str
    title: str
    cities: dict[str, City]
    routes: tuple[Route, ...]
    tickets: tuple[Ticket, ...]
    #: the file it came from, for messages; not compared, so that a board of one's own
    #: saved with a game and read back is the board the game was played on
    source: str | None = field(default=None, compare=False)
    # worked out from the fields above (``__post_init__``): not compared, not shown
    _routes_by_id: dict[int, Route] = field(init=False, repr=False, compare=False)
    _tickets_by_id: dict[int, Ticket] = field(init=False, repr=False, compare=False)
    countries: dict[str, tuple[str, ...]] = field(init=False, repr=False, compare=False)  # → its border points
    _hash: int = field(init=False, repr=False, compare=False)

    def __post_init__(self):
        object.__setattr__(self, "_routes_by_id", {r.id: r for r in self.routes})
        object.__setattr__(self, "_tickets_by_id", {t.id: t for t in self.tickets})
        countries: dict[str, list[str]] = {}
        for city in self.cities.values():
            if city.country:
                countries.setdefault(city.country, []).append(city.name)
        object.__setattr__(self, "countries", {c: tuple(p) for c, p in countries.items()})
        object.__setattr__(self, "_hash", hash((self.name, self.title, self.routes)))  # asked for at every claim

    def __hash__(self) -> int:
        return self._hash

    def route(self, route_id: int) -> Route:
        return self._routes_by_id[route_id]

    def ticket(self, ticket_id: int) -> Ticket:
        return self._tickets_by_id[ticket_id]

    def has_route(self, route_id: object) -> bool:
        return route_id in self._routes_by_id

    def routes_between(self, a: str, b: str) -> tuple[Route, ...]:
        """Every route joining cities ``a`` and ``b`` (two for a double route, three for a triple)."""
        return tuple(r for r in self.routes if {r.a, r.b} == {a, b})

    def route_between(self, a: str, b: str, color: str | None = None) -> Route:
        """The route joining ``a`` and ``b``. Of a double or triple route, ``color`` picks the track
        of that colour; a ``MapError`` says why no single route fits."""
        for city in (a, b):
            if city not in self.cities:
                raise map_error("no_city", city=repr(city), map=texts.map_title(self))
        found = self.routes_between(a, b)
        if len(found) > 1 and color is not None:
            found = tuple(r for r in found if r.color == color) or found
        if not found:
            raise map_error("no_route_between", a=a, b=b, map=texts.map_title(self))
        if len(found) > 1:
            tracks = [texts.Phrase("error.track", {"route": r.id, "color": r.color}) for r in found]
            raise map_error("double_route_named", a=a, b=b, tracks=tracks)
        return found[0]

    def find_route(self, name, color: str | None = None) -> Route:
        """A route by its id, by its two cities (``("Denver", "Omaha")``), or by a name
        like ``"Denver–Omaha"`` (``-`` works too where the city names allow it)."""
        if isinstance(name, int) and not isinstance(name, bool):
            if not self.has_route(name):
                raise map_error("no_route", route=name, map=texts.map_title(self))
            return self.route(name)
        if isinstance(name, (tuple, list)) and len(name) == 2 and all(isinstance(c, str) for c in name):
            return self.route_between(name[0], name[1], color)
        if isinstance(name, str):
            splits = [(name[:i].strip(), name[i + 1:].strip()) for i, char in enumerate(name) if char in "–-"]
            known = [(a, b) for a, b in splits if a in self.cities and b in self.cities]
            if len(known) == 1:
                return self.route_between(*known[0], color)
        raise map_error("names_no_route", name=repr(name), map=texts.map_title(self))

    def places(self, name: str) -> tuple[str, ...]:
        """The board points a ticket name stands for: a city, or a country's border points."""
        if name in self.cities:
            return (name,)
        return self.countries[name]

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

    def dense_network(self, routes: int = 20, seed: int | str = 0, closing: float = 0.8) -> list[Route]:
        """A connected network of ``routes`` routes with many cycles (one track per double
        route), grown from a random city: each step takes a random route that closes a
        cycle (both cities already reached) with probability ``closing``, else any route
        at the network's edge. Most cities end with 3 or more routes.

        Benchmarks and tests use it as the hard case of the longest route.
        """
        import random

        if routes > len({frozenset(r.cities) for r in self.routes}):
            raise ValueError(f"the {self.name} board has fewer than {routes} city pairs with routes")
        rng = random.Random(f"{seed}/dense network")
        cities = {rng.choice(sorted(self.cities))}
        network: list[Route] = []
        pairs: set[frozenset] = set()
        while len(network) < routes:
            options = [r for r in self.routes if (r.a in cities or r.b in cities) and frozenset(r.cities) not in pairs]
            closing_cycles = [r for r in options if r.a in cities and r.b in cities]
            route = rng.choice(closing_cycles if closing_cycles and rng.random() < closing else options)
            network.append(route)
            pairs.add(frozenset(route.cities))
            cities.update(route.cities)
        return network

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
                    "double_with": double_with_field(r.parallel)}

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


def load_map(name_or_path: str | Path | Map) -> Map:
    """Load a built-in map by name (``"usa"``) or any map file by path, and validate it (a
    ``Map`` is taken as it is)."""
    if isinstance(name_or_path, Map):
        return name_or_path
    text = str(name_or_path)
    if isinstance(name_or_path, Path) or text.endswith(".json") or "/" in text or "\\" in text:
        return map_from_dict(read_json(Path(name_or_path)), source=str(name_or_path))
    if text not in builtin_maps():
        raise map_error("no_builtin_map", name=repr(text), maps=", ".join(builtin_maps()))
    return _load_builtin(text)


@functools.lru_cache(maxsize=None)
def _load_builtin(name: str) -> Map:
    path = maps_dir() / f"{name}.json"
    return map_from_dict(read_json(path), source=str(path))


def map_from_dict(data: Any, source: str = "<map>", check: Checker | None = None) -> Map:
    """Build a ``Map`` from parsed JSON, checking every entry: the first problem raises a
    ``MapError``, or, with a ``Checker`` that collects, each is noted and the entry left out
    (``board_check.board_problems`` tells them all)."""
    check = check or Checker(source)
    check.that(isinstance(data, dict), TOP_LEVEL, "not_json_object")
    check.that(data.get("format") == MAP_FORMAT, "format", "wrong_format", expected=repr(MAP_FORMAT),
               found=repr(data.get("format")))
    name = check.string(data, "name", TOP_LEVEL)
    title = data.get("title", name)
    lists: dict[str, list] = {}
    for key in ("cities", "routes", "tickets"):
        with check.entry():  # collected: the other lists are still read (a board without tickets yet)
            check.that(isinstance(data.get(key), list) and data[key], key, "not_list")
        lists[key] = data[key] if isinstance(data.get(key), list) else []

    cities: dict[str, City] = {}
    for i, entry in enumerate(lists["cities"]):
        with check.entry():
            where: str | texts.Phrase = f"cities[{i}]"  # an entry's place, or a route named in words
            check.that(isinstance(entry, dict), where, "not_object")
            city_name = check.string(entry, "name", where)
            where = f"cities[{i}] ({city_name})"
            check.that(city_name not in cities, where, "city_twice")
            lat, lon = check.number(entry, "lat", where), check.number(entry, "lon", where)
            check.that(-90 <= lat <= 90 and -180 <= lon <= 180, where, "not_on_earth", lat=str(lat), lon=str(lon))
            kind = entry.get("kind", "city")
            check.that(kind in CITY_KINDS, where, "bad_city_kind", kinds=str(CITY_KINDS), found=repr(kind))
            country = entry.get("country")
            check.that((kind == "border") == bool(country), where, "border_country")
            cities[city_name] = City(city_name, float(lat), float(lon), kind, country)

    routes: list[Route] = []
    ids: set[int] = set()
    for i, entry in enumerate(lists["routes"]):
        with check.entry():
            where = f"routes[{i}]"
            check.that(isinstance(entry, dict), where, "not_object")
            route_id = check.integer(entry, "id", where, minimum=0)
            where = f"routes[{i}] (id {route_id})"
            check.that(route_id not in ids, where, "route_id_twice")
            ids.add(route_id)
            a, b = check.string(entry, "a", where), check.string(entry, "b", where)
            for end in (a, b):
                check.that(end in cities, where, "not_a_city", city=repr(end))
            check.that(a != b, where, "same_cities")
            length = check.integer(entry, "length", where, minimum=1)
            color = entry.get("color")
            check.that(color in TRAIN_COLORS + (GRAY,), where, "bad_route_colour",
                       colors=", ".join(TRAIN_COLORS + (GRAY,)), found=repr(color))
            tunnel = entry.get("tunnel", False)
            check.that(isinstance(tunnel, bool), where, "bad_tunnel")
            ferry = check.integer(entry, "ferry_locomotives", where, minimum=0, default=0)
            check.that(ferry <= length, where, "ferry_too_long", locomotives=ferry, length=length)
            parallel = _parallel_tracks(check, entry.get("double_with"), where)
            routes.append(Route(route_id, a, b, length, color, tunnel, ferry, parallel))

    by_id = {r.id: r for r in routes}
    for route in routes:
        for other_id in route.parallel:
            with check.entry():
                where = texts.Phrase("error.route_entry", {"route": route.id})
                check.that(other_id != route.id, where, "double_itself")
                other = by_id.get(other_id)
                if other is None:
                    check.fail(where, "double_missing", other=other_id)
                check.that({other.a, other.b} == {route.a, route.b}, where, "double_elsewhere", other=other.id)
                check.that(route.id in other.parallel, where, "double_one_way", other=other.id, route=route.id)
                check.that(other.length == route.length, where, "double_length", other=other.id,
                           other_length=other.length, length=route.length)
    _check_parallel_routes(check, routes)

    countries = {c.country for c in cities.values() if c.country}
    tickets: list[Ticket] = []
    ticket_ids: set[int] = set()
    for i, entry in enumerate(lists["tickets"]):
        with check.entry():
            where = f"tickets[{i}]"
            check.that(isinstance(entry, dict), where, "not_object")
            ticket_id = check.integer(entry, "id", where, minimum=0)
            where = f"tickets[{i}] (id {ticket_id})"
            check.that(ticket_id not in ticket_ids, where, "ticket_id_twice")
            ticket_ids.add(ticket_id)
            origin = check.string(entry, "from", where)
            destinations = entry.get("to")
            values = entry.get("points")
            if not isinstance(destinations, list):
                destinations, values = [destinations], [values]
            check.that(isinstance(values, list) and len(values) == len(destinations), where, "points_per_destination")
            for place in [origin, *destinations]:
                check.that(isinstance(place, str) and (place in cities or place in countries), where,
                           "unknown_place", place=repr(place))
            check.that(origin not in destinations, where, "ticket_loop")
            for place in destinations:
                check.that(destinations.count(place) == 1, where, "destination_twice", place=repr(place))
            for value in values:
                check.that(isinstance(value, int) and not isinstance(value, bool) and value > 0,
                           where, "bad_points", found=repr(value))
            deck = entry.get("deck", "base")
            check.that(isinstance(deck, str), where, "bad_deck")
            tickets.append(Ticket(ticket_id, origin, tuple(destinations), tuple(values), deck))

    return Map(name, str(title), cities, tuple(routes), tuple(tickets), source=source)


def _parallel_tracks(check: Checker, double_with: Any, where: str) -> tuple[int, ...]:
    """A route's ``double_with`` as the ids of its other tracks: null (a single route), the
    id of the other track (a double route), or a list of the two others (a triple route)."""
    others = other_tracks(double_with)
    if double_with is not None:
        whole = all(isinstance(other, int) and not isinstance(other, bool) for other in others)
        check.that(whole and 0 < len(others) < MOST_TRACKS and len(set(others)) == len(others), where, "bad_double")
    return others


def other_tracks(double_with: Any) -> tuple:
    """The ids a route's ``double_with`` names, unchecked: none, one, or a triple route's two."""
    return () if double_with is None else tuple(double_with) if isinstance(double_with, list) else (double_with,)


def double_with_field(parallel: tuple[int, ...] | list[int]) -> int | list[int] | None:
    """A route's other tracks as the file writes them (``other_tracks`` reads them)."""
    return None if not parallel else parallel[0] if len(parallel) == 1 else list(parallel)


def _check_parallel_routes(check: Checker, routes: list[Route]) -> None:
    """Routes between the same cities must be one double or triple route, each naming the
    others, and there are never more than three: otherwise the rules of parallel tracks
    (one track per player, tracks closed in small games) would silently not apply to them."""
    by_pair: dict[frozenset, list[Route]] = {}
    for route in routes:
        by_pair.setdefault(frozenset(route.cities), []).append(route)
    for tracks in by_pair.values():
        a, b = tracks[0].a, tracks[0].b
        ids = ", ".join(str(r.id) for r in tracks)
        with check.entry():
            check.that(len(tracks) <= MOST_TRACKS, texts.Phrase("error.routes_entry", {"routes": ids}),
                       "too_many_tracks", count=len(tracks), a=a, b=b, most=MOST_TRACKS)
            first = tracks[0]
            for other in tracks[1:]:
                check.that(other.id in first.parallel, texts.Phrase("error.route_entry", {"route": other.id}),
                           "parallel_not_double", other=first.id, a=a, b=b)
