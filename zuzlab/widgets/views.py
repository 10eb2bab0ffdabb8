"""Views for the step player: each has a ``widget`` and ``show(step)``.

- ``MapStepView``: a Ticket to Ride map with coloured overlays: the trail being walked,
  the best one so far and the routes still to explore (longest-route steps), the
  cities reached and routes chosen (connection steps), or the routes the stations borrow
  (station steps).
- ``InkStepView``: the Railroad Ink board, with the squares of the current network, path
  or lake highlighted and errors marked as they are found; for the water fill, the
  board as it grows, the filled squares framed.
- ``FulfilmentView``: the Card Game's ticket search: the on-the-track pile (which cards
  the chosen tickets use) and the tickets in the order they are tried, each marked.
- ``TextView``: any step as a line of text (and whatever ``details`` says).
"""

from __future__ import annotations

import html
from typing import Any, Callable, Mapping

import ipywidgets as widgets

from .. import texts
from ..algorithms import Plan, PlanStep, StationStep, TrailStep
from ..algorithms.fulfilment import WILD, search_order
from ..ink import Board
from ..ttr import Game, Map, load_map
from ..viz.ttr_map import bokeh_widget
from ..viz import InkCanvas, map_figure
from ..viz.cardgame_table import CARD_COLORS, card_chip
from ..viz.ttr_map import RouteLines
from ..viz.ttr_marks import OVERLAY


class TextView:
    def __init__(self, details: Callable[[Any], str] | None = None):
        self.widget = widgets.HTML()
        self.details = details or (lambda step: html.escape(repr(step)))
        self.shown: Any = None

    def show(self, step: Any) -> None:
        self.shown = step
        self.widget.value = f"<div style='font-family:monospace'>{self.details(step)}</div>"


class MapStepView:
    """A Ticket to Ride map whose overlays follow route steps; ``colours`` gives each overlay
    group its colour (the algorithms' ``OVERLAY`` by default; a drawing of its own brings its own)."""

    def __init__(self, map_or_game: Map | Game | str, width: int = 820, height: int = 520, dim_map: bool = True,
                 colours: Mapping[str, str] = OVERLAY):
        from bokeh.models import ColumnDataSource
        self.board = map_or_game.map if isinstance(map_or_game, Game) else load_map(map_or_game)
        self.figure = map_figure(map_or_game, width=width, height=height)
        if dim_map:  # the printed routes fade back so that the algorithm's overlay stands out
            for renderer in self.figure.select({"name": "cars"}):
                renderer.glyph.fill_alpha = renderer.glyph.line_alpha = 0.3
        self.colours = dict(colours)
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
                lines["color"].append(self.colours[name])
                lines["width"].append(width.get(name, 4))
        dots: dict[str, list] = {"x": [], "y": [], "color": []}
        for name, names in (cities or {}).items():
            for city in names:
                dots["x"].append(self.line_of.points[city][0])
                dots["y"].append(self.line_of.points[city][1])
                dots["color"].append(self.colours[name])
        self.lines.data = lines
        self.dots.data = dots

    def show(self, step: Any) -> None:
        self.shown = step
        if isinstance(step, TrailStep) and step.kind == "done":  # nothing is left to explore: grey, not blue
            best = {id(r) for r in step.best}
            self.overlay({"left_out": [r for r in step.unexplored if id(r) not in best], "best": list(step.best)})
        elif isinstance(step, TrailStep):
            self.overlay({"unexplored": list(step.unexplored), "trail": list(step.trail), "best": list(step.best)},
                         {"trail": [step.city]} if step.city else {})
        elif isinstance(step, StationStep):  # the routes the stations borrow in this try, and their cities
            self.overlay({"chosen": [route for _, route in step.borrowed]},
                         {"reached": [city for city, _ in step.borrowed]})
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


