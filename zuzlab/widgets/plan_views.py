"""Lesson 06's step views: what a connection algorithm knows at each step, on the map.

``PlanStepView`` draws the steps of ``zuzlab.algorithms.planning`` (``PlanStep``):

- a flood fill (``connectivity_steps``): the player's network faint, the routes walked
  and the cities reached growing, the frontier (reached, routes not looked at yet);
- Dijkstra (``shortest_route_steps``): the distances at the cities, tentative and
  settled in two styles, and the routes each city was reached by (the shortest-path
  tree); at the end the shortest path;
- the Steiner heuristic (``ticket_plan_steps``): each ticket city's region in its own
  colour (its cities and the routes reaching them), the routes that join regions, the
  routes chosen; the regions stay drawn to the end.

A legend under the map names the colours of the algorithm shown, in the reader's
language. ``plan_caption`` words a step for the step player's caption.
"""

from __future__ import annotations

import html
from typing import Any

import ipywidgets as widgets

from .. import texts
from ..algorithms import PlanStep
from ..ttr import load_map
from ..viz import map_figure
from ..viz.ttr_map import RouteLines, bokeh_widget

#: colours of the layers (the legend reads them)
COLOURS = {"network": "#607d8b", "walked": "#1565c0", "reached": "#1565c0", "frontier": "#ff9800",
           "current": "#d81b60", "tree": "#7e57c2", "tentative": "#ef6c00", "settled": "#2e7d32",
           "path": "#212121", "bridge": "#616161", "chosen": "#212121"}
#: one colour per ticket city's region
REGION_COLOURS = ("#1e88e5", "#e53935", "#43a047", "#8e24aa", "#fb8c00", "#00897b", "#6d4c41", "#3949ab")
#: which layers each algorithm shows, in legend order
LEGENDS = {"fill": ("network", "walked", "reached", "frontier", "current"),
           "dijkstra": ("tree", "tentative", "settled", "current", "path"),
           "steiner": ("bridge", "chosen")}


def algorithm_of(step: PlanStep) -> str:
    """Which algorithm a step comes from: "fill", "dijkstra" or "steiner"."""
    if "regions" in step.detail or "terminals" in step.detail:
        return "steiner"
    return "dijkstra" if "settled" in step.detail else "fill"


