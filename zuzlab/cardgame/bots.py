"""Card Game players for simulations and hints: the random player and two strategies.

- ``random``: any legal action, uniformly.
- ``collector``: collects what its tickets need and protects those colours from a train
  wreck: it lays a colour its tickets need only as a set of ``safe_size`` cards or more
  (locomotives count), which a rival seldom outnumbers, until the end is near.
- ``wrecker``: notes at each of its turns what each rival has laid (``RivalWatch``) and
  wrecks the biggest rival set it can outnumber whenever one of ``big_set`` cards or more
  lies there; it draws the colour its rivals lay most when its tickets need nothing in
  sight, and keeps the two colours they lay most (those its tickets do not need) in hand,
  laying them only to wreck until the end is near, to outnumber the rivals' next sets.

What both do (``CardStrategy``):

- tickets: keep the offered tickets that score best (+ fulfilled, − not) with the cards
  they can count on: the on-the-track pile, what of the rail yard still moves onto it, the
  hand, and a locomotive for every three turns left (the cards still to draw, whose
  colours the bot picks among the face-up cards); draw tickets once pile and hand cover
  every ticket held;
- laying: a colour whole, with every locomotive that still reaches the pile in time (a
  bigger set is harder to outnumber, and a locomotive in hand scores nothing); the set or
  three cards worth most (a card the tickets need or a locomotive 1, another 0.8, a rival
  card wrecked ``wreck_weight``, less the cards it may lose to a wreck), if worth at least
  two cards, else draw;
- drawing: the face-up colour the tickets miss most, else the deck.

A bot sees only what its player may see (``core.PlayerView``): its own cards and what lies
open, and of the rest how many (``game.observation``): the cards left in the deck say how
many turns are left (``Reading.turns_left``).

A bot is made for one player of one game (``zuzlab.cardgame.make_bot(name)``) and called
as ``bot(game, rng)``; it returns one of ``game.legal_actions()``. ``bot.decide(game, rng)``
also says why, for a hint. Every choice among equals goes through ``rng``.
"""

from __future__ import annotations

import random
from collections import Counter
from dataclasses import dataclass
from functools import cached_property
from typing import Any, Callable

from ..algorithms import best_fulfilment
from ..core import Bot, Pass, random_bot
from ..tickets import ChooseTickets, DrawTickets, KeepTickets
from ..train_cards import DrawBlind, DrawFaceUp, SecondCard
from .actions import PlayMixed, PlaySet
from .data import WILD, Ticket

#: cards the deck loses in a turn, on average (a draw takes two, a lay or a ticket draw none)
CARDS_PER_TURN = 1.0
#: with this many turns left or fewer the end is near: a style's caution gives way
END_NEAR = 4


