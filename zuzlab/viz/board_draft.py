"""A board being made (``ttr.board_builder``), drawn as the game map draws a board, over the
land of its area: the figure of the board builder view (issue 29).

The figure is a map figure (``ttr_map.map_figure``: its layout, glyphs, hover, legend) made
once for an invisible board that spans the area (``frame_board``: its four corners as
cities, and a tunnel, a ferry and a double route, so that the legend has an entry for each);
then its data sources are filled with the board being made, and filled again after each
step, so that a shown figure changes in place. The projection is that board's
(``land.Projection.of``) and stays while the board grows: nothing moves on the screen as
cities come and go, and a tap's x/y turns back into a latitude and longitude. (A game's map
figure of the finished board centres on the board's own middle latitude: a few per cent
wider or narrower east–west.)

The cars, their colours, tooltips and tracks side by side are ``ttr_map``'s (``route_cars``,
``route_text``, its track offsets), at the sizes the frame board's extent gives, so the
board looks as it will in a game; the cities' names are placed by ``labels`` as on a map.
"""

from __future__ import annotations

import math
from pathlib import Path
from typing import Any

from .. import texts
from ..ttr.board_builder import BoardBuilder
from ..ttr.maps import Map, load_map
from .labels import place_labels, text_extent
from .land import Area, Projection, add_land
from .ttr_map import (
    CAR_SAMPLES, CITY_SIZE, FONT_PX, MARGIN, RIGHT_BORDER, ROUTE_COLORS, SIDE_BORDER, STATION_SIZE, TOP_BORDER,
    routes_at, track_offsets, figure_frame, legend_entries, map_figure, project, route_cars, route_text,
)

#: the area's padding (a share of its size on each side), the least size of an area (degrees)
AREA_PAD, LEAST_AREA = 0.04, 1.0
#: how much land is drawn beyond the figure's frame, for a pan or a zoom out (a share of its size)
LAND_MARGIN = 0.5
#: the least and the most height of a figure fitted to its area (pixels)
HEIGHTS = (360, 640)
#: how near (pixels) a tap must be to a city to be a tap on it
CITY_REACH = 11
CHOSEN_COLOR = "#1e88e5"


def area_of(around: Any) -> Area:
    """The area to draw, padded: around a board (a ``Map``, or a built-in map's name or a map
    file's path: where its cities are), an ``Area``, a ``(south, west, north, east)`` tuple, a
    (lat, lon) place, or (lat, lon) places."""
    if isinstance(around, Area):
        return around.padded(AREA_PAD, least=LEAST_AREA)
    if isinstance(around, (Map, str, Path)):
        board = load_map(around)
        return Area.around((city.lat, city.lon) for city in board.cities.values()).padded(AREA_PAD, least=LEAST_AREA)
    try:
        places = list(around)
        if len(places) in (2, 4) and all(isinstance(v, (int, float)) and not isinstance(v, bool) for v in places):
            places = [places[:2], places[2:] or places[:2]]  # corners (south, west), (north, east), or one place
        lats, lons = zip(*((float(lat), float(lon)) for lat, lon in places))
        area = Area.around(zip(lats, lons))
    except (TypeError, ValueError):
        raise texts.InputError("error.builder_around", around=repr(around)) from None
    if not (-90 <= area.south and area.north <= 90 and -180 <= area.west and area.east <= 180):
        raise texts.InputError("error.builder_around", around=repr(around))
    return area.padded(AREA_PAD, least=LEAST_AREA)


def frame_board(area: Area) -> Map:
    """The invisible board a draft's figure is made for: the area's corners as cities, and
    a route of each kind the legend explains (the draft shows only those it has)."""
    frame = BoardBuilder("board-draft-frame")
    corners = {"sw": (area.south, area.west), "se": (area.south, area.east), "nw": (area.north, area.west),
               "ne": (area.north, area.east)}
    for name, (lat, lon) in corners.items():
        frame.add_city(name, lat, lon)
    frame.add_route("sw", "se", length=2, tunnel=True)
    frame.add_route("nw", "ne", length=2, ferry_locomotives=1)
    frame.add_route("sw", "nw", length=2)
    frame.add_route("sw", "nw", length=2)
    return frame.draft()


