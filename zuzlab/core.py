"""What every zuzlab engine shares: the violation type, events, seeded chance and the
state protocol (``legal_actions`` / ``apply`` / ``is_over`` / ``final_scores`` / JSON).

Engines are written against this protocol once, so bots, notebooks and the simulator
work with any game without knowing which one it is.
"""

from __future__ import annotations

import dataclasses
import json
import random
from abc import ABC, abstractmethod
from typing import Any, Callable, ClassVar, Iterable, Sequence

from . import texts


class RuleViolation(ValueError):
    """An action the rules forbid.

    ``rule`` names the rule; ``case`` (by default the rule) and ``params`` pick and fill
    the explanation in ``zuzlab.texts``: ``str(violation)`` is the English one,
    ``zuzlab.texts.refusal(violation, "de")`` the German one.
    """

    def __init__(self, rule: str, case: str | None = None, **params: Any):
        self.rule = rule
        self.case = case or rule
        self.params = params
        super().__init__(texts.text(f"refusal.{self.case}", "en", **params))


class Event:
    """Something an action caused (a card drawn, a route scored, a reshuffle).

    ``kind`` names what happened; the remaining fields are its details, readable as
    attributes (``event.route``) so notebooks can narrate them.
    """

    __slots__ = ("kind", "player", "data")

    def __init__(self, kind: str, player: int | None = None, **data: Any):
        self.kind = kind
        self.player = player
        self.data = data

    def __getattr__(self, name: str) -> Any:
        try:
            return self.data[name]
        except KeyError:
            raise AttributeError(f"event {self.kind!r} has no field {name!r}") from None

    def __eq__(self, other: object) -> bool:
        return (
            isinstance(other, Event)
            and (self.kind, self.player, self.data) == (other.kind, other.player, other.data)
        )

    def __repr__(self) -> str:
        details = "".join(f", {k}={v!r}" for k, v in self.data.items())
        who = "" if self.player is None else f", player={self.player}"
        return f"Event({self.kind!r}{who}{details})"

    def to_dict(self) -> dict:
        return {"kind": self.kind, "player": self.player, **self.data}


def seeded_random(seed: int | str, *purpose: object) -> random.Random:
    """A generator fixed by the game's seed and what it is for.

    Every chance event (the opening shuffle, the 3rd reshuffle, a bot's choices) gets
    its own generator, so a saved game needs only the seed and a counter to continue
    exactly as it would have.
    """
    return random.Random("/".join(str(part) for part in (seed, *purpose)))


# --- actions -------------------------------------------------------------------------

class Action:
    """Base of every engine's actions: frozen dataclasses that round-trip through JSON."""

    def to_dict(self) -> dict:
        data = {"type": type(self).__name__}
        for field in dataclasses.fields(self):  # type: ignore[arg-type]
            value = getattr(self, field.name)
            data[field.name] = list(value) if isinstance(value, tuple) else value
        return data


def require(condition: bool, action: str, needs: str, value: Any) -> None:
    """Refuse a malformed action (a field of the wrong type) as soon as it is made:
    ``action`` needs ``needs`` (a ``needs`` text key), not ``value``."""
    if not condition:
        raise RuleViolation("malformed_action", action=action, needs=texts.phrase(needs), value=repr(value))


