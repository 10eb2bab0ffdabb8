"""Ticket to Ride maps as Bokeh figures.

``map_scene`` works out everything to draw as plain columns (tests check those);
``map_figure`` turns a scene into a Bokeh figure. Cities stand at their real positions
(an equirectangular projection around the map's middle latitude); each route is a row of
train cars in its colour, the two tracks of a double route side by side, tunnels with
dashed outlines, ferries with a locomotive mark on the cars that need one.

For a game each claimed car becomes a train in its owner's colour: larger than a route's
car, rounded, with a dark outline, so that who owns which route reads at a glance even
where a player's colour is near a route colour. The player colours avoid the nine route
colours (purple, teal, brown, lime, navy). A station is a square in its owner's colour
under the city's dot; one player's tickets can be shown as dotted lines.

City names are placed so that none overlaps another or a city's marker (``labels``); a
legend right of the map explains what is drawn, in the reader's language.

The figure's layout is fixed (borders of known size around the plot area, ranges set
from the map), so ``route_pixel`` can say where a route lies on the canvas, and
``on_route_tap`` turns a tap on a route into a Python call.
"""

from __future__ import annotations

import functools
import math
from dataclasses import dataclass
from typing import Any, Callable

from .. import texts
from ..algorithms import connected
from ..algorithms.longest_trail import as_edge
from ..ttr import Game, Map, Route, load_map
from .labels import Spot, place_labels, text_extent

ROUTE_COLORS = {
    "red": "#d62728", "orange": "#ff7f0e", "yellow": "#f2c500", "green": "#2ca02c", "blue": "#1f77b4",
    "pink": "#e377c2", "white": "#f4f4f4", "black": "#252525", "gray": "#a0a0a0",
}
PLAYER_COLORS = ("#7b2cbf", "#00b3a1", "#8d5524", "#b0dc1c", "#101f80")
PLAYER_NAMES = ("violet", "teal", "brown", "lime", "navy")
OUTLINE = "#111111"  # around claimed trains and stations
BACKGROUND = "#f7f3e9"
TICKET_COLOR = "#2b9348"

# The figure's fixed layout, in pixels: the title and toolbar above the plot area, the
# legend right of it, thin borders elsewhere; the map keeps MARGIN from the frame's edge.
TOP_BORDER, RIGHT_BORDER, SIDE_BORDER, MARGIN = 40, 165, 8, 16
FONT_PX = 8 * 4 / 3  # 8pt city names
CITY_SIZE, STATION_SIZE = 9, 17  # marker sizes; a city's label keeps clear of a station's square
#: where along a car (a share of its length) the labels look for it, across it at its middle and edges
CAR_SAMPLES = (-0.4, -0.2, 0, 0.2, 0.4)


@dataclass
class Geometry:
    """Sizes in map units, chosen from the map's extent so every board looks alike."""

    car_width: float
    city_radius: float
    gap: float


def project(board: Map) -> tuple[dict[str, tuple[float, float]], Geometry]:
    """City positions (x east, y north) and the sizes to draw with. A border point (as on
    the Swiss map) that lies almost on its city is moved out along its route until the
    route's cars have room: Deutschland 3 and 4 stand a few hundred metres from
    Kreuzlingen, and would hide it."""
    points, geometry = _projection(board)
    return dict(points), geometry


@functools.lru_cache(maxsize=16)
def _projection(board: Map) -> tuple[dict[str, tuple[float, float]], Geometry]:
    mid = math.radians(sum(c.lat for c in board.cities.values()) / len(board.cities))
    points = {name: (c.lon * math.cos(mid), c.lat) for name, c in board.cities.items()}
    xs, ys = [p[0] for p in points.values()], [p[1] for p in points.values()]
    extent = max(max(xs) - min(xs), max(ys) - min(ys)) or 1.0  # one city (a board being made): a degree
    for route in board.routes:
        for border, city in ((route.a, route.b), (route.b, route.a)):
            if board.cities[border].kind == "border" and board.cities[city].kind != "border":
                (xb, yb), (xc, yc) = points[border], points[city]
                distance, needed = math.hypot(xb - xc, yb - yc), extent * (0.03 + 0.03 * route.length)
                if distance < needed:
                    factor = needed / (distance or 1e-9)
                    points[border] = (xc + (xb - xc) * factor, yc + (yb - yc) * factor)
    return points, Geometry(car_width=extent * 0.011, city_radius=extent * 0.012, gap=extent * 0.003)


