"""The toy race as a game state (``core.GameState``): a fourth engine, as small as the
protocol allows, written by following CONTRIBUTING.md's *A new engine*.

Each player holds a hand of cards (1, 2 or 3 squares) that only they see, dealt from a
shuffled deck. On a turn a player moves (plays a card and moves that many squares along
the public track) or draws the deck's two top cards and keeps one of them (a decision
owed: ``KeepOne``), the other going to the discards. A player with no card and a deck of
fewer than two cards passes. The first player to reach the goal ends the race, and so
does a round in which everyone passed. Each player scores the squares moved, and the
finish bonus for reaching the goal.

Events: ``toy_moved``, ``toy_drew``, ``toy_kept``, ``toy_reached_goal``, ``passed``,
``turn_ended``, ``game_blocked``, ``game_over``.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from typing import Any, Mapping, Sequence

from zuzlab.core import (GameState, Pass, PassingTurn, PositionField, RuleViolation, a_player, check_shapes, flag,
                         is_whole_number, keywords_checked, pending_field, per_player, rules_field, seeded_random,
                         value_field, whole)
from zuzlab.scoretable import ScoreTable, rank
from zuzlab.texts import InputError

from .actions import Draw, Keep, KeepOne, Move
from .rules import ToyRules, get as get_rules

FORMAT = "zuzlab-toy-game/1"
#: the cards of the deck: how many squares each moves
DECK = (1,) * 8 + (2,) * 8 + (3,) * 6
HAND = 3


def _cards(game: Game, pile: Any, where: str) -> None:
    """A pile of cards: a list of cards of the deck (1, 2 or 3 squares)."""
    if not isinstance(pile, list) or any(not is_whole_number(card) or card not in DECK for card in pile):
        raise InputError("error.toy_pile", where=where, pile=repr(pile))


class Game(PassingTurn, GameState):
    """A toy race. Create one with ``toy_engine.new_game``."""

    save_format, engine_key = FORMAT, "toy"
    #: the hands are their owners' (a kept card is in the history: hidden too)
    secrets = {"hands": "own", "deck": "hidden", "seed": "hidden", "history": "hidden"}
    #: the position, in the order a save lists it (``core.PositionField``)
    position_fields = (
        rules_field(ToyRules),
        value_field("players", whole(lambda game: game.rules.min_players, lambda game: game.rules.max_players),
                    fixed=True),
        value_field("seed", fixed=True),
        PositionField("deck", check=_cards),  # face down, the first card drawn first
        PositionField("hands", check=per_player(_cards)),
        PositionField("board", check=per_player(whole())),  # each player's square (the track is public)
        PositionField("discard", check=_cards),
        value_field("turn", whole()),
        value_field("_current", a_player),
        pending_field((KeepOne,)),
        value_field("consecutive_passes", whole(0, lambda game: game.players - (not game._over))),
        value_field("_over", flag),
    )

    def __init__(self, rules: ToyRules | str = "toy", players: int = 2, seed: int | str = 0):
        rules = get_rules(rules)
        if not is_whole_number(players) or not rules.min_players <= players <= rules.max_players:
            raise InputError("error.players", game=rules.name, low=rules.min_players, high=rules.max_players,
                             players=repr(players))
        self.rules, self.players, self.seed = rules, players, seed
        self.history: list = []
        self._events: list = []
        self.setup_events: list = []
        self.deck = list(DECK)
        seeded_random(seed, "deck").shuffle(self.deck)
        self.hands = [self._take(HAND) for _ in range(players)]
        self.board = [0] * players
        self.discard: list[int] = []
        self.turn = 0
        self._current = 0
        self._pending: KeepOne | None = None
        self.consecutive_passes = 0
        self._over = False
        self._remember_start()

    def _take(self, count: int) -> list[int]:
        taken, self.deck = self.deck[:count], self.deck[count:]
        return taken

    def __repr__(self) -> str:
        status = "over" if self._over else f"player {self._current} to act"
        return f"<Toy race {self.rules.name} {self.players} players seed={self.seed!r} turn {self.turn}, {status}>"

    # --- legal actions -----------------------------------------------------------------

    def legal_actions(self) -> list:
        if self._over:
            return []
        if self._pending is not None:
            return [Keep(card) for card in sorted(set(self._pending.drawn))]
        actions: list = [Move(card) for card in sorted(set(self.hands[self._current]))]
        if len(self.deck) >= 2:
            actions.append(Draw())
        return actions or [Pass()]

    # --- the actions: each a check (refuses, changes nothing) and what it does ----------

    def _check_move(self, action: Move) -> None:
        if action.card not in self.hands[self._current]:
            raise RuleViolation("toy_not_in_hand", count=action.card)

    def _do_move(self, action: Move) -> None:
        me = self._current
        self.hands[me].remove(action.card)
        self.discard.append(action.card)
        self.board[me] += action.card
        self._emit("toy_moved", count=action.card, square=self.board[me])
        if self.board[me] >= self.rules.goal:
            self._emit("toy_reached_goal", square=self.board[me])
            self._finish()
            return
        self._end_turn()

    def _check_draw(self, action: Draw) -> None:
        if len(self.deck) < 2:
            raise RuleViolation("toy_deck_low", count=len(self.deck))

    def _do_draw(self, action: Draw) -> None:
        self._pending = KeepOne(self._current, tuple(self._take(2)))
        self._emit("toy_drew")

    def _check_keep(self, action: Keep) -> None:
        if self._pending is None:
            raise RuleViolation("toy_nothing_drawn")
        if action.card not in self._pending.drawn:
            first, second = self._pending.drawn
            raise RuleViolation("toy_not_drawn", count=action.card, first=first, second=second)

    def _do_keep(self, action: Keep) -> None:
        assert self._pending is not None  # the check refused a Keep with nothing drawn
        other = list(self._pending.drawn)
        other.remove(action.card)
        self.hands[self._current].append(action.card)
        self.discard.extend(other)
        self._pending = None
        self._emit("toy_kept")
        self._end_turn()

    def _end_turn(self, passed: bool = False) -> None:
        """The next player's turn; the race ends once every player passed in a row."""
        if not passed:
            self.consecutive_passes = 0
        if self.consecutive_passes >= self.players:
            self._emit("game_blocked")
            self._finish()
            return
        self._emit("turn_ended")
        self._current = (self._current + 1) % self.players
        self.turn += 1

    handlers = {
        Move: (_check_move, _do_move),
        Draw: (_check_draw, _do_draw),
        Keep: (_check_keep, _do_keep),
        Pass: (PassingTurn._check_pass, PassingTurn._do_pass),
    }

    # --- setting up a position -----------------------------------------------------------

    @keywords_checked
    def set_up(self, *, hands: Mapping[int, Sequence[int]] | None = None, board: Mapping[int, int] | None = None,
               current: int | None = None, over: bool = False) -> "Game":
        """Put the game in a chosen position at the start of a turn; returns the game.

        - ``hands``: player → the cards of their whole hand, taken from the deck (the hand
          they held goes under the deck first);
        - ``board``: player → their square; ``current``: whose turn it is; ``over``: the
          race has ended.

        A ``ValueError`` names what cannot be set up, and the game is left as it was."""
        return self._set_up_position(lambda game: game._arrange(hands or {}, board or {}), current, over)

    def _arrange(self, hands: Mapping[int, Sequence[int]], board: Mapping[int, int]) -> None:
        """``set_up``'s own changes, made on a copy (``core.GameState._set_up_position``)."""
        check_shapes(hands=(hands, "lists"), board=(board, "mapping"))
        for player in [*hands, *board]:
            self._check_player(player, "hands" if player in hands else "board")
        for player in hands:
            self.deck.extend(self.hands[player])
            self.hands[player] = []
        for player, cards in hands.items():
            for card in cards:
                if card not in self.deck:
                    raise InputError("error.toy_no_card_left", where=f"hands[{player}]", card=repr(card))
                self.deck.remove(card)
            self.hands[player] = list(cards)
        for player, square in board.items():
            self.board[player] = square

    def _start_of_turn(self) -> dict[str, Any]:
        return {"_pending": None, "consecutive_passes": 0}

    def _check_rules(self) -> None:
        """Every card of the deck in exactly one place; a player on the goal has ended the race."""
        held = Counter([*self.deck, *self.discard, *(card for hand in self.hands for card in hand),
                        *(self._pending.drawn if self._pending is not None else ())])
        if held != Counter(DECK):
            raise InputError("error.toy_cards", held=sorted(held.elements()), full=sorted(DECK))
        for player, square in enumerate(self.board):
            if square >= self.rules.goal and not self._over:
                raise InputError("error.toy_past_goal", player=player, square=square, goal=self.rules.goal)

    # --- scores, saves ---------------------------------------------------------------------

    def _score_game(self) -> FinalScores:
        return score_game(self)

    @classmethod
    def _new_from_saved(cls, data: dict) -> "Game":
        return cls(ToyRules.from_dict(data["rules"]), data["players"], data["seed"])


