"""A board of your own, made step by step: in code, or by the clicks of a builder view, which
calls the same methods. Each step can be undone.

The builder keeps the board as a map file's data (``maps/README.md``: the ``zuzlab-map/1``
format), so what it makes is exactly what is saved and loaded; ``to_map`` reads it as the
game does. Its suggestions follow the printed boards: a new route's length from the
distance between its cities at the board's own scale (kilometres per train of the routes
already drawn; the USA board's until there are some), and its colour the one with the
fewest trains so far, so that the colours stay balanced as on a printed board. A second
route between the same two cities becomes their double route, a third their triple route.
"""

from __future__ import annotations

import copy
import json
import math
import statistics
from functools import cache
from pathlib import Path

from .. import texts
from .maps import (GRAY, MAP_FORMAT, MOST_TRACKS, TRAIN_COLORS, City, Map, Route, double_with_field, load_map,
                   map_from_dict, other_tracks)
from .ticket_maker import train_distances

#: the longest route a suggestion gives (the printed boards' longest)
LONGEST_SUGGESTED = 6
EARTH_RADIUS_KM = 6371.0


def kilometres(a: tuple[float, float], b: tuple[float, float]) -> float:
    """The great-circle distance between two (latitude, longitude) points."""
    (lat1, lon1), (lat2, lon2) = (tuple(map(math.radians, point)) for point in (a, b))
    inner = math.sin((lat2 - lat1) / 2) ** 2 + math.cos(lat1) * math.cos(lat2) * math.sin((lon2 - lon1) / 2) ** 2
    return 2 * EARTH_RADIUS_KM * math.asin(math.sqrt(inner))


def kilometres_per_train(board: Map | dict) -> float:
    """The board's scale: the median kilometres per train of its routes."""
    data = board.to_dict() if isinstance(board, Map) else board
    where = {city["name"]: (city["lat"], city["lon"]) for city in data["cities"]}
    return statistics.median(kilometres(where[route["a"]], where[route["b"]]) / route["length"]
                             for route in data["routes"])


@cache
def usa_scale() -> float:
    """The printed USA board's kilometres per train: the scale of a board with no routes yet."""
    return kilometres_per_train(load_map("usa"))