def track_offsets(board: Map) -> dict[int, float]:
    """Each track's place beside the line between its cities, in steps of 1.5 car widths:
    0 for a single route, -1 / +1 for a double route, -2 / 0 / +2 for a triple one."""
    return {route.id: 2.0 * route.tracks.index(route.id) - (len(route.tracks) - 1) for route in board.routes}


def route_cars(route: Route, points, geometry: Geometry, offset: float) -> list[tuple[float, float, float, float]]:
    """(x, y, length, angle) of each car of ``route``."""
    (xa, ya), (xb, yb) = points[route.a], points[route.b]
    if (route.a, xa) > (route.b, xb):  # one direction for both tracks, so offsets agree
        (xa, ya), (xb, yb) = (xb, yb), (xa, ya)
    dx, dy = xb - xa, yb - ya
    distance = math.hypot(dx, dy) or 1e-9
    ux, uy = dx / distance, dy / distance
    nx_, ny_ = -uy, ux
    shift = offset * geometry.car_width * 0.75
    free = max(distance - 2 * geometry.city_radius, distance * 0.3)
    gap = min(geometry.gap, free / (4 * route.length))
    car = (free - gap * (route.length - 1)) / route.length
    start = (distance - free) / 2
    cars = []
    for i in range(route.length):
        along = start + car / 2 + i * (car + gap)
        cars.append((xa + ux * along + nx_ * shift, ya + uy * along + ny_ * shift, car, math.atan2(uy, ux)))
    return cars


class RouteLines:
    """Where a line along a route runs on a drawn map: along the route's own track (the
    cars of a double route's other track lie beside it), for overlays over the cars."""

    def __init__(self, board: Map):
        self.board = board
        self.points, self.geometry = project(board)
        self.offsets = track_offsets(board)

    def __call__(self, item: Any) -> tuple[float, float, float, float]:
        """(x0, y0, x1, y1) for a route of the map, or a ``(city, city, length)`` tuple."""
        if hasattr(item, "id") and self.board.has_route(item.id):
            cars = route_cars(item, self.points, self.geometry, self.offsets[item.id])
            (xa, ya, la, angle), (xb, yb, lb, _) = cars[0], cars[-1]
            dx, dy = math.cos(angle), math.sin(angle)
            return xa - dx * la / 2, ya - dy * la / 2, xb + dx * lb / 2, yb + dy * lb / 2
        a, b, _ = as_edge(item)
        return self.points[a] + self.points[b]


@dataclass(frozen=True)
class Frame:
    """Where the map lies on a figure's canvas: the plot area (``left``, ``top``,
    ``width``, ``height`` in pixels from the canvas's top left corner) and the map
    units it shows (the ranges)."""

    left: float
    top: float
    width: float
    height: float
    x_start: float
    x_end: float
    y_start: float
    y_end: float

    def pixel(self, x: float, y: float) -> tuple[float, float]:
        """Canvas pixel (from the top left) of map point (x, y)."""
        return (self.left + (x - self.x_start) / (self.x_end - self.x_start) * self.width,
                self.top + (self.y_end - y) / (self.y_end - self.y_start) * self.height)


def map_frame(board: Map, width: int, height: int) -> Frame:
    """The frame ``map_figure`` gives ``board`` at this size: the whole map, centred, one
    scale for both directions."""
    points, geometry = project(board)
    frame_w = width - SIDE_BORDER - RIGHT_BORDER
    frame_h = height - TOP_BORDER - SIDE_BORDER
    xs, ys = [p[0] for p in points.values()], [p[1] for p in points.values()]
    span_x, span_y = max(xs) - min(xs), max(ys) - min(ys)
    extent = max(span_x, span_y) or 1.0  # cities in a row (a board being made): the other way gets as much room
    scale = min((frame_w - 2 * MARGIN) / (span_x or extent), (frame_h - 2 * MARGIN) / (span_y or extent))
    cx, cy = (max(xs) + min(xs)) / 2, (max(ys) + min(ys)) / 2
    half_x, half_y = frame_w / scale / 2, frame_h / scale / 2
    return Frame(SIDE_BORDER, TOP_BORDER, frame_w, frame_h, cx - half_x, cx + half_x, cy - half_y, cy + half_y)