class PlanStepView:
    """A Ticket to Ride map whose overlays show a connection algorithm's knowledge."""

    def __init__(self, board: str, width: int = 820, height: int = 520):
        from bokeh.models import ColumnDataSource

        self.board = load_map(board)
        self.figure = map_figure(self.board, width=width, height=height)
        for renderer in self.figure.select({"name": "cars"}):  # the printed routes fade back
            renderer.glyph.fill_alpha = renderer.glyph.line_alpha = 0.2
        self.line_of = RouteLines(self.board)
        self.lines = ColumnDataSource({"x0": [], "y0": [], "x1": [], "y1": [], "color": [], "width": [], "alpha": []})
        self.bridges = ColumnDataSource({"x0": [], "y0": [], "x1": [], "y1": []})
        self.dots = ColumnDataSource({"x": [], "y": [], "color": [], "size": [], "line": []})
        self.labels = {style: ColumnDataSource({"x": [], "y": [], "text": []}) for style in ("tentative", "settled")}
        self.figure.segment("x0", "y0", "x1", "y1", source=self.lines, line_color="color", line_width="width",
                            line_alpha="alpha", name="plan_lines")
        self.figure.segment("x0", "y0", "x1", "y1", source=self.bridges, line_color=COLOURS["bridge"], line_width=2.5,
                            line_dash="dashed", name="plan_bridges")
        self.figure.scatter("x", "y", source=self.dots, size="size", fill_color="color", fill_alpha=0.9,
                            line_color="line", line_width=3, name="plan_cities", level="annotation")
        for style, source in self.labels.items():  # a distance as a badge on its city, above the city's name
            self.figure.text("x", "y", text="text", source=source, text_align="center", text_baseline="middle",
                             text_font_size="10pt", text_font_style="bold" if style == "settled" else "italic",
                             text_color="white", background_fill_color=COLOURS[style], background_fill_alpha=0.95,
                             border_line_color="white", padding=2, level="annotation", name=f"plan_{style}")
        self.legend = widgets.HTML()
        self._widget = None
        self.shown: Any = None

    @property
    def widget(self):
        """The map and its legend, made when first shown."""
        if self._widget is None:
            self._widget = widgets.VBox([bokeh_widget(self.figure), self.legend])
        return self._widget

    # --- drawing layers -----------------------------------------------------------------------

    def draw(self, lines: list[tuple[Any, str, float, float]], cities: list[tuple[str, str, float, str]],
             bridges: list = (), distances: dict[str, dict[str, int]] | None = None) -> None:
        """Routes as (route, colour, width, alpha), later ones on top; cities as (name,
        fill colour, size, ring colour); dashed ``bridges``; distance badges by style."""
        columns: dict[str, list] = {k: [] for k in ("x0", "y0", "x1", "y1", "color", "width", "alpha")}
        for route, colour, width, alpha in lines:
            for key, value in zip(("x0", "y0", "x1", "y1"), self.line_of(route)):
                columns[key].append(value)
            columns["color"].append(colour)
            columns["width"].append(width)
            columns["alpha"].append(alpha)
        self.lines.data = columns
        ends = [self.line_of(route) for route in bridges]
        self.bridges.data = {key: [end[i] for end in ends] for i, key in enumerate(("x0", "y0", "x1", "y1"))}
        points = self.line_of.points
        self.dots.data = {"x": [points[c][0] for c, *_ in cities], "y": [points[c][1] for c, *_ in cities],
                          "color": [fill for _, fill, _, _ in cities], "size": [size for _, _, size, _ in cities],
                          "line": [ring for *_, ring in cities]}
        for style, source in self.labels.items():
            found = (distances or {}).get(style, {})
            source.data = {"x": [points[c][0] for c in found], "y": [points[c][1] for c in found],
                           "text": [str(d) for d in found.values()]}

    def show(self, step: PlanStep) -> None:
        self.shown = step
        algorithm = algorithm_of(step)
        getattr(self, f"_show_{algorithm}")(step)
        self.legend.value = legend_html(algorithm, step)

    def _network(self, routes) -> list:
        """A player's routes, faint; the whole map is the map itself (no extra lines)."""
        return [] if len(routes) >= len(self.board.routes) else [(r, COLOURS["network"], 10, 0.5) for r in routes]

    def _show_fill(self, step: PlanStep) -> None:
        d = step.detail
        lines = self._network(d["network"]) + [(r, COLOURS["walked"], 5, 0.9) for r in d["walked"]]
        frontier = set(d["frontier"])
        cities = [(c, COLOURS["frontier"] if c in frontier else COLOURS["reached"], 13, "white") for c in d["reached"]]
        if step.kind == "visit":
            cities.append((step.city, COLOURS["reached"], 19, COLOURS["current"]))
        elif step.kind == "reach":
            lines.append((d["route"], COLOURS["current"], 7, 0.9))
        elif d.get("goal") and d.get("connected") is False:
            cities.append((d["goal"], "white", 17, COLOURS["current"]))
        self.draw(lines, cities)

    def _show_dijkstra(self, step: PlanStep) -> None:
        d = step.detail
        lines = self._network(d["network"]) + [(r, COLOURS["tree"], 5, 0.8) for r in d["tree"]]
        cities = []
        if step.kind == "relax":
            lines.append((d["route"], COLOURS["current"], 7, 0.9))
        elif step.kind == "settle":
            cities.append((step.city, COLOURS["settled"], 30, COLOURS["current"]))
        elif step.result is not None:
            lines += [(r, COLOURS["path"], 9, 0.9) for r in step.result.routes]
        for city in (d["start"], d["goal"]):
            if city not in d["settled"] and city not in d["tentative"] and city in self.line_of.points:
                cities.append((city, "white", 17, COLOURS["current"]))
        self.draw(lines, cities, distances={"tentative": d["tentative"], "settled": d["settled"]})

    def _show_steiner(self, step: PlanStep) -> None:
        d = step.detail
        colour = region_colours(d["terminals"])
        lines = [(r, colour[t], 6, 0.55) for t, routes in d.get("region_routes", {}).items() for r in routes]
        lines += [(r, COLOURS["chosen"], 9, 0.9) for r in d.get("routes", [])]
        if step.kind == "bridge":
            lines.append((d["route"], COLOURS["bridge"], 7, 0.9))
        cities = [(c, colour[t], 13, "white") for t, members in d.get("regions", {}).items() for c in members]
        cities += [(t, colour[t], 22, "#212121") for t in d["terminals"]]
        if step.kind == "region":
            cities.append((step.city, colour[step.other], 19, COLOURS["current"]))
        elif step.kind == "prune":
            cities.append((step.city, "white", 17, COLOURS["current"]))
        self.draw(lines, cities, bridges=d.get("bridges", []))


