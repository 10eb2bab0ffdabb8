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
    tell what happened, let the bots play until it is the human's turn again. A view
    builds ``widget`` around ``message`` and ``narration`` and implements ``refresh``."""

    def __init__(self, game: Any, human: int, bot: Callable | None, seed: int | str):
        self.game, self.human = game, human
        self.bot = bot or random_bot
        self.rng = seeded_random(seed, "bots")
        self.log: list[Event] = []
        self.refused: RuleViolation | None = None
        self.message = widgets.HTML()
        self.narration = widgets.HTML()

    def act(self, action: Any) -> bool:
        """Try your move: refused moves are explained, accepted ones narrated; then the
        bots play until it is your turn again. Returns whether the move was accepted."""
        if self.game.is_over:
            self.message.value = f"<b>{label('game_over')}</b>"
            return False
        try:
            events = self.game.apply(action)
        except RuleViolation as refusal:
            self.refused = refusal
            self._show_texts()
            return False
        self.refused = None
        self.log.extend(events)
        self._run_bots()
        self.refresh()
        return True

    def _run_bots(self) -> None:
        while not self.game.is_over and self.game.current_player != self.human:
            self.log.extend(self.game.apply(self.bot(self.game, self.rng)))

    def _show_texts(self) -> None:
        lines = [line for line in (narrate(e, self.game) for e in self.log) if line]
        self.narration.value = "<br>".join(html.escape(line) for line in lines[-8:])
        self.message.value = "" if self.refused is None else (
            f"<span style='color:#b71c1c'><b>{label('not_allowed')}</b> "
            f"{html.escape(texts.refusal(self.refused))}</span>")

    def refresh(self) -> None:
        """Show the game as it stands (and every label in the current language)."""
        raise NotImplementedError

    def _ipython_display_(self):
        from IPython.display import display

        display(self.widget)