def figure_frame(fig: Any) -> Frame:
    """The frame of a figure made by ``map_figure``, read from its borders and current
    ranges (which the browser reports back after a pan or zoom)."""
    return Frame(fig.min_border_left, fig.min_border_top,
                 fig.width - fig.min_border_left - fig.min_border_right,
                 fig.height - fig.min_border_top - fig.min_border_bottom,
                 fig.x_range.start, fig.x_range.end, fig.y_range.start, fig.y_range.end)


@functools.lru_cache(maxsize=32)
def label_spots(board: Map, width: int = 900, height: int = 560) -> tuple[Spot, ...]:
    """Where each city's name goes (in ``board.cities`` order) on a figure of this size."""
    frame = map_frame(board, width, height)
    points, geometry = project(board)
    offsets = track_offsets(board)

    def local(x: float, y: float) -> tuple[float, float]:
        px, py = frame.pixel(x, y)
        return px - frame.left, py - frame.top

    cities = [local(*points[name]) for name in board.cities]
    cars = [local(x + math.cos(angle) * length * along - math.sin(angle) * geometry.car_width * across,
                  y + math.sin(angle) * length * along + math.cos(angle) * geometry.car_width * across)
            for route in board.routes
            for x, y, length, angle in route_cars(route, points, geometry, offsets[route.id])
            for along in CAR_SAMPLES for across in (-0.35, 0, 0.35)]
    sizes = [text_extent(name, FONT_PX) for name in board.cities]
    markers = [STATION_SIZE if city.kind == "city" else CITY_SIZE + 2 for city in board.cities.values()]
    return tuple(place_labels(cities, sizes, markers, (0, 0, frame.width, frame.height), cars))


def map_title(board: Map) -> str:
    """The map's title in the reader's language (a built-in map's from the texts)."""
    return texts.render(texts.map_title(board))


def route_text(route: Route, owner: int | None = None, you: int | None = None) -> str:
    """A route in words, for its tooltip: "Denver–Omaha, 4 pink", and who owns it."""
    parts = [texts.text("map.route", a=route.a, b=route.b, length=route.length, color=route.color)]
    if route.tunnel:
        parts.append(texts.text("map.tunnel"))
    if route.ferry_locomotives:
        parts.append(texts.text("map.ferry", locomotives=texts.quantity("locomotive", route.ferry_locomotives)))
    if owner is not None:
        key = "map.claimed_by_you" if owner == you else "map.claimed"
        parts.append(texts.text(key, player=owner, colour=PLAYER_NAMES[owner]))
    return ", ".join(parts)


