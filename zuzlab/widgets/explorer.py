"""The rule explorer: change a ruleset with widgets, play the same seeded games under
the printed and the changed rules, and compare them in Bokeh figures.

Which parameters are offered depends on the game family (``PARAMETERS``): for Ticket to
Ride the longest-route bonus, the route scoring table, trains per player, the face-up
reset, the ticket deal and the player count for double routes; for the Card Game the deal,
the ticket draw, the smallest set, the two-round player count, the face-up reset and the
readings of the rule text zuzlab had to choose; for Railroad Ink the rounds and the loop
rule.
A change the ruleset refuses (keeping more tickets than are dealt, say) is explained in
the widget, and nothing is simulated.
"""

from __future__ import annotations

import html
from dataclasses import dataclass, replace
from typing import Any, Callable

import ipywidgets as widgets

from .. import sim
from ..ink.scoring import LOOP_RULES
from ..viz import sim_plots
from ..viz.ttr_map import bokeh_widget
from .narration import follow_language, label


@dataclass(frozen=True)
class Parameter:
    """One ruleset field as a control: ``make(rules)`` builds the widget showing the
    ruleset's value, ``read(widget)`` gives the value to put back; ``label_params(rules)``
    fills the placeholders of its label ``param_<field>``."""

    field: str
    make: Callable[[Any], widgets.Widget]
    read: Callable[[widgets.Widget], Any] = lambda control: control.value
    label_params: Callable[[Any], dict] = lambda rules: {}


def _slider(field: str, low: int, high: Callable[[Any], int] | int,
            label_params: Callable[[Any], dict] = lambda rules: {}) -> Parameter:
    """An integer slider; its range stretches to the ruleset's value, so a slider never
    silently changes a value it cannot show."""
    def make(rules: Any) -> widgets.Widget:
        top = high(rules) if callable(high) else high
        value = getattr(rules, field)
        return widgets.IntSlider(value=value, min=min(low, value), max=max(top, value),
                                 style={"description_width": "initial"}, layout=widgets.Layout(width="520px"))
    return Parameter(field, make, label_params=label_params)


def _checkbox(field: str) -> Parameter:
    return Parameter(field, lambda rules: widgets.Checkbox(value=getattr(rules, field), indent=False))


def _points_table() -> Parameter:
    def make(rules: Any) -> widgets.Widget:
        boxes = [widgets.BoundedIntText(value=points, min=0, max=99, description=str(length),
                                        style={"description_width": "14px"}, layout=widgets.Layout(width="74px"))
                 for length, points in rules.route_points]
        return widgets.HBox(boxes)

    def read(box: widgets.HBox) -> dict[int, int]:
        return {int(child.description): child.value for child in box.children}

    return Parameter("route_points", make, read)


#: Both engines' face-up row is reset when this many wilds show; 0 never resets it.
FACE_UP_RESET = _slider("face_up_reset_wilds", 0, lambda rules: rules.face_up_count)

TTR_PARAMETERS = (
    _slider("longest_route_bonus", 0, 40),
    _points_table(),
    _slider("trains_per_player", 10, 60),
    FACE_UP_RESET,
    _slider("initial_tickets", 1, 6),
    _slider("initial_keep_min", 0, 6),
    _slider("double_routes_min_players", 2, 6),
)
CARDGAME_PARAMETERS = (
    _slider("initial_hand", 1, 12),
    _slider("initial_locomotives", 0, 3),
    _slider("initial_tickets", 1, 10),
    _slider("initial_keep_min", 0, 10),
    _slider("ticket_draw", 1, 8),
    _slider("set_min_cards", 2, 6),
    # one more than the most players: never two rounds
    _slider("two_rounds_from", 2, lambda rules: rules.max_players + 1,
            label_params=lambda rules: {"never": rules.max_players + 1}),
    FACE_UP_RESET,
    _checkbox("first_round_tickets_stay"),
    _checkbox("locomotives_move_first"),
)
INK_PARAMETERS = (
    _slider("rounds", 1, 12),
    Parameter("loop_rule", lambda rules: widgets.Dropdown(options=list(LOOP_RULES), value=rules.loop_rule)),
)
#: The controls of each game family (``sim.Family.name``).
PARAMETERS = {"ttr": TTR_PARAMETERS, "cardgame": CARDGAME_PARAMETERS, "ink": INK_PARAMETERS}


