"""Marks drawn over a Ticket to Ride map figure for a lesson: routes to point at (a
station's borrowed route, say), with a legend entry saying what they are."""

from __future__ import annotations

from typing import Any, Iterable

from ..ttr.maps import Map, Route
from .ttr_map import RouteLines

MARK_COLOR = "#d81b60"


def mark_routes(fig: Any, board: Map, routes: Iterable[Route], label: str, color: str = MARK_COLOR) -> Any:
    """Draw a thick dashed line along each route, over the cars, with ``label`` in the
    figure's legend; returns the renderer (for tests)."""
    from bokeh.models import ColumnDataSource, Legend, LegendItem

    line_of = RouteLines(board)
    ends = [line_of(route) for route in routes]
    source = ColumnDataSource({"x0": [e[0] for e in ends], "y0": [e[1] for e in ends],
                               "x1": [e[2] for e in ends], "y1": [e[3] for e in ends]})
    marks = fig.segment("x0", "y0", "x1", "y1", source=source, line_width=7, line_color=color, line_alpha=0.9,
                        line_dash="dashed", name="marked_routes")
    legends = fig.select({"type": Legend})
    if legends:
        legends[0].items.append(LegendItem(label=label, renderers=[marks]))
    else:
        fig.add_layout(Legend(items=[LegendItem(label=label, renderers=[marks])], location="top_left"))
    return marks