def map_scene(map_or_game: Map | Game | str, player: int | None = None, width: int = 900,
              height: int = 560, you: bool = True) -> dict[str, dict[str, list]]:
    """Everything to draw, as columns: ``cities`` (with where their names go on a figure
    of ``width`` × ``height``), ``cars`` (the route spaces), ``trains`` (claimed cars),
    ``ferry_marks``, ``stations``, ``tickets``. ``player``: whose tickets to show (in a
    game), and who "you" is in the texts (unless not ``you``: a game between bots)."""
    game = map_or_game if isinstance(map_or_game, Game) else None
    board = game.map if game else load_map(map_or_game)
    points, geometry = project(board)
    offsets = track_offsets(board)
    cars: dict[str, list] = {k: [] for k in ("x", "y", "length", "angle", "fill", "line", "dash", "route", "label",
                                              "owner", "tunnel")}
    trains: dict[str, list] = {k: [] for k in ("x", "y", "length", "angle", "fill", "owner", "route")}
    marks: dict[str, list] = {"x": [], "y": [], "route": []}
    for route in board.routes:
        owner = game.claimed.get(route.id) if game else None
        label = route_text(route, owner, player if you else None)
        for i, (x, y, length, angle) in enumerate(route_cars(route, points, geometry, offsets[route.id])):
            for key, value in (("x", x), ("y", y), ("length", length), ("angle", angle),
                               ("fill", ROUTE_COLORS[route.color]),
                               ("line", "#111111" if route.color == "white" else "#555555"),
                               ("dash", "dashed" if route.tunnel else "solid"), ("route", route.id),
                               ("label", label), ("owner", -1 if owner is None else owner), ("tunnel", route.tunnel)):
                cars[key].append(value)
            if owner is not None:
                for key, value in (("x", x), ("y", y), ("length", length), ("angle", angle),
                                   ("fill", PLAYER_COLORS[owner]), ("owner", owner), ("route", route.id)):
                    trains[key].append(value)
            if i < route.ferry_locomotives:
                marks["x"].append(x)
                marks["y"].append(y)
                marks["route"].append(route.id)
    on_ticket = set()
    tickets: dict[str, list] = {"x0": [], "y0": [], "x1": [], "y1": [], "complete": [], "label": []}
    if game is not None and player is not None:
        own = game.routes_of(player)
        for ticket_id in game.tickets[player]:
            ticket = board.ticket(ticket_id)
            for destination in ticket.destinations:
                a, b = board.places(ticket.origin)[0], board.places(destination)[0]
                on_ticket.update((a, b))
                done = any(connected(own, x, y) for x in board.places(ticket.origin) for y in board.places(destination))
                tickets["x0"].append(points[a][0])
                tickets["y0"].append(points[a][1])
                tickets["x1"].append(points[b][0])
                tickets["y1"].append(points[b][1])
                tickets["complete"].append(done)
                tickets["label"].append(str(ticket))
    cities: dict[str, list] = {k: [] for k in ("x", "y", "name", "kind", "on_ticket", "size", "label_x_offset",
                                                "label_y_offset", "label_align", "label_baseline")}
    for (name, city), spot in zip(board.cities.items(), label_spots(board, width, height)):
        for key, value in (("x", points[name][0]), ("y", points[name][1]), ("name", name), ("kind", city.kind),
                           ("on_ticket", name in on_ticket), ("size", geometry.city_radius * 2),
                           ("label_x_offset", spot.x_offset), ("label_y_offset", spot.y_offset),
                           ("label_align", spot.align), ("label_baseline", spot.baseline)):
            cities[key].append(value)
    stations: dict[str, list] = {"x": [], "y": [], "fill": [], "owner": [], "label": []}
    for city, owner in (game.stations.items() if game else ()):
        stations["x"].append(points[city][0])
        stations["y"].append(points[city][1])
        stations["fill"].append(PLAYER_COLORS[owner])
        stations["owner"].append(owner)
        stations["label"].append(texts.text("map.station_of", player=owner, city=city))
    return {"cities": cities, "cars": cars, "trains": trains, "ferry_marks": marks, "stations": stations,
            "tickets": tickets, "geometry": {"car_width": [geometry.car_width]}}


def legend_entries(map_or_game: Map | Game | str, player: int | None = None, you: bool = True) -> list[tuple[str, str]]:
    """What the legend explains, as (kind, text) in the reader's language: each player of
    a game ("player-0" …, "you" for ``player`` unless not ``you``: whose tickets are shown
    in a game between bots), then the kinds of things on this map."""
    game = map_or_game if isinstance(map_or_game, Game) else None
    board = game.map if game else load_map(map_or_game)
    entries = []
    for p in range(game.players if game else 0):
        entries.append((f"player-{p}", texts.text("map.you" if you and p == player else "map.player", player=p)))
    if game is not None and player is not None:
        entries.append(("ticket", texts.text("map.ticket")))
    if any(r.tunnel for r in board.routes):
        entries.append(("tunnel", texts.text("map.tunnel")))
    if any(r.ferry_locomotives for r in board.routes):
        entries.append(("ferry", texts.text("map.ferry_legend")))
    if game is not None and game.rules.stations_per_player:
        entries.append(("station", texts.text("map.station")))
    if any(r.parallel for r in board.routes):
        triple = any(len(r.parallel) > 1 for r in board.routes)
        entries.append(("double", texts.text("map.double_triple" if triple else "map.double")))
    return entries


