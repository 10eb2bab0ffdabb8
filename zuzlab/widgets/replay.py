"""A finished game watched move by move in its game view (a tournament's game, say): a
slider and buttons step through the moves, the view shows the position after them from
one seat's side, and the narration says what the last move did. Watching, not playing:
the view's controls are hidden and a click on the map is refused with a word why."""

from __future__ import annotations

from typing import Any, Mapping

import ipywidgets as widgets

from .. import texts
from .narration import follow_language, label


class GameReplay:
    """Game ``game`` (finished, with its history) in ``view_type`` (``TtrGameView`` …),
    seen from ``seat``; ``names`` says who played each seat (a tournament's bots).
    ``replay.widget`` shows it; ``replay.show(move)`` jumps to the position after ``move``
    moves."""

    def __init__(self, game: Any, view_type: type, seat: int = 0, names: Mapping[int, str] | None = None,
                 title: str = ""):
        self.final, self.actions = game, list(game.history)
        self.view = view_type(game.copy(), human=seat)
        self.view.watching = True
        # no take back and no hint while watching: the row leaves the view (hidden, its buttons would stay in the page)
        self.view.widget.children = tuple(part for part in self.view.widget.children if part is not self.view.help_row)
        if names:
            self.view.bot_names = {player: name for player, name in names.items() if player != seat}
        self.title = widgets.HTML(f"<b>{title}</b>" if title else "")
        self.slider = widgets.IntSlider(min=0, max=len(self.actions), value=len(self.actions),
                                        layout=widgets.Layout(width="420px"))
        self.back = widgets.Button(icon="step-backward", layout=widgets.Layout(width="44px"))
        self.forward = widgets.Button(icon="step-forward", layout=widgets.Layout(width="44px"))
        self.where = widgets.HTML()
        self.back.on_click(lambda _: self.show(self.slider.value - 1))
        self.forward.on_click(lambda _: self.show(self.slider.value + 1))
        self.slider.observe(lambda change: self.show(change["new"]), "value")
        self.widget = widgets.VBox([self.title, widgets.HBox([self.back, self.slider, self.forward, self.where]),
                                    self.view.widget])
        self.show(len(self.actions))
        follow_language(self._show_where)

    def position(self, moves: int) -> tuple[Any, list]:
        """The game after its first ``moves`` moves, and the events of the last of them."""
        game = self.final.copy()
        game.rewind(max(0, moves - 1))
        if moves == 0:
            return game, []
        events = game.apply(self.actions[moves - 1])
        return game, events

    def show(self, moves: int) -> None:
        """Show the position after ``moves`` moves (kept between none and all)."""
        moves = max(0, min(len(self.actions), moves))
        if self.slider.value != moves:
            self.slider.value = moves  # (its observer shows it)
            return
        self.view.game, self.view.log = self.position(moves)
        self.view.refused = None
        self.view.refresh()
        self.view.controls.layout.display = None if self.view.game.is_over else "none"  # the final scores show there
        self.back.disabled, self.forward.disabled = moves == 0, moves == len(self.actions)
        self._show_where()

    def _show_where(self) -> None:
        self.where.value = texts.text("label.replay_move", move=self.slider.value, moves=len(self.actions))
        self.back.tooltip, self.forward.tooltip = label("replay_back"), label("replay_forward")
