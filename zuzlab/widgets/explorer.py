"""The rule explorer: change a rules value with widgets, play the same seeded games under
the printed and the changed rules, and compare them in Bokeh figures.

The controls offered are declared with the rules, not here: each field of an engine's rules
class (``Engine.rules_type`` in ``zuzlab.engines.ENGINES``) whose metadata is
``core.explored(kind, …)`` (a ``core.Control``), in the order declared
(``core.explored_fields``).
A change the rules refuse (keeping more tickets than are dealt, say) is explained in
the words of the widgets the user touched, nothing is simulated, and the last run's
results are cleared: left standing under the refused settings they would read as their
answer, and a seeded run is repeated exactly by pressing the button again. A run that is
played says which settings differ from the printed rules, and their printed values.
Everything shown, the menus' choices and the bots' names too, is in the reader's language.
"""

from __future__ import annotations

import html
from dataclasses import dataclass, replace
from typing import Any, Callable

import ipywidgets as widgets

from .. import engines, sim, texts
from ..core import Control, explored_fields
from ..engines import engine_of
from ..texts import InputError
from ..viz import sim_plots
from ..viz.ttr_map import bokeh_widget
from .narration import follow_language, label


@dataclass(frozen=True)
class Parameter:
    """One rules field as a control: ``make(rules)`` builds the widget showing the
    rules' value, ``read(widget)`` gives the value to put back; ``label_params(rules)``
    fills the placeholders of its label ``param_<field>``; ``at_most`` names the field
    it may not exceed, so that the explorer can say so in the words of both controls."""

    field: str
    make: Callable[[Any], widgets.Widget]
    read: Callable[[widgets.Widget], Any] = lambda control: control.value
    label_params: Callable[[Any], dict] = lambda rules: {}
    at_most: str | None = None
    #: a menu's choices: value → the text key of its words (``label.<key>``), said anew in each language
    choices: tuple[tuple[Any, str], ...] = ()
    #: a line under the control that explains it (``label.<key>``)
    hint: str | None = None

    def words(self, value: Any) -> str:
        """A value of the control as the reader reads it (a change is listed in these words)."""
        if self.choices:
            return label(dict(self.choices)[value])
        if isinstance(value, bool):
            return label("explore_yes" if value else "explore_no")
        if isinstance(value, tuple) and all(isinstance(pair, tuple) for pair in value):  # length → points
            return ", ".join(f"{length} → {points}" for length, points in value)
        return str(value)


def parameter(field: str, control: Control) -> Parameter:
    """The control the rules declare for a field (``core.Control``), as a widget."""
    if control.kind == "slider":  # its range stretches to the rules' value, so it never silently changes one
        def make(rules: Any) -> widgets.Widget:
            top = control.high(rules) if callable(control.high) else control.high
            value = getattr(rules, field)
            return widgets.IntSlider(value=value, min=min(control.low, value), max=max(top, value),
                                     style={"description_width": "initial"}, layout=widgets.Layout(width="520px"))
        return Parameter(field, make, label_params=control.label_params or (lambda rules: {}), at_most=control.at_most)
    if control.kind == "checkbox":
        return Parameter(field, lambda rules: widgets.Checkbox(value=getattr(rules, field), indent=False))
    if control.kind == "menu":  # each value said in words of the language
        return Parameter(field, lambda rules: widgets.Dropdown(
            options=[(label(key), value) for value, key in control.choices], value=getattr(rules, field),
            layout=widgets.Layout(width="520px")), choices=control.choices, hint=control.hint)
    if control.kind == "points_table":  # route length → points
        def make_table(rules: Any) -> widgets.Widget:
            return widgets.HBox([widgets.BoundedIntText(value=points, min=0, max=99, description=str(length),
                                                        style={"description_width": "14px"},
                                                        layout=widgets.Layout(width="74px"))
                                 for length, points in getattr(rules, field)])
        return Parameter(field, make_table, lambda box: {int(child.description): child.value for child in box.children})
    raise ValueError(f"{field}: no explorer control of kind {control.kind!r}")  # a defect of a rules class


def parameters_of(rules_type: type) -> list[Parameter]:
    """The explorer's controls for a rules class: the fields it declares as explored."""
    return [parameter(field, control) for field, control in explored_fields(rules_type)]


