"""Make a board of your own by clicking (issue 29): a map of the land with your board on it,
drawn as the game will draw it, and the controls of a ``ttr.board_builder.BoardBuilder``.

Choose what a tap does: place a city (its name typed first), add a route (tap its two
cities; the same two again make the double route), move a city (drag it), or delete a city
or a route. A new route takes the length and colour the controls say: the length by default
from the distance (``BoardBuilder.suggested_length``), the colour the builder suggests (the
one with the fewest trains so far), a tunnel, ferry locomotives. "undo" takes the last step
back. "make tickets" draws the board's tickets (``ticket_maker.make_tickets``), "check the
board" lists every problem the rules would have with it (``board_check.board_problems``),
"save" writes it as a map file that ``ttr.load_map(path)`` reads.

Every tap is also a method (``tap_at(lat, lon)``, ``tap_city(name)``, ``tap_route(id)``,
``drag_city(name, lat, lon)``, ``undo()``, ``make_tickets()``, ``check()``, ``save()``): a
tap in the browser (a Bokeh ``Tap`` event, read whole in Python: a city near it, else a
route's car, else the land) and a drag (Bokeh's ``PointDrawTool`` on the cities, its new
positions sent back by jupyter_bokeh) call them. A step the builder refuses is said in the
status line, in the reader's language, and leaves the board as it was. ``view.builder`` is
the builder, for a notebook to go on in code (``view.refresh()`` shows what it did).
"""

from __future__ import annotations

import copy
import html
from pathlib import Path
from typing import Any, Callable

import ipywidgets as widgets

from .. import texts
from ..ttr import rules as ttr_rules
from ..ttr.board_builder import BoardBuilder
from ..ttr.board_check import board_problems
from ..ttr.maps import GRAY, TRAIN_COLORS
from ..ttr.ticket_maker import make_tickets
from ..viz.board_draft import DraftMap, area_of
from ..viz.ttr_map import bokeh_widget
from .narration import follow_language

#: what a tap does, by mode
MODES = ("city", "route", "move", "delete")
#: the lengths a route may be given, and the length menu's entry for one from the distance (a
#: menu's None is no entry at all)
LENGTHS, SUGGESTED = tuple(range(1, 9)), 0
#: how many routes a tap's city pair may have: the text saying what the new one made
TRACK_ADDED = {1: "route_added", 2: "double_added", 3: "triple_added"}
#: the status line's look: what happened, and a refusal
SAID_STYLE = "background:#f1f8e9;border-left:4px solid #7cb342;padding:4px 8px"
REFUSED_STYLE = "background:#ffebee;border-left:4px solid #c62828;padding:4px 8px;color:#b71c1c"


def say(key: str, **params: Any) -> str:
    return texts.text(f"builder.{key}", **params)


