"""The part every game view shares (Ticket to Ride, the Card Game, Railroad Ink)."""

from __future__ import annotations

import html
from typing import Any, ClassVar

import ipywidgets as widgets

from .. import texts
from ..core import Engine, Event, RuleViolation, ask_bot, bot_name, seat_bots, seeded_random
from .narration import label, narrate

#: events that show something of the hidden future to everyone (a card turned up from a
#: deck, the dice of a new round), and those that show it to the player who drew it: a
#: take back may not go behind one the learner has seen, or taking back would be a peek
#: at what comes next (the card goes back on top, the seeded dice come again, and you know them)
SHOWN_TO_ALL = {"face_up_refilled", "face_up_reset", "tunnel_revealed", "rolled"}
SHOWN_TO_YOU = {"card_drawn", "tickets_offered"}


class GameView:
    """What every game view shares: try a move, explain a refusal (the game unchanged),
    tell what happened, let the bots play until it is the human's turn again, take the
    last own move back (with the bots' moves after it), and ask for a hint.

    A view builds ``widget`` around ``message``, ``narration`` and ``help_row`` (take
    back, why not now, hint), and implements ``refresh`` (and ``hint`` if it has one).
    ``bots`` plays the other seats: one bot (or bot name) for every other seat, or one per
    seat; by default the view's ``opponents`` in turn.
    """

    #: the engine whose bots the view seats, and the bots it seats by default, in turn
    engine: ClassVar[Engine]
    opponents: ClassVar[tuple[str, ...]]
    #: a replay watches a finished game in the view (``replay.GameReplay``): moves are refused
    watching: bool = False

    def __init__(self, game: Any, human: int, bots: Any, seed: int | str):
        self.game, self.human = game, human
        seated = seat_bots(bots, game.players, lambda bot: (bot_name(bot), self.engine.make_bot(bot)),
                           self.opponents, human)
        #: each other seat's bot, and what the score table calls it
        self.bots = {seat: bot for seat, (_, bot) in seated.items()}
        self.bot_names = {seat: name for seat, (name, _) in seated.items()}
        self.rng = seeded_random(seed, "bots")
        self.log: list[Event] = []
        self.refused: RuleViolation | texts.Phrase | None = None
        #: the last hint's words and the position and language they were worked out for
        #: (``_hint_key``): shown until a move changes the position
        self._hint: tuple[tuple, str] | None = None
        self.message = widgets.HTML()
        self.narration = widgets.HTML()
        #: before each of your moves: (actions in the history, events in the log)
        self._marks: list[tuple[int, int]] = []
        self.undo_button = widgets.Button(icon="undo", layout=widgets.Layout(width="auto"))
        self.undo_button.on_click(lambda _: self.undo())
        self.hint_button = widgets.Button(icon="lightbulb", layout=widgets.Layout(width="auto"))
        self.hint_button.on_click(lambda _: self.show_hint())
        #: why take back cannot be used now, beside it (one short line)
        self.undo_why = widgets.HTML()
        self.help_row = widgets.HBox([self.undo_button, self.undo_why, self.hint_button],
                                     layout=widgets.Layout(align_items="center"))

    def act(self, action: Any) -> bool:
        """Try your move: refused moves are explained, accepted ones narrated; then the
        bots play until it is your turn again. Returns whether the move was accepted."""
        if self.watching:
            self.message.value = f"<b>{label('replay_watching')}</b>"
            return False
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
        self._marks.append(before)
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
        seen = self._seen_since_your_move()
        if seen is not None:
            self.refused = self._seen_words(seen)
            self._show_texts()
            return False
        actions, events = self._marks.pop()
        self.game.rewind(actions)
        del self.log[events:]
        self.refused = None
        self.refresh()
        return True

    def _shows_hidden(self, event: Event) -> bool:
        """Whether ``event`` showed you something of the hidden future: a card (or ticket)
        from a deck, or dice of a new round."""
        return event.kind in SHOWN_TO_ALL or (event.kind in SHOWN_TO_YOU and event.player == self.human)

    def _seen_since_your_move(self) -> Event | None:
        """The first event since your last move (yours or the others' after it) that showed
        you something hidden, or None: taking that move back would go behind it."""
        since = self._marks[-1][1] if self._marks else len(self.log)
        return next((event for event in self.log[since:] if self._shows_hidden(event)), None)

    @staticmethod
    def _seen_words(event: Event) -> texts.Phrase:
        """Why your last move cannot be taken back: what you have seen since."""
        seen = texts.Phrase(f"label.undo_seen/{event.kind}", {"round": event.data.get("round")})
        return texts.Phrase("label.undo_seen_card", {"seen": seen})

    def final_scores(self):
        """The game's final score table, saying who played each seat (you, which bot)."""
        return self.game.final_scores().with_seats(
            {p: "you" if p == self.human else self.bot_names[p] for p in range(self.game.players)})

    def hint(self) -> str | None:
        """What a good player would do now, and why (None: this view has no hints)."""
        return None

    def show_hint(self) -> None:
        """Work out the hint and show it until your next move. An adviser that searches
        (the expert) takes a second or two: meanwhile the button is disabled and the
        message says the hint is being worked out, so a click is seen to be heard."""
        self.refused = None
        self.hint_button.disabled = True
        self._hint = (self._hint_key(), label("hint_thinking"))
        self._show_texts()
        advice = None
        try:
            advice = self.hint()
        finally:  # the hint, or (should the adviser fail) no more "working it out"
            self.hint_button.disabled = False
            self._hint = None if advice is None else (self._hint_key(), advice)
            self._show_texts()

    def _hint_key(self) -> tuple:
        """What a hint was worked out for: the position (by the actions played) and the
        language it is worded in."""
        history = self.game.history
        return len(history), history[-1] if history else None, texts.language()

    def _run_bots(self) -> None:
        while not self.game.is_over and self.game.current_player != self.human:
            self.log.extend(self.game.apply(ask_bot(self.bots[self.game.current_player], self.game, self.rng)))

    def _show_texts(self) -> None:
        lines = [line for line in (narrate(e, self.game) for e in self.log) if line]
        self.narration.value = "<br>".join(html.escape(line) for line in lines[-8:])
        if self.refused is not None:
            self.message.value = (f"<span style='color:#b71c1c'><b>{label('not_allowed')}</b> "
                                  f"{html.escape(self._refusal_words())}</span>")
        elif self._hint is not None and self._hint[0] == self._hint_key():
            self.message.value = (f"<span style='color:#1b5e20'><b>{html.escape(label('hint').capitalize())}:</b> "
                                  f"{html.escape(self._hint[1])}</span>")
        else:
            self.message.value = ""
        self.undo_button.description, self.hint_button.description = label("undo"), label("hint")
        seen = self._seen_since_your_move()
        self.undo_button.disabled = not self._marks or self.game.is_over or seen is not None
        tip = "undo_tip" if self.game.players > 1 else "undo_tip_solo"  # "and the others' moves after it": if any
        self.undo_button.tooltip = label(tip) if seen is None else texts.render(self._seen_words(seen))
        why = "" if not self.undo_button.disabled or self.game.is_over else (
            label("undo_why/none") if seen is None else label(f"undo_why/{seen.kind}", round=seen.data.get("round")))
        self.undo_why.value = self.reason_html(why)
        self.hint_button.layout.display = "none" if type(self).hint is GameView.hint else None

    @staticmethod
    def reason_html(reason: str) -> str:
        """Why a control cannot be used now, as HTML to show beside it (a view may set
        its reasons in a style of its own); nothing for no reason."""
        return f"<i>{html.escape(reason)}</i>" if reason else ""

    def _refusal_words(self) -> str:
        """Why the last try was refused: the engine's rule, or the view's own words."""
        if isinstance(self.refused, RuleViolation):
            return texts.refusal(self.refused)
        return texts.render(self.refused)

    def refresh(self) -> None:
        """Show the game as it stands (``show``), then close the widgets the last showing
        made that this one no longer holds: a view makes new rows, buttons and tick boxes
        for each move, and a widget not closed stays in the kernel and the browser for as
        long as the notebook is open."""
        held = self._held_widgets()
        self.show()
        still = self._held_widgets()
        for key, widget in held.items():
            if key not in still:
                widget.close()

    def show(self) -> None:
        """Show the game as it stands (and every label in the current language)."""
        raise NotImplementedError

    def _held_widgets(self) -> dict[int, widgets.Widget]:
        """Every widget the view holds: its own (its attributes) and all they contain (a
        box's children, and every widget's layout and style, widgets of their own)."""
        found: dict[int, widgets.Widget] = {}
        todo = [value for value in vars(self).values() if isinstance(value, widgets.Widget)]
        while todo:
            widget = todo.pop()
            if id(widget) not in found:
                found[id(widget)] = widget
                for name in widget.keys:
                    value = getattr(widget, name)
                    todo.extend(item for item in (value if isinstance(value, (tuple, list)) else [value])
                                if isinstance(item, widgets.Widget))
        return found

    def _ipython_display_(self):
        from IPython.display import display

        display(self.widget)
