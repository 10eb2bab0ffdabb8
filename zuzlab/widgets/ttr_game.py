"""Play Ticket to Ride in a notebook against bots.

The view shows the map, your hand, the face-up cards and your tickets, and offers your
moves as buttons and menus. A move the rules forbid is refused with the rule in plain
words (try taking a face-up locomotive as your second card); what happens on the table,
yours and the bots' turns alike, is told below the board.
"""

from __future__ import annotations

import html
import random
from typing import Any, Callable

import ipywidgets as widgets

from ..core import Event, RuleViolation, seeded_random
from ..ttr import (
    BuildStation, ClaimRoute, DrawBlind, DrawFaceUp, DrawTickets, Game, GiveUpTunnel, KeepTickets, Pass, PayTunnel,
)
from ..viz import PLAYER_NAMES, ROUTE_COLORS, map_figure, update_map_figure

Bot = Callable[[Game, random.Random], Any]


def random_bot(game: Game, rng: random.Random):
    """Any legal action, uniformly."""
    return rng.choice(game.legal_actions())


def narrate(event: Event, game: Game) -> str | None:
    """One line about an event, or None for events not worth a line."""
    who = f"player {event.player}"
    board = game.map
    kind = event.kind
    if kind == "card_taken":
        return f"{who} takes the face-up {event.color}."
    if kind == "card_drawn":
        return f"{who} draws a card from the deck."
    if kind == "face_up_reset":
        return f"Three {game.rules.wild} cards lie face up: all five are discarded and five new ones dealt."
    if kind == "face_up_reset_stopped":
        return "The face-up cards would be reset again and again: the reset stops."
    if kind == "deck_reshuffled":
        return f"The deck is empty: the {event.cards} discarded cards are shuffled into a new deck."
    if kind == "route_claimed":
        return f"{who} claims {board.route(event.route)} for {event.points} points ({event.trains_left} trains left)."
    if kind == "tunnel_revealed":
        return (f"{who} builds the tunnel {board.route(event.route)}: revealed {', '.join(event.revealed) or 'nothing'}"
                f" – {event.extra} extra card(s) due.")
    if kind == "tunnel_abandoned":
        return f"{who} gives the tunnel up and takes the cards back."
    if kind == "station_built":
        return f"{who} builds a station in {event.city}."
    if kind == "tickets_offered":
        return f"{who} draws {len(event.tickets)} destination tickets."
    if kind == "tickets_kept":
        return f"{who} keeps {len(event.kept)} ticket(s) and returns {len(event.returned)}."
    if kind == "no_second_card":
        return "No second card can be taken."
    if kind == "passed":
        return f"{who} can do nothing and passes."
    if kind == "last_round":
        return f"{who} has only {event.trains} trains left: everybody gets one more turn."
    if kind == "game_over":
        return "The game is over."
    return None


def _offer(menu: widgets.Dropdown, options: list[tuple[str, Any]]) -> None:
    """Fill a menu and select its first entry."""
    menu.options = options
    menu.value = options[0][1] if options else None


def _chip(kind: str, count: int) -> str:
    colour = ROUTE_COLORS.get(kind, "#bbbbbb")
    text = "white" if kind in ("black", "blue", "red", "green") else "black"
    return (f"<span style='display:inline-block;min-width:3.6em;margin:2px;padding:3px 6px;border-radius:4px;"
            f"background:{colour};color:{text};border:1px solid #444'>{html.escape(kind)} {count}</span>")