def is_whole_number(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def action_from_dict(data: dict, action_types: Iterable[type]) -> Action:
    """Rebuild an action saved with ``Action.to_dict``; unknown types are refused."""
    by_name = {cls.__name__: cls for cls in action_types}
    if not isinstance(data, dict) or data.get("type") not in by_name:
        raise ValueError(
            f"not a saved action: {data!r} (expected one of {sorted(by_name)})"
        )
    fields = {k: v for k, v in data.items() if k != "type"}
    try:
        return by_name[data["type"]](**fields)
    except RuleViolation:
        raise
    except TypeError as error:
        raise ValueError(f"saved action {data!r} has wrong fields: {error}") from None


@dataclasses.dataclass(frozen=True)
class Pass(Action):
    """Do nothing: allowed only when no other action is legal."""

    def __str__(self) -> str:
        return "pass"


# --- the state protocol --------------------------------------------------------------

class GameState(ABC):
    """The protocol every engine implements (after OpenSpiel's ``State``).

    ``apply`` checks an action completely before it changes anything, so a refused
    action (a ``RuleViolation``) leaves the state exactly as it was. An engine names
    its actions in ``action_names`` (action class → ``name``, carried out by its
    ``_check_<name>`` and ``_do_<name>`` methods) and, for each pending decision, the
    actions that answer it in ``pending_answers``.
    """

    #: action class → the name of its ``_check_…``/``_do_…`` methods
    action_names: ClassVar[dict[type, str]] = {}
    #: pending decision → (the actions answering it, the rule refusing anything else)
    pending_answers: ClassVar[dict[str, tuple[tuple[type, ...], str]]] = {}

    #: the ``format`` of a saved game, and what the game is called in a refusal to load
    save_format: ClassVar[str]
    saved_name: ClassVar[str]

    history: list
    _pending: str | None
    _current: int
    _over: bool
    _events: list
    _scores_cache: Any = None

    @property
    def current_player(self) -> int | None:
        """Whose decision it is, or None when the game is over."""
        return None if self._over else self._current

    @property
    def is_over(self) -> bool:
        return self._over

    @abstractmethod
    def legal_actions(self) -> list: ...

    def apply(self, action) -> list[Event]:
        """Check ``action`` and carry it out; return the events it caused.

        Raises ``RuleViolation`` (the state unchanged) if the rules forbid the action.
        """
        check, carry_out = self._handlers(action)
        check(action)
        self._events = []
        carry_out(action)
        self.history.append(action)
        self._after_apply()
        return self._events

    def _handlers(self, action):
        """The check and the effect of ``action``, after the checks every action shares."""
        if self.is_over:
            raise RuleViolation("game_over")
        name = self.action_names.get(type(action))
        if name is None:
            raise RuleViolation("unknown_action", action=repr(action),
                                known=", ".join(cls.__name__ for cls in self.action_names))
        if self._pending is not None:
            answers, rule = self.pending_answers[self._pending]
            if not isinstance(action, answers):
                raise RuleViolation(rule)
        return getattr(self, f"_check_{name}"), getattr(self, f"_do_{name}")

    def _after_apply(self) -> None:
        """What must follow every action: the cached final scores no longer hold."""
        self._scores_cache = None

    def _emit(self, kind: str, **data: Any) -> None:
        self._events.append(Event(kind, self._current, **data))

    def _check_pass(self, action: Pass) -> None:
        if self._pending is not None or self.legal_actions() != [Pass()]:
            raise RuleViolation("pass_not_allowed")

    def _do_pass(self, action: Pass) -> None:
        """A pass ends the turn; the engine's ``_end_turn`` ends the game when everyone
        has passed in a row."""
        self._emit("passed")
        self.consecutive_passes += 1
        self._end_turn(passed=True)

    def _finish(self) -> None:
        self._over = True
        self._pending = None
        self._emit("game_over")

    def final_scores(self):
        """The final score breakdown, worked out once; refused before the game is over."""
        if not self._over:
            raise RuleViolation("game_not_over")
        if self._scores_cache is None:
            self._scores_cache = self._score_game()
        return self._scores_cache

    @abstractmethod
    def _score_game(self):
        """Score the finished game (the engine's own ``FinalScores``)."""

    @abstractmethod
    def to_dict(self) -> dict: ...

    @classmethod
    def from_dict(cls, data: dict) -> "GameState":
        """A saved game back (``to_dict``'s output); a ``ValueError`` names what is wrong."""
        if not isinstance(data, dict) or data.get("format") != cls.save_format:
            raise ValueError(f"not a saved {cls.saved_name} (expected format {cls.save_format!r})")
        try:
            return cls._from_saved(data)
        except KeyError as error:
            raise ValueError(f"the saved game lacks the field {error.args[0]!r}") from None
        except (TypeError, AttributeError) as error:
            raise ValueError(f"the saved game is malformed: {error}") from None

    @classmethod
    @abstractmethod
    def _from_saved(cls, data: dict) -> "GameState":
        """The game from a saved dict of the right format (missing fields raise KeyError)."""

    def to_json(self, **kwargs) -> str:
        return json.dumps(self.to_dict(), ensure_ascii=False, **kwargs)

    @classmethod
    def from_json(cls, text: str) -> "GameState":
        return cls.from_dict(json.loads(text))

    def copy(self) -> "GameState":
        return type(self).from_dict(self.to_dict())

    def action_from_dict(self, data: dict) -> Action:
        return action_from_dict(data, self.action_names)


def apply_all(state: GameState, actions: Iterable) -> GameState:
    """Apply ``actions`` (objects or saved dicts) in order: a replay from a seed."""
    for action in actions:
        state.apply(state.action_from_dict(action) if isinstance(action, dict) else action)
    return state


def random_bot(state: GameState, rng: random.Random) -> Action:
    """The random player of every game: any legal action, uniformly."""
    return rng.choice(state.legal_actions())


def play_randomly(state: GameState, seed: int | str, max_actions: int = 1_000_000) -> GameState:
    """Play ``state`` to the end with uniformly random legal actions (seeded)."""
    return play_with_bots(state, [random_bot] * state.players, seed, "random-player", max_actions)


def play_with_bots(state: GameState, bots: Sequence[Callable[[Any, random.Random], Action]], seed: int | str,
                   stream: str = "bots", max_actions: int = 1_000_000) -> GameState:
    """Play ``state`` to the end, player i choosing with ``bots[i](state, rng)``; ``rng``
    is one generator seeded by ``seed`` and ``stream``, so a seed gives the same game."""
    if len(bots) != state.players:
        raise ValueError(f"{state.players} players need {state.players} bots, not {len(bots)}")
    rng = seeded_random(seed, stream)
    for _ in range(max_actions):
        if state.is_over:
            return state
        state.apply(bots[state.current_player](state, rng))
    raise RuntimeError(f"game did not end within {max_actions} actions")
