"""Play Ticket to Ride in a notebook against bots.

The view shows the map, your hand, the face-up cards and your tickets. Click a route on
the map (or pick it in the menu) and the view offers the ways to pay for it, or says why
you cannot claim it. A control you cannot use right now is disabled and says why. A move
the rules forbid is refused with the rule in plain words; what happens on the table,
yours and the bots' turns alike, is told below the board. "take back" undoes your last
move (unless you have seen a card from a deck since); "hint" says what the adviser (a bot)
would do, and why in terms of your tickets (``ttr.advice``), and marks your planned way for
them on the map. Nothing is chosen for you: no offered ticket starts ticked, and the route
and station menus start at a prompt (a route you did not pick never shows you a refusal
when a bot claims it).
"""

from __future__ import annotations

import html
import random
from typing import Any, Callable, Sequence

import ipywidgets as widgets

from .. import texts
from ..core import PlayerView, RuleViolation, bot_name, seeded_random
from ..ttr.claim_rules import route_price
from ..ttr import (
    ENGINE, BuildStation, ChooseTickets, ClaimRoute, DrawBlind, DrawFaceUp, DrawTickets, Game, GiveUpTunnel,
    KeepTickets, Pass, PayTunnel, SecondCard, TunnelPayment, make_bot,
)
from ..ttr import advice
from ..ttr.maps import Route, Ticket
from ..viz import PLAYER_NAMES, ROUTE_COLORS, map_figure, update_map_figure
from ..viz.ttr_map import bokeh_widget, map_title, on_city_tap, on_route_tap
from ..viz.ttr_marks import RouteMarks
from .narration import follow_language, keep_prompt, label
from .playing import GameView

Bot = Callable[[Game, random.Random], Any]
#: The opponents' strategies, seat after seat (the random bot teaches nothing)
OPPONENTS = ("balanced", "tickets", "long_routes")
#: the value of a menu's prompt entry: nothing picked (a menu's None is no entry at all)
NOT_PICKED = ""
#: the hint's planned way (dashed, on a white casing: it shows on a blue route too), and the
#: tunnel being decided on (a halo), as marked on the map
PLAN_COLOR, PLAN_CASING, TUNNEL_COLOR = "#1e88e5", "white", "#00e5ff"


def _chip(kind: str, count: int) -> str:
    colour = ROUTE_COLORS.get(kind, "#bbbbbb")
    text = "white" if kind in ("black", "blue", "red", "green") else "black"
    return (f"<span style='display:inline-block;min-width:3.6em;margin:2px;padding:3px 6px;border-radius:4px;"
            f"background:{colour};color:{text};border:1px solid #444'>{html.escape(texts.term(kind))} {count}</span>")


def _worded(value: Any) -> Any:
    """A text's parameter as the lists word it: a ticket by its ``str`` (a country ticket's
    targets in brackets of their own)."""
    return str(value) if isinstance(value, Ticket) else value


def _why(reason: str) -> str:
    """Why a control cannot be used now, as HTML beside it (nothing for no reason)."""
    return f"<span style='color:#6d4c41'>{html.escape(reason)}</span>" if reason else ""


# --- the hint ----------------------------------------------------------------------------------

def hint_for(game: Game, player: int, adviser: str | type) -> tuple[str, list[Route] | None]:
    """What the hint says to ``player`` and the routes of their plan to mark (None: no
    hint now): the adviser's move (``advised_move``) and why, from the player's position
    and ticket plan (``ttr.advice``), not from the adviser; then the tickets that can no
    longer be completed."""
    if game.is_over or game.current_player != player:
        return texts.text("bot.no_hint_over" if game.is_over else "bot.no_hint"), None
    position = PlayerView(game.copy(), player)  # the adviser sees what the player may see
    action = advised_move(position, adviser, seeded_random(game.seed, "hint", len(game.history)))
    plan = advice.TicketPlan.for_move(position, action)
    name = bot_name(adviser)
    named = f"advice/{name}" in texts.table("en")["bot"]  # "The balanced bot would …"
    words = texts.text(f"bot.advice/{name}" if named else "bot.advice", adviser=texts.bot_name(name),
                       move=describe_move(game, action), why=reason_words(*advice.reason(position, action, plan)))
    return " ".join([words, *_lost_words(position, plan)]), _marked_tracks(game, plan.routes(), action)


