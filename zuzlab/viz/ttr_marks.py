"""Marks drawn over a Ticket to Ride map figure: routes to point at (a station's borrowed
route, the hint's planned way, the tunnel being decided on), each group with a legend
entry saying what it is."""

from __future__ import annotations

from typing import Any, Iterable

from ..ttr.maps import Map, Route
from .ttr_map import RouteLines

MARK_COLOR = "#d81b60"
#: the colours of what a step of an algorithm marks on the map: what is being tried, the
#: best so far, what is left (the step views draw them; a search's legend names them)
OVERLAY = {"trail": "#ff9800", "best": "#1b5e20", "unexplored": "#1e88e5", "chosen": "#d81b60",
           "reached": "#1565c0", "settled": "#2e7d32", "left_out": "#9e9e9e"}


class RouteMarks:
    """A thick line (dashed, or a wide pale halo) along each of some routes, over the
    cars, with a legend entry; ``show`` draws other routes (or none: then the entry is
    hidden too), so a live figure can point at what matters now."""

    def __init__(self, fig: Any, board: Map, label: str = "", color: str = MARK_COLOR, width: float = 7,
                 name: str = "marked_routes", dash: str = "dashed", alpha: float = 0.9):
        from bokeh.models import ColumnDataSource, Legend, LegendItem

        self.line_of = RouteLines(board)
        self.source = ColumnDataSource({"x0": [], "y0": [], "x1": [], "y1": []})
        self.renderer = fig.segment("x0", "y0", "x1", "y1", source=self.source, line_width=width, line_color=color,
                                    line_alpha=alpha, line_dash=dash, name=name)
        self.item = LegendItem(label=label, renderers=[self.renderer], visible=False)
        legends = fig.select({"type": Legend})
        if legends:
            legends[0].items.append(self.item)
        else:
            fig.add_layout(Legend(items=[self.item], location="top_left"))

    def show(self, routes: Iterable[Route], label: str | None = None) -> None:
        """Mark these routes (replacing the marks before), with ``label`` in the legend."""
        ends = [self.line_of(route) for route in routes]
        self.source.data = {"x0": [e[0] for e in ends], "y0": [e[1] for e in ends],
                            "x1": [e[2] for e in ends], "y1": [e[3] for e in ends]}
        if label is not None:
            self.set_label(label)
        self.item.visible = bool(ends)

    def set_label(self, label: str) -> None:
        """The legend entry's words (in the reader's language, say)."""
        from bokeh.core.properties import value

        self.item.label = value(label)

    @property
    def shown(self) -> int:
        """How many routes are marked now."""
        return len(self.source.data["x0"])


def mark_routes(fig: Any, board: Map, routes: Iterable[Route], label: str, color: str = MARK_COLOR) -> Any:
    """Draw a thick dashed line along each route, over the cars, with ``label`` in the
    figure's legend; returns the renderer (for tests)."""
    marks = RouteMarks(fig, board, label, color)
    marks.show(routes, label)
    return marks.renderer
