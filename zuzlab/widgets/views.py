"""Views for the step player: each has a ``widget`` and ``show(step)``.

- ``MapStepView``: a Ticket to Ride map with coloured overlays: the trail being walked,
  the best one so far and the routes still to explore (longest-route steps), or the
  cities reached and routes chosen (connection steps).
- ``InkStepView``: the Railroad Ink board, with the squares of the current network, path
  or lake highlighted and errors marked as they are found.
- ``TextView``: any step as a line of text (and whatever ``details`` says).
"""

from __future__ import annotations

import html
from typing import Any, Callable

import ipywidgets as widgets

from ..algorithms import Plan, PlanStep, TrailStep
from ..ink import Board
from ..ttr import Game, Map, load_map
from ..viz.ttr_map import bokeh_widget
from ..viz import InkCanvas, map_figure
from ..viz.ttr_map import RouteLines

#: overlay colours: what is being tried, the best so far, what is left
OVERLAY = {"trail": "#ff9800", "best": "#1b5e20", "unexplored": "#1e88e5", "chosen": "#d81b60",
           "reached": "#1565c0", "settled": "#2e7d32"}


class TextView:
    def __init__(self, details: Callable[[Any], str] | None = None):
        self.widget = widgets.HTML()
        self.details = details or (lambda step: html.escape(repr(step)))
        self.shown: Any = None

    def show(self, step: Any) -> None:
        self.shown = step
        self.widget.value = f"<div style='font-family:monospace'>{self.details(step)}</div>"


class MapStepView:
    """A Ticket to Ride map whose overlays follow route steps."""

    def __init__(self, map_or_game: Map | Game | str, width: int = 820, height: int = 520, dim_map: bool = True):
        from bokeh.models import ColumnDataSource
        self.board = map_or_game.map if isinstance(map_or_game, Game) else load_map(map_or_game)
        self.figure = map_figure(map_or_game, width=width, height=height)
        if dim_map:  # the printed routes fade back so that the algorithm's overlay stands out
            for renderer in self.figure.select({"name": "cars"}):
                renderer.glyph.fill_alpha = renderer.glyph.line_alpha = 0.3
        self.line_of = RouteLines(self.board)
        self.lines = ColumnDataSource({"x0": [], "y0": [], "x1": [], "y1": [], "color": [], "width": []})
        self.dots = ColumnDataSource({"x": [], "y": [], "color": []})
        self.figure.segment("x0", "y0", "x1", "y1", source=self.lines, line_color="color", line_width="width",
                            line_alpha=0.85, name="overlay")
        self.figure.scatter("x", "y", source=self.dots, size=14, fill_color="color", fill_alpha=0.6,
                            line_color=None, name="overlay_cities")
        self._widget = None
        self.shown: Any = None

    @property
    def widget(self):
        """The figure as a live widget, made when first shown (so it starts from the
        overlay already drawn)."""
        if self._widget is None:
            self._widget = bokeh_widget(self.figure)
        return self._widget

    def overlay(self, groups: dict[str, list[Any]], cities: dict[str, list[str]] | None = None) -> None:
        """Draw each group of routes in its overlay colour (later groups on top)."""
        width = {"unexplored": 4, "trail": 9, "best": 4, "chosen": 6}
        lines: dict[str, list] = {"x0": [], "y0": [], "x1": [], "y1": [], "color": [], "width": []}
        for name, items in groups.items():
            for item in items:
                x0, y0, x1, y1 = self.line_of(item)
                for key, value in zip(("x0", "y0", "x1", "y1"), (x0, y0, x1, y1)):
                    lines[key].append(value)
                lines["color"].append(OVERLAY[name])
                lines["width"].append(width.get(name, 4))
        dots: dict[str, list] = {"x": [], "y": [], "color": []}
        for name, names in (cities or {}).items():
            for city in names:
                dots["x"].append(self.line_of.points[city][0])
                dots["y"].append(self.line_of.points[city][1])
                dots["color"].append(OVERLAY[name])
        self.lines.data = lines
        self.dots.data = dots

    def show(self, step: Any) -> None:
        self.shown = step
        if isinstance(step, TrailStep):
            self.overlay({"unexplored": list(step.unexplored), "trail": list(step.trail), "best": list(step.best)},
                         {"trail": [step.city]} if step.city else {})
        elif isinstance(step, PlanStep):
            if step.kind == "done" and isinstance(step.result, Plan):
                self.overlay({"chosen": list(step.result.routes)}, {"reached": list(step.result.cities)})
            elif step.kind == "done":  # a flood fill's cities, or no connection at all
                self.overlay({}, {"reached": sorted(step.result or ())})
            else:
                self.overlay({"chosen": list(step.detail.get("routes", []))},
                             {"reached": list(step.detail.get("reached", [])) + ([step.city] if step.city else [])})


class InkStepView:
    """The Railroad Ink board under scoring steps (``zuzlab.ink.steps``). Every step carries
    what it adds up to so far, so the view needs no memory of earlier steps."""

    def __init__(self, board: Board, scale: float = 52.0):
        self.board = board
        self.canvas = InkCanvas(scale)
        self.widget = self.canvas.canvas
        self.shown: Any = None
        self.canvas.show(board)

    def show(self, step: Any) -> None:
        self.shown = step
        detail = step.detail
        if step.part == "water":  # the board as it stands: the filled squares framed over the water
            self.canvas.show(detail["board"], frames={"frame": detail["filled"],
                                                      "frame-drawn": [step.square] if step.kind == "draw" else []})
            return
        highlights: dict[str, list[str]] = {}
        errors: list = []
        if step.part.startswith("longest"):
            if step.kind == "done":
                highlights["best"] = list(step.result)
            elif "path" in detail:
                highlights["path"] = detail["path"]
        elif step.part == "networks":
            squares = list(detail["network"].squares) if step.kind == "network" else detail.get("squares", [])
            highlights["network"] = squares
        elif step.part == "errors":
            errors = detail.get("found", []) if step.kind != "done" else [(e.square, e.side) for e in step.result]
            highlights["visited"] = [step.square] if step.square else []
        elif step.kind == "done" and step.result:
            squares = step.result.squares if hasattr(step.result, "squares") else step.result
            highlights["best"] = list(squares)
        else:
            highlights["visited"] = detail.get("squares", [])
        self.canvas.show(self.board, highlights, errors)