def _marked_tracks(game: Game, planned: list[Route], action: Any) -> list[Route]:
    """The planned routes to mark, with the track the advised claim takes where the plan
    runs on the other track of that double route (the map shows the move the words name)."""
    if not isinstance(action, ClaimRoute):
        return planned
    claimed = game.map.route(action.route)
    return [claimed if route.id in claimed.parallel else route for route in planned]


def advised_move(position: PlayerView, adviser: str | type, rng: random.Random) -> Any:
    """The adviser's move; never a draw while a claim of the player's plan can be paid
    now: then that claim (``TicketPlan.serving_claim``)."""
    action = make_bot(adviser)(position, rng)
    if position.pending is None and isinstance(action, (DrawBlind, DrawFaceUp, DrawTickets)):
        return advice.TicketPlan(position).serving_claim() or action
    return action


def reason_words(reason: str, params: dict) -> str:
    """A reason (a ``[bot]`` text) in words; a ticket in it is worded as in the lists,
    a country ticket's targets in brackets of their own."""
    return texts.text(f"bot.{reason}", **{name: _worded(value) for name, value in params.items()})


def _lost_words(position: Any, plan: advice.TicketPlan) -> list[str]:
    """The player's tickets that can no longer be completed, and what they will cost; with
    stations (Europe), for each one a station could still save, how."""
    lost, player, rules = plan.lost(), plan.player, position.rules
    saved = {}
    if rules.stations_per_player:
        saved = {t.id: rescue for t in lost if (rescue := advice.station_rescue(position, player, t))}
    words = [texts.text("bot.station_could_save", count=len(saved[t.id]), ticket=str(t),
                        stations=texts.listing([_borrow_words(position, hosts, route) for hosts, route in saved[t.id]]),
                        points=texts.quantity("point", t.penalty)) for t in lost if t.id in saved]
    unsaved = [t for t in lost if t.id not in saved]
    if unsaved:
        stations = rules.stations_per_player and (position.stations_built(player) < rules.stations_per_player
                                                  or player in position.stations.values())
        words.append(texts.text("bot.lost_tickets_no_station" if stations else "bot.lost_tickets",
                                count=len(unsaved), tickets=texts.listing([str(t) for t in unsaved]),
                                points=texts.quantity("point", sum(t.penalty for t in unsaved))))
    return words


def _borrow_words(position: Any, hosts: tuple[str, ...], route: Route) -> texts.Phrase:
    """A station that could use another player's route: the player's own already there,
    or one to build in one of the route's cities."""
    owner = position.claimed[route.id]
    if hosts[0] in position.stations:
        return texts.Phrase("bot.borrow_own", {"city": hosts[0], "route": route, "owner": owner})
    if len(hosts) == 2:
        return texts.Phrase("bot.borrow_either", {"city": hosts[0], "other": hosts[1], "route": route, "owner": owner})
    return texts.Phrase("bot.borrow", {"city": hosts[0], "route": route, "owner": owner})


def describe_move(game: Game, action: Any) -> str:
    """A move in words of the reader's language."""
    if isinstance(action, ClaimRoute):
        route = game.map.route(action.route)
        return label("move_claim", route=texts.render(route),
                     paid=payment_words(game, route.length, action.color, action.wilds))
    if isinstance(action, DrawFaceUp):
        return label("move_face_up", card=texts.card(action.color))
    if isinstance(action, KeepTickets):
        return label("move_keep", tickets=texts.listing([str(game.map.ticket(t)) for t in action.tickets]))
    if isinstance(action, PayTunnel):
        return label("move_pay_tunnel")
    if isinstance(action, BuildStation):
        return label("move_station", city=action.city)
    key = {DrawBlind: "move_deck", DrawTickets: "move_tickets", GiveUpTunnel: "move_give_up", Pass: "move_pass"}
    return label(key[type(action)])


