"""A game of Railroad Ink for any number of players sharing one seeded roll a round.

All players draw at the same time in the real game; here each player in turn draws
their tiles for the round and then finishes it (the order changes nothing: every board
is private). A round: roll the dice once; each player must draw all route results that
can still be drawn legally, may add one special route (each at most once, at most three a
game) and 0–2 expansion results; then the next round. The game ends after the last
round (7, or 6 with an expansion).

Events: ``rolled``, ``placed``, ``water_filled``, ``round_finished``, ``game_over``.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from typing import Mapping, Self, Sequence

from .. import texts
from ..core import (Action, GameState, PositionField, RuleViolation, a_player, check_counter, check_shapes, flag,
                    is_whole_number, keywords_checked, per_player, require, rules_field, seeded_random, value_field,
                    whole, whole_number_keys_field)
from ..scoretable import ScoreTable, rank
from .board import Board, legal_placements, square_index, square_name
from .reachable import board_problem
from .rules import InkRules, get as get_rules
from .scoring import Score, score
from .tiles import FACES, SAME_AS

FORMAT = "zuzlab-ink-game/2"


@dataclass(frozen=True)
class Place(Action):
    """Draw ``tile`` (a rolled result, a special route or an expansion result) on
    ``square`` (like ``"C3"``) in ``orientation`` 0–7."""

    tile: str
    square: str
    orientation: int = 0

    def __post_init__(self):
        require(isinstance(self.tile, str) and isinstance(self.square, str) and is_whole_number(self.orientation),
                "Place", "tile_square_orientation", (self.tile, self.square, self.orientation))

    def __str__(self) -> str:
        return texts.text("action.place", tile=texts.tile(self.tile) if self.tile in FACES else repr(self.tile),
                          square=self.square, orientation=self.orientation)


def tile_times(code: str, times: int) -> texts.Phrase:
    """A tile's name as a parameter, with how often it was rolled when more than once:
    "railway curve (A0) ×2"."""
    if times == 1:
        return texts.tile(code)
    return texts.Phrase("phrase.tile_times", {"tile": texts.tile(code), "times": times})


@dataclass(frozen=True)
class FinishRound(Action):
    """Finish drawing for this round (only when no rolled route result can still be drawn)."""

    def __str__(self) -> str:
        return texts.text("action.finish")


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
        return [s.total for s in self.scores]

    def rows(self) -> list[dict]:
        return [{"player": p, **s.breakdown(), "place": self.places[p]} for p, s in enumerate(self.scores)]


def _check_round(game: Game, round, where: str) -> None:
    """A round of the game's rules."""
    if not is_whole_number(round) or not 1 <= round <= game.rules.rounds:
        raise texts.InputError("error.not_a_round", round=repr(round), rules=game.rules.name, rounds=game.rules.rounds)