class RuleExplorer:
    """``RuleExplorer("usa")`` shows controls for the rules' parameters; ``simulate()``
    (or the button) plays ``games`` seeded games under the printed and the changed rules
    and shows the comparison. ``tables`` keeps the two result tables, keyed by the
    variants' names in the current language."""

    def __init__(self, base: Any = "usa", games: int = 100, seed: int = 1, players: int | None = None,
                 bots: list[str] | None = None, executor: Any = None):
        self.engine, self.base = engine_of(base)
        self.executor = executor
        self.parameters = parameters_of(self.engine.rules_type)
        if not self.parameters:
            raise InputError("error.explorer_family", game=self.engine.reader_name,
                             known=", ".join(engine.key for engine in engines.ENGINES
                                               if explored_fields(engine.rules_type)))
        self.controls = {p.field: p.make(self.base) for p in self.parameters}
        low, high = self._player_range()
        self.players = widgets.IntSlider(value=players or min(max(low, 4), high), min=low, max=high)
        self.games = widgets.IntSlider(value=games, min=10, max=2000, step=10)
        self.seed = widgets.IntText(value=seed, layout=widgets.Layout(width="120px"))
        default = bots or list(self.engine.strategies)
        # with a single bot there is nothing to choose: the hint says so
        self.bots = widgets.Text(value=", ".join(default), layout=widgets.Layout(width="520px"),
                                 disabled=len(self.engine.bots) == 1)
        self.bots_hint = _hint_line()
        self.run = widgets.Button(button_style="primary", icon="play")
        self.run.on_click(lambda _: self.simulate())
        self.message = widgets.HTML()
        self.results = widgets.Output()
        self._runs: list[tuple[str, Any]] = []  # (text key of the variant, its table)
        self._status: Callable[[], str] = str  # the message, written anew in each language
        self._labels: dict[str, tuple[widgets.HTML, dict]] = {}  # text key → (label, its parameters)
        self._hints = {p.field: _hint_line() for p in self.parameters if p.hint}
        rows = [self._row(f"param_{p.field}", self._with_hint(p), **p.label_params(self.base)) for p in self.parameters]
        rows += [self._row("explore_players", self.players),
                 self._row("explore_bots", widgets.VBox([self.bots, self.bots_hint])),
                 self._row("explore_games", self.games), self._row("explore_seed", self.seed)]
        self.widget = widgets.VBox([*rows, self.run, self.message, self.results])
        self.refresh_texts()
        follow_language(self.refresh_texts)

    def _with_hint(self, parameter: Parameter) -> widgets.Widget:
        control = self.controls[parameter.field]
        return widgets.VBox([control, self._hints[parameter.field]]) if parameter.hint else control

    def _player_range(self) -> tuple[int, int]:
        rules = self.base
        return (rules.min_players, rules.max_players) if hasattr(rules, "min_players") else (1, 4)

    def _row(self, key: str, control: widgets.Widget, **params: Any) -> widgets.HBox:
        # an HTML label wraps a long name onto a second line (a Label would cut it off)
        name = widgets.HTML(layout=widgets.Layout(width="380px", flex="0 0 380px", padding="0 12px 0 0"))
        self._labels[key] = (name, params)
        return widgets.HBox([name, control], layout=widgets.Layout(align_items="center"))

    def setting(self, key: str) -> str:
        """The label of a control (``param_<field>`` or ``explore_…``) as the user reads it."""
        return label(key, **self._labels[key][1])

    def refresh_texts(self) -> None:
        for key, (name, params) in self._labels.items():
            name.value = f"<div style='line-height:1.3'>{html.escape(label(key, **params))}</div>"
        self.run.description = label("explore_run")
        for parameter in self.parameters:
            if parameter.choices:  # the same values, their words in the new language
                menu = self.controls[parameter.field]
                value = menu.value
                menu.options = [(label(key), choice) for choice, key in parameter.choices]
                menu.value = value
            if parameter.hint:
                _say_hint(self._hints[parameter.field], label(parameter.hint))
        bots = self.bot_names()
        named = texts.listing([label("explore_bot_named", name=bot, bot=texts.bot_name(bot)) for bot in bots])
        _say_hint(self.bots_hint, label("explore_one_bot", bot=named) if len(bots) == 1
                  else label("explore_bots_hint", bots=named))
        self.message.value = self._status()
        if self._runs:
            self._show()

    def changed_rules(self) -> Any:
        """The rules as the controls set it (a ``ValueError`` names a bad change in the
        controls' own words)."""
        values = {p.field: p.read(self.controls[p.field]) for p in self.parameters}
        for p in self.parameters:
            if p.at_most and values[p.field] > values[p.at_most]:
                raise InputError("label.explore_more_than", setting=self.setting(f"param_{p.field}"),
                                 value=values[p.field], limit=self.setting(f"param_{p.at_most}"),
                                 limit_value=values[p.at_most])
        return replace(self.base, name=f"{self.base.name}*", **values)

    def changes(self, rules: Any) -> list[str]:
        """Each setting ``rules`` changes against the printed rules, with both values, in
        the reader's words ("«tickets to keep at the start» 0 (printed rules: 2)")."""
        return [label("explore_change", setting=self.setting(f"param_{p.field}"),
                      value=p.words(getattr(rules, p.field)), printed=p.words(getattr(self.base, p.field)))
                for p in self.parameters if getattr(rules, p.field) != getattr(self.base, p.field)]

    def bot_names(self) -> list[str]:
        """The bots of the engine, its strategies first; not those that search (too slow
        for hundreds of games)."""
        return [bot for bot in dict.fromkeys([*self.engine.strategies, *self.engine.bots])
                if bot not in self.engine.searching_bots]

    def seat_bots(self) -> list[str]:
        """The bot of each seat, the names repeated round the table (an ``InputError`` says
        what is wrong with the «bots» field). A bot may be named by its short name
        (``tickets``) or by its name for a reader in a language of the kit ("ticket bot",
        "Zielkarten-Bot")."""
        typed = [name.strip() for name in self.bots.value.split(",") if name.strip()]
        known = [texts.Word(bot) for bot in self.bot_names()]  # short names as typed, listed with "and"
        if not typed:
            raise InputError("label.explore_no_bots", setting=self.setting("explore_bots"), bots=known)
        names = []
        for name in typed:
            bot = self._bot_called(name)
            if bot is None:
                raise InputError("label.explore_unknown_bot", setting=self.setting("explore_bots"),
                                 name=repr(name), bots=known)
            if bot in self.engine.searching_bots:
                raise InputError("label.explore_searching_bot", setting=self.setting("explore_bots"),
                                 bot=texts.Word(bot), bots=known)
            names.append(bot)
        return [names[seat % len(names)] for seat in range(self.players.value)]

    def _bot_called(self, name: str) -> str | None:
        """The bot a reader means by ``name``: its short name, or its name in a language."""
        wanted = name.casefold()
        for bot in self.engine.bots:
            if wanted == bot.casefold() or any(wanted == texts.bot_name(bot, lang).casefold()
                                               for lang in texts.LANGUAGES):
                return bot
        return None

    def _check(self) -> tuple[Any, list[str]] | str:
        """The changed rules and the seats' bots, or what is wrong with them."""
        try:
            return self.changed_rules(), self.seat_bots()
        except ValueError as problem:
            return str(problem)

    def _refusal(self, cleared: bool) -> str:
        """Why the controls cannot be simulated (empty once they can), and whether the
        last results were cleared for it."""
        problem = self._check()
        if not isinstance(problem, str):
            return ""
        note = f" {html.escape(label('explore_cleared'))}" if cleared else ""
        return (f"<span style='color:#b71c1c'><b>{html.escape(label('explore_bad_input'))}</b> "
                f"{html.escape(problem)}{note}</span>")

    @property
    def tables(self) -> dict[str, Any]:
        return {label(key): table for key, table in self._runs}

    def simulate(self) -> dict[str, Any]:
        """Play the same games under both sets of rules and show the comparison; on a bad
        change, say what is wrong and clear the last results."""
        checked = self._check()
        if isinstance(checked, str):
            cleared = bool(self._runs)
            self._runs = []
            self.results.clear_output()
            self._say(lambda: self._refusal(cleared))
            return {}
        changed, bots = checked
        games = self.games.value
        self._say(lambda: html.escape(label("explore_running", games=texts.quantity("game", games))))
        self.results.clear_output()
        runs = []
        with self.results:
            play = dict(players=self.players.value, games=games, seed=self.seed.value, bots=bots,
                        executor=self.executor)
            base = sim.simulate(self.base, **play, title=label("explore_base"), keep_actions=True)
            runs.append(("explore_base", base))
            # a change of the points only: the same games, scored anew (no need to play them again)
            rescored = sim.can_rescore(base, changed)
            runs.append(("explore_changed", sim.rescore(base, changed) if rescored
                         else sim.simulate(changed, **play, title=label("explore_changed"))))
        self._runs = runs
        self._say(lambda: html.escape(" ".join([label("explore_done", games=texts.quantity("game", games)),
                                                *self._changes_said(changed, bots, rescored)])))
        self._show()
        return self.tables

    def _changes_said(self, changed: Any, bots: list[str], rescored: bool) -> list[str]:
        """What differs from the printed rules, and whether the changed rules' games were
        the printed rules' games scored anew or played again, and why."""
        changes = self.changes(changed)
        if not changes:
            return [label("explore_no_change", base=label("explore_base"))]
        said = label("explore_changes", changes=texts.listing(changes))
        if rescored:
            return [said, label("explore_rescored")]
        # every field that differs, the scored ones too (as if the bots read all that is scored)
        differing = set(sim.changes_to_play(self.base, changed, self.engine.scored_only))
        if sim.changes_to_play(self.base, changed):  # a change of the play itself
            return [said, label("explore_replayed")]
        readers = [texts.bot_name(bot) for bot in dict.fromkeys(bots)
                   if sim.bots_read_scoring(self.engine, [bot], {}) & differing]
        return [said, label("explore_replayed_read", count=len(readers), bots=texts.listing(readers))]

    def _say(self, status: Callable[[], str]) -> None:
        self._status = status
        self.message.value = status()

    def _show(self) -> None:
        """The summary and the figures of the last run, in the current language."""
        from IPython.display import display

        self.results.clear_output()
        with self.results:
            display(summary(self.tables))
            for fig in self.figures():
                display(bokeh_widget(fig))

    def figures(self) -> list[Any]:
        """The comparison: scores, win rates (unless every game had one player, who always
        wins), game lengths and, for a map, the routes claimed."""
        tables = self.tables
        figs = [sim_plots.histograms(tables, "total")]
        if not solo(tables):
            figs.append(sim_plots.win_rate_bars(tables))
        length = label("param_rounds") if self.engine.turns_are_rounds else None
        figs.append(sim_plots.histograms(tables, "turns", one_row_per_game=True, what=length))
        name, table = list(tables.items())[-1]
        if "routes" in table and hasattr(self.base, "map"):  # the routes each game claimed, on the board
            figs.append(sim_plots.route_claims_figure(self.base.map, table, variant=name))
        return figs

    def _ipython_display_(self):
        from IPython.display import display

        display(self.widget)


