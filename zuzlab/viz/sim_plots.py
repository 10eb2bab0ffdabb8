"""Figures that compare simulated variants (tables from ``zuzlab.sim.simulate``).

Each function takes ``{label: table}``, one table per variant, so the same games under
two sets of rules stand side by side: score distributions, win rates per bot, game lengths,
and how often each route was claimed, drawn on the map. Titles, axes, legends and tooltips
are in the current language (``label.sim_*`` texts), and every number as the language
writes it ("0,5", "8 %"): the axes by the browser's ``Intl.NumberFormat`` for the
language, the tooltips from texts written here.
"""

from __future__ import annotations

from typing import Any, Mapping

import numpy as np
from bokeh.models import ColorBar, ColumnDataSource, CustomJSTickFormatter, FactorRange, HoverTool
from bokeh.palettes import Magma256
from bokeh.plotting import figure
from bokeh.transform import factor_cmap, linear_cmap

from .. import texts
from ..ttr import Map, load_map
from .ttr_map import RouteLines, map_figure

#: One colour per variant compared (the first is the baseline).
VARIANT_COLORS = ("#546e7a", "#d81b60", "#1e88e5", "#43a047")
#: The printed routes under the claims: one neutral grey, so that only the claims' colour
#: scale says anything (a route's own colour showing through would read as a claim).
FADED_ROUTE = "#c9c5bb"


def number_ticks(percent: bool = False) -> CustomJSTickFormatter:
    """Axis numbers as the reader's language writes them ("0,5"; a share "8 %")."""
    style = "{style: 'percent', maximumFractionDigits: 1}" if percent else "{maximumFractionDigits: 2}"
    return CustomJSTickFormatter(args={"lang": texts.language()},
                                 code=f"return new Intl.NumberFormat(lang, {style}).format(tick);")


def _shares_written(shares: Any) -> list[str]:
    return [texts.render(texts.share(share)) for share in shares]


def _words(key: str, **params: Any) -> str:
    return texts.text(f"label.sim_{key}", **params)


def column_words(column: str) -> str:
    """A result column as the reader's words ("total" → "total score"), or its name."""
    try:
        return _words(column)
    except KeyError:
        return column


def histograms(tables: Mapping[str, Any], column: str = "total", title: str | None = None,
               one_row_per_game: bool = False, width: int = 620, height: int = 300, what: str | None = None) -> Any:
    """The distribution of ``column`` in each table, as outlined histograms over the same
    bins (shares, so tables of different sizes compare); ``what`` names the column where
    the game has its own word for it (a Railroad Ink game lasts rounds, not turns)."""
    values = {label: (table.drop_duplicates("game") if one_row_per_game else table)[column].to_numpy()
              for label, table in tables.items()}
    low = min(v.min() for v in values.values())
    high = max(v.max() for v in values.values())
    edges = np.histogram_bin_edges(np.concatenate(list(values.values())), bins=min(30, max(5, int(high - low) + 1)))
    what = what or column_words(column)
    fig = figure(title=title or _words("per_game" if one_row_per_game else "per_player", what=what), width=width,
                 height=height, x_axis_label=what, y_axis_label=_words("share"), tools="pan,wheel_zoom,reset,save")
    fig.xaxis.formatter = number_ticks()
    fig.yaxis.formatter = number_ticks(percent=True)
    for (label, data), color in zip(values.items(), VARIANT_COLORS):
        counts, _ = np.histogram(data, bins=edges)
        source = ColumnDataSource({"left": edges[:-1], "right": edges[1:], "top": counts / max(1, len(data))})
        fig.quad("left", "right", "top", 0, source=source, fill_color=color, fill_alpha=0.25, line_color=color,
                 line_width=2, legend_label=_words("mean", variant=label, mean=texts.number(data.mean(), 1)))
    fig.legend.location = "top_left"
    fig.legend.click_policy = "hide"
    fig.toolbar.logo = None
    return fig