@dataclass(frozen=True)
class Score:
    squares: int
    bonus: int

    @property
    def total(self) -> int:
        return self.squares + self.bonus


@dataclass(frozen=True)
class FinalScores(ScoreTable):
    scores: tuple[Score, ...]
    ranking: tuple[int, ...]
    winners: tuple[int, ...]
    places: tuple[int, ...]

    def __getitem__(self, player: int) -> Score:
        return self.scores[player]

    @property
    def totals(self) -> list[int]:
        return [score.total for score in self.scores]

    def rows(self) -> list[dict]:
        return [{"player": player, "squares": score.squares, "bonus": score.bonus, "total": score.total,
                 "place": self.places[player]} for player, score in enumerate(self.scores)]


def score_game(game: Game) -> FinalScores:
    """The squares each player moved, and the finish bonus for reaching the goal."""
    scores = tuple(Score(square, game.rules.finish_bonus if square >= game.rules.goal else 0) for square in game.board)
    ranking = rank(list(enumerate(scores)), key=lambda entry: (entry[1].total,), player=lambda entry: entry[0])
    return FinalScores(scores, ranking.ranking, ranking.winners, ranking.places)


def score_parts(game: Game, scores: FinalScores, seat: int) -> dict:
    """A seat's score in parts, the columns of a simulation's table (``zuzlab.sim``)."""
    return {"squares": scores[seat].squares, "bonus": scores[seat].bonus}
