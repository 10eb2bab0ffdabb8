"""Ticket to Ride: The Card Game, as a game state with the same protocol as ``zuzlab.ttr``.

There is no board. Cards travel hand → rail yard → on-the-track pile, and at the end
the on-the-track pile decides which tickets are fulfilled.

A turn: first, automatically, one card of each colour in the player's rail yard moves
onto the player's on-the-track pile; then one action: draw two train cards, lay a set
(2+ of one colour, locomotives added; it must outnumber every other player's cards of
that colour in their rail yards, which are then discarded: the train wreck), lay three
cards of different colours none of which lies in another rail yard, or draw 4 tickets
and keep any number.

The game ends when the train deck has run out once (2–3 players). With 4 players the
first time scores the tickets in hand, clears rail yards and on-the-track piles into a
new deck, and the second time ends the game.

Events: those of drawing cards and tickets, ``moved_to_track``, ``set_played``,
``train_wreck``, ``mixed_played``, ``round_scored``, ``second_round``, ``passed``,
``turn_ended``, ``game_blocked``, ``game_over``.
"""

from __future__ import annotations

import itertools
from collections import Counter
from typing import Mapping, Self, Sequence

from .. import texts
from ..core import (SHAPES, Action, GameState, Pass, PassingTurn, PositionField, RuleViolation, a_player, card_counts,
                    check_shapes, flag, is_whole_number, keywords_checked, pending_field, per_player, rules_field,
                    seeded_random, shaped, value_field, whole)
from ..texts import InputError, Joined, Phrase
from ..tickets import ChooseTickets, DrawTickets, KeepTickets, TicketChoice, refuse_a_ticket_named_twice
from ..train_cards import DrawBlind, DrawFaceUp, DrawingTurn, SecondCard, TrainCards, set_up_supply
from .actions import PlayMixed, PlaySet
from .data import WILD, load_data
from .rules import CardGameRules, get as get_rules

FORMAT = "zuzlab-cardgame-game/2"
DECISIONS = (ChooseTickets, SecondCard)


def _check_yard(game: Game, yard, where: str) -> None:
    """A rail yard: every colour of the game → its sets, each ``[cards, locomotives]``."""
    colors = game.data.colors
    if not isinstance(yard, dict) or set(yard) != set(colors):
        raise InputError("error.yard_colours", where=where, colors=list(colors))
    for color, sets in yard.items():
        shaped("list")(game, sets, f"{where}[{color!r}]")
        for laid in sets:
            if not isinstance(laid, list):
                raise InputError("error.not_a_set", where=f"{where}[{color!r}]", laid=repr(laid))
            _laid_set(laid, f"{where}[{color!r}]")


