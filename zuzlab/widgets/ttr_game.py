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

from .. import texts
from ..ttr import (
    BuildStation, ClaimRoute, DrawBlind, DrawFaceUp, DrawTickets, Game, GiveUpTunnel, KeepTickets, Pass, PayTunnel,
)
from ..viz.ttr_map import bokeh_widget
from ..viz import PLAYER_NAMES, ROUTE_COLORS, map_figure, update_map_figure
from .narration import follow_language, label
from .playing import GameView

Bot = Callable[[Game, random.Random], Any]


def _offer(menu: widgets.Dropdown, options: list[tuple[str, Any]]) -> None:
    """Fill a menu and select its first entry."""
    menu.options = options
    menu.value = options[0][1] if options else None


def _chip(kind: str, count: int) -> str:
    colour = ROUTE_COLORS.get(kind, "#bbbbbb")
    text = "white" if kind in ("black", "blue", "red", "green") else "black"
    return (f"<span style='display:inline-block;min-width:3.6em;margin:2px;padding:3px 6px;border-radius:4px;"
            f"background:{colour};color:{text};border:1px solid #444'>{html.escape(texts.term(kind))} {count}</span>")


class TtrGameView(GameView):
    """A game between you (``human``) and bots; ``view.widget`` shows it."""

    def __init__(self, game: Game, human: int = 0, bot: Bot | None = None, seed: int | str = 0):
        super().__init__(game, human, bot, seed)
        self.figure = map_figure(game, player=human, width=760, height=470)
        self.map = bokeh_widget(self.figure)
        self.status = widgets.HTML()
        self.hand = widgets.HTML()
        self.tickets = widgets.HTML()
        self.hint = widgets.HTML()
        self.face_up = widgets.HBox()
        self.deck = widgets.Button(icon="clone", layout=widgets.Layout(width="auto"))
        self.draw_tickets = widgets.Button(icon="ticket", layout=widgets.Layout(width="auto"))
        self.claim_menu = widgets.Dropdown(layout=widgets.Layout(width="460px"))
        self.claim = widgets.Button(button_style="success")
        self.station_menu = widgets.Dropdown(layout=widgets.Layout(width="460px"))
        self.station = widgets.Button()
        self.keep_boxes = widgets.VBox()
        self.keep = widgets.Button(button_style="info", layout=widgets.Layout(width="auto"))
        self.tunnel_menu = widgets.Dropdown()
        self.pay = widgets.Button(button_style="warning")
        self.give_up = widgets.Button(layout=widgets.Layout(width="auto"))
        self.pass_button = widgets.Button()
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
            [self.hand, self.tickets], layout=widgets.Layout(width="330px"))]), self.hint, self.controls,
            self.message, self.narration])
        self._run_bots()
        self.refresh()
        follow_language(self.refresh)

    # --- showing ---------------------------------------------------------------------------

    def refresh(self) -> None:
        """Show the game as it stands (and every label in the current language)."""
        game, me = self.game, self.human
        for button, key in ((self.deck, "draw_deck"), (self.draw_tickets, "draw_tickets"), (self.claim, "claim_route"),
                            (self.station, "build_station"), (self.keep, "keep"), (self.pay, "pay"),
                            (self.give_up, "give_up"), (self.pass_button, "pass")):
            button.description = label(key)
        self.claim_menu.description, self.station_menu.description = label("claim"), label("station")
        self.tunnel_menu.description = label("pay_extra")
        update_map_figure(self.figure, game, player=me)
        scores = ", ".join(label("player_line", player=p, colour=PLAYER_NAMES[p], points=game.scores[p],
                                 trains=game.trains[p]) for p in range(game.players))
        whose = label("over") if game.is_over else label("to_play", player=game.current_player)
        self.status.value = f"<b>{label('status', game=game.map.title, turn=game.turn, whose=whose)}</b><br>{scores}"
        self.hand.value = f"<b>{label('your_hand')}</b><br>" + "".join(
            _chip(k, n) for k, n in game.hands[me].items() if n)
        board = game.map
        lines = "".join(f"<li>{html.escape(texts.render(board.ticket(t)))}</li>" for t in game.tickets[me])
        self.tickets.value = f"<b>{label('your_tickets')}</b><ul>{lines or '<li>' + label('none_yet') + '</li>'}</ul>"
        self._show_texts()
        self.hint.value = f"<div style='background:#fff8e1;padding:4px 8px;border-left:4px solid #f9a825'>" \
                          f"<b>{label('rule')}:</b> {html.escape(self._hint())}</div>"
        if game.is_over:
            self.controls.children = [widgets.HTML(game.final_scores()._repr_html_())]
            return
        face_up = []
        for card in game.cards.face_up:
            if card:
                button = widgets.Button(description=texts.term(card), layout=widgets.Layout(width="92px"),
                                        style={"button_color": ROUTE_COLORS.get(card, "#cccccc")})
                button.on_click(lambda _, c=card: self.act(DrawFaceUp(c)))
                face_up.append(button)
        self.face_up.children = face_up
        pending = game.pending
        legal = game.legal_actions()
        if pending and pending.kind == "keep_tickets":
            self.keep_boxes.children = [self._ticket_box(t) for t in pending.tickets]
            rows = [widgets.HTML(f"<b>{label('keep_at_least', count=pending.keep_min)}</b>"), self.keep_boxes,
                    self.keep]
        elif pending and pending.kind == "tunnel":
            _offer(self.tunnel_menu, [(self._tunnel_label(a, pending.extra), a) for a in legal
                                      if isinstance(a, PayTunnel)])
            rows = [widgets.HTML(f"<b>{label('tunnel_extra', count=pending.extra)}</b>"),
                    widgets.HBox([self.tunnel_menu, self.pay, self.give_up])]
        else:
            claims = [(self._claim_label(a), a) for a in legal if isinstance(a, ClaimRoute)]
            stations = [(self._station_label(a), a) for a in legal if isinstance(a, BuildStation)]
            _offer(self.claim_menu, claims or [(label("no_route"), None)])
            _offer(self.station_menu, stations or [(label("no_station"), None)])
            second = pending is not None and pending.kind == "second_card"
            rows = [widgets.HTML(f"<b>{label('second_card' if second else 'your_move')}</b>"),
                    widgets.HBox([widgets.Label(label("face_up")), self.face_up, self.deck])]
            if not second:
                rows += [widgets.HBox([self.claim_menu, self.claim]), widgets.HBox([self.draw_tickets])]
                if game.rules.stations_per_player:
                    rows.append(widgets.HBox([self.station_menu, self.station]))
                if legal == [Pass()]:
                    rows.append(self.pass_button)
        self.controls.children = rows

    def _hint(self) -> str:
        """The rule that matters at this moment of the game."""
        game, pending = self.game, self.game.pending
        if game.is_over:
            return texts.text("hint.over")
        if pending and pending.kind == "keep_tickets":
            return texts.text("hint.opening" if game.in_setup else "hint.more_tickets", count=pending.keep_min)
        if pending and pending.kind == "second_card":
            return texts.text("hint.second_card")
        if pending and pending.kind == "tunnel":
            return texts.text("hint.tunnel", wild=game.rules.wild)
        if game.legal_actions() == [Pass()]:
            return texts.text("hint.pass")
        if game.final_turns_left is not None:
            return texts.text("hint.last_round")
        return texts.text("hint.your_move")

    def _ticket_box(self, ticket_id: int) -> widgets.Checkbox:
        box = widgets.Checkbox(value=True, description=texts.render(self.game.map.ticket(ticket_id)),
                               indent=False, layout=widgets.Layout(width="420px"))
        box.ticket = ticket_id
        return box

    def _payment(self, count: int, color: str | None, wilds: int) -> str:
        wild = self.game.rules.wild
        parts = [] if color is None or count == wilds else [f"{count - wilds} {texts.term(color)}"]
        if wilds:
            parts.append(f"{wilds} {texts.term(wild)}")
        return " + ".join(parts)

    def _claim_label(self, action: ClaimRoute) -> str:
        route = self.game.map.route(action.route)
        return label("pay_with", what=texts.render(route), paid=self._payment(route.length, action.color, action.wilds))

    def _station_label(self, action: BuildStation) -> str:
        cost = self.game.rules.station_costs[self.game.stations_built(self.human)]
        return label("pay_with", what=action.city, paid=self._payment(cost, action.color, action.wilds))

    def _tunnel_label(self, action: PayTunnel, extra: int) -> str:
        return label("pay_with", what=label("extra_cards", count=extra),
                     paid=self._payment(extra, self.game.pending.color, action.wilds))