class FulfilmentView:
    """The search for the best choice of tickets (``best_fulfilment_steps``), drawn.

    Above, the on-the-track pile, a square a card: filled where the chosen tickets use it,
    hollow where it is spare; a locomotive is used for each card a colour lacks. Below,
    the tickets in the order the search tries them (most points per card first), each
    marked chosen, being tried, not fitting, left out or still open.
    """

    SYMBOLS = {"chosen": "✔", "trying": "▶", "blocked": "✘", "left": "–", "open": "·"}

    def __init__(self, tickets, cards):
        self.tickets, self.cards, self.colours = list(tickets), dict(cards), CARD_COLORS
        self.order = search_order(self.tickets)
        self.widget = widgets.HTML(layout=widgets.Layout(min_height="250px"))
        self.shown: Any = None

    def _squares(self, kind: str, held: int, used: int) -> str:
        """A pile's cards of one kind, a square each; ✔ on those the chosen tickets use."""
        colour = self.colours.get(kind, "#999999")
        tick = "white" if kind in ("black", "blue", "purple", "red", "green") else "black"
        squares = "".join(
            f"<span style='display:inline-block;width:16px;height:18px;margin:1px;border:1px solid #444;"
            f"background:{colour};color:{tick};text-align:center;line-height:18px;font-size:12px'>"
            f"{'✔' if n < used else ''}</span>" for n in range(held))
        return (f"<span style='display:inline-block;margin-right:12px'>{html.escape(texts.term(kind))} "
                f"{squares}</span>")

    def _status(self, step: Any, position: int) -> tuple[str, str]:
        """A ticket's mark at this step: its word and colour."""
        ticket = self.tickets[position]
        if ticket in step.chosen:
            return ("chosen", "#1b5e20")
        if step.ticket is not None and ticket == step.ticket:
            return {"take": ("trying", "#e65100"), "blocked": ("blocked", "#b71c1c"),
                    "leave": ("left", "#757575")}[step.kind]
        if position in self.order[:step.decided]:  # decided before this step, and not chosen
            return ("left", "#757575")
        return ("open", "#9e9e9e")

    @staticmethod
    def _word(key: str) -> str:
        return texts.text(f"label.fulfil_{key}")

    def show(self, step: Any) -> None:
        self.shown = step
        needed: dict[str, int] = {}
        for ticket in step.chosen:
            for colour in ticket.colors:
                needed[colour] = needed.get(colour, 0) + 1
        short = sum(max(0, n - self.cards.get(colour, 0)) for colour, n in needed.items())
        pile = "".join(self._squares(kind, held, min(held, short if kind == WILD else needed.get(kind, 0)))
                       for kind, held in self.cards.items() if held)
        rows = []
        for position in self.order:
            ticket = self.tickets[position]
            status, colour = self._status(step, position)
            mark = f"{self.SYMBOLS[status]} {self._word(status)}"
            chips = " ".join(card_chip(c) for c in ticket.colors)
            rows.append(f"<tr style='color:{colour}'><td style='padding:1px 10px 1px 0'><b>{html.escape(mark)}</b></td>"
                        f"<td style='padding:1px 10px 1px 0'>"
                        f"{html.escape(ticket.origin)}–{html.escape(ticket.destination)}</td>"
                        f"<td style='padding:1px 10px 1px 0;text-align:right'>"
                        f"{html.escape(texts.render(texts.quantity('point', ticket.points)))}</td>"
                        f"<td>{chips}</td></tr>")
        summary = texts.text("label.fulfil_summary", points=texts.quantity("point", step.points),
                             best=texts.quantity("point", step.best))
        self.widget.value = (f"<div><b>{html.escape(texts.text('label.fulfil_pile'))}</b><br>{pile}</div>"
                             f"<div style='margin-top:6px'><b>{html.escape(texts.text('label.fulfil_order'))}</b>"
                             f"<table style='border-collapse:collapse'>{''.join(rows)}</table></div>"
                             f"<div style='margin-top:4px'>{html.escape(summary)}</div>")
