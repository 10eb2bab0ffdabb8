"""Figures for lesson 05 (the longest route): a trail drawn on the map so it can be
traced (each route numbered in walking order), and the growth of the search's work
with the size of the network, plain backtracking against pruning, on a log scale, with
a caption that says in numbers what pruning saves and what it does not."""

from __future__ import annotations

from typing import Any, Sequence

from .. import texts
from ..ttr import Map, load_map
from .labels import Spot, text_extent
from .ttr_map import FONT_PX, SIDE_BORDER, RouteLines, figure_frame, map_figure
from .ttr_marks import OVERLAY

TRAIL_COLOR = "#e65100"
PATH_COLOR = "#6a1b9a"
PLAIN_COLOR = "#b71c1c"
PRUNED_COLOR = "#1b5e20"
#: room under a zoomed trail figure for its legend, laid out in one row
LEGEND_BELOW = 30
#: the size of the growth plot's caption under its axis
CAPTION_PX = 13
#: the room one entry of the growth plot's legend takes under its axis
GROWTH_LEGEND_ROW_PX = 22


def _words(key: str, **params: Any) -> str:
    return texts.text(f"label.longest_{key}", **params)


def trail_figure(board: Map | str, edges: Sequence[Any], cities: Sequence[str], color: str = TRAIL_COLOR,
                 title: str = "", width: int = 460, height: int = 330, zoom: bool = True) -> Any:
    """The map (faded) with a trail in ``color`` over it, each route numbered in the order
    it is walked (1 from ``cities[0]``), the start city ringed; zoomed to the trail when
    ``zoom``. ``edges`` and ``cities`` come in walking order (as ``longest_trail`` gives them)."""
    from bokeh.models import ColumnDataSource

    board = load_map(board)
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
        zoom_to(fig, [line_of.points[city] for city in cities])
    else:
        _hide_what_sticks_out(fig)
    return fig


def zoom_to(fig: Any, points: list[tuple[float, float]]) -> None:
    """A map figure zoomed to ``points`` (and a margin): the map gets the figure's whole
    width, and only the cities and names that fit inside are drawn."""
    _whole_width_for_the_map(fig)
    _zoom(fig, points)
    _hide_what_sticks_out(fig)


def _whole_width_for_the_map(fig: Any) -> None:
    """A small figure gives the map its whole width: the legend goes in one row under it
    (not in the wide column on the right), and the toolbar goes (it would sit on the
    title; a zoomed trail is for tracing, not for panning)."""
    legend = fig.select_one({"name": "legend"})
    fig.right = [panel for panel in fig.right if panel is not legend]
    legend.orientation, legend.location = "horizontal", "top_left"
    fig.add_layout(legend, "below")
    fig.min_border_right, fig.min_border_bottom = SIDE_BORDER, LEGEND_BELOW
    fig.toolbar_location = None


def _zoom(fig: Any, points: list[tuple[float, float]], margin: float = 0.25) -> None:
    """Show just the points (and a margin), one scale for both directions (the plot
    area's own proportions)."""
    frame = figure_frame(fig)
    aspect = frame.width / frame.height
    xs, ys = [p[0] for p in points], [p[1] for p in points]
    full_w, full_h = fig.x_range.end - fig.x_range.start, fig.y_range.end - fig.y_range.start
    w = max(max(xs) - min(xs), full_w * 0.15) * (1 + 2 * margin)
    h = max(max(ys) - min(ys), full_h * 0.15) * (1 + 2 * margin)
    w, h = max(w, h * aspect), max(h, w / aspect)
    cx, cy = (max(xs) + min(xs)) / 2, (max(ys) + min(ys)) / 2
    fig.x_range.start, fig.x_range.end = cx - w / 2, cx + w / 2
    fig.y_range.start, fig.y_range.end = cy - h / 2, cy + h / 2


def shown_names(fig: Any) -> list[str]:
    """The city names a map figure draws (all of them unless some are hidden)."""
    return _shown(fig.select_one({"name": "city_names"}))


def shown_cities(fig: Any) -> list[str]:
    """The cities whose dots a map figure draws (all of them unless some are hidden)."""
    return _shown(fig.select_one({"name": "cities"}))


def _shown(renderer: Any) -> list[str]:
    every = list(renderer.data_source.data["name"])
    indices = getattr(renderer.view.filter, "indices", None)
    return every if indices is None else [every[i] for i in indices]


def _hide_what_sticks_out(fig: Any) -> None:
    """Draw only the cities inside the plot area, and only the names that fit whole in
    it: cities and their names are drawn above everything and are not cut off at its
    edge, so a zoomed map would show dots and names of cities beyond it in its margins,
    or halves of names ("elena" of Helena)."""
    from bokeh.models import CDSView, IndexFilter

    names, dots = fig.select_one({"name": "city_names"}), fig.select_one({"name": "cities"})
    data = names.data_source.data
    frame = figure_frame(fig)
    right, bottom = frame.left + frame.width, frame.top + frame.height

    def inside(x0: float, y0: float, x1: float, y1: float) -> bool:
        return frame.left <= x0 and x1 <= right and frame.top <= y0 and y1 <= bottom

    keep_names, keep_dots = [], []
    for i, name in enumerate(data["name"]):
        x, y = frame.pixel(data["x"][i], data["y"][i])
        if inside(x, y, x, y):
            keep_dots.append(i)
        spot = Spot(data["label_x_offset"][i], data["label_y_offset"][i], data["label_align"][i],
                    data["label_baseline"][i])
        if inside(*spot.box(x, y, *text_extent(name, FONT_PX))):
            keep_names.append(i)
    for renderer, keep in ((names, keep_names), (dots, keep_dots)):
        if len(keep) < len(data["name"]):
            renderer.view = CDSView(filter=IndexFilter(keep))


