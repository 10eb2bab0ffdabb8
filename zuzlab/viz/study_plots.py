"""Figures of a playtesting study (``zuzlab.playtest.Study``): the agents' win shares
with their intervals, how alike the boards play, the cities' attractiveness as a heat map
on the board, and the game arc.

Titles, axes, legends and tooltips are in the reader's language (``label.study_*``
texts); numbers are written as the language writes them, the axes by the browser's
``Intl.NumberFormat`` for the language (``sim_plots.number_ticks``), tooltips and cells
from texts written here.
"""

from __future__ import annotations

import html
from typing import Any

from bokeh.core.properties import value
from bokeh.models import ColorBar, ColumnDataSource, FactorRange, HoverTool, Legend, LegendItem, Title
from bokeh.palettes import Magma256
from bokeh.plotting import figure
from bokeh.transform import linear_cmap

from .. import texts
from ..playtest import Study
from ..ttr import load_map
from .sim_plots import FADED_ROUTE, number_ticks
from .ttr_map import map_figure

#: the largest and smallest heat circle of a city, in pixels
CITY_SIZES = (6, 30)
#: about how many pixels a character of a row's label and of a figure's note takes
LABEL_CHAR_PX, NOTE_CHAR_PX = 7, 6
#: the agents' colours: colour-blind safe (Okabe–Ito, Bokeh's ``Colorblind8``), its yellow
#: last (a yellow line hardly shows on the white of a figure), the third its reddish purple
AGENT_PALETTE = ("#0072B2", "#E69F00", "#CC79A7", "#009E73", "#56B4E9", "#D55E00", "#000000", "#F0E442")


def _words(key: str, **params: Any) -> str:
    return texts.text(f"label.study_{key}", **params)


def _share(value: float) -> str:
    return texts.render(texts.share(value))


def agent_colors(study: Study) -> dict[str, str]:
    """One colour per agent, the same in every figure of the study (colour-blind safe)."""
    return {agent: AGENT_PALETTE[index % len(AGENT_PALETTE)] for index, agent in enumerate(study.agents)}


def _players_words(players: int) -> str:
    return texts.render(texts.quantity("player", players))


def _titled(fig: Any, title: str, note: str) -> Any:
    """A figure's title, and under it a note in smaller type that says how to read it."""
    fig.title.text = title
    fig.add_layout(Title(text=note, text_font_size="9pt", text_font_style="italic", name="note"), "above")
    return fig


def win_share_figure(study: Study, board: Any = None, width: int = 820, height: int = 340,
                     players: int | None = None) -> Any:
    """Each agent's win share (ties split) at each player count of ``board`` (by default
    the study's first), or at ``players`` only: a bar per agent in the agent's colour (named
    in the legend), its interval as a line, an even share (1/players) as a dash."""
    name = study.board_named(board)
    shares = study.win_shares[study.win_shares.variant == name]
    if players is not None:
        study.rows_of(name, players)  # refused if not played
        shares = shares[shares.players == players]
    colors = agent_colors(study)
    factors = [(_players_words(players), texts.bot_name(agent)) for players, agent in zip(shares.players, shares.agent)]
    source = ColumnDataSource({
        "x": factors, "share": list(shares.share), "low": list(shares.low), "high": list(shares.high),
        "even": list(shares.even), "color": [colors[agent] for agent in shares.agent],
        "share_written": [_share(share) for share in shares.share],
        "interval_written": [_words("interval_range", low=texts.share(low), high=texts.share(high))
                             for low, high in zip(shares.low, shares.high)],
        "seats_written": [texts.render(texts.number(seats)) for seats in shares.seats]})
    level = texts.share(study.confidence)
    fig = figure(x_range=FactorRange(*factors), width=width, height=height, tools="save",
                 y_axis_label=_words("win_share"))
    _titled(fig, _words("win_shares_title", board=study.board_title(name)), _words("win_shares_note", level=level))
    bars = fig.vbar(x="x", top="share", width=0.8, source=source, fill_color="color", line_color="white",
                    name="shares")
    fig.segment(x0="x", y0="low", x1="x", y1="high", source=source, line_color="#222222", line_width=2,
                name="intervals")
    fig.scatter(x="x", y="even", source=source, marker="dash", size=22, line_color="#222222", line_width=2,
                name="even")
    fig.add_tools(HoverTool(renderers=[bars], tooltips=[
        (_words("agent"), "@x"), (_words("win_share"), "@share_written"),
        (_words("interval", level=level), "@interval_written"), (_words("seats"), "@seats_written")]))
    fig.y_range.start = 0
    fig.y_range.end = 1.05 * max([*shares.high.dropna(), *shares.share, *shares.even])
    fig.yaxis.formatter = number_ticks(percent=True)
    # the agents by their colours, named once in a legend: under each bar their long names crossed
    agents = list(shares.agent)
    first_bar = {agent: agents.index(agent) for agent in dict.fromkeys(agents)}
    fig.add_layout(Legend(items=[LegendItem(label=value(texts.bot_name(agent)), renderers=[bars], index=index)
                                 for agent, index in first_bar.items()], label_text_font_size="9pt"), "right")
    fig.xaxis.major_label_text_font_size = "0pt"
    fig.xaxis.major_tick_line_color = None
    fig.xgrid.grid_line_color = None
    fig.toolbar.logo = None
    return fig