class TtrGameView:
    """A game between you (``human``) and bots; ``view.widget`` shows it."""

    def __init__(self, game: Game, human: int = 0, bot: Bot = random_bot, seed: int | str = 0):
        from jupyter_bokeh import BokehModel

        self.game, self.human, self.bot = game, human, bot
        self.rng = seeded_random(seed, "bots")
        self.log: list[str] = []
        self.figure = map_figure(game, player=human, width=760, height=470)
        self.map = BokehModel(self.figure)
        self.status = widgets.HTML()
        self.hand = widgets.HTML()
        self.tickets = widgets.HTML()
        self.message = widgets.HTML()
        self.narration = widgets.HTML()
        self.face_up = widgets.HBox()
        self.deck = widgets.Button(description="draw from the deck", icon="clone")
        self.draw_tickets = widgets.Button(description="draw tickets", icon="ticket")
        self.claim_menu = widgets.Dropdown(description="claim", layout=widgets.Layout(width="460px"))
        self.claim = widgets.Button(description="claim route", button_style="success")
        self.station_menu = widgets.Dropdown(description="station", layout=widgets.Layout(width="460px"))
        self.station = widgets.Button(description="build station")
        self.keep_boxes = widgets.VBox()
        self.keep = widgets.Button(description="keep the ticked tickets", button_style="info")
        self.tunnel_menu = widgets.Dropdown(description="pay extra")
        self.pay = widgets.Button(description="pay", button_style="warning")
        self.give_up = widgets.Button(description="give the tunnel up")
        self.pass_button = widgets.Button(description="pass")
        self.deck.on_click(lambda _: self.act(DrawBlind()))
        self.draw_tickets.on_click(lambda _: self.act(DrawTickets()))
        self.claim.on_click(lambda _: self.claim_menu.value and self.act(self.claim_menu.value))
        self.station.on_click(lambda _: self.station_menu.value and self.act(self.station_menu.value))
        self.keep.on_click(lambda _: self.act(KeepTickets(tuple(b.ticket for b in self.keep_boxes.children
                                                                 if b.value))))
        self.pay.on_click(lambda _: self.tunnel_menu.value is not None and self.act(self.tunnel_menu.value))
        self.give_up.on_click(lambda _: self.act(GiveUpTunnel()))
        self.pass_button.on_click(lambda _: self.act(Pass()))
        self.controls = widgets.VBox()
        self.widget = widgets.VBox([self.status, widgets.HBox([self.map, widgets.VBox(
            [self.hand, self.tickets], layout=widgets.Layout(width="330px"))]), self.controls, self.message,
            self.narration])
        self._run_bots()
        self.refresh()

    # --- acting ----------------------------------------------------------------------------

    def act(self, action: Any) -> bool:
        """Try your move: refused moves are explained, accepted ones narrated; then the
        bots play until it is your turn again. Returns whether the move was accepted."""
        if self.game.is_over:
            self.message.value = "<b>The game is over.</b>"
            return False
        try:
            events = self.game.apply(action)
        except RuleViolation as refusal:
            self.message.value = f"<span style='color:#b71c1c'><b>Not allowed:</b> {html.escape(str(refusal))}</span>"
            return False
        self.message.value = ""
        self._tell(events)
        self._run_bots()
        self.refresh()
        return True

    def _run_bots(self) -> None:
        while not self.game.is_over and self.game.current_player != self.human:
            self._tell(self.game.apply(self.bot(self.game, self.rng)))

    def _tell(self, events: list[Event]) -> None:
        for event in events:
            line = narrate(event, self.game)
            if line:
                self.log.append(line)
        self.narration.value = "<br>".join(html.escape(line) for line in self.log[-8:])

    # --- showing ---------------------------------------------------------------------------

    def refresh(self) -> None:
        game, me = self.game, self.human
        update_map_figure(self.figure, game, player=me)
        scores = ", ".join(f"player {p} ({PLAYER_NAMES[p]}): {game.scores[p]} points, {game.trains[p]} trains"
                           for p in range(game.players))
        turn = "the game is over" if game.is_over else f"player {game.current_player} to play"
        self.status.value = f"<b>{game.rules.name} – turn {game.turn}, {turn}</b><br>{scores}"
        self.hand.value = "<b>Your hand</b><br>" + "".join(_chip(k, n) for k, n in game.hands[me].items() if n)
        board = game.map
        lines = "".join(f"<li>{html.escape(str(board.ticket(t)))}</li>" for t in game.tickets[me])
        self.tickets.value = f"<b>Your tickets</b><ul>{lines or '<li>none yet</li>'}</ul>"
        if game.is_over:
            self.controls.children = [widgets.HTML(game.final_scores()._repr_html_())]
            return
        face_up = []
        for card in game.cards.face_up:
            if card:
                button = widgets.Button(description=card, layout=widgets.Layout(width="92px"),
                                        style={"button_color": ROUTE_COLORS.get(card, "#cccccc")})
                button.on_click(lambda _, c=card: self.act(DrawFaceUp(c)))
                face_up.append(button)
        self.face_up.children = face_up
        pending = game.pending
        legal = game.legal_actions()
        if pending and pending.kind == "keep_tickets":
            self.keep_boxes.children = [self._ticket_box(t) for t in pending.tickets]
            rows = [widgets.HTML(f"<b>Keep at least {pending.keep_min} of these tickets:</b>"), self.keep_boxes,
                    self.keep]
        elif pending and pending.kind == "tunnel":
            _offer(self.tunnel_menu, [(str(a), a) for a in legal if isinstance(a, PayTunnel)])
            rows = [widgets.HTML(f"<b>The tunnel needs {pending.extra} extra card(s).</b>"),
                    widgets.HBox([self.tunnel_menu, self.pay, self.give_up])]
        else:
            claims = [(self._claim_label(a), a) for a in legal if isinstance(a, ClaimRoute)]
            stations = [(str(a), a) for a in legal if isinstance(a, BuildStation)]
            _offer(self.claim_menu, claims or [("no route you can pay for", None)])
            _offer(self.station_menu, stations or [("no station you can build", None)])
            second = pending is not None and pending.kind == "second_card"
            rows = [widgets.HTML("<b>Take your second card:</b>" if second else "<b>Your move:</b>"),
                    widgets.HBox([widgets.Label("face-up:"), self.face_up, self.deck])]
            if not second:
                rows += [widgets.HBox([self.claim_menu, self.claim]), widgets.HBox([self.draw_tickets])]
                if game.rules.stations_per_player:
                    rows.append(widgets.HBox([self.station_menu, self.station]))
                if legal == [Pass()]:
                    rows.append(self.pass_button)
        self.controls.children = rows

    def _ticket_box(self, ticket_id: int) -> widgets.Checkbox:
        box = widgets.Checkbox(value=True, description=str(self.game.map.ticket(ticket_id)),
                               layout=widgets.Layout(width="420px"))
        box.ticket = ticket_id
        return box

    def _claim_label(self, action: ClaimRoute) -> str:
        route = self.game.map.route(action.route)
        paid = ("only " + self.game.rules.wild + " cards") if action.color is None else \
            f"{route.length - action.wilds} {action.color}" + (f" + {action.wilds} {self.game.rules.wild}"
                                                               if action.wilds else "")
        return f"{route} – pay {paid}"

    def _ipython_display_(self):
        from IPython.display import display

        display(self.widget)