def _wrapped(text: str, width: float, font_px: float) -> list[str]:
    """``text`` in lines no wider than ``width`` pixels (a Bokeh title does not wrap)."""
    lines = [""]
    for word in text.split():
        longer = f"{lines[-1]} {word}".strip()
        if lines[-1] and text_extent(longer, font_px)[0] > width:
            lines.append(word)
        else:
            lines[-1] = longer
    return lines


def growth_figure(sizes: Sequence[int], plain: Sequence[int | None], pruned: Sequence[int | None],
                  limit: int, width: int = 640, height: int = 340) -> Any:
    """Search steps against network size, plain and pruned, on a log scale (its grid lines
    1, 10, 100, … written out); a count that passed ``limit`` (None) ends its line, marked
    by a triangle in the line's colour that the legend names ("plain backtracking stopped").
    Under the plot, ``growth_caption`` in words (the figure grows to hold it)."""
    from bokeh.models import ColumnDataSource, FixedTicker, HoverTool, Title
    from bokeh.plotting import figure

    caption = [line for sentence in growth_caption(sizes, plain, pruned)
               for line in _wrapped(sentence, width - 90, CAPTION_PX)]
    fig = figure(width=width, height=height + round(CAPTION_PX * 1.5) * len(caption), y_axis_type="log",
                 title=_words("growth_title"), x_axis_label=_words("growth_x"), y_axis_label=_words("growth_y"),
                 tools="pan,wheel_zoom,reset,save")
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
            fig.scatter([stopped[0]], [limit], marker="triangle", size=13, color=color,  # each its own entry
                        legend_label=_words(f"growth_stopped_{name}", limit=texts.number(limit)))
    top = max([limit, *(count for count in (*plain, *pruned) if count)])
    powers = [10 ** k for k in range(len(str(top)) + 1)]
    fig.yaxis.ticker = FixedTicker(ticks=powers, minor_ticks=[])
    fig.yaxis.major_label_overrides = {power: texts.render(texts.number(power)) for power in powers}
    legend = fig.legend[0]  # under the axis, one row an entry: inside the plot it would cover the lines
    fig.center = [item for item in fig.center if item is not legend]
    legend.location = "top_left"
    fig.add_layout(legend, "below")
    fig.height += LEGEND_BELOW + GROWTH_LEGEND_ROW_PX * len(legend.items)
    for line in caption:  # under the axis, the first line first
        fig.add_layout(Title(text=line, text_font_style="normal", text_font_size=f"{CAPTION_PX}px",
                             standoff=0), "below")
    return fig


def growth_caption(sizes: Sequence[int], plain: Sequence[int | None], pruned: Sequence[int | None]) -> list[str]:
    """What the growth plot shows, in numbers: how many times as many routes the plain
    search walks as the pruned one, and how much each one's work grew from the smallest
    network to the largest both finished. On a log scale a constant factor is only a
    constant gap between the lines, so a reader may see no gain: the caption says it."""
    both = [(size, p, q) for size, p, q in zip(sizes, plain, pruned) if p and q]
    if not both:
        return []
    factors = [p / q for _, p, q in both]
    lines = [_words("growth_saves", low=texts.number(min(factors), 1), high=texts.number(max(factors), 1))]
    (first, plain_first, pruned_first), (last, plain_last, pruned_last) = both[0], both[-1]
    if last > first:
        lines.append(_words("growth_explodes", first=first, last=last,
                            plain=_about(plain_last / plain_first), pruned=_about(pruned_last / pruned_first)))
    return lines


def _about(value: float) -> Any:
    """A figure to two significant digits (12,815 → 13,000), as the language writes it."""
    digits = len(str(int(value)))
    return texts.number(round(value, 2 - digits) if digits >= 2 else value, 0 if digits >= 2 else 1)


#: the layers of the longest-trail search on the map, in the order the legend lists them
SEARCH_LAYERS = ("trail", "best", "unexplored", "left_out")


class SearchLegend:
    """What the colours of the longest-trail search on the map mean; follows the
    language switch (the widget holds this object, so it lives as long as the widget)."""

    def __init__(self):
        import ipywidgets as widgets

        self.widget = widgets.HTML()
        self.widget.zuzlab_legend = self
        self.refresh()
        texts.follow_language(self.refresh)

    def refresh(self) -> None:
        import html

        self.widget.value = "<div>" + "".join(
            f"<span style='margin-right:16px;white-space:nowrap'><span style='display:inline-block;width:24px;"
            f"height:7px;background:{OVERLAY[layer]};vertical-align:middle;margin-right:5px'></span>"
            f"{html.escape(_words('legend_' + layer))}</span>" for layer in SEARCH_LAYERS) + "</div>"


def with_legend(player: Any) -> Any:
    """A step player of the longest-trail search with the legend of its colours under it."""
    import ipywidgets as widgets

    player.next_mark.layout.min_width = "fit-content"  # its label whole, not cut to "next longer …"
    return widgets.VBox([player.widget, SearchLegend().widget])


__all__ = ["SearchLegend", "growth_caption", "growth_figure", "shown_cities", "shown_names", "trail_figure",
           "with_legend", "zoom_to"]