class DraftMap:
    """The figure of a board being made (the module's text): ``draw(board)`` shows it."""

    def __init__(self, area: Area, title: str = "", width: int = 760, height: int | None = None):
        """A figure ``width`` pixels wide, and as high as the area needs (within ``HEIGHTS``)
        unless ``height`` is given."""
        from bokeh.models import ColumnDataSource, TapTool

        self.area = area
        frame = frame_board(area)
        self.projection = Projection.of(frame)
        self.geometry = project(frame)[1]
        if height is None:
            (west, south), (east, north) = self.xy(area.south, area.west), self.xy(area.north, area.east)
            plot = (width - SIDE_BORDER - RIGHT_BORDER - 2 * MARGIN) * (north - south) / (east - west)
            height = round(min(max(plot + 2 * MARGIN + TOP_BORDER + SIDE_BORDER, HEIGHTS[0]), HEIGHTS[1]))
        self.figure = fig = map_figure(frame, width=width, height=height, title=title)
        fig.tags = [{"zuzlab_board_draft": True}]
        fig.tools = [tool for tool in fig.tools if not isinstance(tool, TapTool)]  # a tap is read whole (the view)
        #: the map figure's glyphs by name (``cars``, ``cities`` …), and their data
        self.renderers = {renderer.name: renderer for renderer in fig.renderers if renderer.name}
        self.sources = {name: self.renderers[name].data_source
                        for name in ("cars", "cities", "ferry_marks", "trains", "stations", "tickets")}
        self.legend = fig.select_one({"name": "legend"})
        for name in ("trains", "stations", "tickets"):  # a draft has no game
            self.sources[name].data = {key: [] for key in self.sources[name].data}
        self.land = add_land(fig, self.land_area(), self.projection)
        self.chosen = ColumnDataSource({"x": [], "y": []})
        fig.scatter("x", "y", source=self.chosen, size=CITY_SIZE + 10, fill_alpha=0, line_color=CHOSEN_COLOR,
                    line_width=3, name="chosen", level="annotation")
        self.board: Map | None = None
        self.draw(None)

    # --- where things are
    def land_area(self) -> Area:
        """The figure's frame on the earth, and ``LAND_MARGIN`` around it."""
        frame = figure_frame(self.figure)
        south, west = self.projection.lat_lon(frame.x_start, frame.y_start)
        north, east = self.projection.lat_lon(frame.x_end, frame.y_end)
        return Area(south, west, north, east).padded(LAND_MARGIN)

    def xy(self, lat: float, lon: float) -> tuple[float, float]:
        return self.projection.xy(lat, lon)

    def lat_lon(self, x: float, y: float) -> tuple[float, float]:
        return self.projection.lat_lon(x, y)

    def pixel(self, lat: float, lon: float) -> tuple[float, float]:
        """Where (lat, lon) is on the figure's canvas, in pixels from its top left (as the
        figure is framed now: the browser reports a pan or zoom back)."""
        return figure_frame(self.figure).pixel(*self.xy(lat, lon))

    def city_at(self, x: float, y: float) -> str | None:
        """The city drawn at map point (x, y) (within ``CITY_REACH`` pixels), or None."""
        frame = figure_frame(self.figure)
        px, py = frame.pixel(x, y)
        data = self.sources["cities"].data
        near = [(math.hypot(cx - px, cy - py), name)
                for name, (cx, cy) in zip(data["name"], (frame.pixel(u, v) for u, v in zip(data["x"], data["y"])))]
        distance, name = min(near, default=(math.inf, None))
        return name if distance <= CITY_REACH else None

    def route_at(self, x: float, y: float) -> int | None:
        """The route whose car is drawn at map point (x, y), or None."""
        height = self.renderers["cars"].glyph.height
        hit = routes_at(self.sources["cars"].data, height, x, y)
        return min(hit) if hit else None

    # --- drawing
    def draw(self, board: Map | None, chosen: str | None = None) -> None:
        """Show ``board`` (None: nothing yet), ``chosen`` ringed (a route's first city)."""
        from bokeh.core.properties import value

        self.board = board
        scene = self.scene(board)
        for name in ("cars", "ferry_marks", "cities"):
            self.sources[name].data = scene[name]
        place = board.cities.get(chosen) if board is not None and chosen else None
        self.chosen.data = {"x": [place.lon * self.projection.east] if place else [],
                            "y": [place.lat] if place else []}
        shown = dict(legend_entries(board)) if board is not None and board.routes else {}
        for item in self.legend.items:
            item.visible = item.name in shown
            if item.name in shown:
                item.label = value(shown[item.name])

    def scene(self, board: Map | None) -> dict[str, dict[str, list]]:
        """The columns to draw ``board`` with, as ``ttr_map.map_scene`` makes them for a game's
        map: ``cars``, ``ferry_marks``, ``cities`` (their names placed)."""
        cars: dict[str, list] = {k: [] for k in ("x", "y", "length", "angle", "fill", "line", "dash", "route", "label",
                                                  "owner", "tunnel")}
        marks: dict[str, list] = {"x": [], "y": [], "route": []}
        cities: dict[str, list] = {k: [] for k in ("x", "y", "name", "kind", "on_ticket", "size", "label_x_offset",
                                                    "label_y_offset", "label_align", "label_baseline")}
        if board is None or not board.cities:
            return {"cars": cars, "ferry_marks": marks, "cities": cities}
        points = {name: self.xy(city.lat, city.lon) for name, city in board.cities.items()}
        offsets = track_offsets(board)
        placed = []
        for route in board.routes:
            label = route_text(route)
            for i, (x, y, length, angle) in enumerate(route_cars(route, points, self.geometry, offsets[route.id])):
                for key, item in (("x", x), ("y", y), ("length", length), ("angle", angle),
                                  ("fill", ROUTE_COLORS[route.color]),
                                  ("line", "#111111" if route.color == "white" else "#555555"),
                                  ("dash", "dashed" if route.tunnel else "solid"), ("route", route.id),
                                  ("label", label), ("owner", -1), ("tunnel", route.tunnel)):
                    cars[key].append(item)
                placed.append((x, y, length, angle))
                if i < route.ferry_locomotives:
                    marks["x"].append(x)
                    marks["y"].append(y)
                    marks["route"].append(route.id)
        for (name, city), spot in zip(board.cities.items(), self._label_spots(board, points, placed)):
            for key, item in (("x", points[name][0]), ("y", points[name][1]), ("name", name), ("kind", city.kind),
                              ("on_ticket", False), ("size", self.geometry.city_radius * 2),
                              ("label_x_offset", spot.x_offset), ("label_y_offset", spot.y_offset),
                              ("label_align", spot.align), ("label_baseline", spot.baseline)):
                cities[key].append(item)
        return {"cars": cars, "ferry_marks": marks, "cities": cities}

    def _label_spots(self, board: Map, points: dict, cars: list) -> list:
        """Where each city's name goes, as ``ttr_map.label_spots`` places them on a game's map,
        in this figure's frame."""
        frame = figure_frame(self.figure)

        def local(x: float, y: float) -> tuple[float, float]:
            px, py = frame.pixel(x, y)
            return px - frame.left, py - frame.top

        width = self.geometry.car_width
        samples = [local(x + math.cos(angle) * length * along - math.sin(angle) * width * across,
                         y + math.sin(angle) * length * along + math.cos(angle) * width * across)
                   for x, y, length, angle in cars for along in CAR_SAMPLES for across in (-0.35, 0, 0.35)]
        return place_labels([local(*points[name]) for name in board.cities],
                            [text_extent(name, FONT_PX) for name in board.cities],
                            [STATION_SIZE if city.kind == "city" else CITY_SIZE + 2 for city in board.cities.values()],
                            (0, 0, frame.width, frame.height), samples)