def win_rate_bars(tables: Mapping[str, Any], width: int = 620, height: int = 300) -> Any:
    """Each bot's share of wins per seat it played, in each variant, side by side."""
    labels = list(tables)
    bots = sorted({bot for table in tables.values() for bot in table.bot.unique()})
    factors, rates, variants = [], [], []
    for bot in bots:
        for label in labels:
            table = tables[label]
            played = table[table.bot == bot]
            factors.append((texts.bot_name(bot), label))
            rates.append(float(played.won.mean()) if len(played) else 0.0)
            variants.append(label)
    source = ColumnDataSource({"x": factors, "rate": rates, "rate_written": _shares_written(rates),
                               "variant": variants})
    fig = figure(x_range=FactorRange(*factors), title=_words("win_rates"), width=width, height=height,
                 y_axis_label=_words("won_per_seat"), tools="save",
                 tooltips=[(_words("bot_rules"), "@x"), (texts.text("label.explore_win_rate"), "@rate_written")])
    fig.vbar(x="x", top="rate", width=0.85, source=source, line_color="white",
             fill_color=factor_cmap("x", palette=list(VARIANT_COLORS[:len(labels)]), factors=labels, start=1, end=2))
    fig.y_range.start = 0
    fig.y_range.end = max(0.05, 1.1 * max(rates, default=0.0))  # room above the tallest bar
    fig.yaxis.formatter = number_ticks(percent=True)
    fig.xaxis.major_label_orientation = 0.9
    fig.xgrid.grid_line_color = None
    fig.toolbar.logo = None
    return fig


def route_claim_shares(table: Any) -> dict[int, float]:
    """For each route, the share of games in which someone claimed it."""
    games = table.game.nunique()
    counts: dict[int, int] = {}
    for routes in table.routes:
        for route in routes:
            counts[route] = counts.get(route, 0) + 1
    return {route: count / games for route, count in counts.items()}


def route_claims_figure(board: Map | str, table: Any, title: str | None = None, width: int = 820,
                        height: int = 520, variant: str | None = None) -> Any:
    """The map with each route drawn as thick as it was often claimed (and darker, read on
    the colour bar), the printed routes faded behind in one neutral grey. ``variant`` names
    the rules in the title (by default the rules' name for a reader)."""
    board = load_map(board)
    fig = map_figure(board, width=width, height=height)
    for renderer in fig.select({"name": "cars"}):
        renderer.glyph.fill_color = renderer.glyph.line_color = FADED_ROUTE
        renderer.glyph.fill_alpha, renderer.glyph.line_alpha = 0.5, 0.6
    fig.tools = [tool for tool in fig.tools if not isinstance(tool, HoverTool)]  # the claims tell of each route
    line_of = RouteLines(board)
    shares = route_claim_shares(table)
    columns: dict[str, list] = {"x0": [], "y0": [], "x1": [], "y1": [], "share": [], "width": [], "route": []}
    for route in board.routes:
        share = shares.get(route.id, 0.0)
        x0, y0, x1, y1 = line_of(route)
        for key, value in zip(("x0", "y0", "x1", "y1"), (x0, y0, x1, y1)):
            columns[key].append(value)
        columns["share"].append(share)
        columns["width"].append(1 + 9 * share)
        columns["route"].append(texts.render(route))
    columns["share_written"] = _shares_written(columns["share"])
    source = ColumnDataSource(columns)
    colours = linear_cmap("share", list(reversed(Magma256)), 0.0, 1.0)  # never claimed: light; always: dark
    lines = fig.segment("x0", "y0", "x1", "y1", source=source, line_width="width", line_alpha=0.9,
                        line_color=colours, name="claims")
    fig.add_tools(HoverTool(renderers=[lines], tooltips=[
        (_words("route"), "@route"), (_words("claimed_in"), f"@share_written {_words('of_games')}")]))
    scale = ColorBar(color_mapper=colours["transform"], title=_words("claims_scale"), width=12,
                     formatter=number_ticks(percent=True))
    fig.add_layout(scale, "right")
    games = texts.quantity("game", int(table.game.nunique()))
    fig.title.text = title or _words("claims", variant=variant or texts.variant_title(table.variant.iloc[0]),
                                     games=games)
    return fig