def _legend(fig: Any, entries: list[tuple[str, str]]) -> Any:
    """A legend right of the map: one small glyph per entry, drawn by renderers whose only
    row lies nowhere (NaN), so they show in the legend and not on the map."""
    from bokeh.core.properties import value
    from bokeh.models import ColumnDataSource, Legend, LegendItem

    nowhere = ColumnDataSource({"x": [math.nan], "y": [math.nan]})
    car = dict(x="x", y="y", width=1, height=1, source=nowhere)

    def glyphs(kind: str) -> list:
        if kind.startswith("player-"):
            return [fig.rect(**car, fill_color=PLAYER_COLORS[int(kind[7:])], line_color=OUTLINE, line_width=2)]
        if kind == "ticket":
            return [fig.segment("x", "y", "x", "y", source=nowhere, line_color=TICKET_COLOR, line_width=3,
                                line_dash="dotted")]
        if kind == "tunnel":
            return [fig.rect(**car, fill_color=ROUTE_COLORS["gray"], line_color="#555555", line_dash="dashed")]
        if kind == "ferry":
            return [fig.rect(**car, fill_color=ROUTE_COLORS["gray"], line_color="#555555"),
                    fig.scatter("x", "y", source=nowhere, marker="circle", fill_color="white", line_color=OUTLINE)]
        if kind == "station":
            return [fig.rect(**car, fill_color="#bbbbbb", line_color=OUTLINE, line_width=1.5),
                    fig.scatter("x", "y", source=nowhere, marker="circle", fill_color="#fff8dc", line_color="#3d2b1f")]
        # a double route: two tracks, a car split lengthwise by a line of the background
        return [fig.rect(**car, fill_color=ROUTE_COLORS["gray"], line_color="#555555"),
                fig.segment("x", "y", "x", "y", source=nowhere, line_color="white", line_width=3)]

    items = []
    for kind, label in entries:
        renderers = glyphs(kind)
        for renderer in renderers:
            renderer.name = f"legend:{kind}"
        items.append(LegendItem(label=value(label), renderers=renderers, name=kind))
    legend = Legend(items=items, location="top_left", label_text_font_size="8pt", glyph_width=24, glyph_height=14,
                    spacing=3, padding=6, margin=6, border_line_color=None, background_fill_alpha=0.0,
                    name="legend")
    fig.add_layout(legend, "right")
    return legend


def map_figure(map_or_game: Map | Game | str, player: int | None = None, width: int = 900, height: int = 560,
               title: str | None = None, you: bool = True) -> Any:
    """A Bokeh figure of the map (or of a game's board, for ``player``: "you", unless not
    ``you``, as in a game between bots); see ``map_scene``. Routes can be tapped
    (``on_route_tap``) and show what they are on hover."""
    from bokeh.models import ColumnDataSource, HoverTool, Range1d, TapTool
    from bokeh.plotting import figure

    board = map_or_game.map if isinstance(map_or_game, Game) else load_map(map_or_game)
    scene = map_scene(map_or_game, player, width, height, you)
    frame = map_frame(board, width, height)
    fig = figure(width=width, height=height, title=title or map_title(board), tools="pan,wheel_zoom,reset,save",
                 toolbar_location="above", x_range=Range1d(frame.x_start, frame.x_end),
                 y_range=Range1d(frame.y_start, frame.y_end), min_border_left=SIDE_BORDER,
                 min_border_right=RIGHT_BORDER, min_border_top=TOP_BORDER, min_border_bottom=SIDE_BORDER)
    fig.axis.visible = False
    fig.grid.visible = False
    fig.toolbar.logo = None
    fig.background_fill_color = BACKGROUND
    fig.tags = [{"zuzlab_map": board.name, "player": player, "you": you, "custom_title": title is not None}]
    sources = {name: ColumnDataSource(columns) for name, columns in scene.items() if name != "geometry"}
    car_width = scene["geometry"]["car_width"][0]
    fig.segment("x0", "y0", "x1", "y1", source=sources["tickets"], line_width=3, line_alpha=0.7,
                line_color=TICKET_COLOR, line_dash="dotted", name="tickets")
    cars = fig.rect("x", "y", width="length", height=car_width, angle="angle", source=sources["cars"],
                    fill_color="fill", line_color="line", line_dash="dash", line_width=1.2, name="cars")
    cars.selection_glyph = cars.nonselection_glyph = None  # a tap leaves the look alone
    fig.rect("x", "y", width="length", height=car_width * 1.35, angle="angle", source=sources["trains"],
             fill_color="fill", line_color=OUTLINE, line_width=2, border_radius=3, name="trains")
    fig.scatter("x", "y", source=sources["ferry_marks"], size=5, marker="circle", fill_color="white",
                line_color="#111111", name="ferry_marks")
    fig.scatter("x", "y", source=sources["stations"], size=STATION_SIZE, marker="square", fill_color="fill",
                line_color=OUTLINE, line_width=1.5, name="stations")
    # cities and their names above every glyph, also above overlays that others add later
    fig.scatter("x", "y", source=sources["cities"], size=CITY_SIZE, fill_color="#fff8dc", line_color="#3d2b1f",
                line_width=2, name="cities", level="annotation")
    fig.text("x", "y", text="name", source=sources["cities"], text_font_size="8pt", x_offset="label_x_offset",
             y_offset="label_y_offset", text_align="label_align", text_baseline="label_baseline",
             text_color="#3d2b1f", background_fill_color=BACKGROUND, background_fill_alpha=0.85, name="city_names",
             level="annotation")
    fig.add_tools(HoverTool(renderers=[cars], tooltips="@label"))
    fig.add_tools(TapTool(renderers=[cars]))
    _legend(fig, legend_entries(map_or_game, player, you))
    return fig


