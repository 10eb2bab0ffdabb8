"""The part every game view shares (Ticket to Ride, the Card Game, Railroad Ink)."""

from __future__ import annotations

import html
from typing import Any, Callable

import ipywidgets as widgets

from .. import texts
from ..core import Event, RuleViolation, random_bot, seeded_random
from .narration import label, narrate


class GameView:
    """What every game view shares: try a move, explain a refusal (the game unchanged),
    tell what happened, let the bots play until it is the human's turn again, take the
    last own move back (with the bots' moves after it), and ask for a hint.

    A view builds ``widget`` around ``message``, ``narration``, ``undo_button`` and
    ``hint_button``, and implements ``refresh`` (and ``hint`` if it has one).
    """

    def __init__(self, game: Any, human: int, bot: Callable | None, seed: int | str):
        self.game, self.human = game, human
        self.bot = bot or random_bot
        self.rng = seeded_random(seed, "bots")
        self.log: list[Event] = []
        self.refused: RuleViolation | None = None
        self.message = widgets.HTML()
        self.narration = widgets.HTML()
        #: before each of your moves: (actions in the history, events in the log)
        self._marks: list[tuple[int, int]] = []
        self.undo_button = widgets.Button(icon="undo", layout=widgets.Layout(width="auto"))
        self.undo_button.on_click(lambda _: self.undo())
        self.hint_button = widgets.Button(icon="lightbulb", layout=widgets.Layout(width="auto"))
        self.hint_button.on_click(lambda _: self.show_hint())

    def act(self, action: Any) -> bool:
        """Try your move: refused moves are explained, accepted ones narrated; then the
        bots play until it is your turn again. Returns whether the move was accepted."""
        if self.game.is_over:
            self.message.value = f"<b>{label('game_over')}</b>"
            return False
        mark = (len(self.game.history), len(self.log))
        try:
            events = self.game.apply(action)
        except RuleViolation as refusal:
            self.refused = refusal
            self._show_texts()
            return False
        self._marks.append(mark)
        self.refused = None
        self.log.extend(events)
        self._run_bots()
        self.refresh()
        return True

    def undo(self) -> bool:
        """Take your last move back, and the bots' moves after it. Returns whether there
        was a move of yours to take back."""
        if not self._marks:
            self.refused = RuleViolation("nothing_to_undo")
            self._show_texts()
            return False
        actions, events = self._marks.pop()
        self.game.rewind(actions)
        del self.log[events:]
        self.refused = None
        self.refresh()
        return True

    def hint(self) -> str | None:
        """What a good player would do now, and why (None: this view has no hints)."""
        return None

    def show_hint(self) -> None:
        advice = self.hint()
        self.message.value = "" if advice is None else (
            f"<span style='color:#1b5e20'><b>{html.escape(label('hint').capitalize())}:</b> {html.escape(advice)}</span>")

    def _run_bots(self) -> None:
        while not self.game.is_over and self.game.current_player != self.human:
            self.log.extend(self.game.apply(self.bot(self.game, self.rng)))

    def _show_texts(self) -> None:
        lines = [line for line in (narrate(e, self.game) for e in self.log) if line]
        self.narration.value = "<br>".join(html.escape(line) for line in lines[-8:])
        self.message.value = "" if self.refused is None else (
            f"<span style='color:#b71c1c'><b>{label('not_allowed')}</b> "
            f"{html.escape(texts.refusal(self.refused))}</span>")
        self.undo_button.description, self.hint_button.description = label("undo"), label("hint")
        self.undo_button.disabled = not self._marks or self.game.is_over
        self.undo_button.tooltip = label("undo_tip")
        self.hint_button.layout.display = "none" if type(self).hint is GameView.hint else None

    def refresh(self) -> None:
        """Show the game as it stands (and every label in the current language)."""
        raise NotImplementedError

    def _ipython_display_(self):
        from IPython.display import display

        display(self.widget)
