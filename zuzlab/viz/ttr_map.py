"""Ticket to Ride maps as Bokeh figures.

``map_scene`` works out everything to draw as plain columns (tests check those);
``map_figure`` turns a scene into a Bokeh figure. Cities stand at their real positions
(an equirectangular projection around the map's middle latitude); each route is a row of
train cars in its colour, the two tracks of a double route side by side, tunnels with
dashed outlines, ferries with a locomotive mark on the cars that need one.

For a game each claimed car carries a train in its owner's colour (the route's colour
stays visible around it), stations stand next to their cities, and one player's tickets
can be shown.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Any

from ..algorithms import connected
from ..algorithms.longest_trail import as_edge
from ..ttr import Game, Map, Route, load_map

ROUTE_COLORS = {
    "red": "#d62728", "orange": "#ff7f0e", "yellow": "#f2c500", "green": "#2ca02c", "blue": "#1f77b4",
    "pink": "#e377c2", "white": "#f4f4f4", "black": "#252525", "gray": "#a0a0a0",
}
PLAYER_COLORS = ("#7b2cbf", "#00a6a6", "#e85d04", "#3a86ff", "#8d6e63")
PLAYER_NAMES = ("purple", "teal", "orange", "blue", "brown")


@dataclass
class Geometry:
    """Sizes in map units, chosen from the map's extent so every board looks alike."""

    car_width: float
    city_radius: float
    gap: float


def project(board: Map) -> tuple[dict[str, tuple[float, float]], Geometry]:
    """City positions (x east, y north) and the sizes to draw with."""
    mid = math.radians(sum(c.lat for c in board.cities.values()) / len(board.cities))
    points = {name: (c.lon * math.cos(mid), c.lat) for name, c in board.cities.items()}
    xs, ys = [p[0] for p in points.values()], [p[1] for p in points.values()]
    extent = max(max(xs) - min(xs), max(ys) - min(ys))
    return points, Geometry(car_width=extent * 0.011, city_radius=extent * 0.012, gap=extent * 0.003)


def _track_offsets(board: Map) -> dict[int, float]:
    """-1 / +1 for the two tracks of a double route (0 for a single one)."""
    offsets = {}
    for route in board.routes:
        if route.double_with is None:
            offsets[route.id] = 0.0
        else:
            offsets[route.id] = -1.0 if route.id < route.double_with else 1.0
    return offsets


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
        self.offsets = _track_offsets(board)

    def __call__(self, item: Any) -> tuple[float, float, float, float]:
        """(x0, y0, x1, y1) for a route of the map, or a ``(city, city, length)`` tuple."""
        if hasattr(item, "id") and self.board.has_route(item.id):
            cars = route_cars(item, self.points, self.geometry, self.offsets[item.id])
            (xa, ya, la, angle), (xb, yb, lb, _) = cars[0], cars[-1]
            dx, dy = math.cos(angle), math.sin(angle)
            return xa - dx * la / 2, ya - dy * la / 2, xb + dx * lb / 2, yb + dy * lb / 2
        a, b, _ = as_edge(item)
        return self.points[a] + self.points[b]