def route_pixel(fig: Any, route_id: int) -> tuple[float, float]:
    """Where to click on ``route_id``: the centre of its middle car (or of the car nearest
    the middle that no other route's car covers), in pixels from the top left of the
    figure's canvas. Assumes the layout ``map_figure`` sets: the plot area inside the
    fixed ``min_border_*`` (title, toolbar and legend fit in them), the figure's
    ``width``/``height`` unchanged, and the current ``x_range``/``y_range`` (as drawn, or
    as the browser last reported them)."""
    cars = fig.select_one({"name": "cars"})
    data = cars.data_source.data
    rows = [i for i, route in enumerate(data["route"]) if route == route_id]
    if not rows:
        raise KeyError(f"no route {route_id} on this figure")
    middle = (len(rows) - 1) / 2
    frame = figure_frame(fig)
    height = cars.glyph.height
    for i in sorted(rows, key=lambda i: abs(rows.index(i) - middle)):
        cos, sin, length = math.cos(data["angle"][i]), math.sin(data["angle"][i]), data["length"][i]
        for along, across in ((0, 0), (-0.3, 0), (0.3, 0), (0, -0.3), (0, 0.3), (-0.3, -0.3), (-0.3, 0.3),
                              (0.3, -0.3), (0.3, 0.3)):
            x = data["x"][i] + cos * length * along - sin * height * across
            y = data["y"][i] + sin * length * along + cos * height * across
            if routes_at(data, height, x, y) == {route_id}:
                return frame.pixel(x, y)
    i = rows[len(rows) // 2]
    return frame.pixel(data["x"][i], data["y"][i])


def routes_at(data: dict[str, list], height: float, x: float, y: float) -> set[int]:
    """The routes whose cars cover map point (x, y)."""
    hit = set()
    for cx, cy, length, angle, route in zip(data["x"], data["y"], data["length"], data["angle"], data["route"]):
        along = (x - cx) * math.cos(angle) + (y - cy) * math.sin(angle)
        across = (y - cy) * math.cos(angle) - (x - cx) * math.sin(angle)
        if abs(along) <= length / 2 and abs(across) <= height / 2:
            hit.add(route)
    return hit


def on_route_tap(fig: Any, callback: Callable[[int], Any]) -> None:
    """Call ``callback(route_id)`` when a route's car is tapped in the browser (the tap
    selects the car; jupyter_bokeh brings the selection to Python). The selection is
    cleared again at once, so the same route can be tapped twice in a row."""
    _on_tap(fig.select_one({"name": "cars"}).data_source, "route", callback)


def on_city_tap(fig: Any, callback: Callable[[str], Any]) -> None:
    """Call ``callback(city)`` when a city is tapped in the browser, as ``on_route_tap``
    does for routes: the map's tap tool picks cities too from now on (a tap leaves their
    look alone)."""
    from bokeh.models import TapTool

    cities = fig.select_one({"name": "cities"})
    for renderer in (cities, fig.select_one({"name": "city_names"})):  # the names share the cities' data
        renderer.selection_glyph = renderer.nonselection_glyph = None
    tap = next(tool for tool in fig.tools if isinstance(tool, TapTool))
    if cities not in tap.renderers:
        tap.renderers = [*tap.renderers, cities]
    _on_tap(cities.data_source, "name", callback)


def _on_tap(source: Any, column: str, callback: Callable[[Any], Any]) -> None:
    """Call ``callback`` with the ``column`` value of a tapped row of ``source``, and
    clear the selection again at once (so the same row can be tapped twice in a row)."""

    def tapped(attr: str, old: list[int], new: list[int]) -> None:
        chosen = list(source.selected.indices)  # now, not ``new``: jupyter_bokeh may call twice
        if not chosen:
            return
        source.selected.indices = []
        callback(source.data[column][chosen[0]])

    source.selected.on_change("indices", tapped)


_bokehjs_loaded = False


def setup_notebook() -> None:
    """Load BokehJS into the notebook page from the package itself (not from the
    internet), so figures work offline and in class. Figure widgets need it first.

    The loader is about 8 MB of JavaScript. It has done its work once the page has run
    it, so when the next cell starts its output is replaced by nothing: a saved notebook
    stays small enough to hand out (the page keeps BokehJS)."""
    global _bokehjs_loaded
    import bokeh.io.notebook as bokeh_notebook
    from bokeh.io import output_notebook
    from bokeh.resources import INLINE
    from IPython import get_ipython
    from IPython.display import update_display

    publish = bokeh_notebook.publish_display_data

    def with_display_id(data, metadata=None, *, transient=None, **kwargs):
        publish(data, metadata, transient={**(transient or {}), "display_id": BOKEHJS_DISPLAY}, **kwargs)

    bokeh_notebook.publish_display_data = with_display_id
    try:
        output_notebook(resources=INLINE, hide_banner=True)
    finally:
        bokeh_notebook.publish_display_data = publish
    _bokehjs_loaded = True
    shell = get_ipython()
    if shell is not None:
        def shrink(*_: Any) -> None:
            update_display({"text/plain": ""}, raw=True, display_id=BOKEHJS_DISPLAY)
            shell.events.unregister("pre_run_cell", shrink)

        shell.events.register("pre_run_cell", shrink)


#: the display that carries the BokehJS loader (replaced by nothing once it has run)
BOKEHJS_DISPLAY = "zuzlab-bokehjs-loader"


def bokeh_widget(fig: Any) -> Any:
    """A figure as a live widget (it follows changes to its data); loads BokehJS first if
    this kernel has not yet."""
    from jupyter_bokeh import BokehModel

    if not _bokehjs_loaded:
        setup_notebook()
    return BokehModel(fig)


def update_map_figure(fig: Any, map_or_game: Map | Game, player: int | None = None) -> None:
    """Bring a figure made by ``map_figure`` up to date with a game (in place, so a
    displayed figure follows), and its texts with the reader's language."""
    you = fig.tags[0].get("you", True) if fig.tags else True
    scene = map_scene(map_or_game, player, fig.width, fig.height, you)
    for name in ("cars", "trains", "ferry_marks", "stations", "tickets", "cities"):
        fig.select_one({"name": name}).data_source.data = scene[name]
    board = map_or_game.map if isinstance(map_or_game, Game) else load_map(map_or_game)
    if not fig.tags or not fig.tags[0].get("custom_title"):
        fig.title.text = map_title(board)
    from bokeh.core.properties import value

    labels = dict(legend_entries(map_or_game, player, you))
    for item in fig.select_one({"name": "legend"}).items:
        if item.name in labels:
            item.label = value(labels[item.name])


def show(fig: Any) -> None:
    """Display a Bokeh figure in a notebook as a widget. Like Bokeh's own ``show`` it
    returns nothing, so a cell ending with it shows the figure once, not twice."""
    from IPython.display import display

    display(bokeh_widget(fig))