class Reading:
    """What a strategy reads of the position once a decision: its cards, its tickets, the
    turns it has left, and what its tickets still need."""

    def __init__(self, game: Any):
        self.game = game
        self.me = me = game.player_to_move()
        self.hand = Counter({card: n for card, n in game.hands[me].items() if n})
        self.track = Counter({card: n for card, n in game.track[me].items() if n})
        self.tickets: list[Ticket] = [game.data.ticket(t) for t in game.tickets[me]]
        self.colors: tuple[str, ...] = game.data.colors
        self.yards = game.yards  # read once: a bot reads the game through its player's view
        #: each player's sets of each colour, by size
        self.sets = [{color: [cards + locomotives for cards, locomotives in yard[color]] for color in self.colors}
                     for yard in self.yards]
        self.turns_left = self._turns_left()
        #: the cards that reach my on-the-track pile: those on it and those of my rail yard
        #: that move onto it in the turns left
        self.pile = self.track + self._arriving()

    def _turns_left(self) -> int:
        """My turns still to come (each moves my rail yard on), estimated from the cards
        left in the deck (as a player sees the pile: ``observation``), the deck losing
        ``CARDS_PER_TURN`` a turn."""
        game = self.game
        return int(game.observation(self.me)["deck"] / (CARDS_PER_TURN * game.players))

    def queue(self, color: str) -> list[str]:
        """My rail yard's cards of ``color`` in the order they move on: the oldest set
        first, its coloured cards before its locomotives (or after, by the rules)."""
        return self.queues[color]

    @cached_property
    def queues(self) -> dict[str, list[str]]:
        locomotives_first = self.game.rules.locomotives_move_first
        queues: dict[str, list[str]] = {}
        for color in self.colors:
            queue = queues[color] = []
            for cards, locomotives in self.yards[self.me][color]:
                colored, wild = [color] * cards, [WILD] * locomotives
                queue += wild + colored if locomotives_first else colored + wild
        return queues

    def _arriving(self) -> Counter:
        """The cards of my rail yard that move onto the pile in my turns left (one of each
        colour a turn)."""
        cards: Counter = Counter()
        for color in self.colors:
            cards.update(self.queue(color)[:self.turns_left])
        return cards

    @property
    def flexible(self) -> int:
        """The cards still to draw that can reach the pile in time, counted as locomotives
        (the bot picks their colours among the face-up cards): one for every three turns
        left but the last two."""
        return max(0, self.turns_left - 2) // 3

    def expected(self) -> Counter:
        """The cards a ticket plan can count on: the pile, the hand and the flexible cards."""
        cards = self.pile + self.hand
        cards[WILD] += self.flexible
        return cards

    @cached_property
    def aim(self) -> list[Ticket]:
        """The tickets worth working for: those the expected cards fulfil together."""
        if not self.tickets:
            return []
        return list(best_fulfilment(self.tickets, self.expected()).fulfilled)

    @cached_property
    def missing(self) -> Counter:
        """The cards of each colour the tickets aimed at need beyond the pile (its
        locomotives cover the colours most missing first)."""
        need: Counter = Counter()
        for ticket in self.aim:
            need.update(ticket.colors)
        short = Counter({c: n - self.pile[c] for c, n in need.items() if n > self.pile[c]})
        wilds = self.pile[WILD]
        for color, count in short.most_common():
            cover = min(wilds, count)
            short[color] -= cover
            wilds -= cover
        return +short

    @property
    def covered(self) -> bool:
        """Whether the pile and the hand cover every ticket held."""
        return len(self.aim) == len(self.tickets) and not self.missing - self.hand

    @property
    def signature(self) -> tuple:
        """The cards and tickets a ticket draw is judged by."""
        return tuple(sorted((self.pile + self.hand).items())), tuple(t.id for t in self.tickets)

    def wrecked_by(self, color: str) -> dict[int, int]:
        """The rivals a set of ``color`` would wreck, each with its cards of the colour."""
        return {p: sum(sets[color]) for p, sets in enumerate(self.sets) if p != self.me and sets[color]}

    def largest_rival_set(self, color: str) -> int:
        """The largest set of ``color`` in a rival's rail yard: a new set must outnumber it."""
        return max((max(sets[color], default=0) for p, sets in enumerate(self.sets) if p != self.me), default=0)


@dataclass(frozen=True)
class _Weighed:
    """A ticket as ``keep_tickets`` weighs it: its id, the points it counts for, its colours."""

    id: int
    points: int
    colors: tuple[str, ...]


class RivalWatch:
    """What a player can note of its rivals from their rail yards, look by look: the cards
    of each colour each rival has laid (what a yard's colour grew by, beyond the one card
    that moved on since the last look). A first look counts what lies there."""

    def __init__(self) -> None:
        self.laid: dict[int, Counter] = {}
        self._seen: dict[int, dict[str, int]] = {}
        self._round = 0

    def look(self, reading: Reading) -> None:
        """Note what the rivals laid since the last look (at the start of each of my turns)."""
        if reading.game.round != self._round:  # a new round cleared the rail yards
            self._seen, self._round = {}, reading.game.round
        for player, sets in enumerate(reading.sets):
            if player == reading.me:
                continue
            seen = self._seen.setdefault(player, {})
            laid = self.laid.setdefault(player, Counter())
            for color, sizes in sets.items():
                size = sum(sizes)
                moved_on = max(0, seen.get(color, 0) - 1)
                if size > moved_on:
                    laid[color] += size - moved_on
                seen[color] = size

    def wrecked(self, color: str) -> None:
        """My set wrecks every rival's cards of ``color``: their yards have none of it now."""
        for seen in self._seen.values():
            seen[color] = 0

    def colors(self) -> Counter:
        """The cards of each colour all rivals have laid."""
        return sum(self.laid.values(), Counter())