def similarity_figure(study: Study, width: int = 600, height: int = 420) -> Any:
    """The distance between each two boards' performance profiles (``Study.similarity``)
    as a table of coloured cells, each with its figure: pale where boards play alike;
    at least ``width`` wide, wider where the boards' names and the note need it."""
    distance = study.similarity
    titles = [study.board_title(board) for board in distance.index]
    columns: dict[str, list] = {"x": [], "y": [], "distance": [], "written": [], "ink": []}
    for row, first in zip(titles, distance.index):
        for column, second in zip(titles, distance.columns):
            value = float(distance.loc[first, second])
            columns["x"].append(column)
            columns["y"].append(row)
            columns["distance"].append(value)
            columns["written"].append(_share(value) if value == value else "–")  # NaN: no player count in common
    highest = max([value for value in columns["distance"] if value == value] + [0.01])
    columns["ink"] = ["white" if value > highest / 2 else "#111111" for value in columns["distance"]]
    source = ColumnDataSource(columns)
    colours = linear_cmap("distance", list(reversed(Magma256))[:200], 0.0, highest, nan_color="#eeeeee")
    note = _words("similarity_note")
    # the note starts above the table, right of the rows' labels: wide enough for both (long names, German)
    width = max(width, LABEL_CHAR_PX * max(map(len, titles)) + NOTE_CHAR_PX * len(note) + 40)
    fig = figure(x_range=titles, y_range=list(reversed(titles)), width=width, height=height, tools="save")
    _titled(fig, _words("similarity_title"), note)
    cells = fig.rect("x", "y", width=1, height=1, source=source, fill_color=colours, line_color="white",
                     name="distances")
    fig.text("x", "y", text="written", source=source, text_align="center", text_baseline="middle",
             text_font_size="11pt", text_color="ink", name="figures")
    fig.add_tools(HoverTool(renderers=[cells], tooltips=[(_words("variant"), "@y / @x"),
                                                         (_words("distance"), "@written")]))
    fig.add_layout(ColorBar(color_mapper=colours["transform"], width=12, formatter=number_ticks(percent=True),
                            title=_words("distance")), "right")
    fig.xaxis.major_label_orientation = 0.6
    fig.grid.grid_line_color = None
    fig.toolbar.logo = None
    return fig


def city_heat_map(study: Study, board: Any = None, players: int | None = None, measure: str = "claimed",
                  width: int = 900, height: int = 560) -> Any:
    """The board with each city drawn as large and as dark as it is attractive, from the
    least to the most attractive city: the claimed routes that reach it per game
    (``measure="claimed"``) or the share of games in which it is in the winner's network
    (``"winner"``), at ``players`` (by default over every player count played, each
    counted alike); the printed routes faded to one grey."""
    from ..playtest import CITY_MEASURES

    name = study.board_named(board)
    if measure not in CITY_MEASURES:
        raise texts.InputError("error.study_city_measure", measure=repr(measure), known=", ".join(CITY_MEASURES))
    cities = study.cities[study.cities.variant == name]
    if players is not None:
        study.rows_of(name, players)  # refused if not played
        cities = cities[cities.players == players]
    shares = cities.groupby("city")[measure].mean()
    fig = map_figure(load_map(study.boards[name].map), width=width, height=height)
    for renderer in fig.select({"name": "cars"}):
        renderer.glyph.fill_color = renderer.glyph.line_color = FADED_ROUTE
        renderer.glyph.fill_alpha, renderer.glyph.line_alpha = 0.5, 0.6
    fig.tools = [tool for tool in fig.tools if not isinstance(tool, HoverTool)]  # the cities tell of themselves
    for legend in fig.select({"type": Legend}):  # the map's legend (double routes, tunnels): not what is drawn here
        legend.visible = False
    dots = fig.select_one({"name": "cities"})
    data = dots.data_source.data
    heat = [float(shares.get(city, 0.0)) for city in data["name"]]
    low, high = min(heat), max(max(heat), min(heat) + 1e-9)
    smallest, largest = CITY_SIZES
    data["heat"] = heat
    data["heat_written"] = [_share(value) if measure == "winner" else texts.render(texts.number(value, 1))
                            for value in heat]
    data["heat_size"] = [smallest + (largest - smallest) * (value - low) / (high - low) for value in heat]
    colours = linear_cmap("heat", list(reversed(Magma256))[30:], low, high)
    dots.glyph.size = "heat_size"
    dots.glyph.fill_color = colours
    dots.glyph.fill_alpha = 0.85
    fig.add_tools(HoverTool(renderers=[dots], tooltips=[(_words("city"), "@name"),
                                                        (_words(f"city_{measure}"), "@heat_written")]))
    fig.add_layout(ColorBar(color_mapper=colours["transform"], width=12, title=_words(f"city_{measure}"),
                            formatter=number_ticks(percent=measure == "winner")), "right")
    played = _players_words(players) if players is not None else _words("all_players")
    games = sum(setting.games for setting in study.settings
                if setting.variant == name and (players is None or setting.players == players))
    return _titled(fig, _words(f"cities_title_{measure}", board=study.board_title(name), players=played,
                               games=texts.quantity("game", games)), _words(f"cities_note_{measure}"))


