"""Figures for lesson 05 (the longest route): a trail drawn on the map so it can be
traced (each route numbered in walking order), and the growth of the search's work
with the size of the network, plain backtracking against pruning, on a log scale."""

from __future__ import annotations

from typing import Any, Sequence

from .. import texts
from ..ttr import Map, load_map
from .ttr_map import RouteLines, map_figure

TRAIL_COLOR = "#e65100"
PATH_COLOR = "#6a1b9a"
PLAIN_COLOR = "#b71c1c"
PRUNED_COLOR = "#1b5e20"


def _words(key: str, **params: Any) -> str:
    return texts.text(f"label.longest_{key}", **params)


def trail_figure(board: Map | str, edges: Sequence[Any], cities: Sequence[str], color: str = TRAIL_COLOR,
                 title: str = "", width: int = 460, height: int = 330, zoom: bool = True) -> Any:
    """The map (faded) with a trail in ``color`` over it, each route numbered in the order
    it is walked (1 from ``cities[0]``), the start city ringed; zoomed to the trail when
    ``zoom``. ``edges`` and ``cities`` come in walking order (as ``longest_trail`` gives them)."""
    from bokeh.models import ColumnDataSource

    board = board if isinstance(board, Map) else load_map(board)
    if len(cities) != len(edges) + 1 and edges:
        raise ValueError(f"a trail of {len(edges)} routes passes {len(edges) + 1} cities, not {len(cities)}")
    fig = map_figure(board, width=width, height=height, title=title or None)
    for renderer in fig.select({"name": "cars"}):
        renderer.glyph.fill_alpha = renderer.glyph.line_alpha = 0.25
    line_of = RouteLines(board)
    ends = [line_of(edge) for edge in edges]
    fig.segment([e[0] for e in ends], [e[1] for e in ends], [e[2] for e in ends], [e[3] for e in ends],
                line_color=color, line_width=7, line_alpha=0.85, name="trail")
    numbers = ColumnDataSource({"x": [(e[0] + e[2]) / 2 for e in ends], "y": [(e[1] + e[3]) / 2 for e in ends],
                                "n": [str(i) for i in range(1, len(ends) + 1)]})
    fig.scatter("x", "y", source=numbers, size=17, fill_color="white", line_color=color, line_width=2,
                name="order", level="annotation")
    fig.text("x", "y", text="n", source=numbers, text_font_size="8pt", text_align="center",
             text_baseline="middle", text_color="#111111", text_font_style="bold", level="annotation")
    if cities:
        x, y = line_of.points[cities[0]]
        fig.scatter([x], [y], size=26, fill_alpha=0, line_color=color, line_width=3, name="start")
    if zoom and cities:
        _zoom(fig, [line_of.points[city] for city in cities])
    return fig


def _zoom(fig: Any, points: list[tuple[float, float]], margin: float = 0.25) -> None:
    """Show just the points (and a margin), keeping the map's proportions."""
    xs, ys = [p[0] for p in points], [p[1] for p in points]
    full_w, full_h = fig.x_range.end - fig.x_range.start, fig.y_range.end - fig.y_range.start
    w = max(max(xs) - min(xs), full_w * 0.15) * (1 + 2 * margin)
    h = max(max(ys) - min(ys), full_h * 0.15) * (1 + 2 * margin)
    w, h = max(w, h * full_w / full_h), max(h, w * full_h / full_w)  # the map's aspect ratio
    cx, cy = (max(xs) + min(xs)) / 2, (max(ys) + min(ys)) / 2
    fig.x_range.start, fig.x_range.end = cx - w / 2, cx + w / 2
    fig.y_range.start, fig.y_range.end = cy - h / 2, cy + h / 2


def growth_figure(sizes: Sequence[int], plain: Sequence[int | None], pruned: Sequence[int | None],
                  limit: int, width: int = 640, height: int = 340) -> Any:
    """Search steps against network size, plain and pruned, on a log scale; a count that
    passed ``limit`` (None) ends its line, marked "stopped"."""
    from bokeh.models import ColumnDataSource, HoverTool
    from bokeh.plotting import figure

    fig = figure(width=width, height=height, y_axis_type="log", title=_words("growth_title"),
                 x_axis_label=_words("growth_x"), y_axis_label=_words("growth_y"), tools="pan,wheel_zoom,reset,save")
    fig.toolbar.logo = None
    for name, counts, color in (("plain", plain, PLAIN_COLOR), ("pruned", pruned, PRUNED_COLOR)):
        shown = [(size, max(1, count)) for size, count in zip(sizes, counts) if count is not None]
        source = ColumnDataSource({"x": [s for s, _ in shown], "y": [c for _, c in shown]})
        label = _words(f"growth_{name}")
        fig.line("x", "y", source=source, line_color=color, line_width=3, legend_label=label)
        dots = fig.scatter("x", "y", source=source, size=7, color=color, legend_label=label)
        fig.add_tools(HoverTool(renderers=[dots], tooltips=[(_words("growth_x"), "@x"), (label, "@y{0,0}")]))
        stopped = [size for size, count in zip(sizes, counts) if count is None]
        if stopped:
            fig.scatter([stopped[0]], [limit], marker="triangle", size=13, color=color,
                        legend_label=_words("growth_stopped", limit=texts.number(limit)))
    fig.legend.location = "top_left"
    return fig


#: the layers of the longest-trail search on the map, in the order the legend lists them
SEARCH_LAYERS = ("trail", "best", "unexplored", "left_out")


class SearchLegend:
    """What the colours of the longest-trail search on the map mean; follows the
    language switch (the widget holds this object, so it lives as long as the widget)."""

    def __init__(self):
        import ipywidgets as widgets

        from ..widgets.narration import follow_language

        self.widget = widgets.HTML()
        self.widget.zuzlab_legend = self
        self.refresh()
        follow_language(self.refresh)

    def refresh(self) -> None:
        import html

        from ..widgets.views import OVERLAY

        self.widget.value = "<div>" + "".join(
            f"<span style='margin-right:16px;white-space:nowrap'><span style='display:inline-block;width:24px;"
            f"height:7px;background:{OVERLAY[layer]};vertical-align:middle;margin-right:5px'></span>"
            f"{html.escape(_words('legend_' + layer))}</span>" for layer in SEARCH_LAYERS) + "</div>"


def with_legend(player: Any) -> Any:
    """A step player of the longest-trail search with the legend of its colours under it."""
    import ipywidgets as widgets

    player.next_mark.layout.min_width = "fit-content"  # its label whole, not cut to "next longer …"
    return widgets.VBox([player.widget, SearchLegend().widget])


__all__ = ["SearchLegend", "growth_figure", "trail_figure", "with_legend"]