class CardStrategy:
    """What the Card Game strategies share (see the module's text): reading the position,
    keeping tickets, weighing the sets it could lay, drawing the cards it wants. A style
    sets the weights and narrows ``lays``."""

    #: what each rival card a set wrecks is worth, against 1 for a needed card of its own
    wreck_weight = 0.3
    #: how much the cards a set may lose to a train wreck count against it
    risk_weight = 1.0
    #: lay when the best set is worth this much (two needed cards), else draw
    min_lay = 2.0

    def __init__(self) -> None:
        #: the cards and tickets when a ticket draw last kept nothing: no new draw before they change
        self.fruitless: tuple | None = None

    def __call__(self, game: Any, rng: random.Random):
        return self.decide(game, rng, explain=False)[0]

    def decide(self, game: Any, rng: random.Random, explain: bool = True) -> tuple:
        """The action, and why: ``(action, (reason, parameters))``; the reason names a
        ``hint.card_why_<reason>`` text, so a view can explain the move as a hint (the
        reasons cost nothing to make, so ``explain`` changes nothing; it is the
        strategy bots' shared call)."""
        reading = Reading(game)
        pending = game.pending
        if isinstance(pending, ChooseTickets):
            keep = self.keep_tickets(reading, pending)
            if not keep.tickets:
                self.fruitless = reading.signature
            return keep, self.keep_reason(reading, keep)
        actions = game.legal_actions()
        if isinstance(pending, SecondCard):
            return self.draw(reading, actions, rng)
        self.begin_turn(reading)
        lay = self.lay(reading, actions)
        if lay is not None:
            return lay
        if DrawTickets() in actions and reading.covered and reading.signature != self.fruitless:
            return DrawTickets(), ("more_tickets", {})
        drawn = self.draw(reading, actions, rng)
        if drawn[0] is not None:
            return drawn
        return (actions[0] if actions else Pass()), ("nothing_better", {})

    def begin_turn(self, reading: Reading) -> None:
        """What a style notes at the start of each of its turns (nothing by default)."""

    # --- tickets -------------------------------------------------------------------------

    def keep_tickets(self, reading: Reading, offer: ChooseTickets) -> KeepTickets:
        """The offered tickets whose keeping scores best with the expected cards (+ the
        points of each fulfilled ticket, − those of each other one).

        One search finds them: a kept ticket adds its points when fulfilled and loses them
        when not, a held one loses them unless fulfilled, so the best choice is the best
        fulfilment of held and offered tickets together, each held ticket worth double.
        Should that keep fewer than the rules ask, the offered tickets that cost least join."""
        data, cards = reading.game.data, reading.expected()
        offered = [data.ticket(t) for t in sorted(offer.tickets)]
        weighed = [_Weighed(t.id, 2 * t.points, t.colors) for t in reading.tickets]
        weighed += [_Weighed(t.id, t.points, t.colors) for t in offered]
        chosen = {t.id for t in best_fulfilment(weighed, cards).fulfilled}
        kept = [t for t in offered if t.id in chosen]
        while len(kept) < offer.keep_min:
            def score(ticket: Ticket) -> int:
                return best_fulfilment(reading.tickets + kept + [ticket], cards).score
            kept.append(max((t for t in offered if t not in kept), key=lambda t: (score(t), -t.id)))
        return KeepTickets(tuple(t.id for t in kept))

    def keep_reason(self, reading: Reading, keep: KeepTickets) -> tuple[str, dict]:
        """Why keep these: they fit the cards counted on (``Reading.expected``)."""
        counted = {"pile": sum(reading.pile.values()), "hand": sum(reading.hand.values()),
                   "to_draw": reading.flexible}
        if not keep.tickets:
            return ("keep_none", counted)
        return ("keep", {"count": len(keep.tickets), **counted})

    # --- laying --------------------------------------------------------------------------

    def lay(self, reading: Reading, actions: list) -> tuple | None:
        """The set or the three cards to lay, and why, or None to draw instead."""
        best, best_value, why = None, self.lay_threshold(reading), None
        for action in self.lays(reading, actions):
            value, reason = self.lay_value(reading, action)
            if value > best_value:
                best, best_value, why = action, value, reason
        return None if best is None else (best, why)

    def lay_threshold(self, reading: Reading) -> float:
        """A set must be worth this much; near the end less will do, as cards drawn then
        hardly reach the pile."""
        return self.min_lay if reading.turns_left > END_NEAR - 1 else 0.5

    def lays(self, reading: Reading, actions: list) -> list:
        """The plays worth weighing: for each colour in hand its whole set (with every
        locomotive that reaches the pile in time, or as many as outnumber the rival sets),
        and the legal three-card plays."""
        hand = reading.hand
        lays: list = [a for a in actions if isinstance(a, PlayMixed)]
        legal_sets = {a for a in actions if isinstance(a, PlaySet)}
        for color in reading.colors:
            cards = hand[color]
            if not cards:
                continue
            in_time = reading.turns_left - len(reading.queue(color)) - cards
            to_outnumber = reading.largest_rival_set(color) + 1 - cards
            action = PlaySet(color, cards, min(hand[WILD], max(in_time, to_outnumber, 0)))
            if action in legal_sets:
                lays.append(action)
        return lays

    def lay_value(self, reading: Reading, action: Any) -> tuple[float, tuple[str, dict]]:
        """What laying ``action`` is worth (see the module's text), and the reason to give."""
        if isinstance(action, PlayMixed):
            value = sum(self.cards_value(reading, color, [color]) - self.risk(reading, color, 1)
                        for color in action.colors)
            needed = [color for color in action.colors if reading.missing[color]]
            return value, ("lay_mixed", {"colors": list(action.colors), "needed": needed})
        color = action.color
        cards = [color] * action.cards + [WILD] * action.locomotives
        value = self.cards_value(reading, color, cards) - self.risk(reading, color, len(cards))
        victims = reading.wrecked_by(color)
        if victims:
            return value + self.wreck_weight * sum(victims.values()), ("wreck", {"color": color, "victims": victims})
        if not reading.missing[color]:
            return value, ("lay_spare", {"color": color})
        if action.locomotives:
            return value, ("protect", {"color": color, "size": len(cards), "count": action.locomotives})
        return value, ("lay_set", {"color": color, "size": len(cards)})

    def cards_value(self, reading: Reading, color: str, cards: list[str]) -> float:
        """What ``cards`` laid on my rail yard's queue of ``color`` are worth: those that
        reach the pile in the turns left, a needed card or a locomotive 1, another 0.8."""
        need = reading.missing[color]
        value = 0.0
        for card in cards[:max(0, reading.turns_left - len(reading.queue(color)))]:
            if card == WILD or need > 0:
                value += 1
                need -= card != WILD
            else:
                value += 0.8
        return value

    def risk(self, reading: Reading, color: str, size: int) -> float:
        """The cards a new set of ``size`` may lose to a train wreck: a small set is
        outnumbered more easily, each rival may, and more likely in a colour it collects."""
        chance = {1: 0.3, 2: 0.2, 3: 0.1}.get(size, 0.05) * (reading.game.players - 1)
        if self.contested(reading, color):
            chance *= 2
        return self.risk_weight * chance * size / 2

    def contested(self, reading: Reading, color: str) -> bool:
        """Whether a rival collects ``color``: its rail yard shows the colour."""
        return bool(reading.wrecked_by(color))

    # --- drawing -------------------------------------------------------------------------

    def wanted(self, reading: Reading) -> Counter:
        """The cards of each colour to draw: what the tickets aimed at miss beyond the hand."""
        return reading.missing - reading.hand

    def draw(self, reading: Reading, actions: list, rng: random.Random) -> tuple:
        """The card to draw and why: the face-up colour most wanted, else the deck (None
        when no card may be drawn)."""
        face_up = {a.color: a for a in actions if isinstance(a, DrawFaceUp)}
        wanted = self.wanted(reading)
        useful = [c for c in face_up if wanted[c] > 0]
        if useful:
            most = max(wanted[c] for c in useful)
            color = rng.choice(sorted(c for c in useful if wanted[c] == most))
            return face_up[color], self.draw_reason(reading, color, wanted[color])
        if DrawBlind() in actions:
            return DrawBlind(), ("blind" if wanted else "blind_spare", {})
        if face_up:
            color = rng.choice(sorted(face_up))
            return face_up[color], ("any_card", {"color": color})
        return None, None

    def draw_reason(self, reading: Reading, color: str, wanted: int) -> tuple[str, dict]:
        return ("useful_card", {"color": color, "count": wanted})


