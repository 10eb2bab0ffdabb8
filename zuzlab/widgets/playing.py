"""The part every game view shares (Ticket to Ride, the Card Game, Railroad Ink)."""

from __future__ import annotations

import html
from typing import Any, Callable

import ipywidgets as widgets

from .. import texts
from ..core import Event, RuleViolation, random_bot, seeded_random
from .narration import label, narrate

#: events that turn up a card from a deck for everyone to see, and those that show one
#: to the player who drew it: a move that caused one cannot be taken back, or taking it
#: back would be a peek at the deck (the card goes back on top, and you know it)
SHOWN_TO_ALL = {"face_up_refilled", "face_up_reset", "tunnel_revealed"}
SHOWN_TO_YOU = {"card_drawn", "tickets_offered"}


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
        self.refused: RuleViolation | texts.Phrase | None = None
        self.message = widgets.HTML()
        self.narration = widgets.HTML()
        #: before each of your moves: (actions in the history, events in the log, whether
        #: the move showed you a card from a deck)
        self._marks: list[tuple[int, int, bool]] = []
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
        before = (len(self.game.history), len(self.log))
        try:
            events = self.game.apply(action)
        except RuleViolation as refusal:
            self.refused = refusal
            self._show_texts()
            return False
        self._marks.append((*before, any(self._shows_a_card(event) for event in events)))
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
        if self._marks[-1][2]:
            self.refused = texts.Phrase("label.undo_seen_card", {})
            self._show_texts()
            return False
        actions, events, _ = self._marks.pop()
        self.game.rewind(actions)
        del self.log[events:]
        self.refused = None
        self.refresh()
        return True

    def _shows_a_card(self, event: Event) -> bool:
        """Whether ``event`` turned up a card (or ticket) from a deck that you now know."""
        return event.kind in SHOWN_TO_ALL or (event.kind in SHOWN_TO_YOU and event.player == self.human)

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
            f"{html.escape(self._refusal_words())}</span>")
        self.undo_button.description, self.hint_button.description = label("undo"), label("hint")
        sealed = bool(self._marks) and self._marks[-1][2]
        self.undo_button.disabled = not self._marks or self.game.is_over or sealed
        self.undo_button.tooltip = label("undo_seen_card" if sealed else "undo_tip")
        self.hint_button.layout.display = "none" if type(self).hint is GameView.hint else None

    def _refusal_words(self) -> str:
        """Why the last try was refused: the engine's rule, or the view's own words."""
        if isinstance(self.refused, RuleViolation):
            return texts.refusal(self.refused)
        return texts.render(self.refused)

    def refresh(self) -> None:
        """Show the game as it stands (and every label in the current language)."""
        raise NotImplementedError

    def _ipython_display_(self):
        from IPython.display import display

        display(self.widget)