def map_scene(map_or_game: Map | Game | str, player: int | None = None) -> dict[str, dict[str, list]]:
    """Everything to draw, as columns: ``cities``, ``cars`` (the route spaces), ``trains``
    (claimed cars), ``ferry_marks``, ``stations``, ``tickets``. ``player``: whose tickets
    to show (in a game)."""
    game = map_or_game if isinstance(map_or_game, Game) else None
    board = game.map if game else load_map(map_or_game)
    points, geometry = project(board)
    offsets = _track_offsets(board)
    cars: dict[str, list] = {k: [] for k in ("x", "y", "length", "angle", "fill", "line", "dash", "route", "label",
                                              "owner", "tunnel")}
    trains: dict[str, list] = {k: [] for k in ("x", "y", "length", "angle", "fill", "owner", "route")}
    marks: dict[str, list] = {"x": [], "y": [], "route": []}
    for route in board.routes:
        owner = game.claimed.get(route.id) if game else None
        kind = " tunnel" if route.tunnel else (f" ferry ({route.ferry_locomotives} locomotives)"
                                               if route.ferry_locomotives else "")
        label = f"{route.a} – {route.b}: {route.length} {route.color}{kind}"
        if owner is not None:
            label += f", player {owner} ({PLAYER_NAMES[owner]})"
        for i, (x, y, length, angle) in enumerate(route_cars(route, points, geometry, offsets[route.id])):
            cars["x"].append(x)
            cars["y"].append(y)
            cars["length"].append(length)
            cars["angle"].append(angle)
            cars["fill"].append(ROUTE_COLORS[route.color])
            cars["line"].append("#111111" if route.color == "white" else "#555555")
            cars["dash"].append("dashed" if route.tunnel else "solid")
            cars["route"].append(route.id)
            cars["label"].append(label)
            cars["owner"].append(-1 if owner is None else owner)
            cars["tunnel"].append(route.tunnel)
            if owner is not None:
                for key, value in (("x", x), ("y", y), ("length", length * 0.8), ("angle", angle),
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
    cities: dict[str, list] = {"x": [], "y": [], "name": [], "kind": [], "on_ticket": [], "size": []}
    for name, city in board.cities.items():
        cities["x"].append(points[name][0])
        cities["y"].append(points[name][1])
        cities["name"].append(name)
        cities["kind"].append(city.kind)
        cities["on_ticket"].append(name in on_ticket)
        cities["size"].append(geometry.city_radius * 2)
    stations: dict[str, list] = {"x": [], "y": [], "fill": [], "label": []}
    for city, owner in (game.stations.items() if game else ()):
        stations["x"].append(points[city][0] + geometry.city_radius)
        stations["y"].append(points[city][1] + geometry.city_radius)
        stations["fill"].append(PLAYER_COLORS[owner])
        stations["label"].append(f"station of player {owner} in {city}")
    return {"cities": cities, "cars": cars, "trains": trains, "ferry_marks": marks, "stations": stations,
            "tickets": tickets, "geometry": {"car_width": [geometry.car_width]}}


def map_figure(map_or_game: Map | Game | str, player: int | None = None, width: int = 900, height: int = 560,
               title: str | None = None) -> Any:
    """A Bokeh figure of the map (or of a game's board); see ``map_scene``."""
    from bokeh.models import ColumnDataSource, HoverTool
    from bokeh.plotting import figure

    scene = map_scene(map_or_game, player)
    board = map_or_game.map if isinstance(map_or_game, Game) else load_map(map_or_game)
    fig = figure(width=width, height=height, match_aspect=True, title=title or board.title,
                 tools="pan,wheel_zoom,reset,save", toolbar_location="above")
    fig.axis.visible = False
    fig.grid.visible = False
    fig.background_fill_color = "#f7f3e9"
    sources = {name: ColumnDataSource(columns) for name, columns in scene.items() if name != "geometry"}
    car_width = scene["geometry"]["car_width"][0]
    fig.segment("x0", "y0", "x1", "y1", source=sources["tickets"], line_width=3, line_alpha=0.55,
                line_color="#2b9348", line_dash="dashed", name="tickets")
    cars = fig.rect("x", "y", width="length", height=car_width, angle="angle", source=sources["cars"],
                    fill_color="fill", line_color="line", line_dash="dash", line_width=1.2, name="cars")
    fig.rect("x", "y", width="length", height=car_width * 0.62, angle="angle", source=sources["trains"],
             fill_color="fill", line_color="white", line_width=1.5, name="trains")
    fig.scatter("x", "y", source=sources["ferry_marks"], size=5, marker="circle", fill_color="white",
                line_color="#111111", name="ferry_marks")
    fig.scatter("x", "y", source=sources["cities"], size=9, fill_color="#fff8dc", line_color="#3d2b1f",
                line_width=2, name="cities")
    fig.text("x", "y", text="name", source=sources["cities"], text_font_size="8pt", x_offset=6, y_offset=-4,
             text_color="#3d2b1f", name="city_names")
    fig.scatter("x", "y", source=sources["stations"], size=10, marker="square", fill_color="fill",
                line_color="#111111", name="stations")
    fig.add_tools(HoverTool(renderers=[cars], tooltips=[("route", "@label")]))
    return fig


_bokehjs_loaded = False


def setup_notebook() -> None:
    """Load BokehJS into the notebook page from the package itself (not from the
    internet), so figures work offline and in class. Figure widgets need it first."""
    global _bokehjs_loaded
    from bokeh.io import output_notebook
    from bokeh.resources import INLINE

    output_notebook(resources=INLINE, hide_banner=True)
    _bokehjs_loaded = True


def bokeh_widget(fig: Any) -> Any:
    """A figure as a live widget (it follows changes to its data); loads BokehJS first if
    this kernel has not yet."""
    from jupyter_bokeh import BokehModel

    if not _bokehjs_loaded:
        setup_notebook()
    return BokehModel(fig)


def update_map_figure(fig: Any, map_or_game: Map | Game, player: int | None = None) -> None:
    """Bring a figure made by ``map_figure`` up to date with a game (in place, so a
    displayed figure follows)."""
    scene = map_scene(map_or_game, player)
    for name in ("cars", "trains", "ferry_marks", "stations", "tickets", "cities"):
        fig.select_one({"name": name}).data_source.data = scene[name]


def show(fig: Any) -> None:
    """Display a Bokeh figure in a notebook as a widget. Like Bokeh's own ``show`` it
    returns nothing, so a cell ending with it shows the figure once, not twice."""
    from IPython.display import display

    display(bokeh_widget(fig))