class Game(GameState):
    """Railroad Ink. Create one with ``zuzlab.ink.new_game``."""

    save_format, engine_key = FORMAT, "ink"
    #: the dice to come (every board and drawing is public)
    secrets = {"next_rolls": "hidden", "seed": "hidden"}
    #: the position, in the order a save lists it (``core.PositionField``)
    position_fields = (
        rules_field(InkRules),
        value_field("players", whole(1), fixed=True),
        value_field("seed", fixed=True),
        value_field("round", _check_round),
        PositionField("rolled"),  # this round's route and special dice
        PositionField("rolled_extra"),  # this round's expansion dice
        PositionField("boards", check=per_player(), to_json=lambda boards: [board.to_dict() for board in boards],
                      from_json=lambda saved, game: [Board.from_dict(board) for board in saved]),
        PositionField("open_results", check=per_player()),  # what each player still has to draw this round
        PositionField("open_extras", check=per_player()),
        PositionField("specials_used", check=per_player()),
        PositionField("specials_this_round", check=per_player()),
        PositionField("finished", check=per_player()),  # who has finished the round
        value_field("_current", a_player),
        value_field("_over", flag),
        whole_number_keys_field("next_rolls"),  # round → its roll, where a set-up position chose it
    )
    #: no decision is ever owed: every drawing is an action of its own
    derived = frozenset({"_pending"})

    def __init__(self, rules: InkRules | str | None = "ink", players: int = 1, seed: int | str = 0):
        rules = get_rules(rules)
        if not is_whole_number(players) or players < 1:
            raise texts.InputError("error.ink_players", players=repr(players))
        self.rules, self.players, self.seed = rules, players, seed
        self.boards = [Board() for _ in range(players)]
        self.specials_used: list[list[str]] = [[] for _ in range(players)]
        self.history = []
        self.next_rolls: dict[int, list[str]] = {}
        self.round = 0
        self._over = False
        self._current = 0
        self._pending = None
        self._events = []
        self._scores_cache = None
        self._start_round()
        self.setup_events, self._events = self._events, []
        self._remember_start()

    def _derive(self) -> None:
        self._pending = None

    # --- rounds --------------------------------------------------------------------------

    def _start_round(self) -> None:
        self.round += 1
        rng = seeded_random(self.seed, "roll", self.round)
        roll = self.next_rolls.pop(self.round, None) or [rng.choice(die) for die in self.all_dice]
        self.rolled = roll[:len(self.rules.dice)]
        self.rolled_extra = roll[len(self.rules.dice):]
        self.open_results = [list(self.rolled) for _ in range(self.players)]
        self.open_extras = [list(self.rolled_extra) for _ in range(self.players)]
        self.specials_this_round = [0] * self.players
        self.finished = [False] * self.players
        self._current = 0
        self._emit("rolled", round=self.round, results=list(self.rolled), expansion=list(self.rolled_extra))

    @property
    def all_dice(self) -> tuple[tuple[str, ...], ...]:
        """The dice rolled each round: the route and special dice, then the expansion's."""
        return self.rules.dice + self.rules.expansion_dice

    def specials_available(self, player: int) -> list[str]:
        if (self.specials_this_round[player] >= self.rules.specials_per_round
                or len(self.specials_used[player]) >= self.rules.specials_per_game):
            return []
        return [code for code in self.rules.specials if code not in self.specials_used[player]]

    def drawable(self, player: int) -> list[str]:
        """The tiles ``player`` may still draw this round: rolled results, specials, extras."""
        return self.open_results[player] + self.specials_available(player) + self.open_extras[player]

    def __repr__(self) -> str:
        status = "over" if self._over else f"round {self.round}, player {self._current} to draw"
        return f"<Railroad Ink {self.rules.name} {self.players} player(s) seed={self.seed!r}: {status}>"

    # --- legal actions -----------------------------------------------------------------

    def legal_placements(self, player: int | None = None) -> list[tuple[str, int, int]]:
        """(tile, square number, orientation) for every distinct drawing open to ``player``."""
        player = self._current if player is None else player
        return legal_placements(self.boards[player], self.drawable(player), self.rules.water_blocks_routes)

    def legal_actions(self) -> list[Action]:
        if self._over:
            return []
        placements = self.legal_placements()
        actions: list[Action] = [Place(code, square_name(index), o) for code, index, o in placements]
        required = set(self.open_results[self._current])
        if not any(code in required for code, _, _ in placements):
            actions.append(FinishRound())
        return actions

    # --- drawing -------------------------------------------------------------------------

    def canonical(self, action):
        """A drawing in an orientation that looks the same as an earlier one (a straight
        turned half round) is that earlier orientation, as ``legal_actions`` lists it."""
        if type(action) is Place and (action.tile, action.orientation) in SAME_AS:
            same = SAME_AS[action.tile, action.orientation]
            if same != action.orientation:
                return Place(action.tile, action.square, same)
        return action

    def _check_place(self, action: Place) -> None:
        player, rules = self._current, self.rules
        if action.tile not in FACES:
            raise RuleViolation("unknown_tile", tile=repr(action.tile), tiles=", ".join(FACES))
        if action.tile in rules.specials:
            if action.tile in self.specials_used[player]:
                raise RuleViolation("special_used", tile=texts.tile(action.tile))
            if self.specials_this_round[player] >= rules.specials_per_round:
                many = "special_per_round/many" if rules.specials_per_round > 1 else None
                raise RuleViolation("special_per_round", many, count=rules.specials_per_round)
            if len(self.specials_used[player]) >= rules.specials_per_game:
                raise RuleViolation("specials_per_game", count=rules.specials_per_game)
        elif action.tile not in self.open_results[player] + self.open_extras[player]:
            raise RuleViolation("not_rolled", tile=texts.tile(action.tile),
                                open=[tile_times(code, n) for code, n in Counter(self.drawable(player)).items()])
        try:
            square_index(action.square)
        except ValueError:
            raise RuleViolation("bad_square", square=repr(action.square)) from None
        if not 0 <= action.orientation <= 7:
            raise RuleViolation("bad_orientation", orientation=action.orientation)
        problem = self.boards[player].placement_problem(action.tile, action.square, action.orientation,
                                                        rules.water_blocks_routes, explain=False)
        if problem:
            case, params = problem
            raise RuleViolation("illegal_placement", f"placement/{case}", **params)

    def _do_place(self, action: Place) -> None:
        player = self._current
        filled = self.boards[player].place(action.tile, action.square, action.orientation, self.round)
        if action.tile in self.rules.specials:
            self.specials_used[player].append(action.tile)
            self.specials_this_round[player] += 1
        elif action.tile in self.open_results[player]:
            self.open_results[player].remove(action.tile)
        else:
            self.open_extras[player].remove(action.tile)
        self._emit("placed", tile=action.tile, square=action.square, orientation=action.orientation)
        if filled:
            self._emit("water_filled", squares=[square_name(i) for i in filled])

    def finish_refusal(self, player: int | None = None) -> RuleViolation | None:
        """Why ``player`` may not finish the round yet, or None: every rolled result still
        open that fits somewhere must be drawn. The refusal names all of them (not just
        one, which would read as if only it were missing) and a drawing that fits."""
        player = self._current if player is None else player
        open_results = self.open_results[player]
        first_fit: dict[str, tuple[int, int]] = {}
        for code, index, orientation in self.legal_placements(player):
            if code in open_results:
                first_fit.setdefault(code, (index, orientation))
        fitting = [code for code in dict.fromkeys(open_results) if code in first_fit]
        if not fitting:
            return None
        counts = Counter(open_results)
        times = {code: counts[code] for code in fitting}
        code, (index, orientation) = fitting[0], first_fit[fitting[0]]
        return RuleViolation("must_draw", count=sum(times.values()), tile=texts.tile(code),
                             tiles=[tile_times(c, n) for c, n in times.items()], square=square_name(index),
                             orientation=orientation, how=texts.Phrase(f"label.ink_orientation_{orientation}"))

    def _check_finish(self, action: FinishRound) -> None:
        refusal = self.finish_refusal()
        if refusal is not None:
            raise refusal

    def _do_finish(self, action: FinishRound) -> None:
        player = self._current
        self.finished[player] = True
        self._emit("round_finished", round=self.round, skipped=list(self.open_results[player]))
        if not all(self.finished):
            self._current = self.finished.index(False)
        elif self.round < self.rules.rounds:
            self._start_round()
        else:
            self._finish()

    # --- scoring -----------------------------------------------------------------------

    def score(self, player: int) -> Score:
        """The score of ``player``'s board as it stands (also during the game)."""
        return score(self.boards[player], self.rules.loop_rule, self.rules.lake_squares_are_centre)

    def _score_game(self) -> FinalScores:
        """Every board's score; the most points win, then the fewest errors."""
        scores = tuple(self.score(p) for p in range(self.players))
        return FinalScores(scores, *rank(list(range(self.players)), key=lambda p: (scores[p].total, -scores[p].errors),
                                         player=lambda p: p))

    # --- setting up a position ---------------------------------------------------------

    @keywords_checked
    def set_up(self, *, boards: Mapping[int, Board | str] | None = None, round: int | None = None,
               roll: Sequence[str] | None = None, next_rolls: Sequence[Sequence[str]] = (),
               specials_used: Mapping[int, Sequence[str]] | None = None, current: int | None = None) -> Self:
        """Put the game in a chosen position at the start of a player's drawing; returns the game.

        - ``boards``: player → a ``Board`` (or a board string, ``Board.from_anu``), one play
          can have given by now (``reachable``; ``ink.score`` scores any board);
        - ``round``: the round being played;
        - ``roll``: this round's dice (route dice, special die, then any expansion dice,
          one face of each), all still to draw;
        - ``next_rolls``: the rolls of the rounds after it, in order;
        - ``specials_used``: player → the special routes used so far, the ones on the
          board (read from it when not given);
        - ``current``: who draws now (the players before have finished the round).

        The history starts here: ``undo`` goes back to this position, and a save replays
        from it. A ``ValueError`` names what cannot be set up; the game is left as it was.
        """
        return self._set_up_position(
            lambda game: game._arrange(boards, round, roll, next_rolls, specials_used, current))

    def _arrange(self, boards, round, roll, next_rolls, specials_used, current) -> None:
        """``set_up``'s own changes, made on a copy of the game (``core.GameState._set_up_position``),
        whose turn it is among them: the boards are checked against it."""
        check_shapes(boards=(boards, "mapping"), roll=(roll, "list"), next_rolls=(next_rolls, "list_of_lists"),
                     specials_used=(specials_used, "lists"))
        if boards is not None:
            for player, board in boards.items():
                self._check_player(player, "boards")
                if not isinstance(board, (str, Board)):
                    raise texts.InputError("error.wrong_shape", where=f"boards[{player}]",
                                           shape=texts.Phrase("error.shape/board", {}), value=repr(board))
                self.boards[player] = Board.from_anu(board) if isinstance(board, str) else board.copy()
        if round is not None:
            if not is_whole_number(round) or not 1 <= round <= self.rules.rounds:
                raise texts.InputError("error.round", rounds=self.rules.rounds, round=repr(round))
            self.round = round
        if roll is not None:
            self._check_roll(self.round, roll)
            self.rolled, self.rolled_extra = list(roll[:len(self.rules.dice)]), list(roll[len(self.rules.dice):])
        self.next_rolls = {}
        for offset, later in enumerate(next_rolls, 1):
            self._check_roll(self.round + offset, later)
            self.next_rolls[self.round + offset] = list(later)
        if specials_used is not None:
            for player, used in specials_used.items():
                self._check_player(player, "specials_used")
                self.specials_used[player] = list(used)
        if current is not None:
            self._check_player(current, "current")
            self._current = current
        for player in range(self.players):
            self._check_set_up_board(player, specials_named=specials_used is not None and player in specials_used)

    def check_start(self) -> None:
        """A saved set-up start: at the start of a turn, and every board one that play can
        have given by then, its specials those the save names as used."""
        super().check_start()
        for player in range(self.players):
            self._check_set_up_board(player, specials_named=True)

    def _check_set_up_board(self, player: int, specials_named: bool) -> None:
        """Refuse a board of ``player`` that play cannot have given by now (``reachable``:
        players before the one to draw have finished this round, the others the rounds
        before it); the special routes on it are the ones used."""
        finished = self.round if player < self._current else self.round - 1
        problem = board_problem(self.boards[player], self.rules, player, self.round, finished)
        if problem is not None:
            raise texts.InputError("error.in_field", where=f"boards[{player}]", problem=problem)
        drawn = [p.code for p in self.boards[player].squares if p is not None and p.code in self.rules.specials]
        used = self.specials_used[player]
        if not (len(used) == len(drawn) and all(used.count(code) == 1 for code in drawn)):
            if specials_named:
                raise texts.InputError("error.specials_used_board", player=player,
                                       used=repr(used), drawn=repr(drawn))
            self.specials_used[player] = drawn

    def _check_roll(self, round: int, roll: Sequence[str]) -> None:
        dice = self.all_dice
        if not isinstance(roll, (list, tuple)) or len(roll) != len(dice):
            raise texts.InputError("error.roll_faces", round=round, dice=len(dice), roll=repr(roll))
        for number, (face, die) in enumerate(zip(roll, dice), 1):
            if face not in die:
                raise texts.InputError("error.roll_face", round=round, number=number, face=repr(face),
                                       faces=", ".join(sorted(set(die))))
        if round > self.rules.rounds:
            raise texts.InputError("error.roll_round", round=round, rounds=self.rules.rounds)

    @classmethod
    def _unseen_pools(cls, seen: dict, player: int) -> list[tuple[tuple[str, ...], list]]:
        """Nothing to deal (``core.GameState.from_observation``): every board and drawing is
        public, and the dice to come are rolled anew from the new seed, so the rolls a
        set-up position chose for later rounds are not carried over either."""
        seen["next_rolls"] = {}
        return []

    def _start_of_turn(self) -> dict:
        """The players before the one drawing have finished the round; the others have the
        whole roll still to draw and no special drawn this round."""
        players, current = range(self.players), self._current
        return {"_over": False, "finished": [p < current for p in players],
                "open_results": [[] if p < current else list(self.rolled) for p in players],
                "open_extras": [[] if p < current else list(self.rolled_extra) for p in players],
                "specials_this_round": [0] * self.players}

    def _check_rules(self) -> None:
        """What the rules say of a position beyond the shapes of its parts: who has finished
        the round, the rolls, what is still open to draw, the special routes used."""
        rules = self.rules
        # the players draw one after another: those before the one drawing have finished
        finished = [True] * self.players if self._over else [p < self._current for p in range(self.players)]
        if self.finished != finished or any(not isinstance(f, bool) for f in self.finished):
            raise texts.InputError("error.finished_players", finished=repr(self.finished), expected=repr(finished))
        if self._over and self.round != rules.rounds:
            raise texts.InputError("error.over_early", round=self.round, rounds=rules.rounds)
        self._check_roll(self.round, self.rolled + self.rolled_extra)
        for round, roll in self.next_rolls.items():
            if not is_whole_number(round) or not self.round < round <= rules.rounds:
                raise texts.InputError("error.next_roll_round", round=repr(round), now=self.round, rounds=rules.rounds)
            self._check_roll(round, roll)
        for player in range(self.players):
            for name, open_, rolled in (("open_results", self.open_results, self.rolled),
                                        ("open_extras", self.open_extras, self.rolled_extra)):
                left = list(rolled)
                for code in open_[player]:
                    if code not in left:
                        raise texts.InputError("error.not_rolled", where=f"{name}[{player}]", code=repr(code))
                    left.remove(code)
            used = self.specials_used[player]
            unknown = [code for code in used if code not in rules.specials]
            if unknown or len(set(used)) != len(used) or len(used) > rules.specials_per_game:
                raise texts.InputError("error.specials_list", player=player, used=repr(used),
                                       count=rules.specials_per_game)
            drawn = {p.code for p in self.boards[player].squares if p}
            if any(code not in drawn for code in used):
                raise texts.InputError("error.specials_not_drawn", player=player, used=repr(used))
            check_counter(self.specials_this_round[player], f"specials_this_round[{player}]", 0,
                          min(rules.specials_per_round, len(used)))

    # --- saving ------------------------------------------------------------------------

    @classmethod
    def _new_from_saved(cls, data: dict) -> Self:
        return cls(InkRules.from_dict(data["rules"]), data["players"], data["seed"])

    # --- which method handles which action ---------------------------------------------

    handlers = {
        Place: (_check_place, _do_place),
        FinishRound: (_check_finish, _do_finish),
    }


def score_parts(game: Game, scores: FinalScores, seat: int) -> dict:
    """A seat's score in parts, the columns of a simulation's table (``zuzlab.sim``)."""
    parts = scores[seat].breakdown()
    del parts["total"]
    return {name.replace(" ", "_"): value for name, value in parts.items()}