class Game(DrawingTurn, TicketChoice, PassingTurn, GameState):
    """A game of Ticket to Ride: The Card Game. Create one with ``zuzlab.cardgame.new_game``.

    ``yards[player][colour]`` lists that player's sets of the colour in the rail yard,
    each ``[cards, locomotives]``, oldest first.
    """

    save_format, engine_key = FORMAT, "cardgame"
    #: the on-the-track pile lies face down: only its owner knows it
    secrets = {"hands": "own", "track": "own", "tickets": "own", "offers": "own", "ticket_deck": "hidden",
               "seed": "hidden", "history": "hidden", "cards": {"deck": "hidden"}}
    #: the position, in the order a save lists it (``core.PositionField``)
    position_fields = (
        rules_field(CardGameRules),
        value_field("players", whole(lambda game: game.rules.min_players, lambda game: game.rules.max_players),
                    fixed=True),
        value_field("seed", fixed=True),
        PositionField("cards", inline=True, copy=TrainCards.copy, to_json=TrainCards.to_dict,
                      from_json=lambda saved, game: game._new_train_cards([]).load(saved)),
        PositionField("hands", check=per_player(card_counts)),
        PositionField("yards", check=per_player(_check_yard)),
        PositionField("track", check=per_player(card_counts)),  # the on-the-track piles
        PositionField("ticket_deck", check=shaped("list")),
        PositionField("tickets", check=per_player(shaped("list"))),
        PositionField("offers", check=per_player(shaped("list"))),
        value_field("round", whole(1, lambda game: 2 if game.players >= game.rules.two_rounds_from else 1)),
        PositionField("first_round"),  # the first scoring, with 4 players
        value_field("turn", whole(0, lambda game: 0 if game.in_setup else None)),
        value_field("_current", a_player),
        pending_field(DECISIONS),
        value_field("in_setup", flag),
        value_field("consecutive_passes", whole(0, lambda game: game.players - (not game._over))),
        value_field("_over", flag),
    )
    #: the game's components (cards, tickets, cities), read from its rules
    derived = frozenset({"data"})

    def __init__(self, rules: CardGameRules | str = "cardgame", players: int = 2, seed: int | str = 0):
        rules = get_rules(rules)
        if not isinstance(players, int) or not rules.min_players <= players <= rules.max_players:
            raise InputError("error.players", game=rules.name, low=rules.min_players, high=rules.max_players,
                             players=repr(players))
        self.rules, self.players, self.seed = rules, players, seed
        self._derive()
        check_rules_fit_data(rules, self.data, players)
        self.history = []
        self._events = []
        self._current = 0
        deck = self.data.deck
        for _ in range(players * rules.initial_locomotives):
            deck.remove(WILD)  # dealt before the deck is shuffled
        self.cards = self._new_train_cards(deck)
        self.hands = [dict.fromkeys(self.card_kinds, 0) for _ in range(players)]
        self.yards: list[dict[str, list[list[int]]]] = [{c: [] for c in self.data.colors} for _ in range(players)]
        self.track = [dict.fromkeys(self.card_kinds, 0) for _ in range(players)]
        for hand in self.hands:
            hand[WILD] += rules.initial_locomotives
        for _ in range(rules.initial_hand):
            for hand in self.hands:
                card = self.cards.draw(self._emit)
                assert card is not None, "check_rules_fit_data saw cards enough to deal"
                hand[card] += 1
        self.cards.refill(self._emit)
        self.ticket_deck = [t.id for t in self.data.tickets]
        seeded_random(seed, "tickets").shuffle(self.ticket_deck)
        self.tickets: list[list[int]] = [[] for _ in range(players)]
        self.offers = [self._take_tickets(rules.initial_tickets) for _ in range(players)]
        self.round = 1
        self.first_round: list[dict] | None = None  # the first scoring, with 4 players
        self.turn = 0
        self._pending = None
        self.in_setup = True
        self.consecutive_passes = 0
        self._over = False
        self._scores_cache = None
        self._offer_tickets(0)
        self.setup_events, self._events = self._events, []
        self._remember_start()

    def _derive(self) -> None:
        self.data = load_data(self.rules.data)

    def _new_train_cards(self, deck: list[str]) -> TrainCards:
        return TrainCards(deck, wild=WILD, face_up_count=self.rules.face_up_count,
                          reset_wilds=self.rules.face_up_reset_wilds, seed=self.seed, reshuffle=False)

    # --- what the state looks like --------------------------------------------------

    @property
    def card_kinds(self) -> tuple[str, ...]:
        return self.data.colors + (WILD,)

    def yard_size(self, player: int, color: str) -> int:
        """Cards of ``color`` (locomotives in its sets included) in ``player``'s rail yard."""
        return sum(cards + locomotives for cards, locomotives in self.yards[player][color])

    def largest_set(self, player: int, color: str) -> int:
        return max((cards + locomotives for cards, locomotives in self.yards[player][color]), default=0)

    def largest_other_set(self, color: str) -> int:
        """The largest set of ``color`` in another player's rail yard: a new set must beat it."""
        return max((self.largest_set(p, color) for p in range(self.players) if p != self._current), default=0)

    def _lies_elsewhere(self, color: str) -> bool:
        return any(self.yards[p][color] for p in range(self.players) if p != self._current)

    def __repr__(self) -> str:
        status = "over" if self._over else f"player {self._current} to act"
        return f"<Card Game {self.players} players seed={self.seed!r} round {self.round} turn {self.turn}, {status}>"

    def _counts_double(self, card: str) -> bool:
        return card == WILD and self.rules.face_up_wild_counts_double

    # --- legal actions ---------------------------------------------------------------

    def legal_actions(self) -> list[Action]:
        if self._over:
            return []
        if isinstance(self._pending, ChooseTickets):
            return list(self._keep_actions())
        if isinstance(self._pending, SecondCard):
            return self._second_card_actions()
        actions = self._draw_actions() + self._set_actions() + self._mixed_actions()
        if self.ticket_deck:
            actions.append(DrawTickets())
        return actions or [Pass()]

    def _rival_sets(self) -> dict[str, int]:
        """For each colour, the largest set in another player's rail yard (one pass)."""
        largest = dict.fromkeys(self.data.colors, 0)
        for player, yard in enumerate(self.yards):
            if player != self._current:
                for color, sets in yard.items():
                    for cards, locomotives in sets:
                        if cards + locomotives > largest[color]:
                            largest[color] = cards + locomotives
        return largest

    def _set_actions(self) -> list[Action]:
        hand, rules = self.hands[self._current], self.rules
        playable = [color for color in self.data.colors if hand[color] >= rules.set_min_cards]
        if not playable:
            return []
        rivals = self._rival_sets()
        actions: list[Action] = []
        for color in playable:
            beat = rivals[color] + 1
            for cards in range(rules.set_min_cards, hand[color] + 1):
                for locomotives in range(max(0, beat - cards), hand[WILD] + 1):
                    actions.append(PlaySet(color, cards, locomotives))
        return actions

    def _mixed_actions(self) -> list[Action]:
        hand = self.hands[self._current]
        held = [c for c in self.data.colors if hand[c]]
        if len(held) < self.rules.mixed_play_cards:
            return []
        free = [c for c in held if not self._lies_elsewhere(c)]
        return [PlayMixed(colors) for colors in itertools.combinations(free, self.rules.mixed_play_cards)]

    # --- the start of a turn -------------------------------------------------------------

    def _begin_play(self) -> None:
        self._start_turn()

    def _start_turn(self) -> None:
        """Move one card of each colour in the rail yard onto the on-the-track pile (from
        the oldest set of the colour; its coloured cards before its locomotives, unless
        ``rules.locomotives_move_first``)."""
        yard, track = self.yards[self._current], self.track[self._current]
        moved = []
        for color, sets in yard.items():
            if not sets:
                continue
            oldest = sets[0]
            use_locomotive = oldest[1] and (self.rules.locomotives_move_first or not oldest[0])
            oldest[1 if use_locomotive else 0] -= 1
            card = WILD if use_locomotive else color
            track[card] += 1
            moved.append(card)
            if oldest == [0, 0]:
                del sets[0]
        if moved:
            self._emit("moved_to_track", cards=moved)

    # --- playing cards to the rail yard ------------------------------------------------

    def _check_color(self, color: str) -> None:
        if color not in self.data.colors:
            raise RuleViolation("unknown_color", color=repr(color), colors=list(self.data.colors))

    def _check_set(self, action: PlaySet) -> None:
        self._check_color(action.color)
        hand, rules = self.hands[self._current], self.rules
        if action.cards < rules.set_min_cards:
            raise RuleViolation("set_too_small", cards=texts.cards(action.color, rules.set_min_cards))
        for card, count in ((action.color, action.cards), (WILD, action.locomotives)):
            if hand[card] < count:
                raise RuleViolation("missing_cards", "missing_cards/set", cards=texts.cards(card, count),
                                    count=hand[card])
        rival = self.largest_other_set(action.color)
        if action.cards + action.locomotives <= rival:
            raise RuleViolation("set_not_larger", rival=texts.cards(action.color, rival), color=action.color,
                                needed=texts.quantity("card", rival + 1))

    def _do_set(self, action: PlaySet) -> None:
        me, color = self._current, action.color
        self.hands[me][color] -= action.cards
        self.hands[me][WILD] -= action.locomotives
        wrecked = {}
        for player in range(self.players):
            if player != me and self.yards[player][color]:
                wrecked[player] = self.yard_size(player, color)
                for cards, locomotives in self.yards[player][color]:
                    self.cards.discard.extend([color] * cards + [WILD] * locomotives)
                self.yards[player][color] = []
        self._lay(color, action.cards, action.locomotives)
        self._emit("set_played", color=color, cards=action.cards, locomotives=action.locomotives)
        if wrecked:
            self._emit("train_wreck", color=color, discarded=wrecked)
        self._end_turn()

    def _lay(self, color: str, cards: int, locomotives: int) -> None:
        """A new set in the player's rail yard (added to the old one if ``sets_grow``)."""
        sets = self.yards[self._current][color]
        if sets and self.rules.sets_grow:
            sets[0][0] += cards
            sets[0][1] += locomotives
        else:
            sets.append([cards, locomotives])

    def _check_mixed(self, action: PlayMixed) -> None:
        size = self.rules.mixed_play_cards
        if WILD in action.colors:
            raise RuleViolation("mixed_no_locomotives")
        for color in action.colors:
            self._check_color(color)
        if len(set(action.colors)) != size or len(action.colors) != size:
            raise RuleViolation("mixed_play", count=size)
        hand = self.hands[self._current]
        missing = [c for c in action.colors if not hand[c]]
        if missing:
            raise RuleViolation("missing_cards", "missing_cards/mixed", count=len(missing), colors=missing)
        taken = [c for c in action.colors if self._lies_elsewhere(c)]
        if taken:
            raise RuleViolation("mixed_color_taken", count=len(taken), colors=taken)

    def _do_mixed(self, action: PlayMixed) -> None:
        for color in action.colors:
            self.hands[self._current][color] -= 1
            self._lay(color, 1, 0)
        self._emit("mixed_played", colors=list(action.colors))
        self._end_turn()

    # --- tickets -------------------------------------------------------------------------

    def _tickets_per_draw(self) -> int:
        return self.rules.ticket_draw

    def _keep_min(self, offer: list[int]) -> int:
        return min(self.rules.initial_keep_min if self.in_setup else self.rules.ticket_keep_min, len(offer))

    def _tickets_returned(self, returned: list[int]) -> None:
        """At the start the returned tickets are shuffled into the deck; later they go under it."""
        self.ticket_deck.extend(returned)
        if self.in_setup:
            seeded_random(self.seed, "returned-tickets", self._current).shuffle(self.ticket_deck)

    # --- the end of a turn, the rounds (passing: core.PassingTurn) --------------------

    def _end_turn(self, passed: bool = False) -> None:
        if not passed:
            self.consecutive_passes = 0
        self._emit("turn_ended")
        self.turn += 1
        if not self.cards.deck:  # the train deck has run out
            if self.round == 1 and self.players >= self.rules.two_rounds_from:
                self._first_scoring()
            if not self.cards.deck:
                self._finish()
                return
        if self.consecutive_passes >= self.players:
            self._emit("game_blocked")
            self._finish()
            return
        self._current = (self._current + 1) % self.players
        self._start_turn()

    def _first_scoring(self) -> None:
        """Score the tickets in hand (no Big City bonus); rail yards and on-the-track piles
        join the discards as the new deck; the hands stay."""
        from .scoring import ticket_fulfilment

        self.first_round = []
        for player in range(self.players):
            best = ticket_fulfilment(self, player)
            self.first_round.append({"tickets": list(self.tickets[player]), "points": best.score,
                                     "fulfilled": [t.id for t in best.fulfilled]})
            if not self.rules.first_round_tickets_stay:
                self.tickets[player] = []
            for color, sets in self.yards[player].items():
                for cards, locomotives in sets:
                    self.cards.discard.extend([color] * cards + [WILD] * locomotives)
            for card, count in self.track[player].items():
                self.cards.discard.extend([card] * count)
            self.yards[player] = {c: [] for c in self.data.colors}
            self.track[player] = dict.fromkeys(self.card_kinds, 0)
        self._emit("round_scored", points=[r["points"] for r in self.first_round])
        self.round = 2
        if self.cards.discard:
            self.cards.shuffle_discards_into_deck(self._emit)
        self.cards.refill(self._emit)
        self._emit("second_round", deck=len(self.cards.deck))

    def _score_game(self):
        """The final score breakdown (``zuzlab.cardgame.scoring.FinalScores``)."""
        from .scoring import score_game

        return score_game(self)

    # --- setting up a position ---------------------------------------------------------

    @keywords_checked
    def set_up(self, *, hands: Mapping[int, Mapping[str, int]] | None = None,
               yards: Mapping[int, Mapping[str, Sequence]] | None = None,
               track: Mapping[int, Mapping[str, int]] | None = None, face_up: Sequence[str] | None = None,
               deck_top: Sequence[str] | None = None, tickets: Mapping[int, Sequence[int]] | None = None,
               current: int | None = None, over: bool = False) -> Self:
        """Put the game in a chosen position at the start of a turn; returns the game.

        - ``hands``: player → {card: count}, the whole hand;
        - ``yards``: player → {colour: its sets, oldest first}, each set ``cards`` or
          ``(cards, locomotives)``; a player's colours not named are empty;
        - ``track``: player → {card: count}, the on-the-track pile;
        - ``face_up``, ``deck_top``: the face-up row, and the next cards of the deck (the
          first drawn first);
        - ``tickets``: player → ticket ids; ``current``: whose turn it is;
        - ``over``: the game has ended (to score a position: ``final_scores()``).

        Cards move between the deck, the discards and the players, so the game still holds
        exactly its 96 cards. The opening ends (every player keeps the tickets on offer
        unless ``tickets`` names theirs), and the history starts here. A ``ValueError``
        names what cannot be set up, and the game is left as it was.
        """
        return self._set_up_position(lambda game: game._arrange(hands, yards, track, face_up, deck_top, tickets),
                                     current, over)

    def _arrange(self, hands, yards, track, face_up, deck_top, tickets) -> None:
        """``set_up``'s own changes, made on a copy of the game (``core.GameState._set_up_position``)."""
        check_shapes(hands=(hands, "cards"), yards=(yards, "yards"), track=(track, "cards"), face_up=(face_up, "list"),
                     deck_top=(deck_top, "list"), tickets=(tickets, "lists"))
        self._end_opening(tickets or {})
        if tickets:
            refuse_a_ticket_named_twice(tickets)
            for player, ids in tickets.items():
                self._set_up_tickets(player, ids)
        self._set_up_cards(hands or {}, yards or {}, track or {}, face_up, deck_top or [])

    def _end_opening(self, tickets: Mapping[int, Sequence[int]]) -> None:
        if not self.in_setup:
            return
        for player in range(self.players):
            (self.ticket_deck if player in tickets else self.tickets[player]).extend(self.offers[player])
            self.offers[player] = []
        self.in_setup, self._pending, self._current = False, None, 0

    def _set_up_tickets(self, player: int, ids: Sequence[int]) -> None:
        self._check_player(player, "tickets")
        for ticket in ids:
            if not any(known.id == ticket for known in self.data.tickets):
                raise InputError("error.not_a_ticket_of_game", ticket=repr(ticket))
            for pile in (self.ticket_deck, *self.tickets):
                if ticket in pile:
                    pile.remove(ticket)
        self.ticket_deck.extend(self.tickets[player])
        self.tickets[player] = list(ids)

    def _set_up_cards(self, hands, yards, track, face_up, deck_top) -> None:
        """The rail yards as sets; hands, track piles, the face-up row and the deck top
        through the shared supply (cards move, none is invented)."""
        colors = self.data.colors
        for player in set(hands) | set(yards) | set(track):
            self._check_player(player, "hands, yards and track")
        piles = {f"hands[{p}]": (self.hands[p], dict(hand)) for p, hand in hands.items()}
        piles |= {f"track[{p}]": (self.track[p], dict(pile)) for p, pile in track.items()}
        for player, by_color in yards.items():
            by_color = {texts.card_code(color, colors): sets for color, sets in by_color.items()}
            for color in by_color:
                if color not in colors:
                    raise InputError("error.not_a_colour", where=f"yards[{player}]", color=repr(color),
                                     colors=list(colors))
            have = Counter({WILD: 0})
            for color, sets in self.yards[player].items():
                for cards, locomotives in sets:
                    have.update({color: cards, WILD: locomotives})
            new_sets = {c: [_laid_set(laid, f"yards[{player}][{c!r}]") for laid in by_color.get(c, ())]
                        for c in colors}
            want = Counter({WILD: 0})
            for color, sets in new_sets.items():
                for cards, locomotives in sets:
                    want.update({color: cards, WILD: locomotives})
            self.yards[player] = new_sets
            piles[f"yards[{player}]"] = (dict(have), dict(want))
        set_up_supply(self.cards, self.card_kinds, piles, face_up, deck_top)

    def _start_of_turn(self) -> dict:
        return {"_pending": None, "in_setup": False, "consecutive_passes": 0}

    def _check_rules(self) -> None:
        """What the rules say of a position beyond the shapes of its parts: the tickets on
        offer, the first scoring, every card and ticket in exactly one place."""
        self._check_ticket_offers()
        self._check_first_round()
        held = Counter(self.cards.all_cards())
        for pile in (*self.hands, *self.track):
            held.update(pile)
        for yard in self.yards:
            for color, sets in yard.items():
                for cards, locomotives in sets:
                    held.update({color: cards, WILD: locomotives})
        full = Counter(self.data.deck)
        for card in sorted(set(held) | set(full)):
            if held[card] != full[card]:
                raise InputError("error.cards_in_game", cards=texts.cards(card, held[card]), full=full[card])
        counted = Counter([*self.ticket_deck, *(t for p in self.tickets for t in p),
                           *(t for p in self.offers for t in p),
                           *(t for r in (self.first_round or []) for t in r["tickets"]
                             if not self.rules.first_round_tickets_stay)])
        for ticket in self.data.tickets:
            if counted.pop(ticket.id, 0) != 1:
                raise InputError("error.ticket_places", id=ticket.id, ticket=ticket)
        if counted:
            raise InputError("error.not_a_ticket_of_game", ticket=repr(sorted(counted)[0]))

    def _check_first_round(self) -> None:
        """The first scoring (with 4 players) is there exactly in the second round, each
        player's points those of the tickets it names, + fulfilled, − not."""
        if self.round == 1:
            if self.first_round is not None:
                raise InputError("error.first_round_early")
            return
        if not isinstance(self.first_round, list) or len(self.first_round) != self.players:
            raise InputError("error.first_round_missing", players=self.players)
        known = {t.id for t in self.data.tickets}
        for player, scored in enumerate(self.first_round):
            where = f"first_round[{player}]"
            if not isinstance(scored, dict) or set(scored) != {"tickets", "points", "fulfilled"}:
                raise InputError("error.first_round_entry", where=where, entry=repr(scored))
            tickets, fulfilled = scored["tickets"], scored["fulfilled"]
            if (not isinstance(tickets, list) or not isinstance(fulfilled, list)
                    or any(not is_whole_number(t) or t not in known for t in tickets)
                    or len(set(tickets)) != len(tickets) or len(set(fulfilled)) != len(fulfilled)
                    or any(t not in tickets for t in fulfilled)
                    or (self.rules.first_round_tickets_stay and any(t not in self.tickets[player] for t in tickets))):
                raise InputError("error.first_round_tickets", where=where, tickets=repr(tickets),
                                 fulfilled=repr(fulfilled))
            points = sum(self.data.ticket(t).points * (1 if t in fulfilled else -1) for t in tickets)
            if not is_whole_number(scored["points"]) or scored["points"] != points:
                raise InputError("error.first_round_points", where=where, points=repr(scored["points"]), wanted=points)

    # --- saving and loading ----------------------------------------------------------

    @classmethod
    def _new_from_saved(cls, data: dict) -> Self:
        return cls(CardGameRules.from_dict(data["rules"]), data["players"], data["seed"])

    # --- which method handles which action ---------------------------------------------

    handlers = {
        DrawFaceUp: (DrawingTurn._check_face_up, DrawingTurn._do_face_up),
        DrawBlind: (DrawingTurn._check_blind, DrawingTurn._do_blind),
        PlaySet: (_check_set, _do_set),
        PlayMixed: (_check_mixed, _do_mixed),
        DrawTickets: (TicketChoice._check_draw_tickets, TicketChoice._do_draw_tickets),
        KeepTickets: (TicketChoice._check_keep, TicketChoice._do_keep),
        Pass: (PassingTurn._check_pass, PassingTurn._do_pass),
    }


