"""Figures of a bot tournament (``zuzlab.lessons.tournament``, in ``lessons/league.py``): each bot's rating with its
95 % interval, its share of wins, and how its scores spread. Both read plain tables (the tournament's
``standings()`` and ``games``), so they draw any league; the best bot is at the top.
Titles, axes and tooltips are in the reader's language."""

from __future__ import annotations

from typing import Any

from bokeh.models import ColumnDataSource, HoverTool
from bokeh.plotting import figure

from .. import texts
from .sim_plots import number_ticks

#: the bars' colour, and the colour of a bot that made faults (its rating is marked so)
BAR = "#1e88e5"
FAULTY = "#e53935"


def _words(key: str, **params: Any) -> str:
    return texts.text(f"label.tournament_{key}", **params)


def _names(standings: Any) -> list[str]:
    """The bots as the reader reads them, best last (Bokeh draws the first factor at the bottom)."""
    return [texts.bot_name(bot) for bot in reversed(list(standings.bot))]


def rating_figure(standings: Any, width: int = 620, height: int | None = None) -> Any:
    """Each bot's rating (a dot) and its 95 % interval (a bar): two bots whose bars overlap
    may well be equally strong; more rounds make the bars shorter."""
    names = _names(standings)
    rows = standings.iloc[::-1]
    source = ColumnDataSource({
        "bot": names, "rating": rows.rating, "low": rows.rating_low, "high": rows.rating_high,
        "color": [FAULTY if faults else BAR for faults in rows.faults],
        "rating_text": [texts.render(texts.number(value)) for value in rows.rating],
        "interval": [f"{texts.render(texts.number(low))}–{texts.render(texts.number(high))}"
                     for low, high in zip(rows.rating_low, rows.rating_high)],
        "share": [texts.render(texts.share(share)) for share in rows.win_share],
        "faults": list(rows.faults)})
    fig = figure(y_range=names, width=width, height=height or 60 + 26 * len(names), title=_words("rating_title"),
                 x_axis_label=_words("rating_axis"), tools="save", toolbar_location=None)
    fig.hbar(y="bot", left="low", right="high", height=0.35, source=source, fill_color="color", fill_alpha=0.3,
             line_color="color")
    dots = fig.scatter("rating", "bot", source=source, size=10, color="color")
    fig.add_tools(HoverTool(renderers=[dots], tooltips=[
        (_words("bot"), "@bot"), (_words("rating_short"), "@rating_text (@interval)"),
        (_words("win_share"), "@share"), (_words("faults"), "@faults")]))
    fig.xaxis.formatter = number_ticks()
    return fig


def win_share_figure(standings: Any, width: int = 620, height: int | None = None) -> Any:
    """Each bot's share of its games won (a shared win split between the winners); with
    two players at a table, half is an even match."""
    names = _names(standings)
    rows = standings.iloc[::-1]
    source = ColumnDataSource({"bot": names, "share": rows.win_share, "games": list(rows.games),
                               "share_text": [texts.render(texts.share(share)) for share in rows.win_share],
                               "color": [FAULTY if faults else BAR for faults in rows.faults]})
    fig = figure(y_range=names, x_range=(0, 1), width=width, height=height or 60 + 26 * len(names),
                 title=_words("win_share_title"), x_axis_label=_words("win_share"), tools="save", toolbar_location=None)
    bars = fig.hbar(y="bot", left=0, right="share", height=0.6, source=source, fill_color="color", fill_alpha=0.6,
                    line_color="color")
    fig.add_tools(HoverTool(renderers=[bars], tooltips=[(_words("bot"), "@bot"), (_words("win_share"), "@share_text"),
                                                        (_words("games"), "@games")]))
    fig.xaxis.formatter = number_ticks(percent=True)
    return fig


def score_figure(games: Any, standings: Any, width: int = 620, height: int | None = None) -> Any:
    """How each bot's final scores spread: the middle half of its games as a box, the
    median as a line in it, the lowest and highest score as whiskers, the mean as a dot."""
    names = _names(standings)
    bots = list(reversed(list(standings.bot)))
    quartiles = {bot: games[games.bot == bot].total.quantile([0.0, 0.25, 0.5, 0.75, 1.0]).to_list() for bot in bots}
    means = [float(games[games.bot == bot].total.mean()) for bot in bots]
    source = ColumnDataSource({
        "bot": names, "low": [quartiles[bot][0] for bot in bots], "q1": [quartiles[bot][1] for bot in bots],
        "median": [quartiles[bot][2] for bot in bots], "q3": [quartiles[bot][3] for bot in bots],
        "high": [quartiles[bot][4] for bot in bots], "mean": means,
        "mean_text": [texts.render(texts.number(mean, 1)) for mean in means]})
    fig = figure(y_range=names, width=width, height=height or 60 + 26 * len(names), title=_words("score_title"),
                 x_axis_label=_words("score_axis"), tools="save", toolbar_location=None)
    fig.segment("low", "bot", "high", "bot", source=source, color="#607d8b")
    boxes = fig.hbar(y="bot", left="q1", right="q3", height=0.5, source=source, fill_color=BAR, fill_alpha=0.3,
                     line_color=BAR)
    fig.rect("median", "bot", width=0.5, height=0.5, source=source, color="#0d47a1", width_units="screen")
    fig.scatter("mean", "bot", source=source, size=7, color="#0d47a1", marker="diamond")
    fig.add_tools(HoverTool(renderers=[boxes], tooltips=[(_words("bot"), "@bot"), (_words("score"), "@mean_text")]))
    fig.xaxis.formatter = number_ticks()
    return fig