class Collector(CardStrategy):
    """Collects what its tickets need and protects those colours (see the module's text)."""

    #: a colour the tickets need is laid as a set of at least this many cards (but near the end)
    safe_size = 3

    def lays(self, reading, actions):
        lays = super().lays(reading, actions)
        if reading.turns_left <= END_NEAR:
            return lays
        return [a for a in lays if not (isinstance(a, PlaySet) and reading.missing[a.color]
                                        and a.cards + a.locomotives < self.safe_size)]


class Wrecker(CardStrategy):
    """Wrecks rivals' big sets and collects the colours they lay (see the module's text)."""

    wreck_weight = 1.2
    risk_weight = 0.5
    #: a rival set of this many cards or more is wrecked whenever it can be outnumbered
    big_set = 2
    #: the colours the rivals lay most, this many, are kept in hand (but to wreck)
    kept_colors = 2

    def __init__(self) -> None:
        super().__init__()
        self.watch = RivalWatch()

    def begin_turn(self, reading):
        self.watch.look(reading)

    def lay(self, reading, actions):
        wreck = self.must_wreck(reading, actions) or super().lay(reading, actions)
        if wreck is not None and wreck[1][0] == "wreck":
            self.watch.wrecked(wreck[0].color)
        return wreck

    def must_wreck(self, reading: Reading, actions: list) -> tuple | None:
        """The set that wrecks the most rival cards, if a rival set of ``big_set`` cards or
        more can be outnumbered."""
        best, most = None, 0
        for action in self.lays(reading, actions):
            if isinstance(action, PlaySet) and reading.largest_rival_set(action.color) >= self.big_set:
                wrecked = sum(reading.wrecked_by(action.color).values())
                if wrecked > most:
                    best, most = action, wrecked
        return None if best is None else (best, self.lay_value(reading, best)[1])

    def lays(self, reading, actions):
        """Not a set of a colour kept to outnumber the rivals (but to wreck, or near the end)."""
        lays = super().lays(reading, actions)
        if reading.turns_left <= END_NEAR:
            return lays
        kept = self.kept(reading)
        return [a for a in lays if not (isinstance(a, PlaySet) and a.color in kept and not reading.wrecked_by(a.color))]

    def kept(self, reading: Reading) -> set[str]:
        """The colours the rivals lay most (``kept_colors`` of them) that the tickets do not need."""
        return {color for color, _ in self.watch.colors().most_common(self.kept_colors) if not reading.missing[color]}

    def contested(self, reading, color):
        return super().contested(reading, color) or self.watch.colors()[color] > 0

    def wanted(self, reading):
        """The tickets' colours first; with none of them wanted, the colour the rivals lay most."""
        wanted = super().wanted(reading)
        laid = self.watch.colors()
        if not wanted and laid:
            wanted[laid.most_common(1)[0][0]] = 1
        return wanted

    def draw_reason(self, reading, color, wanted):
        if reading.missing[color]:
            return super().draw_reason(reading, color, wanted)
        return ("rival_color", {"color": color, "laid": self.watch.colors()[color]})


BOTS: dict[str, Callable[[], Bot]] = {
    "random": lambda: random_bot,
    "collector": Collector,
    "wrecker": Wrecker,
}