class BoardBuilder:
    """A board being made (the module's text)."""

    def __init__(self, name: str, title: str | None = None):
        self.data: dict = {"format": MAP_FORMAT, "name": name, "title": title or name,
                           "cities": [], "routes": [], "tickets": []}
        self._done: list[dict] = []  # the data before each step, for undo

    # --- what is there
    def city(self, name: str) -> dict:
        found = next((city for city in self.data["cities"] if city["name"] == name), None)
        if found is None:
            raise texts.InputError("error.builder_no_city", city=repr(name),
                                   cities=", ".join(c["name"] for c in self.data["cities"]) or "–")
        return found

    def routes_between(self, a: str, b: str) -> list[dict]:
        return [route for route in self.data["routes"] if {route["a"], route["b"]} == {a, b}]

    # --- suggestions
    def suggested_length(self, a: str, b: str) -> int:
        """Trains for a route from ``a`` to ``b``: their distance at the board's scale."""
        scale = kilometres_per_train(self.data) if self.data["routes"] else usa_scale()
        where = [(self.city(end)["lat"], self.city(end)["lon"]) for end in (a, b)]
        return max(1, min(LONGEST_SUGGESTED, round(kilometres(*where) / scale)))

    def suggested_colour(self) -> str:
        """The colour with the fewest trains on the board so far (the first such, in the deck's order)."""
        trains = {colour: 0 for colour in TRAIN_COLORS}
        for route in self.data["routes"]:
            if route["color"] in trains:
                trains[route["color"]] += route["length"]
        return min(TRAIN_COLORS, key=lambda colour: trains[colour])

    # --- steps
    def _step(self) -> None:
        self._done.append(copy.deepcopy(self.data))

    def add_city(self, name: str, lat: float, lon: float) -> None:
        """A city at (``lat``, ``lon``); a name the board has already is refused."""
        if not isinstance(name, str) or not name.strip():
            raise texts.InputError("error.builder_city_name", name=repr(name))
        if any(city["name"] == name for city in self.data["cities"]):
            raise texts.InputError("error.builder_city_twice", city=repr(name))
        check_position(lat, lon)
        self._step()
        self.data["cities"].append({"name": name, "lat": float(lat), "lon": float(lon)})

    def move_city(self, name: str, lat: float, lon: float) -> None:
        city = self.city(name)
        check_position(lat, lon)
        self._step()
        city["lat"], city["lon"] = float(lat), float(lon)

    def remove_city(self, name: str) -> None:
        """The city and every route and ticket that names it."""
        self.city(name)
        self._step()
        self.data["cities"] = [city for city in self.data["cities"] if city["name"] != name]
        gone = {route["id"] for route in self.data["routes"] if name in (route["a"], route["b"])}
        self._drop_routes(gone)
        self.data["tickets"] = [ticket for ticket in self.data["tickets"] if name not in (ticket["from"], ticket["to"])]

    def add_route(self, a: str, b: str, length: int | None = None, colour: str | None = None,
                  tunnel: bool = False, ferry_locomotives: int = 0) -> dict:
        """A route from ``a`` to ``b``, its length and colour suggested unless given; a
        second route between the same cities becomes their double route, a third their
        triple route (all tracks of one length)."""
        self.city(a), self.city(b)
        if a == b:
            raise texts.InputError("error.builder_same_cities", city=repr(a))
        twins = self.routes_between(a, b)
        if len(twins) >= MOST_TRACKS:
            raise texts.InputError("error.builder_too_many_tracks", a=a, b=b, most=MOST_TRACKS)
        if twins:
            length = twins[0]["length"] if length is None else length
            if length != twins[0]["length"]:
                raise texts.InputError("error.builder_double_length", a=a, b=b, length=twins[0]["length"])
        length = self.suggested_length(a, b) if length is None else length
        if isinstance(length, bool) or not isinstance(length, int) or length < 1:
            raise texts.InputError("error.builder_length", length=repr(length))
        colour = self.suggested_colour() if colour is None else colour
        if colour not in TRAIN_COLORS + (GRAY,):
            raise texts.InputError("error.builder_colour", colour=repr(colour),
                                   colours=", ".join(TRAIN_COLORS + (GRAY,)))
        self._step()
        new_id = max((r["id"] for r in self.data["routes"]), default=-1) + 1
        for twin in twins:
            twin["double_with"] = double_with_field([*other_tracks(twin["double_with"]), new_id])
        route = {"id": new_id, "a": a, "b": b, "length": length, "color": colour, "tunnel": tunnel,
                 "ferry_locomotives": ferry_locomotives, "double_with": double_with_field([t["id"] for t in twins])}
        self.data["routes"].append(route)
        return route

    def remove_route(self, route_id: int) -> None:
        if not any(route["id"] == route_id for route in self.data["routes"]):
            raise texts.InputError("error.builder_no_route", route=repr(route_id))
        self._step()
        self._drop_routes({route_id})

    def _drop_routes(self, ids: set[int]) -> None:
        self.data["routes"] = [route for route in self.data["routes"] if route["id"] not in ids]
        for route in self.data["routes"]:
            route["double_with"] = double_with_field([other for other in other_tracks(route["double_with"])
                                                      if other not in ids])

    def set_tickets(self, tickets: list) -> None:
        """The board's deck (``Ticket`` values, e.g. from ``ticket_maker.make_tickets``)."""
        self._step()
        self.data["tickets"] = [{"id": t.id, "from": t.origin, "to": t.destinations[0], "points": t.values[0],
                                 "deck": t.deck} for t in tickets]

    def add_ticket(self, a: str, b: str, points: int | None = None, deck: str = "base") -> dict:
        """A ticket from ``a`` to ``b`` of one's own (a made deck edited): worth ``points``,
        by default the shortest way between them in trains, as a made ticket is."""
        self.city(a), self.city(b)
        if a == b:
            raise texts.InputError("error.builder_ticket_loop", city=repr(a))
        if points is None:
            points = train_distances(self.draft()).get(a, {}).get(b)
            if points is None:
                raise texts.InputError("error.builder_ticket_unjoined", a=a, b=b)
        if isinstance(points, bool) or not isinstance(points, int) or points < 1:
            raise texts.InputError("error.builder_ticket_points", points=repr(points))
        self._step()
        ticket = {"id": max((t["id"] for t in self.data["tickets"]), default=-1) + 1, "from": a, "to": b,
                  "points": points, "deck": deck}
        self.data["tickets"].append(ticket)
        return ticket

    def remove_ticket(self, ticket_id: int) -> None:
        if not any(ticket["id"] == ticket_id for ticket in self.data["tickets"]):
            raise texts.InputError("error.builder_no_ticket", ticket=repr(ticket_id))
        self._step()
        self.data["tickets"] = [ticket for ticket in self.data["tickets"] if ticket["id"] != ticket_id]

    def undo(self) -> None:
        """Take back the last step."""
        if not self._done:
            raise texts.InputError("error.builder_nothing_to_undo")
        self.data = self._done.pop()

    # --- the board
    def draft(self) -> Map:
        """The board as it stands, tickets or none, to draw it or make its tickets
        (``ticket_maker.make_tickets(builder.draft(), …)``); its steps keep it whole."""
        cities = {c["name"]: City(c["name"], c["lat"], c["lon"]) for c in self.data["cities"]}
        routes = tuple(Route(r["id"], r["a"], r["b"], r["length"], r["color"], r["tunnel"], r["ferry_locomotives"],
                             other_tracks(r["double_with"])) for r in self.data["routes"])
        return Map(self.data["name"], self.data["title"], cities, routes, ())

    def to_map(self) -> Map:
        """The board as a game reads it (a ``MapError`` names its first problem;
        ``board_check.board_problems(builder.data)`` names them all)."""
        return map_from_dict(copy.deepcopy(self.data), f"<{self.data['name']}>")

    def save(self, path: str | Path) -> Path:
        """Write the board as a ``zuzlab-map/1`` file (``load_map(path)`` reads it back)."""
        path = Path(path)
        path.write_text(json.dumps(self.data, ensure_ascii=False, indent=1) + "\n", encoding="utf-8")
        return path


def check_position(lat: float, lon: float) -> None:
    """Refuse a position that is not on the earth, by name."""
    numbers = all(isinstance(value, (int, float)) and not isinstance(value, bool) for value in (lat, lon))
    if not (numbers and -90 <= lat <= 90 and -180 <= lon <= 180):
        raise texts.InputError("error.builder_position", lat=repr(lat), lon=repr(lon))