def game_arc_figure(study: Study, board: Any = None, players: int | None = None, width: int = 720,
                    height: int = 360) -> Any:
    """Each agent's route points after each of its own turns at ``board`` and ``players``
    (by default the board's first player count): the mean as a line, the middle half of
    its seats (quartiles) as a band."""
    name = study.board_named(board)
    players = study.players_of(name)[0] if players is None else players
    study.rows_of(name, players)  # refused if not played
    arcs = study.arcs[(study.arcs.variant == name) & (study.arcs.players == players)]
    colors = agent_colors(study)
    fig = figure(width=width, height=height, tools="pan,wheel_zoom,reset,save", x_axis_label=_words("turn"),
                 y_axis_label=_words("route_points"))
    _titled(fig, _words("arc_title", board=study.board_title(name), players=_players_words(players)),
            _words("arc_note"))
    items = []
    for agent in study.agents:
        arc = arcs[arcs.agent == agent]
        source = ColumnDataSource({"turn": list(arc.turn), "mean": list(arc["mean"]), "q25": list(arc.q25),
                                   "q75": list(arc.q75), "agent": [texts.bot_name(agent)] * len(arc),
                                   "mean_written": [texts.render(texts.number(value, 1)) for value in arc["mean"]]})
        band = fig.varea(x="turn", y1="q25", y2="q75", source=source, fill_color=colors[agent], fill_alpha=0.15)
        line = fig.line(x="turn", y="mean", source=source, line_color=colors[agent], line_width=2.5,
                        name=f"arc:{agent}")
        fig.add_tools(HoverTool(renderers=[line], tooltips=[(_words("agent"), "@agent"), (_words("turn"), "@turn"),
                                                            (_words("route_points"), "@mean_written")]))
        items.append(LegendItem(label=value(texts.bot_name(agent)), renderers=[line, band]))
    legend = Legend(items=items, location="top_left", click_policy="hide", label_text_font_size="9pt")
    fig.add_layout(legend, "right")
    fig.xaxis.formatter = number_ticks()
    fig.yaxis.formatter = number_ticks()
    fig.toolbar.logo = None
    return fig


def boards_side_by_side(study: Study, boards: Any = None, players: int | None = None, width: int = 450) -> Any:
    """``boards`` of the study (by default all, in order) side by side at ``players`` (by
    default the first board's first player count), a column each: what a designer reads
    first (``Study.findings``), the agents' win shares, the cities' heat map and the game
    arc; the win shares and the arcs on one scale in every column, so that a board of
    one's own is read against a printed one at a glance."""
    from bokeh.layouts import column, row
    from bokeh.models import Div

    names = list(study.boards) if boards is None else [study.board_named(board) for board in boards]
    players = study.players_of(names[0])[0] if players is None else players
    columns, shares, arcs = [], [], []
    for name in names:
        findings = "".join(f"<li>{html.escape(texts.render(found))}</li>" for found in study.findings(name, players))
        head = Div(text=f"<b>{html.escape(study.board_title(name))}</b><ul style='margin:4px 0;padding-left:18px'>"
                        f"{findings}</ul>", width=width, height=110, name="findings")  # the columns line up
        share = win_share_figure(study, name, width=width, height=340, players=players)
        heat = city_heat_map(study, name, players=players, width=width, height=round(width * 0.75))
        arc = game_arc_figure(study, name, players=players, width=width, height=340)
        for fig, short in ((share, "side_win_shares"), (heat, "side_cities"), (arc, "side_arc")):
            fig.title.text = _words(short)  # the column's head names the board; the notebook says how to read
            fig.above = [item for item in fig.above if getattr(item, "name", None) != "note"]
        shares.append(share)
        arcs.append(arc)
        # each figure in a row of its own: a column would line their frames up with the map's narrower one
        columns.append(column(head, *(row(fig) for fig in (share, heat, arc))))
    top = max(fig.y_range.end for fig in shares)
    for fig in shares:  # one scale in every column
        fig.y_range.end = top
    for fig in shares + arcs:  # the agents named once, above the columns: the width left to the data
        fig.right = [item for item in fig.right if not isinstance(item, Legend)]
    for fig in arcs[1:]:
        fig.y_range = arcs[0].y_range  # one range, fitted to every column's arcs
    colors = agent_colors(study)
    key = " ".join(f"<span style='white-space:nowrap;margin-right:14px'><span style='display:inline-block;width:12px;"
                   f"height:12px;background:{colors[agent]};vertical-align:middle;margin-right:4px'></span>"
                   f"{html.escape(texts.bot_name(agent))}</span>" for agent in study.agents)
    return column(Div(text=key, name="agents"), row(*columns))


__all__ = ["agent_colors", "boards_side_by_side", "city_heat_map", "game_arc_figure", "similarity_figure",
           "win_share_figure"]