class RuleExplorer:
    """``RuleExplorer("usa")`` shows controls for the ruleset's parameters; ``simulate()``
    (or the button) plays ``games`` seeded games under the printed and the changed rules
    and shows the comparison. ``tables`` keeps the two result tables."""

    def __init__(self, base: Any = "usa", games: int = 100, seed: int = 1, players: int | None = None,
                 bots: list[str] | None = None, executor: Any = None):
        self.family, self.base = sim.family_of(base)
        self.executor = executor
        if self.family.name not in PARAMETERS:
            raise ValueError(f"the rule explorer has no controls for {self.family.name} games "
                             f"(it knows {', '.join(PARAMETERS)})")
        self.parameters = PARAMETERS[self.family.name]
        self.controls = {p.field: p.make(self.base) for p in self.parameters}
        low, high = self._player_range()
        self.players = widgets.IntSlider(value=players or min(max(low, 4), high), min=low, max=high)
        self.games = widgets.IntSlider(value=games, min=10, max=2000, step=10)
        self.seed = widgets.IntText(value=seed, layout=widgets.Layout(width="120px"))
        default = bots or list(self.family.default_bots)
        self.bots = widgets.Text(value=", ".join(default), layout=widgets.Layout(width="520px"))
        self.run = widgets.Button(button_style="primary", icon="play")
        self.run.on_click(lambda _: self.simulate())
        self.message = widgets.HTML()
        self.results = widgets.Output()
        self.tables: dict[str, Any] = {}
        self._labels: dict[str, tuple[widgets.Label, dict]] = {}  # text key → (label, its parameters)
        rows = [self._row(f"param_{p.field}", self.controls[p.field], **p.label_params(self.base))
                for p in self.parameters]
        rows += [self._row("explore_players", self.players), self._row("explore_bots", self.bots),
                 self._row("explore_games", self.games), self._row("explore_seed", self.seed)]
        self.widget = widgets.VBox([*rows, self.run, self.message, self.results])
        self.refresh_texts()
        follow_language(self.refresh_texts)

    def _player_range(self) -> tuple[int, int]:
        rules = self.base
        return (rules.min_players, rules.max_players) if hasattr(rules, "min_players") else (1, 4)

    def _row(self, key: str, control: widgets.Widget, **params: Any) -> widgets.HBox:
        name = widgets.Label(layout=widgets.Layout(width="380px"))
        self._labels[key] = (name, params)
        return widgets.HBox([name, control])

    def refresh_texts(self) -> None:
        for key, (name, params) in self._labels.items():
            name.value = label(key, **params)
        self.run.description = label("explore_run")

    def changed_rules(self) -> Any:
        """The ruleset as the controls set it (a ``ValueError`` names a bad change)."""
        values = {p.field: p.read(self.controls[p.field]) for p in self.parameters}
        return replace(self.base, name=f"{self.base.name}*", **values)

    def seat_bots(self) -> list[str]:
        names = [name.strip() for name in self.bots.value.split(",") if name.strip()]
        if not names:
            raise ValueError(f"name at least one bot ({', '.join(self.family.bots)})")
        return [names[seat % len(names)] for seat in range(self.players.value)]

    def simulate(self) -> dict[str, Any]:
        """Play the same games under both rulesets and show the comparison; on a bad
        change, say what is wrong and keep the last results."""
        try:
            changed, bots = self.changed_rules(), self.seat_bots()
            sim.seat_bots(self.family, bots, self.players.value)
        except ValueError as problem:
            self.message.value = (f"<span style='color:#b71c1c'><b>{label('explore_bad_input')}</b> "
                                  f"{html.escape(str(problem))}</span>")
            return self.tables
        games = self.games.value
        self.message.value = html.escape(label("explore_running", games=games))
        self.results.clear_output()
        tables = {}
        with self.results:
            for name, rules in ((label("explore_base"), self.base), (label("explore_changed"), changed)):
                tables[name] = sim.simulate(rules, players=self.players.value, games=games, seed=self.seed.value,
                                            bots=bots, executor=self.executor)
        self.tables = tables
        self.message.value = html.escape(label("explore_done", games=games))
        self.results.clear_output()
        with self.results:
            from IPython.display import display

            display(summary(tables))
            for fig in self.figures():
                display(bokeh_widget(fig))
        return tables

    def figures(self) -> list[Any]:
        """The comparison: scores, win rates, game lengths and, for a map, the routes claimed."""
        tables = self.tables
        figs = [sim_plots.histograms(tables, "total"), sim_plots.win_rate_bars(tables),
                sim_plots.histograms(tables, "turns", one_row_per_game=True)]
        if self.family.name == "ttr":
            name, table = list(tables.items())[-1]
            figs.append(sim_plots.route_claims_figure(self.base.map, table))
        return figs

    def _ipython_display_(self):
        from IPython.display import display

        display(self.widget)


def summary(tables: dict[str, Any]) -> Any:
    """Mean total and win rate per bot, one column pair per variant."""
    import pandas as pd

    parts = {name: table.groupby("bot").agg(total=("total", "mean"), won=("won", "mean"))
             for name, table in tables.items()}
    return pd.concat(parts, axis=1).round(3)