def _laid_set(laid, where: str) -> list[int]:
    """A rail-yard set as ``set_up`` takes it, ``cards`` or ``(cards, locomotives)``, as
    ``[cards, locomotives]``: whole numbers ≥ 0 (a bool or 2.0 is no count), one card or more."""
    pair = [laid, 0] if is_whole_number(laid) else list(laid) if isinstance(laid, (list, tuple)) else []
    if len(pair) != 2 or not all(map(SHAPES["whole"], pair)) or sum(pair) < 1:
        raise InputError("error.not_a_set", where=where, laid=repr(laid))
    return pair


def check_rules_fit_data(rules: CardGameRules, data, players: int) -> None:
    """Refuse rules that cannot deal a game for ``players`` (before anything is dealt)."""
    deck = data.deck
    problems = []
    locomotives = rules.initial_locomotives * players
    if locomotives > deck.count(WILD):
        problems.append(Phrase("error.fit_locomotives", {"locomotives": rules.initial_locomotives, "players": players,
                                                         "dealt": locomotives, "there": deck.count(WILD)}))
    dealt = locomotives + rules.initial_hand * players
    if dealt > len(deck):
        problems.append(Phrase("error.fit_cards", {"hand": rules.initial_hand, "players": players, "dealt": dealt,
                                                   "there": len(deck)}))
    if rules.initial_tickets * players > len(data.tickets):
        problems.append(Phrase("error.fit_game_tickets", {"tickets": rules.initial_tickets, "players": players,
                                                          "dealt": rules.initial_tickets * players,
                                                          "there": len(data.tickets)}))
    if problems:
        raise InputError("error.rules_deal", rules=repr(rules.name), problems=Joined(tuple(problems)))