def _hint_line() -> widgets.HTML:
    return widgets.HTML(layout=widgets.Layout(width="520px"))


def _say_hint(line: widgets.HTML, hint: str) -> None:
    line.value = f"<div style='line-height:1.3; font-size:smaller'>{html.escape(hint)}</div>"


def solo(tables: dict[str, Any]) -> bool:
    """Whether every game was played by one player (whose win rate says nothing)."""
    return all((table.players == 1).all() for table in tables.values())


def summary(tables: dict[str, Any]) -> Any:
    """Mean total and win rate per bot, one column pair per variant (no win rate when
    every game had one player), as a styled table in the current language: one way per
    kind of number, totals with one decimal and win rates in whole per cents."""
    import pandas as pd

    total, won = label("explore_mean_total"), label("explore_win_rate")
    one_player = solo(tables)
    parts = {}
    for name, table in tables.items():
        part = table.groupby("bot").agg(**{total: ("total", "mean"), won: ("won", "mean")})
        parts[name] = part.drop(columns=won) if one_player else part
    frame = pd.concat(parts, axis=1)
    frame.index = [texts.bot_name(bot) for bot in frame.index]
    frame.index.name = label("explore_bot")

    def written(column: tuple[str, str]) -> Callable[[float], str]:
        figure = (lambda v: texts.number(v, 1)) if column[1] == total else texts.share
        return lambda value: texts.render(figure(value))

    caption = label("explore_summary_solo" if one_player else "explore_summary")
    return frame.style.format({column: written(column) for column in frame.columns}).set_caption(caption)