def region_colours(terminals) -> dict[str, str]:
    return {t: REGION_COLOURS[i % len(REGION_COLOURS)] for i, t in enumerate(terminals)}


def legend_html(algorithm: str, step: PlanStep) -> str:
    """The colours of the view for ``algorithm``, in the reader's language."""
    def swatch(colour: str, words: str, badge: bool = False) -> str:
        shape = ("width:22px;height:14px;border-radius:3px" if badge else "width:22px;height:7px")
        return (f"<span style='margin-right:14px;white-space:nowrap'><span style='display:inline-block;{shape};"
                f"background:{colour};vertical-align:middle;margin-right:4px'></span>{html.escape(words)}</span>")

    items = [swatch(COLOURS[layer], texts.text(f"label.plan_{layer}"), badge=layer in ("tentative", "settled"))
             for layer in LEGENDS[algorithm]]
    if algorithm == "steiner":
        items = [swatch(colour, texts.text("label.plan_region", city=city))
                 for city, colour in region_colours(step.detail["terminals"]).items()] + items
    return f"<div style='line-height:1.8'>{''.join(items)}</div>"


# --- captions --------------------------------------------------------------------------------

def plan_caption(step: PlanStep, lang: str | None = None) -> str:
    """One line about a connection step, with its numbers in words ("1 train", "9 cities
    reached") and, at the end, what was found."""
    d, kind = step.detail, step.kind
    trains = texts.quantity("train", step.distance or 0)
    params: dict[str, Any] = {"where": step.city or "", "other": step.other or "", "trains": trains,
                              "start": d.get("start", ""), "goal": d.get("goal", "")}
    algorithm = algorithm_of(step)
    if algorithm == "fill":
        params["count"] = len(d["reached"])
        if kind == "done":
            kind = {True: "fill_connected", False: "fill_apart", None: "fill_done"}[d.get("connected")]
        else:
            kind = f"fill_{kind}"
    elif algorithm == "dijkstra":
        if kind == "settle" and step.other is None:
            kind = "start"
        elif kind == "relax" and d.get("before") is not None:
            kind, params["before"] = "improve", texts.quantity("train", d["before"])
        elif kind == "done":
            kind = "path_found" if step.result else "no_path"
            if step.result:
                params.update(trains=texts.quantity("train", step.result.length), cities=" – ".join(step.result.cities))
    else:
        if kind == "region" and not step.distance:
            kind = "region_start"
        elif kind == "bridge":
            params["route"] = d["route"]
        elif kind == "path":
            params["cities"] = " – ".join(d["cities"])
        elif kind == "done":
            params.update(cities=list(d["terminals"]), trains=texts.quantity("train", step.result.length))
            kind = "tree_done"
    return html.escape(texts.text(f"step.plan.{kind}", lang, **params))