class BoardBuilderView:
    """A board made by clicking (the module's text); ``view.widget`` shows it.

    ``builder``: the board to go on with (a new one named ``name``, titled ``title``, if
    none). ``around``: the part of the earth to show, a built-in board's name or a ``Map``
    (where its cities are), a ``(south, west, north, east)`` tuple, or (lat, lon) places; by
    default where the builder's cities are, or the USA. ``rules``: what "check the board"
    and "make tickets" go by (a variant's name or a rules value).
    """

    def __init__(self, builder: BoardBuilder | None = None, *, name: str = "my_board", title: str | None = None,
                 around: Any = None, rules: Any = "usa", width: int = 760, height: int | None = None):
        ttr_rules.get(rules)  # an unknown variant is refused now, by name, not at the first check
        self.builder = builder if builder is not None else BoardBuilder(name, title)
        self.rules = rules
        if around is None:
            cities = self.builder.data["cities"]
            around = [(city["lat"], city["lon"]) for city in cities] if cities else "usa"
        self.map = DraftMap(area_of(around), title=self.builder.data["title"], width=width, height=height)
        self.figure = self.map.figure
        #: the first city of a route being added (tapped in "route" mode), until its second
        self.first: str | None = None
        self._said: Any = texts.Phrase("builder.hint_city", {})  # a Phrase, or an InputError refused
        self._refused = False
        self._report: Callable[[], str] = lambda: ""  # the tickets or problems below the board, in words

        def sized(width: int) -> dict:  # the description as long as its words, the box the rest
            return {"layout": widgets.Layout(width=f"{width}px"), "style": {"description_width": "initial"}}

        auto = widgets.Layout(width="auto")
        self.status = widgets.HTML()
        self.modes = widgets.ToggleButtons(options=[(m, m) for m in MODES], value="city",
                                           style={"button_width": "auto"})
        self.undo_button = widgets.Button(icon="undo", layout=auto)
        self.city_name = widgets.Text(**sized(460))
        self.routes_heading = widgets.HTML()
        self.length = widgets.Dropdown(**sized(210))
        self.colour = widgets.Dropdown(**sized(270))
        self.tunnel = widgets.Checkbox(value=False, indent=False,
                                       layout=widgets.Layout(width="auto", margin="0 14px 0 0"))
        self.ferry = widgets.BoundedIntText(value=0, min=0, max=max(LENGTHS), **sized(200))
        self.tickets_button = widgets.Button(icon="ticket", layout=auto)
        self.seed = widgets.BoundedIntText(value=0, min=0, max=10**9, **sized(150))
        self.check_button = widgets.Button(icon="check", layout=auto)
        self.file_name = widgets.Text(value=f"{self.builder.data['name']}.json", **sized(240))
        self.save_button = widgets.Button(icon="save", button_style="info", layout=auto)
        self.report = widgets.HTML()
        self._filling = False  # the menus being filled, not picked from

        self.modes.observe(lambda change: self._mode_chosen(), "value")
        self.undo_button.on_click(lambda _: self.undo())
        self.tickets_button.on_click(lambda _: self.make_tickets())
        self.check_button.on_click(lambda _: self.check())
        self.save_button.on_click(lambda _: self.save())
        self._connect_figure()

        row = widgets.Layout(align_items="center")
        self.city_row = widgets.HBox([self.city_name], layout=row)
        self.route_row = widgets.HBox([self.routes_heading, self.length, self.colour, self.tunnel, self.ferry],
                                      layout=row)
        #: what the mode asks for before a tap: a city's name, a route's options (a row kept
        #: as high in every mode, so that the map does not move)
        self.options = widgets.Box(layout=widgets.Layout(min_height="36px"))
        self.widget = widgets.VBox([
            self.status, widgets.HBox([self.modes, self.undo_button], layout=row), self.options,
            bokeh_widget(self.figure),
            widgets.HBox([self.tickets_button, self.seed, self.check_button, self.file_name, self.save_button],
                         layout=row),
            self.report])
        self._suggest()
        self.refresh()
        follow_language(self.refresh)

    def _ipython_display_(self):
        from IPython.display import display

        display(self.widget)

    # --- the figure's taps and drags -------------------------------------------------------

    def _connect_figure(self) -> None:
        from bokeh.events import Tap
        from bokeh.models import PointDrawTool

        cities = self.map.renderers["cities"]
        self.drag_tool = PointDrawTool(renderers=[cities], add=False, drag=True)
        self.figure.add_tools(self.drag_tool)
        self.figure.on_event(Tap, lambda event: self._safely(lambda: self.tap_xy(event.x, event.y)))
        cities.data_source.on_change("data", lambda attr, old, new: self._safely(self._dragged))

    def _safely(self, step: Callable[[], Any]) -> None:
        """A step the browser asked for: whatever goes wrong is said in the status line, not
        lost in the kernel's log."""
        try:
            step()
        except Exception as problem:  # a tap must never leave the view silent
            self._refuse(texts.Phrase("builder.failed", {"problem": f"{type(problem).__name__}: {problem}"}))

    def tap_xy(self, x: float, y: float) -> None:
        """A tap at map point (x, y), as the browser reports it: on a city (near it), else on
        a route's car (except when placing cities), else on the land there."""
        city = self.map.city_at(x, y)
        if city is not None:
            self.tap_city(city)
            return
        route = self.map.route_at(x, y) if self.mode != "city" else None
        if route is not None:
            self.tap_route(route)
            return
        lat, lon = self.map.lat_lon(x, y)
        self.tap_at(round(lat, 3), round(lon, 3))

    def _dragged(self) -> None:
        """The cities' positions came back from the browser: the city dragged away from where
        the board has it moves there (a refused move, or a city dropped by a key, is drawn
        back)."""
        data = self.map.sources["cities"].data
        where = {city["name"]: self.map.xy(city["lat"], city["lon"]) for city in self.builder.data["cities"]}
        if sorted(data["name"]) != sorted(where):
            self._draw()
            return
        for name, x, y in zip(data["name"], data["x"], data["y"]):
            if abs(x - where[name][0]) > 1e-9 or abs(y - where[name][1]) > 1e-9:
                lat, lon = self.map.lat_lon(x, y)
                self.drag_city(name, round(lat, 3), round(lon, 3))
                return

    # --- what a tap does --------------------------------------------------------------------

    @property
    def mode(self) -> str:
        return self.modes.value

    @mode.setter
    def mode(self, mode: str) -> None:
        self.modes.value = mode

    def tap_at(self, lat: float, lon: float) -> None:
        """A tap on the land at (``lat``, ``lon``): a new city there when placing cities."""
        if self.mode == "city":
            name = self.city_name.value.strip()
            if not name:
                self._refuse(texts.Phrase("builder.name_first", {}))
            elif self._attempt(lambda: self.builder.add_city(name, lat, lon)):
                self.city_name.value = ""
                self._changed("city_added", city=name, lat=texts.number(lat, 2), lon=texts.number(lon, 2))
        else:
            self._hint({"route": "tap_city_for_route", "move": "hint_move", "delete": "tap_to_delete"}[self.mode])

    def tap_city(self, name: str) -> None:
        """A tap on the city ``name``."""
        mode = self.mode
        if mode == "city":
            self._hint("city_there", city=name)
        elif mode == "move":
            self._hint("drag_to_move", city=name)
        elif mode == "delete":
            routes = len([r for r in self.builder.data["routes"] if name in (r["a"], r["b"])])
            if self._attempt(lambda: self.builder.remove_city(name)):
                self._changed("city_removed", city=name, count=routes)
        elif self.first is None or self.first not in self._city_names():
            self.first = name
            self._draw()
            self._hint("route_from", city=name)
        elif self.first == name:
            self.first = None
            self._draw()
            self._hint("route_cancelled", city=name)
        else:
            self._add_route(self.first, name)

    def _add_route(self, a: str, b: str) -> None:
        made: list[dict] = []
        length = None if self.length.value == SUGGESTED else self.length.value
        options = {"length": length, "colour": self.colour.value, "tunnel": self.tunnel.value,
                   "ferry_locomotives": self.ferry.value}
        if self._attempt(lambda: made.append(self.builder.add_route(a, b, **options))):
            self.first = None
            tracks = len(self.builder.routes_between(a, b))
            self._changed(TRACK_ADDED.get(tracks, "route_added"), route=self._route(made[0]["id"]), a=a, b=b)

    def tap_route(self, route_id: int) -> None:
        """A tap on the route ``route_id``: deleted in "delete" mode, else named."""
        if self.mode == "delete":
            route = self._route(route_id) if any(r["id"] == route_id for r in self.builder.data["routes"]) else None
            if self._attempt(lambda: self.builder.remove_route(route_id)):
                self._changed("route_removed", route=route)
        elif self.mode == "route":
            self._hint("tap_city_for_route")
        else:
            self._hint("route_here", route=self._route(route_id))

    def drag_city(self, name: str, lat: float, lon: float) -> None:
        """The city ``name`` dragged to (``lat``, ``lon``)."""
        if self._attempt(lambda: self.builder.move_city(name, lat, lon)):
            self._changed("city_moved", city=name, lat=texts.number(lat, 2), lon=texts.number(lon, 2))
        else:
            self._draw()  # where the board has it, not where it was dropped

    def undo(self) -> None:
        """Take the last step back."""
        if self._attempt(self.builder.undo):
            self._changed("undone")

    # --- the board as a whole ---------------------------------------------------------------

    def make_tickets(self) -> None:
        """The board's tickets, drawn anew (``ticket_maker.make_tickets``, seeded by the seed box)."""
        draft = self.builder.draft()
        if not draft.routes:
            self._refuse(texts.Phrase("builder.tickets_need_routes", {}))
            return
        trains = ttr_rules.get(self.rules).trains_per_player
        seed = self.seed.value
        tickets = make_tickets(draft, trains=trains, seed=seed)
        if self._attempt(lambda: self.builder.set_tickets(tickets)):
            self._changed("tickets_made", tickets=texts.quantity("ticket", len(tickets)),
                          trains=texts.quantity("train", trains), seed=seed,
                          report=lambda: self._listing(say("tickets_heading"), [str(ticket) for ticket in tickets]))

    def check(self) -> list[texts.Phrase]:
        """Every problem of the board for the rules (listed below it); returns them."""
        problems = board_problems(copy.deepcopy(self.builder.data), self.rules)
        rules = texts.variant_title(ttr_rules.get(self.rules))
        self._report = lambda: self._listing("", [texts.render(problem) for problem in problems])
        if problems:
            self._say("check_problems", count=len(problems), rules=rules)
        else:
            self._say("check_fine", rules=rules)
        return problems

    def save(self, path: str | Path | None = None) -> Path | None:
        """Write the board to ``path`` (by default the file box's; ``.json`` added to a name
        without it); returns where, or None when it could not."""
        name = str(path if path is not None else self.file_name.value).strip()
        if not name:
            self._refuse(texts.Phrase("builder.file_name_first", {}))
            return None
        target = Path(name if Path(name).suffix else f"{name}.json")
        try:
            written = self.builder.save(target)
        except OSError as problem:
            self._refuse(texts.Phrase("builder.save_failed", {"path": str(target),
                                                              "problem": problem.strerror or str(problem)}))
            return None
        self._say("saved", path=str(written))
        return written

    # --- showing ----------------------------------------------------------------------------

    def refresh(self) -> None:
        """Show the board as the builder has it now, and every label in the reader's language."""
        mode, self._filling = self.mode, True
        try:
            self.modes.options = [(say(f"mode_{m}"), m) for m in MODES]
            self.modes.value = mode
        finally:
            self._filling = False
        self.undo_button.description = say("undo")
        self.city_name.description = say("city_name")
        self.city_name.placeholder = say("city_name_placeholder")
        self.routes_heading.value = f"<b>{html.escape(say('new_routes'))}</b>"
        self.length.description, self.colour.description = say("length"), say("colour")
        self.tunnel.description = say("tunnel")
        self.ferry.description = say("ferry")
        self.tickets_button.description = say("make_tickets")
        self.seed.description = say("seed")
        self.check_button.description = say("check")
        self.file_name.description = say("file")
        self.save_button.description = say("save")
        self._offer(self.length, [(say("length_suggested"), SUGGESTED), *((str(n), n) for n in LENGTHS)],
                    self.length.value)
        self._offer_colours(self.colour.value)
        self._show_options()
        self._draw()
        self._show_status()

    def _suggest(self) -> None:
        """The route options back at the builder's suggestions, for the next route."""
        self._offer(self.length, [(say("length_suggested"), SUGGESTED), *((str(n), n) for n in LENGTHS)], SUGGESTED)
        self._offer_colours(self.builder.suggested_colour())

    def _offer_colours(self, keep: str | None) -> None:
        suggested = self.builder.suggested_colour()
        self._offer(self.colour, [(say("colour_suggested", colour=texts.term(colour)) if colour == suggested
                                   else texts.term(colour), colour) for colour in (*TRAIN_COLORS, GRAY)],
                    keep if keep is not None else suggested)

    def _offer(self, menu: widgets.Dropdown, options: list[tuple[str, Any]], keep: Any) -> None:
        self._filling = True
        try:
            menu.options = options
            menu.value = keep if keep in [value for _, value in options] else options[0][1]
        finally:
            self._filling = False

    def _draw(self) -> None:
        if self.first is not None and self.first not in self._city_names():
            self.first = None  # the route's first city is gone (deleted, or its placing undone)
        draft = self.builder.draft()
        self.map.draw(draft if draft.cities else None, chosen=self.first)

    def _mode_chosen(self) -> None:
        """A mode picked: its hint, no route half made, and dragging only while moving cities."""
        if self._filling:
            return
        self.first = None
        self._show_options()
        self._draw()
        self._hint(f"hint_{self.mode}")

    def _show_options(self) -> None:
        """The row of what the mode asks for, and dragging only while moving cities."""
        self.options.children = {"city": [self.city_row], "route": [self.route_row]}.get(self.mode, [])
        self.figure.toolbar.active_multi = self.drag_tool if self.mode == "move" else None

    def _attempt(self, step: Callable[[], Any]) -> bool:
        """Do a step of the builder; a refusal is said, and the board stays as it was."""
        try:
            step()
        except texts.InputError as refusal:
            self._refuse(refusal)
            return False
        return True

    def _changed(self, key: str, report: Callable[[], str] | None = None, **params: Any) -> None:
        """The board changed: draw it, suggest anew for the next route, and say what happened
        (with ``report`` below the board: what was listed there is out of date)."""
        self._report = report or (lambda: "")
        self._suggest()
        self._draw()
        self._say(key, **params)

    def _say(self, key: str, **params: Any) -> None:
        self._said, self._refused = texts.Phrase(f"builder.{key}", params), False
        self._show_status()

    _hint = _say

    def _refuse(self, refusal: texts.InputError | texts.Phrase) -> None:
        self._said, self._refused = refusal, True
        self._show_status()

    def _show_status(self) -> None:
        words = html.escape(texts.render(self._said))
        self.status.value = (f"<div style='{REFUSED_STYLE}'>⚠ {words}</div>" if self._refused
                             else f"<div style='{SAID_STYLE}'>{words}</div>")
        self.report.value = self._report()

    @property
    def said(self) -> str:
        """What the status line says now (in the reader's language)."""
        return texts.render(self._said)

    @property
    def refused(self) -> bool:
        """Whether the status line says a refusal."""
        return self._refused

    @staticmethod
    def _listing(heading: str, lines: list[str]) -> str:
        items = "".join(f"<li>{html.escape(line)}</li>" for line in lines)
        return (f"<b>{html.escape(heading)}</b>" if heading else "") + f"<ul style='margin:2px 0'>{items}</ul>"

    def _route(self, route_id: int) -> Any:
        return self.builder.draft().route(route_id)

    def _city_names(self) -> set[str]:
        return {city["name"] for city in self.builder.data["cities"]}