def payment_words(game: Game, count: int, color: str | None, wilds: int) -> str:
    """A payment in a sentence: "a green card and a locomotive" / "einer grünen Karte
    und einer Lokomotive" (after "with" / "mit")."""
    parts = [] if color is None or count == wilds else [texts.phrase("paid_colour", count=count - wilds, color=color)]
    if wilds:
        parts.append(texts.phrase(f"paid_{game.rules.wild}", count=wilds))
    return texts.listing(parts)


class TtrGameView(GameView):
    """A game between you (``human``) and bots; ``view.widget`` shows it.

    ``bots``: one bot (or bot name) for every other seat, or one per seat; by default the
    strategy bots ``balanced``, ``tickets`` and ``long_routes`` in turn.
    """

    reason_html = staticmethod(_why)
    engine, opponents = ENGINE, OPPONENTS
    #: the bot whose move the hint advises: a name of ``ttr.bots.BOTS`` (an NYU agent too), or
    #: a class of bots; the hint's words come from your position and plan (``ttr.advice``),
    #: whichever bot it is
    adviser: str | type = "expert"

    def __init__(self, game: Game, human: int = 0, bots: str | Bot | Sequence[str | Bot] | None = None,
                 seed: int | str = 0):
        super().__init__(game, human, bots, seed)
        self.selected_route: int | None = None  # none until you pick one: nothing is chosen for you
        self._filling = False  # a menu being filled (not picked from)
        self.selected_city: str | None = None  # where to build a station (Europe)
        self.figure = map_figure(game, player=human, width=760, height=470)
        self.plan_casing = RouteMarks(self.figure, game.map, color=PLAN_CASING, width=10, name="hint_plan_casing",
                                      dash="solid")
        self.plan_marks = RouteMarks(self.figure, game.map, color=PLAN_COLOR, width=6, name="hint_plan")
        self.figure.legend[0].items.remove(self.plan_casing.item)  # the plan's one legend entry draws both
        self.plan_marks.item.renderers.insert(0, self.plan_casing.renderer)
        self.tunnel_marks = RouteMarks(self.figure, game.map, color=TUNNEL_COLOR, width=20, name="tunnel_now",
                                       dash="solid", alpha=0.5)
        #: the number of actions played when the hint's plan was marked (moves clear it)
        self._plan_at: int | None = None
        self.map = bokeh_widget(self.figure)
        on_route_tap(self.figure, self.select_route)
        self.status = widgets.HTML()
        self.hand = widgets.HTML()
        self.tickets = widgets.HTML()
        self.hint_box = widgets.HTML()
        self.face_up = widgets.HBox()
        self.deck = widgets.Button(icon="clone", layout=widgets.Layout(width="auto"))
        self.deck_why = widgets.HTML()
        self.draw_tickets = widgets.Button(icon="ticket", layout=widgets.Layout(width="auto"))
        self.tickets_why = widgets.HTML()
        self.route_menu = widgets.Dropdown(layout=widgets.Layout(width="400px"))
        self.claim_menu = widgets.Dropdown(layout=widgets.Layout(width="300px"))
        self.claim = widgets.Button(button_style="success")
        self.claim_why = widgets.HTML()
        self.city_menu = widgets.Dropdown(layout=widgets.Layout(width="400px"))
        self.station_menu = widgets.Dropdown(layout=widgets.Layout(width="300px"))
        self.station = widgets.Button()
        self.station_why = widgets.HTML()
        self.keep_boxes = widgets.VBox()
        self.keep = widgets.Button(button_style="info", layout=widgets.Layout(width="auto"))
        self.tunnel_menu = widgets.Dropdown(layout=widgets.Layout(width="360px"))
        self.pay = widgets.Button(button_style="warning")
        self.pay_why = widgets.HTML()
        self.give_up = widgets.Button(layout=widgets.Layout(width="auto"))
        self.pass_button = widgets.Button()
        self.deck.on_click(lambda _: self.act(DrawBlind()))
        self.draw_tickets.on_click(lambda _: self.act(DrawTickets()))
        self.route_menu.observe(lambda change: self._picked(change, "selected_route", self.select_route), "value")
        self.city_menu.observe(lambda change: self._picked(change, "selected_city", self.select_city), "value")
        if game.rules.stations_per_player:
            on_city_tap(self.figure, self.select_city)
        self.claim.on_click(lambda _: self.claim_menu.value is not None and self.act(self.claim_menu.value))
        self.station.on_click(lambda _: self.station_menu.value is not None and self.act(self.station_menu.value))
        self.keep.on_click(lambda _: self.act(KeepTickets(tuple(b.ticket for b in self.keep_boxes.children
                                                                 if b.value))))
        self.pay.on_click(lambda _: self.tunnel_menu.value is not None and self.act(self.tunnel_menu.value))
        self.give_up.on_click(lambda _: self.act(GiveUpTunnel()))
        self.pass_button.on_click(lambda _: self.act(Pass()))
        self.controls = widgets.VBox()
        self.widget = widgets.VBox([self.status, widgets.HBox([self.map, widgets.VBox(
            [self.hand, self.tickets], layout=widgets.Layout(width="330px"))]), self.hint_box, self.controls,
            self.help_row, self.message, self.narration])
        self._run_bots()
        self.refresh()
        follow_language(self.refresh)

    def _offer(self, menu: widgets.Dropdown, options: list[tuple[str, Any]], keep: Any = None,
               prompt: str | None = None) -> Any:
        """Fill a menu, keeping ``keep`` selected if it is still offered, else its
        ``prompt`` entry (nothing picked) or its first; returns what is picked (None for
        the prompt). The menu's own handler ignores the filling: it is no pick of yours."""
        if prompt is not None:
            options = [(prompt, NOT_PICKED), *options]
        self._filling = True
        try:
            menu.options = options
            values = [value for _, value in options]
            menu.value = keep if keep in values else (values[0] if values else None)
        finally:
            self._filling = False
        return None if menu.value == NOT_PICKED else menu.value

    def act(self, action: Any) -> bool:
        """Your move (see ``GameView.act``); a claimed route (a station's city) is no
        longer the one picked."""
        picked = self.selected_route, self.selected_city
        if isinstance(action, ClaimRoute):
            self.selected_route = None
        if isinstance(action, BuildStation):
            self.selected_city = None
        accepted = super().act(action)
        if not accepted:
            self.selected_route, self.selected_city = picked
        return accepted

    def _ipython_display_(self):
        from IPython.display import display

        # the Bokeh widget draws the figure as it was made and only hears of changes while
        # it is shown: moves played before it is (first or again) shown would be missing
        self.map.update_from_model(self.figure)
        display(self.widget)

    # --- the bots ----------------------------------------------------------------------------

    def hint(self) -> str:
        """What the adviser would do in your place, and why (``hint_for``); your planned
        way for your tickets is marked on the map until your next move."""
        words, planned = hint_for(self.game, self.human, self.adviser)
        if planned is not None:
            self._mark_plan(planned)
            self._plan_at = len(self.game.history)
        return words

    def _mark_plan(self, routes: list[Route]) -> None:
        """Mark the hint's planned way on the map (none: clear it)."""
        self.plan_casing.show(routes)
        self.plan_marks.show(routes, label("hint_plan"))

    def _describe(self, action: Any) -> str:
        return describe_move(self.game, action)

    # --- picking a route ------------------------------------------------------------------------

    def select_route(self, route_id: int) -> bool:
        """Pick a route (a click on the map does this): the payment menu then offers the
        ways to pay for it, or the view says why it cannot be claimed. Returns whether
        the route can be claimed now."""
        game = self.game
        if not game.map.has_route(route_id):
            self.claim_why.value = _why(texts.text("refusal.unknown_route", route=repr(route_id),
                                                   map=texts.map_title(game.map)))
            return False
        self.selected_route = route_id
        self.refresh()
        return bool(self._claims_for(route_id))

    def _picked(self, change: dict, selected: str, select: Callable[[Any], bool]) -> None:
        """A route or a station's city picked in its menu (``selected`` names the view's
        choice); the prompt picks none again."""
        if self._filling or change["new"] in (getattr(self, selected), None):
            return
        if change["new"] == NOT_PICKED:  # back to the prompt: nothing picked
            setattr(self, selected, None)
            self.refresh()
        else:
            select(change["new"])

    # --- picking a station's city ---------------------------------------------------------------

    def select_city(self, city: str) -> bool:
        """Pick the city for a station (a click on a city on the map does this): the
        payment menu then offers the ways to pay, or the view says why no station can be
        built there. Returns whether one can be built now."""
        place = self.game.map.cities.get(city)
        if place is None or place.kind != "city":
            self.station_why.value = _why(texts.text("refusal.unknown_city", city=repr(city),
                                                     map=texts.map_title(self.game.map)))
            return False
        self.selected_city = city
        self.refresh()
        return bool(self._stations_in(city))

    def _stations_in(self, city: str | None) -> list[BuildStation]:
        if city is None or self.game.pending is not None or self.game.is_over:
            return []
        return [a for a in self.game.legal_actions() if isinstance(a, BuildStation) and a.city == city]

    def _why_no_station(self, city: str) -> str:
        """Why no station can be built in ``city`` now: the engine's own refusal of the
        most likely payment (the colour held most, wild cards for what it lacks), or, when
        cards are missing, what it costs and what you hold."""
        game, me = self.game, self.human
        hand, wild = game.hands[me], game.rules.wild
        cost = game.rules.station_costs[min(game.stations_built(me), len(game.rules.station_costs) - 1)]
        color = max(game.rules.colors, key=lambda c: (hand[c], c))
        wilds = min(hand[wild], max(0, cost - hand[color]))
        attempt = BuildStation(city, None if wilds == cost else color, wilds)
        try:
            game.copy().apply(attempt)
        except RuleViolation as refusal:
            if refusal.rule != "missing_cards":
                return texts.refusal(refusal)
            if not any(hand.values()):
                return label("station_no_cards", cost=texts.phrase("station_cost", count=cost))
            return label("station_missing", cost=texts.phrase("station_cost", count=cost),
                         held=self._holding(color, min(hand[color], cost), True, wilds),
                         count=cost - min(hand[color], cost) - wilds)
        return ""

    def _claims_for(self, route_id: int | None) -> list[ClaimRoute]:
        if route_id is None or self.game.pending is not None or self.game.is_over:
            return []
        return [a for a in self.game.legal_actions() if isinstance(a, ClaimRoute) and a.route == route_id]

    def _why_not(self, route_id: int) -> str:
        """Why the route cannot be claimed now: the engine's own refusal of the most
        likely payment (its colour, or the colour held most for a gray route)."""
        game, me = self.game, self.human
        route = game.map.route(route_id)
        hand, wild = game.hands[me], game.rules.wild
        price = route_price(game.rules, route)  # the rule of what pays, as the engine states it
        color = max(price.colors, key=lambda c: (hand[c], c))
        usable = hand[wild] if price.wilds_usable else 0
        wilds = min(usable, max(price.ferry, route.length - hand[color]))
        attempt = ClaimRoute(route_id, None if wilds == route.length else color, wilds)
        try:
            game.copy().apply(attempt)
        except RuleViolation as refusal:
            if refusal.rule != "missing_cards":
                return texts.refusal(refusal)
            own = min(hand[color], route.length)
            return label("claim_missing", route=route, cards=texts.quantity("card", route.length),
                         held=self._holding(color, own, route.is_gray, wilds), count=route.length - own - wilds)
        return ""

    def _holding(self, color: str, count: int, any_colour: bool, wilds: int) -> str:
        """The cards you hold towards a payment, in words: "2 red cards and 1 locomotive",
        "no red card", or where any colour would do and you hold none "no card of any
        colour"."""
        held = [texts.cards(color, count) if count else texts.phrase("no_card_any_colour") if any_colour
                else texts.phrase("no_colour_card", color=color)]
        return texts.listing(held + ([texts.cards(self.game.rules.wild, wilds)] if wilds else []))

    def _route_label(self, route_id: int) -> str:
        route = self.game.map.route(route_id)
        name = texts.render(route)
        alike = [track for track in route.tracks if self.game.map.route(track).color == route.color]
        if len(alike) > 1:  # tracks told apart by their place, first to last
            name += " · " + label("track", number=alike.index(route.id) + 1)
        return name

    # --- showing ---------------------------------------------------------------------------

    def show(self) -> None:
        """Show the game as it stands (and every label in the current language)."""
        game, me = self.game, self.human
        for button, key in ((self.deck, "draw_deck"), (self.draw_tickets, "draw_tickets"), (self.claim, "claim_route"),
                            (self.station, "build_station"), (self.keep, "keep"), (self.pay, "pay"),
                            (self.give_up, "give_up"), (self.pass_button, "pass")):
            button.description = label(key)
        self.route_menu.description, self.claim_menu.description = label("route"), label("pay")
        self.city_menu.description, self.station_menu.description = label("station"), label("pay")
        self.tunnel_menu.description = label("pay_extra")
        update_map_figure(self.figure, game, player=me)
        self._show_marks()
        self._show_status()
        self._show_hand()
        self._show_texts()
        self.hint_box.value = (f"<div style='background:#fff8e1;padding:4px 8px;border-left:4px solid #f9a825'>"
                               f"<b>{label('rule')}:</b> {html.escape(self._rule_now())}</div>")
        if game.is_over:
            self.controls.children = [widgets.HTML(self.final_scores()._repr_html_())]
            self.help_row.layout.display = "none"
            return
        pending = game.pending
        if isinstance(pending, ChooseTickets):
            rows = self._keep_rows(pending)
        elif isinstance(pending, TunnelPayment):
            rows = self._tunnel_rows(pending)
        else:
            rows = self._turn_rows(isinstance(pending, SecondCard))
        self.controls.children = rows

    def _show_marks(self) -> None:
        """The tunnel being decided on, marked on the map; the hint's plan until the next move."""
        pending = self.game.pending
        tunnel = [self.game.map.route(pending.route)] if isinstance(pending, TunnelPayment) else []
        self.tunnel_marks.show(tunnel, label("tunnel_now"))
        if self._plan_at != len(self.game.history):
            self._mark_plan([])
            self._plan_at = None
        self.plan_marks.set_label(label("hint_plan"))

    def _show_status(self) -> None:
        game, me = self.game, self.human
        scores = ", ".join(label("player_line", player=p, colour=texts.term(PLAYER_NAMES[p]),
                                 points=texts.quantity("point", game.scores[p]),
                                 trains=texts.quantity("train", game.trains[p]),
                                 who=label("you") if p == me else self._bot_name(p))
                           for p in range(game.players))
        whose = label("over") if game.is_over else label("to_play", player=game.current_player)
        you = label("you_are", player=me, colour=texts.term(PLAYER_NAMES[me]))
        if game.is_over:
            status = label("status_over", game=map_title(game.map), count=game.turn)
        else:  # every player's turn counts, from 1 as players count; a round is each player's turn once
            status = label("status", game=map_title(game.map), turn=game.turn + 1,
                           round=game.turn // game.players + 1, whose=whose)
        self.status.value = f"<b>{html.escape(you)}</b> · {html.escape(status)}<br>{html.escape(scores)}"

    def _bot_name(self, player: int) -> str:
        name = self.bot_names.get(player, "")
        return label(f"bot_{name}") if f"bot_{name}" in texts.table("en")["label"] else name

    def _show_hand(self) -> None:
        game, me = self.game, self.human
        self.hand.value = f"<b>{label('your_hand')}</b><br>" + ("".join(
            _chip(k, n) for k, n in game.hands[me].items() if n) or label("none_yet" if game.in_setup else "no_cards"))
        lines = "".join(f"<li>{html.escape(str(game.map.ticket(t)))}</li>" for t in game.tickets[me])
        self.tickets.value = f"<b>{label('your_tickets')}</b><ul>{lines or '<li>' + label('none_yet') + '</li>'}</ul>"

    def _keep_rows(self, offer: ChooseTickets) -> list:
        self.keep_boxes.children = [self._ticket_box(t) for t in offer.tickets]
        return [widgets.HTML(f"<b>{keep_prompt(offer.keep_min)}</b>"), self.keep_boxes, self.keep]

    def _tunnel_rows(self, tunnel: TunnelPayment) -> list:
        pays = [(self._tunnel_label(a, tunnel.extra), a) for a in self.game.legal_actions() if isinstance(a, PayTunnel)]
        self._offer(self.tunnel_menu, pays)
        self.pay.disabled = not pays
        wild = self.game.rules.wild
        self.pay_why.value = "" if pays else _why(label("cannot_pay_tunnel", cards=texts.cards(tunnel.color or wild,
                                                                                               tunnel.extra),
                                                        wilds=texts.phrase(f"{wild}_cards")))
        need = label("tunnel_extra", extra=texts.quantity("extra_card", tunnel.extra))
        return [widgets.HTML(f"<b>{html.escape(need)}</b>"),
                widgets.HBox([self.tunnel_menu, self.pay, self.give_up]), self.pay_why]

    def _turn_rows(self, second: bool) -> list:
        game = self.game
        legal = game.legal_actions()
        self.face_up.children = [self._face_up_button(card, DrawFaceUp(card) in legal)
                                 for card in game.cards.face_up if card]
        self.deck.disabled = DrawBlind() not in legal
        self.deck_why.value = _why(texts.text("refusal.deck_empty/both")) if self.deck.disabled else ""
        rows = [widgets.HTML(f"<b>{label('second_card' if second else 'your_move')}</b>"),
                widgets.HBox([widgets.Label(label("face_up")), self.face_up, self.deck, self.deck_why])]
        if second:
            return rows
        claimable = list(dict.fromkeys(a.route for a in legal if isinstance(a, ClaimRoute)))
        routes = [(self._route_label(r), r) for r in claimable]
        if self.selected_route is not None and self.selected_route not in claimable:
            routes.insert(0, (self._route_label(self.selected_route), self.selected_route))
        # no route is chosen for you: a route you did not pick never shows a refusal (when a bot claims it)
        prompt = label("pick_on_map" if claimable else "no_route")
        self.selected_route = self._offer(self.route_menu, routes, keep=self.selected_route, prompt=prompt)
        claims = [(self._payment_label(a), a) for a in self._claims_for(self.selected_route)]
        self._offer(self.claim_menu, claims)
        self.claim.disabled = not claims
        if self.selected_route is not None:
            self.claim_why.value = "" if claims else _why(self._why_not(self.selected_route))
        else:  # the prompt says how to pick one; with none to claim, what a click shows
            self.claim_why.value = "" if claimable else _why(label("no_route_why"))
        rows += [widgets.HBox([self.route_menu, self.claim_menu, self.claim]), self.claim_why]
        self.draw_tickets.disabled = DrawTickets() not in legal
        self.tickets_why.value = _why(texts.text("refusal.no_tickets")) if self.draw_tickets.disabled else ""
        rows.append(widgets.HBox([self.draw_tickets, self.tickets_why]))
        if game.rules.stations_per_player:
            rows += self._station_rows(legal)
        if legal == [Pass()]:
            rows.append(self.pass_button)
        return rows

    def _station_rows(self, legal: Any) -> list:
        """A station: its city (a menu of the cities open to one, or a click on the map),
        then how to pay; or why not."""
        stations = [a for a in legal if isinstance(a, BuildStation)]
        cities = sorted({a.city for a in stations})
        options = [(city, city) for city in cities]
        if self.selected_city is not None and self.selected_city not in cities:
            options.insert(0, (self.selected_city, self.selected_city))
        prompt = label("pick_on_map" if cities else "no_station")  # no city is chosen for you either
        self.selected_city = self._offer(self.city_menu, options, keep=self.selected_city, prompt=prompt)
        pays = [(self._station_label(a), a) for a in stations if a.city == self.selected_city]
        self._offer(self.station_menu, pays)
        self.station.disabled = not pays
        if pays:
            self.station_why.value = ""
        else:  # a city picked where no station can be built, or none anywhere: why
            free = next(city for city, place in self.game.map.cities.items()
                        if place.kind == "city" and city not in self.game.stations)
            self.station_why.value = _why(self._why_no_station(self.selected_city or free))
        return [widgets.HBox([self.city_menu, self.station_menu, self.station]), self.station_why]

    def _face_up_button(self, card: str, allowed: bool) -> widgets.Button:
        button = widgets.Button(description=texts.term(card), layout=widgets.Layout(min_width="92px", width="auto"),
                                style={"button_color": ROUTE_COLORS.get(card, "#cccccc")})
        button.on_click(lambda _, c=card: self.act(DrawFaceUp(c)))
        if not allowed:  # a face-up locomotive as the second card: say why on the button
            button.tooltip = texts.text("refusal.face_up_wild_second", card=card)
        return button

    def _rule_now(self) -> str:
        """The rule that matters at this moment of the game."""
        game, pending = self.game, self.game.pending
        if game.is_over:
            return texts.text("hint.over")
        if isinstance(pending, ChooseTickets):
            if game.in_setup:
                return texts.text("hint.opening", count=pending.keep_min)
            removed = game.rules.returned_tickets == "removed"  # Switzerland: they leave the game
            return texts.text("hint.more_tickets_removed" if removed else "hint.more_tickets", count=pending.keep_min)
        if isinstance(pending, SecondCard):
            counts_double = game.rules.face_up_wild_counts_double
            return texts.text("hint.second_card" if counts_double else "hint.second_card_any", wild=game.rules.wild)
        if isinstance(pending, TunnelPayment):  # paid with wild cards only: only revealed wild cards cost extra
            wild = game.rules.wild
            if pending.color is None:
                return texts.text("hint.tunnel_wilds_only", wild=wild, wilds=texts.phrase(f"{wild}_cards"))
            return texts.text("hint.tunnel", wild=wild)
        if game.legal_actions() == [Pass()]:
            return texts.text("hint.pass")
        if game.final_turns_left is not None:
            return texts.text("hint.last_round")
        return texts.text("hint.your_move_stations" if game.rules.stations_per_player else "hint.your_move")

    def _ticket_box(self, ticket_id: int) -> widgets.Checkbox:
        box = widgets.Checkbox(value=False, description=str(self.game.map.ticket(ticket_id)),
                               indent=False, layout=widgets.Layout(width="420px"))
        box.ticket = ticket_id
        return box

    def _payment(self, count: int, color: str | None, wilds: int) -> str:
        wild = "locomotive" if self.game.rules.wild == "locomotive" else "tunnel"
        parts = [] if color is None or count == wilds else [f"{count - wilds} {texts.term(color)}"]
        if wilds:
            parts.append(texts.render(texts.quantity(wild, wilds)))
        return " + ".join(parts)

    def _payment_label(self, action: ClaimRoute) -> str:
        route = self.game.map.route(action.route)
        return self._payment(route.length, action.color, action.wilds)

    def _station_label(self, action: BuildStation) -> str:
        cost = self.game.rules.station_costs[self.game.stations_built(self.human)]
        return self._payment(cost, action.color, action.wilds)

    def _tunnel_label(self, action: PayTunnel, extra: int) -> str:
        return self._payment(extra, self.game.pending.color, action.wilds)
