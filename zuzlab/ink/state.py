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

from dataclasses import dataclass

from .. import texts
from ..core import Action, GameState, RuleViolation, is_whole_number, require, seeded_random
from ..scoretable import ScoreTable, rank
from .board import Board, legal_placements, square_index, square_name
from .rules import InkRules, get as get_rules
from .scoring import Score, score
from .tiles import FACES

FORMAT = "zuzlab-ink-game/1"


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
        return f"draw {FACES[self.tile].name if self.tile in FACES else self.tile} on {self.square} ({self.orientation})"


@dataclass(frozen=True)
class FinishRound(Action):
    """Finish drawing for this round (only when no rolled route result can still be drawn)."""

    def __str__(self) -> str:
        return "finish the round"


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


class Game(GameState):
    """Railroad Ink. Create one with ``zuzlab.ink.new_game``."""

    save_format, saved_name = FORMAT, "Railroad Ink game"
    action_names = {Place: "place", FinishRound: "finish"}
    pending_answers: dict = {}

    def __init__(self, rules: InkRules | str | None = "ink", players: int = 1, seed: int | str = 0):
        rules = get_rules(rules)
        if not is_whole_number(players) or players < 1:
            raise ValueError(f"Railroad Ink needs one or more players, not {players!r}")
        self.rules, self.players, self.seed = rules, players, seed
        self.boards = [Board() for _ in range(players)]
        self.specials_used: list[list[str]] = [[] for _ in range(players)]
        self.history: list = []
        self.round = 0
        self._over = False
        self._current = 0
        self._pending = None
        self._events: list = []
        self._scores_cache = None
        self._start_round()
        self.setup_events, self._events = self._events, []

    # --- rounds --------------------------------------------------------------------------

    def _start_round(self) -> None:
        self.round += 1
        rng = seeded_random(self.seed, "roll", self.round)
        self.rolled = [rng.choice(die) for die in self.rules.dice]
        self.rolled_extra = [rng.choice(die) for die in self.rules.expansion_dice]
        self.open_results = [list(self.rolled) for _ in range(self.players)]
        self.open_extras = [list(self.rolled_extra) for _ in range(self.players)]
        self.specials_this_round = [0] * self.players
        self.finished = [False] * self.players
        self._current = 0
        self._emit("rolled", round=self.round, results=list(self.rolled), expansion=list(self.rolled_extra))

    @property
    def pending(self) -> None:
        return None

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

    def legal_actions(self) -> list:
        if self._over:
            return []
        placements = self.legal_placements()
        actions: list = [Place(code, square_name(index), o) for code, index, o in placements]
        required = set(self.open_results[self._current])
        if not any(code in required for code, _, _ in placements):
            actions.append(FinishRound())
        return actions

    # --- drawing -------------------------------------------------------------------------

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
                                open=[texts.tile(code) for code in self.drawable(player)])
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

    def _check_finish(self, action: FinishRound) -> None:
        placements = self.legal_placements()
        required = set(self.open_results[self._current])
        for code, index, orientation in placements:
            if code in required:
                raise RuleViolation("must_draw", tile=texts.tile(code), square=square_name(index),
                                    orientation=orientation)

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

    # --- saving ------------------------------------------------------------------------

    def to_dict(self) -> dict:
        return {
            "format": FORMAT, "rules": self.rules.to_dict(), "players": self.players, "seed": self.seed,
            "round": self.round, "rolled": list(self.rolled), "rolled_extra": list(self.rolled_extra),
            "boards": [b.to_dict() for b in self.boards],
            "open_results": [list(r) for r in self.open_results], "open_extras": [list(r) for r in self.open_extras],
            "specials_used": [list(s) for s in self.specials_used], "specials_this_round": list(self.specials_this_round),
            "finished": list(self.finished), "current": self._current, "over": self._over,
            "history": [a.to_dict() for a in self.history],
        }

    @classmethod
    def _from_saved(cls, data: dict) -> "Game":
        game = cls.__new__(cls)
        game.rules = InkRules.from_dict(data["rules"])
        game.players, game.seed, game.round = data["players"], data["seed"], data["round"]
        game.rolled, game.rolled_extra = list(data["rolled"]), list(data["rolled_extra"])
        game.boards = [Board.from_dict(b) for b in data["boards"]]
        game.open_results = [list(r) for r in data["open_results"]]
        game.open_extras = [list(r) for r in data["open_extras"]]
        game.specials_used = [list(s) for s in data["specials_used"]]
        game.specials_this_round = list(data["specials_this_round"])
        game.finished, game._current, game._over = list(data["finished"]), data["current"], data["over"]
        game.history = [game.action_from_dict(a) for a in data["history"]]
        game._pending, game._events, game._scores_cache, game.setup_events = None, [], None, []
        return game
