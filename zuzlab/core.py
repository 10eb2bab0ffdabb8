"""What every zuzlab engine shares: the violation type, events, seeded chance, typed
pending decisions, the state protocol (``legal_actions`` / ``apply`` / ``undo`` /
``copy`` / ``set_up`` / ``final_scores`` / checked saves) and the entry points
(``Engine``: ``new_game``, ``play_game``, ``replay``, ``load_game`` …).

Engines are written against this protocol once, so bots, notebooks and the simulator
work with any game without knowing which one it is.
"""

from __future__ import annotations

import contextlib
import dataclasses
import functools
import json
import operator
import random
import typing
from abc import ABC, abstractmethod
from collections.abc import Iterator, Mapping
from collections.abc import Sequence as SequenceABC
from types import MethodType
from typing import TYPE_CHECKING, Any, Callable, ClassVar, Iterable, Protocol, Self, Sequence, TypeAlias, TypeGuard

from . import texts
from .texts import InputError, Joined, Phrase


class RuleViolation(texts.InputError):
    """An action the rules forbid.

    ``rule`` names the rule; ``case`` (by default the rule) and ``params`` pick and fill
    the explanation in ``zuzlab.texts`` (``refusal.<case>``): ``str(violation)`` says it
    in the current language, ``zuzlab.texts.refusal(violation, "de")`` in German.
    """

    def __init__(self, rule: str, case: str | None = None, **params: Any):
        self.rule = rule
        self.case = case or rule
        super().__init__(f"refusal.{self.case}", **params)
        self.args = (rule, self.case)


class EngineDefect(RuntimeError):
    """An engine failed while carrying an action out: a defect of the kit, never a refusal
    of the rules (so not a ``RuleViolation``, and no ``except ValueError`` takes it for
    one). The game has been put back as it was before the action; the failure is chained
    (``__cause__``). The message is in the language current when it is shown."""

    def __init__(self, action: Any, error: str):
        super().__init__(action, error)
        self.action, self.error = action, error

    def __str__(self) -> str:
        return texts.text("error.engine_defect", action=self.action, error=self.error)


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


_new_event = object.__new__
#: every card and colour code of the kit's games: a card an action names by one of these
#: needs no reading (``GameState.canonical``; the rules check that the game has it)
CARD_CODES = frozenset(texts.table("en")["colour"]) | {"locomotive", "tunnel"}


def seeded_random(seed: int | str, *purpose: object) -> random.Random:
    """A generator fixed by the game's seed and what it is for.

    Every chance event (the opening shuffle, the 3rd reshuffle, a bot's choices) gets
    its own generator, so a saved game needs only the seed and a counter to continue
    exactly as it would have.
    """
    return random.Random("/".join(str(part) for part in (seed, *purpose)))


# --- actions -------------------------------------------------------------------------

@dataclasses.dataclass(frozen=True)
class Action:
    """Base of every engine's actions: frozen dataclasses that round-trip through JSON."""

    #: the fields that name train cards (a colour, the wild card; a tuple of them): a
    #: player may type them in words of a language of the kit ("rot", "Lokomotive")
    card_fields: ClassVar[tuple[str, ...]] = ()

    def with_card_codes(self, kinds: Sequence[str]) -> Self:
        """This action with the cards it names as the game's codes (``kinds``): "rot" →
        "red"; a name the languages do not know stays, for the rules to refuse."""
        changed = {}
        for name in self.card_fields:
            value = getattr(self, name)
            named = (tuple(texts.card_code(card, kinds) for card in value) if isinstance(value, tuple)
                     else texts.card_code(value, kinds))
            if named != value:
                changed[name] = named
        return dataclasses.replace(self, **changed) if changed else self

    def to_dict(self) -> dict:
        data: dict[str, Any] = {"type": type(self).__name__}
        for field in dataclasses.fields(self):
            value = getattr(self, field.name)
            data[field.name] = list(value) if isinstance(value, tuple) else value
        return data


def require(condition: bool, action: str, needs: str, value: Any) -> None:
    """Refuse a malformed action (a field of the wrong type) as soon as it is made:
    ``action`` needs ``needs`` (a ``needs`` text key), not ``value``."""
    if not condition:
        raise RuleViolation("malformed_action", action=action, needs=texts.phrase(needs), value=repr(value))


#: The shapes a set-up position's arguments have (``check_shapes``): a test, described by
#: the text ``error.shape/<name>``.
SHAPES: dict[str, Callable[[Any], bool]] = {
    "mapping": lambda value: isinstance(value, Mapping),
    "list": lambda value: isinstance(value, (list, tuple)),
    "cards": lambda value: isinstance(value, Mapping) and all(isinstance(pile, Mapping) for pile in value.values()),
    "lists": lambda value: isinstance(value, Mapping) and all(isinstance(v, (list, tuple)) for v in value.values()),
    "yards": lambda value: isinstance(value, Mapping) and all(
        isinstance(yard, Mapping) and all(isinstance(sets, (list, tuple)) for sets in yard.values())
        for yard in value.values()),
    "list_of_lists": lambda value: isinstance(value, (list, tuple)) and all(isinstance(v, (list, tuple))
                                                                            for v in value),
    "whole": lambda value: is_whole_number(value) and value >= 0,
    "bool": lambda value: isinstance(value, bool),
    "text": lambda value: isinstance(value, str),
}


def check_shapes(**arguments: tuple[Any, str]) -> None:
    """Refuse a set-up argument of the wrong shape by its name (``hands=[…]`` where a
    dict player → cards is meant), before Python would fail on it in its own words."""
    for name, (value, shape) in arguments.items():
        if value is not None and not SHAPES[shape](value):
            raise InputError("error.wrong_shape", where=name, shape=Phrase(f"error.shape/{shape}", {}),
                             value=repr(value))


def _wrong_shape(where: Any, shape: str, value: Any) -> Phrase:
    """"``where`` must be ``shape``, not ``value``", as a part of a longer message."""
    return Phrase("error.wrong_shape", {"where": where, "shape": Phrase(f"error.shape/{shape}", {}),
                                        "value": repr(value)})


def is_whole_number(value: object) -> TypeGuard[int]:
    """An ``int`` that is not a ``bool`` (``True`` is no count of anything)."""
    return isinstance(value, int) and not isinstance(value, bool)


def check_counter(value: object, where: str, low: int, high: int | None = None) -> None:
    """Refuse a counter of a position that is no whole number in its range (a save's
    ``turn: -5``, ``trains: [45.0]``), by its field."""
    if not is_whole_number(value) or value < low or (high is not None and value > high):
        if high is None:
            raise InputError("error.counter_at_least", where=where, value=repr(value), low=low)
        raise InputError("error.counter_range", where=where, value=repr(value), low=low, high=high)


def check_flag(value: object, where: str) -> None:
    """Refuse a yes/no field of a position that is not ``true`` or ``false``."""
    if not isinstance(value, bool):
        raise InputError("error.not_a_flag", where=where, value=repr(value))


# --- rules as data: fields checked by their declared types ---------------------------------

@dataclasses.dataclass(frozen=True)
class Control:
    """How the rule explorer offers a rules field, declared with the field (data only:
    the explorer makes the widget). ``kind``: "slider" (whole numbers from ``low`` to
    ``high``, a number or a function of the rules), "checkbox", "menu" (``choices``: value
    → the text key of its words) or "points_table"; ``at_most`` names a field it may not
    exceed; ``label_params`` fills its label's placeholders; ``hint`` a line under it."""

    kind: str
    low: int = 0
    high: int | Callable[[Any], int] = 0
    at_most: str | None = None
    label_params: Callable[[Any], dict] | None = None
    choices: tuple[tuple[Any, str], ...] = ()
    hint: str | None = None


def explored(kind: str, **control: Any) -> dict[str, Control]:
    """A rules field's metadata that offers it in the rule explorer:
    ``field(default=45, metadata=explored("slider", low=10, high=60))``."""
    return {"explored": Control(kind, **control)}


def explored_fields(rules_type: type) -> list[tuple[str, Control]]:
    """The fields of a rules class the rule explorer offers, in the order declared."""
    return [(field.name, field.metadata["explored"]) for field in dataclasses.fields(rules_type)
            if "explored" in field.metadata]


#: the shape (in ``SHAPES``) a rules field declared with each plain type must have
FIELD_SHAPES: dict[type, str] = {int: "whole", bool: "bool", str: "text"}


class CheckedFields:
    """A frozen dataclass of rules (a rules value) whose fields are checked against the types
    they are declared with, so a wrong value is refused when the rules are made, by the
    field's name, rather than failing in Python's words somewhere in a game.

    A rules class calls ``check_field_types()`` first in its ``__post_init__`` (its checks
    of values that depend on each other come after), and is read back from a save with
    ``from_dict``.
    """

    name: str
    if TYPE_CHECKING:  # every rules class is a dataclass (what ``dataclasses.fields`` asks of it)
        __dataclass_fields__: ClassVar[dict[str, dataclasses.Field[Any]]]

    def check_field_types(self) -> None:
        """Refuse every field whose value does not have its declared type: ``int`` a whole
        number ≥ 0 (never a bool), ``bool`` True or False, ``str`` a string,
        ``tuple[X, ...]`` a list or tuple of X, ``Mapping[K, V]`` a dict or its (K, V) pairs.
        One ``InputError`` names the first wrong part of each wrong field."""
        declared = _declared_types(type(self))  # type: ignore[arg-type]  # a class is hashable: mypy#11470
        problems = [problem for field in dataclasses.fields(self)
                    if (problem := _type_problem(field.name, getattr(self, field.name), declared[field.name]))]
        if problems:
            raise InputError("error.rules", rules=repr(self.name), problems=Joined(tuple(problems)))

    @classmethod
    def from_dict(cls, data: Any) -> Self:
        """The rules back from their ``to_dict`` data (a save's ``rules``): every field known,
        every field without a default given; a ``Mapping[int, …]`` field gets the whole-number
        keys JSON wrote as strings back."""
        if not isinstance(data, Mapping):
            raise InputError("error.wrong_shape", where="rules", shape=Phrase("error.shape/mapping", {}),
                             value=repr(data))
        fields = dataclasses.fields(cls)
        unknown = set(data) - {field.name for field in fields}
        if unknown:
            raise InputError("error.rules_unknown_fields", fields=", ".join(sorted(map(str, unknown))))
        missing = [field.name for field in fields if field.name not in data
                   and field.default is dataclasses.MISSING and field.default_factory is dataclasses.MISSING]
        if missing:
            raise InputError("error.rules_missing_fields", fields=", ".join(missing))
        declared = _declared_types(cls)  # type: ignore[arg-type]  # a class is hashable: mypy#11470
        return cls(**{name: _whole_number_keys(value) if _has_whole_number_keys(declared[name]) else value
                      for name, value in data.items()})


@functools.cache
def _declared_types(rules_class: type) -> dict[str, Any]:
    """Each field's declared type, every one of a kind ``_type_problem`` checks: a rules
    class with a field of another type (``float``, ``int | None``) is refused when its first
    value is made (for an engine's variants, when the engine is imported), naming the
    class, the field and the types a rules field may have."""
    declared = typing.get_type_hints(rules_class)
    for field in dataclasses.fields(rules_class):
        unknown = _unknown_type(declared[field.name])
        if unknown is not None:
            part = "" if unknown is declared[field.name] else f" (its {_type_name(unknown)})"
            known = ", ".join(kind.__name__ for kind in FIELD_SHAPES)
            raise TypeError(f"{rules_class.__name__}.{field.name} is declared {_type_name(declared[field.name])}, "
                            f"a type the rules-field check (CheckedFields in zuzlab/core.py) does not know{part}: "
                            f"a rules field is {known}, tuple[X, ...] or Mapping[K, V] of these (another type needs "
                            f"its shape in FIELD_SHAPES and SHAPES, or a case in _type_problem and _unknown_type)")
    return declared


def _unknown_type(declared: Any) -> Any:
    """The part of a declared type that ``_type_problem`` does not check, or None."""
    origin, args = typing.get_origin(declared), typing.get_args(declared)
    if origin is tuple:  # tuple[X, ...] only: a tuple of fixed length is not checked item by item
        return _unknown_type(args[0]) if len(args) == 2 and args[1] is Ellipsis else declared
    if origin is Mapping:
        return next((unknown for arg in args if (unknown := _unknown_type(arg)) is not None), None)
    return None if origin is None and declared in FIELD_SHAPES else declared


def _type_name(declared: Any) -> str:
    """``float`` for a class, ``tuple[float, ...]`` or ``int | None`` for the rest."""
    if typing.get_origin(declared) is None and isinstance(declared, type):
        return declared.__name__
    return str(declared).removeprefix("typing.")


def _type_problem(where: Any, value: Any, declared: Any) -> Phrase | None:
    """The first part of ``value`` that is not of the ``declared`` type, as "``where`` must
    be …, not …"; None when all of it is."""
    origin, args = typing.get_origin(declared), typing.get_args(declared)
    if origin is tuple:  # tuple[X, ...]
        if not SHAPES["list"](value):
            return _wrong_shape(where, "list", value)
        return next((problem for index, item in enumerate(value)
                     if (problem := _type_problem(f"{where}[{index}]", item, args[0]))), None)
    if origin is Mapping:  # Mapping[K, V]
        pairs = _pairs(value)
        if pairs is None:
            return _wrong_shape(where, "mapping", value)
        return next((problem for key, item in pairs
                     if (problem := _type_problem(Phrase("error.field_key", {"field": where}), key, args[0])
                         or _type_problem(f"{where}[{key!r}]", item, args[1]))), None)
    shape = FIELD_SHAPES[declared]  # a plain type (``_declared_types`` refused any other)
    return None if SHAPES[shape](value) else _wrong_shape(where, shape, value)


def _pairs(value: Any) -> list | None:
    """A dict's (key, value) pairs, or the pairs themselves (frozen rules keep a
    mapping as pairs); None for anything else."""
    if isinstance(value, Mapping):
        return list(value.items())
    if isinstance(value, (list, tuple)) and all(isinstance(pair, (list, tuple)) and len(pair) == 2 for pair in value):
        return [tuple(pair) for pair in value]
    return None


def _has_whole_number_keys(declared: Any) -> bool:
    return typing.get_origin(declared) is Mapping and typing.get_args(declared)[0] is int


def _whole_number_keys(value: Any) -> Any:
    """A saved dict with its whole-number keys back ("3" → 3); any other key stays, for the
    field check to name."""
    if not isinstance(value, Mapping):
        return value
    return {int(key) if isinstance(key, str) and key.isascii() and key.isdecimal() else key: item
            for key, item in value.items()}


def action_from_dict(data: dict, action_types: Iterable[type]) -> Action:
    """Rebuild an action saved with ``Action.to_dict``; unknown types are refused."""
    by_name = {cls.__name__: cls for cls in action_types}
    if not isinstance(data, dict) or not isinstance(data.get("type"), str) or data["type"] not in by_name:
        raise InputError("error.save_action", data=repr(data), types=repr(sorted(by_name)))
    action_type = by_name[data["type"]]
    fields = {k: v for k, v in data.items() if k != "type"}
    try:
        return action_type(**fields)
    except RuleViolation:
        raise
    except TypeError:
        raise InputError("error.save_action_fields", data=repr(data), type=action_type.__name__,
                         fields=", ".join(field.name for field in dataclasses.fields(action_type))) from None


@dataclasses.dataclass(frozen=True)
class Pass(Action):
    """Do nothing: allowed only when no other action is legal."""

    def __str__(self) -> str:
        return texts.text("action.pass")


# --- the legal actions of a position ---------------------------------------------------------

class LazyActions(Protocol):
    """A part of ``LegalActions`` that makes an action only when it is looked at (the
    claims of a turn, the ways to keep tickets): a sequence that also says which action
    types it holds (``kinds``)."""

    @property
    def kinds(self) -> tuple[type[Action], ...]: ...
    def __len__(self) -> int: ...
    def __getitem__(self, index: int) -> Action: ...
    def __iter__(self) -> Iterator[Action]: ...
    def __contains__(self, action: object) -> bool: ...


#: a part of the legal actions: the actions made, or a lazy part
ActionPart: TypeAlias = "list[Action] | LazyActions"
AnAction = typing.TypeVar("AnAction", bound=Action)


class LegalActions(SequenceABC[Action]):
    """The legal actions of a position: a read-only sequence that makes an action only
    when it is looked at (after python-chess's ``legal_moves``).

    It counts, indexes, slices, iterates and tests membership like a list (and equals
    the list of the same actions), but a position with hundreds of ways to pay for its
    routes need not build them all: ``rng.choice(game.legal_actions())`` makes one.
    Each part is a list or a lazy part with ``__len__``, ``__getitem__`` (a whole
    number), ``__iter__``, ``__contains__`` and ``kinds`` (the action types it holds).
    """

    __slots__ = ("_parts", "_sizes", "_length")

    def __init__(self, *parts: ActionPart):
        self._parts = parts  # an empty part adds nothing to a count, an index or a loop: kept
        self._sizes = sizes = list(map(len, parts))  # made at every decision: builtins, no loop
        self._length = sum(sizes)

    def __len__(self) -> int:
        return self._length

    @typing.overload
    def __getitem__(self, index: int) -> Action: ...
    @typing.overload
    def __getitem__(self, index: slice) -> list[Action]: ...

    def __getitem__(self, index: int | slice) -> Action | list[Action]:
        if type(index) is not int:
            if isinstance(index, slice):
                return [self[i] for i in range(*index.indices(self._length))]
            index = operator.index(index)
        if index < 0:
            index += self._length
        if not 0 <= index < self._length:
            raise IndexError(texts.text("error.legal_action_index", index=index, count=self._length,
                                        last=self._length - 1))
        return _nth_in_parts(self._parts, self._sizes, index)

    def __iter__(self) -> Iterator[Action]:
        for part in self._parts:
            yield from part

    def __contains__(self, action: object) -> bool:
        return any(action in part for part in self._parts)

    def of_type(self, *types: type[AnAction]) -> list[AnAction]:
        """The actions of these types, in order; a lazy part whose ``kinds`` are none of
        them is skipped unmade (a bot looking for card draws need not make every claim)."""
        return [action for part in self._parts
                if isinstance(part, list) or any(issubclass(kind, types) for kind in part.kinds)
                for action in part if isinstance(action, types)]

    def __eq__(self, other: object) -> bool:
        if isinstance(other, (list, tuple, LegalActions)):
            return len(self) == len(other) and list(self) == list(other)
        return NotImplemented

    __hash__ = None  # type: ignore[assignment]  # like a list

    def __repr__(self) -> str:
        return repr(list(self))


def _nth_in_parts(parts: Sequence[ActionPart], sizes: list[int], index: int) -> Action:
    for part, size in zip(parts, sizes):
        if index < size:
            return part[index]
        index -= size
    raise IndexError(index)  # the callers ask for an action within the sizes


def choice_in_parts(rng: random.Random, parts: Sequence[ActionPart]) -> Action | None:
    """``rng.choice(LegalActions(*parts))``, the same draw, without the sequence around
    the parts (a random player's every decision); None if every part is empty."""
    sizes = list(map(len, parts))
    total = sum(sizes)
    return _nth_in_parts(parts, sizes, rng.randrange(total)) if total else None  # randrange(n): choice's draw


# --- pending decisions -----------------------------------------------------------------

@dataclasses.dataclass(frozen=True)
class Decision:
    """A decision the player to move owes before the turn can go on (which tickets to
    keep, the second card, a tunnel's extra cards): a small frozen value, ``game.pending``.

    ``answers`` are the action types that answer it; anything else is refused for the
    rule ``refusal``. ``kind`` is a short name for narration.
    """

    kind: ClassVar[str]
    answers: ClassVar[tuple[type, ...]]
    refusal: ClassVar[str]

    player: int


def decision_to_dict(decision: Decision | None) -> dict | None:
    """A pending decision as JSON data: its ``kind`` and its fields."""
    if decision is None:
        return None
    return {"kind": decision.kind, **json.loads(json.dumps(dataclasses.asdict(decision)))}


def decision_from_dict(data: dict | None, decisions: Iterable[type[Decision]]) -> Decision | None:
    """A pending decision back from ``decision_to_dict`` (lists become tuples again)."""
    if data is None:
        return None
    by_kind = {d.kind: d for d in decisions}
    fields = dict(data)
    kind = fields.pop("kind", None)
    if kind not in by_kind:
        raise InputError("error.save_decision", kind=repr(kind), known=", ".join(by_kind))
    return by_kind[kind](**{name: _tuples(value) for name, value in fields.items()})


def _tuples(value: Any) -> Any:
    return tuple(_tuples(v) for v in value) if isinstance(value, list) else value


# --- the parts of a position, declared once --------------------------------------------

_IMMUTABLE = (str, int, float, tuple, frozenset, type(None))


def _mutable(value: Any) -> bool:
    return not isinstance(value, _IMMUTABLE) and (isinstance(value, (list, dict)) or hasattr(value, "copy"))


def _copied(value: Any) -> Any:
    """A copy of a part of the state: lists and dicts anew (and what is mutable in them),
    objects with a ``copy`` method (a card supply, a board) copied, the rest shared
    (numbers, strings, frozen values such as rules, maps and actions)."""
    if isinstance(value, list):
        return [_copied(v) for v in value] if value and _mutable(value[0]) else list(value)
    if isinstance(value, dict):
        return {k: _copied(v) if _mutable(v) else v for k, v in value.items()}
    return value.copy() if _mutable(value) else value


#: The check of one part of a position: ``check(game, value, where)`` raises an
#: ``InputError`` naming ``where`` (the part's key in a save) if ``value`` has the wrong shape.
Check = Callable[[Any, Any, str], None]


def _plain_from_json(saved: Any, game: Any) -> Any:
    return _copied(saved)


def _same_value(value: Any) -> Any:
    return value


def _same_saved_value(saved: Any, game: Any) -> Any:
    return saved


@dataclasses.dataclass(frozen=True)
class PositionField:
    """One part of an engine's position (after python-chess's ``_BoardState``): the
    attribute ``name`` holds it, a save keeps it under ``key``. An engine lists its parts
    once, in ``position_fields``, and ``GameState`` makes from them the save and the
    loading, ``==`` (nothing else takes part), ``copy`` and the checks of their shapes.

    - ``copy``: how a copy gets its own (``None``: shared, for numbers, strings and frozen
      values; by default lists and dicts anew and what has a ``copy`` method copied);
    - ``to_json`` / ``from_json``: the value as JSON data and back (``from_json(saved,
      game)`` may read the parts loaded before it); by default plain data, copied;
    - ``inline``: its JSON is a dict whose keys join the position's own (the card supply's
      ``deck``, ``discard`` …), and ``from_json`` reads them from the whole position;
    - ``check``: its shape (``whole``, ``flag``, ``a_player``, ``per_player`` …), checked
      by ``check_position`` before the engine's rules;
    - ``fixed``: set when the game is made and never changed (the rules, the board, the
      player count): a player's view reads it once.
    """

    name: str
    key: str = ""  # "" → the name without its leading "_" ("_current" is saved as "current")
    check: Check | None = None
    copy: Callable[[Any], Any] | None = _copied
    to_json: Callable[[Any], Any] = _copied
    from_json: Callable[[Any, Any], Any] = _plain_from_json
    inline: bool = False
    fixed: bool = False

    def __post_init__(self) -> None:
        if not self.key:
            object.__setattr__(self, "key", self.name.lstrip("_"))


def value_field(name: str, check: Check | None = None, key: str = "", fixed: bool = False) -> PositionField:
    """A part that is a number, a string, a flag or None: shared by a copy, saved as it is."""
    return PositionField(name, key, check, copy=None, to_json=_same_value, from_json=_same_saved_value,
                         fixed=fixed)


def rules_field(rules_type: type[CheckedFields]) -> PositionField:
    """The game's rules (a frozen ``CheckedFields`` dataclass), saved with ``to_dict``."""
    return PositionField("rules", copy=None, to_json=lambda rules: rules.to_dict(),
                         from_json=lambda saved, game: rules_type.from_dict(saved), fixed=True)


def pending_field(decisions: Iterable[type[Decision]]) -> PositionField:
    """The decision the player to move owes (``_pending``: frozen, or None), saved by its kind."""
    decisions = tuple(decisions)
    return PositionField("_pending", copy=None, to_json=decision_to_dict,
                         from_json=lambda saved, game: decision_from_dict(saved, decisions))


def whole_number_keys_field(name: str, check: Check | None = None) -> PositionField:
    """A dict keyed by whole numbers (route ids, rounds), saved with the keys as strings."""
    return PositionField(name, check=check,
                         to_json=lambda value: {str(key): _copied(item) for key, item in value.items()},
                         from_json=lambda saved, game: {int(key): _copied(item) for key, item in saved.items()})


def _bound(bound: Any, game: Any) -> Any:
    """A bound of ``whole``: a number (or None), or a function of the game that gives one."""
    return bound(game) if callable(bound) else bound


def whole(low: int | Callable[[Any], int] = 0, high: int | Callable[[Any], int | None] | None = None) -> Check:
    """A whole number from ``low`` to ``high`` (None: no limit); a bound may be a function of
    the game (``lambda game: game.rules.max_players``)."""
    def check(game: Any, value: Any, where: str) -> None:
        check_counter(value, where, _bound(low, game), _bound(high, game))
    return check


def flag(game: Any, value: Any, where: str) -> None:
    """``true`` or ``false``."""
    check_flag(value, where)


def a_player(game: Any, value: Any, where: str) -> None:
    """A player of the game."""
    game._check_player(value, where)


def shaped(shape: str) -> Check:
    """Of a shape of ``SHAPES`` ("list", "mapping" …)."""
    def check(game: Any, value: Any, where: str) -> None:
        if not SHAPES[shape](value):
            raise InputError("error.wrong_shape", where=where, shape=Phrase(f"error.shape/{shape}", {}),
                             value=repr(value))
    return check


def optional(check: Check) -> Check:
    """None, or what ``check`` allows."""
    def optional_check(game: Any, value: Any, where: str) -> None:
        if value is not None:
            check(game, value, where)
    return optional_check


def per_player(entry: Check | None = None) -> Check:
    """A list with one entry per player, each of them what ``entry`` allows (``where[i]``)."""
    as_list = shaped("list")

    def check(game: Any, value: Any, where: str) -> None:
        as_list(game, value, where)
        if len(value) != game.players:
            raise InputError("error.entries", where=where, count=len(value), players=game.players)
        if entry is not None:
            for player, item in enumerate(value):
                entry(game, item, f"{where}[{player}]")
    return check


def card_counts(game: Any, pile: Any, where: str) -> None:
    """A pile of train cards held as counts: every card of the game (``card_kinds``) → a
    whole number ≥ 0."""
    if not isinstance(pile, dict) or set(pile) != set(game.card_kinds) \
            or any(not is_whole_number(count) or count < 0 for count in pile.values()):
        raise InputError("error.not_card_counts", where=where, pile=repr(pile))


# --- the state protocol --------------------------------------------------------------

#: A check or an effect of an action: ``check(game, action)`` raises ``RuleViolation``,
#: ``carry_out(game, action)`` changes the game.
Handler = Callable[[Any, Any], None]


class GameState(ABC):
    """The protocol every engine implements (after OpenSpiel's ``State`` and python-chess).

    ``apply`` checks an action completely before it changes anything, so a refused action
    (a ``RuleViolation``) leaves the state exactly as it was; an action that is carried
    out is carried out fully. ``undo`` takes the last action back, exactly; ``copy`` is
    cheap; two states are ``==`` when their positions (``position_fields``) and histories
    are equal.

    An engine lists its actions in ``handlers``: action type → (check, carry out), so a
    reader sees which method handles which action; and the parts of its position in
    ``position_fields``, from which the save, the loading, ``==``, ``copy`` and the shape
    checks are made. Every other attribute of a state is declared too: ``derived``,
    ``caches`` or what every state keeps beside its position.
    """

    #: action type → (the check that refuses it, the method that carries it out)
    handlers: ClassVar[dict[type, tuple[Handler, Handler]]] = {}

    #: the ``format`` of a saved game, and what the game is called in a refusal to load
    save_format: ClassVar[str]
    #: what a player may not see, by attribute (``PlayerView``, ``observation``): "own" (a
    #: per-player list: only the player's own entry), "hidden", or the same for the parts of
    #: an attribute (``{"deck": "hidden"}`` for the card supply)
    secrets: ClassVar[Mapping[str, Any]] = {}
    #: which engine's game it is (``Engine.key``), for a reader: the texts ``error.game/<key>``
    #: and ``error.saved/<key>``
    engine_key: ClassVar[str]
    #: the parts of the position, in the order a save lists them (``PositionField``)
    position_fields: ClassVar[tuple[PositionField, ...]] = ()
    #: attributes that follow from the position's parts (the Card Game's components, read
    #: from its rules): shared by a copy, neither compared nor saved, made again by
    #: ``_derive`` when a position is read back
    derived: ClassVar[frozenset[str]] = frozenset()
    #: an engine's own caches (attributes): not part of the position, so ``copy`` shares
    #: them and ``==`` ignores them
    caches: ClassVar[frozenset[str]] = frozenset()
    #: of those, the caches the state keeps up to date as it goes: each has
    #: ``is_current(state)`` (False once the state changed behind its back: it is then made
    #: anew) and ``copy_for(state)`` (a copy gets its own)
    kept_up_to_date: ClassVar[frozenset[str]] = frozenset()
    #: what every state keeps beside its position: what the last action caused, the
    #: final scores once worked out, the starting position
    _beside_position: ClassVar[frozenset[str]] = frozenset(
        {"_events", "setup_events", "_scores_cache", "_start", "_set_up"})
    # made from the declarations above for each engine (``__init_subclass__``): what
    # ``==`` compares, what ``copy`` copies (and how) and what it shares
    _field_names: ClassVar[tuple[str, ...]] = ()
    _copied_fields: ClassVar[tuple[tuple[str, Callable[[Any], Any]], ...]] = ()
    _shared_on_copy: ClassVar[tuple[str, ...]] = ()

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        fields = cls.position_fields
        cls._field_names = tuple(field.name for field in fields)
        cls._copied_fields = tuple((field.name, field.copy) for field in fields if field.copy is not None)
        cls._shared_on_copy = tuple(
            {field.name for field in fields if field.copy is None} | cls.derived
            | (cls.caches - cls.kept_up_to_date) | (cls._beside_position - {"_events"}))

    @classmethod
    def declared_attributes(cls) -> frozenset[str]:
        """Every attribute a state of this engine may have: the position's parts, the
        history, what is derived, the caches and what every state keeps beside its position."""
        return frozenset(cls._field_names) | {"history"} | cls.derived | cls.caches | cls._beside_position

    players: int
    seed: int | str
    history: list[Action]
    _pending: Decision | None
    _current: int
    _over: bool
    _events: list[Event] | None  # what the action being carried out caused (None: nobody asks)
    setup_events: list[Event]  # what the set-up caused (the opening's face-up deal), for narration
    _scores_cache: Any = None
    _start: GameState | None = None
    _set_up: bool = False  # whether the history starts from a set-up position, not the seed's deal
    #: whether the opening is still going on (the dealt tickets still to choose: a set-up
    #: ends it); a game without an opening never is
    in_setup: bool = False

    if TYPE_CHECKING:  # how ``Engine.new_game`` makes a game: each engine's own ``__init__``
        def __init__(self, rules: Any, players: int, seed: int | str = 0, **options: Any) -> None: ...

    @property
    def current_player(self) -> int | None:
        """Whose decision it is, or None when the game is over."""
        return None if self._over else self._current

    def player_to_move(self) -> int:
        """Whose decision it is, for code that acts only while the game goes on (a bot):
        refused once the game is over."""
        if self._over:
            raise RuleViolation("game_over")
        return self._current

    @property
    def is_over(self) -> bool:
        return self._over

    @property
    def pending(self) -> Decision | None:
        """The decision the current player owes, or None at the start of a turn."""
        return None if self._over else self._pending

    @property
    def card_kinds(self) -> tuple[str, ...]:
        """The codes of the game's cards ("red" …, "locomotive"): an action that names a
        card in words of a language names it by one of these (``canonical``). A game
        without cards has none."""
        return ()

    @abstractmethod
    def legal_actions(self) -> Sequence[Action]:
        """Everything the player to move may do (none once the game is over)."""

    def random_action(self, rng: random.Random) -> Action:
        """The action a uniformly random player picks: ``rng.choice(self.legal_actions())``,
        the same draw from ``rng`` (a game may find it without listing every action)."""
        return rng.choice(self.legal_actions())

    # --- acting ---------------------------------------------------------------------

    def apply(self, action, events: bool = True) -> list[Event]:
        """Check ``action`` and carry it out; return the events it caused (with
        ``events=False``, as in simulations that never read them, none are made: an
        empty list).

        Raises ``RuleViolation`` (the state unchanged) if the rules forbid the action, and
        ``EngineDefect`` (the state put back) if the engine fails while carrying it out.
        """
        action = self.canonical(action)
        # the checks every action shares (written here, not called: every action passes them)
        if self._over:
            raise RuleViolation("game_over")
        handlers = self.handlers.get(type(action))
        if handlers is None:
            raise RuleViolation("unknown_action", action=repr(action),
                                known=", ".join(cls.__name__ for cls in self.handlers))
        pending = self._pending
        if pending is not None and not isinstance(action, pending.answers):
            raise RuleViolation(pending.refusal)
        check, carry_out = handlers
        check(self, action)
        made: list[Event] | None = [] if events else None
        self._events = made
        try:
            carry_out(self, action)
        except Exception as error:  # a defect, not a rule: put everything back, then say so
            self._rebuild(self.history)
            raise EngineDefect(action, f"{type(error).__name__}: {error}") from error
        self.history.append(action)
        self._scores_cache = None
        return made if made is not None else []

    def canonical(self, action):
        """``action`` as ``legal_actions()`` lists it (a card named in words of a language
        → its code, a route named by its cities → its id, a tile turned to a position that
        draws the same → the first such position); the history keeps this form."""
        return self._with_card_codes(action)

    def _with_card_codes(self, action):
        """``action`` with each card it names in words of a language ("rot") as its code."""
        for name in getattr(type(action), "card_fields", ()):  # most actions name no card: no loop
            value = getattr(action, name)
            if value is not None and value not in CARD_CODES and (type(value) is not tuple
                                                                   or not CARD_CODES.issuperset(value)):
                return action.with_card_codes(self.card_kinds)  # a name to read as its code
        return action

    def _emit(self, kind: str, **data: Any) -> None:
        events = self._events
        if events is not None:  # None: nobody asked for them
            event = _new_event(Event)  # Event(kind, player, **data) without packing data twice: emitted often
            event.kind, event.player, event.data = kind, self._current, data
            events.append(event)

    def _finish(self) -> None:
        self._over = True
        self._pending = None
        self._emit("game_over")

    # --- taking back, copying, comparing -----------------------------------------------

    def undo(self) -> Action:
        """Take the last action back: the state is exactly as it was before it (like
        python-chess ``pop``). Returns the action taken back."""
        if not self.history:
            raise RuleViolation("nothing_to_undo")
        last = self.history[-1]
        self._rebuild(self.history[:-1])
        return last

    def rewind(self, actions: int) -> list:
        """Take back everything after the first ``actions`` actions of the history at
        once (a view taking back the bots' moves with the player's own); returns the
        actions taken back."""
        if not isinstance(actions, int) or not 0 <= actions <= len(self.history):
            raise InputError("error.rewind", count=len(self.history), actions=repr(actions))
        taken_back = self.history[actions:]
        if taken_back:
            self._rebuild(self.history[:actions])
        return taken_back

    def _rebuild(self, actions: list) -> None:
        """This game as its starting position followed by ``actions`` (the engines are
        exact and seeded, so replaying is the state itself)."""
        start = self._starting_position()
        state = start.copy()
        state._start = start
        for action in actions:
            state.apply(action, events=False)
        self.__dict__.update(state.__dict__)
        self._events = []

    def _starting_position(self) -> GameState:
        """The position the history starts from: the seed's set-up or a ``set_up``."""
        if self._start is None:
            raise RuntimeError(f"{type(self).__name__} was built without remembering its start")
        return self._start

    def _remember_start(self) -> None:
        """Make the present position the start of the history (after the set-up)."""
        self.history = []
        self._start = None
        self._start = self.copy()

    def copy(self) -> Self:
        """An independent copy, cheaply: each part of the position copied as it declares
        (containers anew, values shared), the history anew, what is derived, the caches
        and the start shared; a cache kept up to date gets its own. An attribute nobody
        declared is not copied."""
        state = object.__new__(type(self))
        source = self.__dict__
        copied = {name: source[name] for name in self._shared_on_copy if name in source}
        for name, copy in self._copied_fields:
            copied[name] = copy(source[name])
        copied["history"] = list(source["history"])
        copied["_events"] = []
        state.__dict__ = copied
        for name in self.kept_up_to_date:
            kept = source.get(name)
            if kept is not None and kept.is_current(self):
                copied[name] = kept.copy_for(state)
        return state

    def position(self) -> dict:
        """The position by its declared parts (``position_fields``), for comparing."""
        return {name: getattr(self, name) for name in self._field_names}

    def __eq__(self, other: object) -> bool:
        """Equal positions (their declared parts only) with equal histories."""
        if type(other) is not type(self):
            return False
        mine, theirs = self.__dict__, other.__dict__
        return all(mine[name] == theirs[name] for name in self._field_names) and self.history == other.history

    __hash__ = None  # type: ignore[assignment]  # a state changes: not a dict key

    # --- scores ------------------------------------------------------------------------

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

    # --- saving and loading ----------------------------------------------------------

    def _position_dict(self) -> dict:
        """The position as plain JSON data (everything but the history): each declared part
        under its key, in the declared order."""
        saved: dict = {}
        for field in self.position_fields:
            value = field.to_json(getattr(self, field.name))
            if field.inline:
                saved.update(value)
            else:
                saved[field.key] = value
        return saved

    @classmethod
    def _from_position_dict(cls, data: dict) -> Self:
        """A position back from ``_position_dict``'s data (a missing part raises KeyError);
        the history starts there."""
        game = cls.__new__(cls)
        for field in cls.position_fields:
            setattr(game, field.name, field.from_json(data if field.inline else data[field.key], game))
        game.history, game.setup_events, game._events, game._scores_cache = [], [], [], None
        game._derive()
        return game

    def _derive(self) -> None:  # noqa: B027 (a hook: an engine with nothing derived leaves it empty)
        """Make the ``derived`` attributes again from the parts of a position read back."""

    def check_position(self) -> None:
        """Raise ``ValueError`` naming the first thing in the position the rules cannot
        have produced: a part of the wrong shape (its declared check: a counter that is
        no whole number in its range, a player out of range, an entry per player
        missing …), a decision owed by another player than the one to move, then what the
        engine's rules say (``_check_rules``: cards counted twice or missing, an unknown
        route …)."""
        for field in self.position_fields:
            if field.check is not None:
                field.check(self, getattr(self, field.name), field.key)
        self._check_pending_decision()
        self._check_rules()

    @abstractmethod
    def _check_rules(self) -> None:
        """The engine's part of ``check_position``: what its rules say of a position
        beyond the shapes of its parts."""

    @abstractmethod
    def _start_of_turn(self) -> dict[str, Any]:
        """What ``set_up`` puts in place, by attribute: a set-up position is at the start of
        a turn (no decision owed, no pass counted …), so a saved start must be too."""

    def observation(self, player: int) -> dict:
        """What ``player`` may see, as JSON data (OpenSpiel's observer): the position with each
        of the engine's ``secrets`` replaced by what is public of it: another player's hand,
        tickets or pile by its size, a deck by how many cards are left, the seed left out;
        a decision another player owes by its kind only."""
        if not is_whole_number(player) or not 0 <= player < self.players:
            raise InputError("error.not_a_player", where="observation", player=repr(player), last=self.players - 1)
        seen = self._position_dict()
        secrets = dict(self.secrets)
        for part in [name for name, secret in secrets.items() if isinstance(secret, Mapping)]:
            secrets.update(secrets.pop(part))  # a part's fields are saved among the position's (the card supply)
        for name, secret in secrets.items():
            if name not in seen:
                continue
            if secret == "own":
                seen[name] = [entry if owner == player else _size(entry) for owner, entry in enumerate(seen[name])]
            elif isinstance(seen[name], list):  # a deck: how many are left
                seen[name] = _size(seen[name])
            else:
                del seen[name]
        pending = seen.get("pending")
        if pending is not None and pending.get("player") != player:
            seen["pending"] = {"kind": pending["kind"], "player": pending["player"]}
        return {"player": player, **seen}

    @classmethod
    def from_observation(cls, seen: Mapping, rng: random.Random) -> Self:
        """A game in a position the player of ``seen`` (an ``observation``) could be in: what
        is public and the player's own as seen, every hidden pile dealt at random (``rng``)
        from the items that player has not seen, a new seed for the chance to come. What a
        search player plays on (a *determinisation*): it is made from the observation alone,
        so it shows nothing of the real hidden cards. The history starts here.

        The engine says what its player has not seen (``_unseen_pools``); a decision another
        player owes is seen by its kind only, so such a position is refused."""
        data = json.loads(json.dumps({key: value for key, value in seen.items() if key != "player"}))
        player = seen["player"]
        pending = data.get("pending")
        if pending is not None and pending.get("player") != player:
            raise InputError("error.observation_pending", player=pending.get("player"), seen=player)
        for keys, unseen in cls._unseen_pools(data, player):
            items = list(unseen)
            rng.shuffle(items)
            for key in keys:
                data[key] = _deal_hidden(data[key], items)
            if items:
                raise InputError("error.observation_unseen", left=len(items), keys=", ".join(keys))
        if "seed" not in data:
            data["seed"] = rng.getrandbits(64)
        game = cls._from_position_dict(data)
        game.check_position()
        game._set_up = True
        game._remember_start()
        return game

    @classmethod
    def _unseen_pools(cls, seen: dict, player: int) -> list[tuple[tuple[str, ...], list]]:
        """For ``from_observation``: each pool of items ``player`` has not seen (the cards
        outside their hand and in no open place, say), with the keys of ``seen`` whose
        hidden piles are dealt from it (in order): a pile seen by its size (a number, or
        a number in a per-player list) is dealt that many items, as counts if the
        player's own pile is counted (a hand)."""
        raise NotImplementedError(f"{cls.__name__} does not say what its players have not seen")

    def _set_up_position(self, arrange: Callable[[Self], None], current: int | None = None,
                         over: bool = False) -> Self:
        """What every engine's ``set_up`` does around its own changes: refused while a
        decision is owed (but for the opening's ticket choice, which a set-up ends), the
        changes made on a copy (``arrange(copy)``), then whose turn it is (``current``,
        None: as it is), the start of a turn, the end of the game if ``over``; the copy
        is checked (``check_position``) and only then taken over, so a refused set-up
        leaves the game as it was. The history starts here."""
        if self._pending is not None and not self.in_setup:
            raise InputError("error.set_up_pending", player=self._current,
                             decision=Phrase(f"refusal.{self._pending.refusal}", {}))
        game = self.copy()
        arrange(game)
        if current is not None:
            game._check_player(current, "current")
            game._current = current
        game._put_at_start_of_turn()
        game._over = bool(over)
        game.check_position()
        self.__dict__.update(game.__dict__)
        self._set_up = True
        self._remember_start()
        return self

    def _put_at_start_of_turn(self) -> None:
        """What ``set_up`` does last: the position is at the start of a turn."""
        for name, value in self._start_of_turn().items():
            setattr(self, name, value)

    def check_start(self) -> None:
        """Refuse a saved set-up start that is not at the start of a turn (``set_up`` could
        not have made it), naming the first field that says otherwise."""
        for name, value in self._start_of_turn().items():
            found = getattr(self, name)
            if json.dumps(decision_to_dict(found) if isinstance(found, Decision) else found) != json.dumps(value):
                raise InputError("error.not_start_of_turn", field=name.lstrip("_"), found=repr(
                    decision_to_dict(found) if isinstance(found, Decision) else found), expected=repr(value))

    def _check_player(self, player: Any, where: str) -> None:
        """Refuse what is no player of this game (``True`` neither), naming where it was given."""
        if not is_whole_number(player) or not 0 <= player < self.players:
            raise InputError("error.not_a_player", where=where, player=repr(player), last=self.players - 1)

    def _check_pending_decision(self) -> None:
        """A decision is owed by the player to move, and only while the game goes on."""
        pending = self._pending
        if pending is None:
            return
        if self._over:
            raise InputError("error.pending_after_end")
        if not is_whole_number(pending.player) or pending.player != self._current:
            raise InputError("error.pending_not_current", player=repr(pending.player), current=self._current)

    def to_dict(self) -> dict:
        """The game as JSON data: how it started (its seed, or a set-up position), every
        action since, and the position now (checked against the actions on loading)."""
        start = self._starting_position()
        return {"format": self.save_format, **self._position_dict(),
                "start": start._position_dict() if self._set_up else None,
                "history": [a.to_dict() for a in self.history]}

    def to_json(self, **kwargs) -> str:
        return json.dumps(self.to_dict(), ensure_ascii=False, **kwargs)

    @classmethod
    def from_json(cls, text: str) -> Self:
        from .datafiles import json_problem

        try:
            data = json.loads(text)
        except TypeError:
            raise _not_saved("save_not_text", kind=type(text).__name__) from None
        except json.JSONDecodeError as error:
            raise InputError("error.not_saved_game", problem=json_problem(error)) from None
        return cls.from_dict(data)

    @classmethod
    def from_dict(cls, data: dict) -> Self:
        """A saved game back (``to_dict``'s output). The save is checked: its actions are
        replayed from its start, and the position they give must be the saved one; an
        ``InputError`` (a ``ValueError``) names the first field that disagrees."""
        if not isinstance(data, dict) or data.get("format") != cls.save_format:
            raise InputError("error.save_format", game=Phrase(f"error.saved/{cls.engine_key}", {}),
                             format=repr(cls.save_format))
        try:
            data = json.loads(json.dumps(data))  # as it reads from a file: lists, string keys
        except (TypeError, ValueError):
            raise _not_saved("save_not_json_data") from None
        for key in ("history", "start"):
            if key not in data:
                raise _not_saved("save_field_missing", field=repr(key))
        try:
            if data["start"] is None:
                game = cls._new_from_saved(data)
            else:
                game = cls._from_position_dict(data["start"])
                game.check_position()
                game.check_start()
                game._set_up = True
                game._remember_start()
        except KeyError as error:
            raise _not_saved("save_field_missing", field=repr(error.args[0])) from None
        except InputError as error:
            raise InputError("error.not_saved_game", problem=error) from None
        except (TypeError, AttributeError, ValueError) as error:  # Python's own words: named by type only
            raise _not_saved("save_field_wrong", error=type(error).__name__) from None
        if not isinstance(data["history"], list):
            raise _not_saved("save_history")
        for number, saved in enumerate(data["history"], 1):
            try:
                game.apply(game.action_from_dict(saved))
            except ValueError as error:
                raise _not_saved("save_action_refused", number=number, saved=repr(saved), error=error) from None
        replayed = json.loads(json.dumps(game.to_dict()))
        for key, value in replayed.items():
            if key not in data:
                raise _not_saved("save_field_missing", field=repr(key))
            if not _same(data[key], value):
                raise InputError("error.save_disagrees", difference=_first_difference(key, data[key], value))
        unknown = sorted(set(data) - set(replayed))
        if unknown:
            raise _not_saved("save_unknown_field", field=repr(unknown[0]))
        return game

    @classmethod
    @abstractmethod
    def _new_from_saved(cls, data: dict) -> Self:
        """A new game with the saved game's rules, players and seed."""

    def action_from_dict(self, data: dict) -> Action:
        return action_from_dict(data, self.handlers)


class PassingTurn:
    """Passing, for a game state (a mixin): a player may pass only when no other action is
    legal, and the game ends when everyone has passed in a row.

    The game provides ``self.consecutive_passes`` (the passes in a row), ``self._pending``,
    ``legal_actions()``, ``self._emit`` and ``self._end_turn(passed)``, which ends the game
    once everyone has passed.
    """

    if TYPE_CHECKING:  # what the game provides (declared for the type checker only)
        consecutive_passes: int
        _pending: Decision | None

        def legal_actions(self) -> Sequence[Action]: ...
        def _emit(self, kind: str, **data: Any) -> None: ...
        def _end_turn(self, passed: bool = False) -> None: ...

    def _check_pass(self, action: Pass) -> None:
        if self._pending is not None or self.legal_actions() != [Pass()]:
            raise RuleViolation("pass_not_allowed")

    def _do_pass(self, action: Pass) -> None:
        """A pass ends the turn; the engine's ``_end_turn`` ends the game when everyone
        has passed in a row."""
        self._emit("passed")
        self.consecutive_passes += 1
        self._end_turn(passed=True)


def _not_saved(problem: str, **params: Any) -> InputError:
    """"not a saved game: …", the problem by its text ``error.<problem>``."""
    return InputError("error.not_saved_game", problem=Phrase(f"error.{problem}", params))


def _same(saved: Any, replayed: Any) -> bool:
    """Equal as JSON: ``true`` is not ``1`` and ``1.0`` is not ``1`` here, as they are to ``==``."""
    return json.dumps(saved, sort_keys=True) == json.dumps(replayed, sort_keys=True)


def _first_difference(path: str, saved: Any, replayed: Any) -> Phrase:
    """Where ``saved`` first differs from ``replayed``: ``field[…]: saved …, the actions give …``."""
    if isinstance(saved, dict) and isinstance(replayed, dict):
        for key in list(replayed) + [k for k in saved if k not in replayed]:
            if saved.get(key, _MISSING) is _MISSING or replayed.get(key, _MISSING) is _MISSING \
                    or not _same(saved[key], replayed[key]):
                return _first_difference(f"{path}[{key!r}]", saved.get(key, _MISSING), replayed.get(key, _MISSING))
    if isinstance(saved, list) and isinstance(replayed, list) and len(saved) == len(replayed):
        for index, (a, b) in enumerate(zip(saved, replayed)):
            if not _same(a, b):
                return _first_difference(f"{path}[{index}]", a, b)
    return Phrase("error.save_difference", {"path": path, "saved": _shown(saved), "replayed": _shown(replayed)})


def _shown(value: Any) -> Phrase | str:
    """A value of a save as a difference names it ("nothing" where it is missing)."""
    return Phrase("term.nothing", {}) if value is _MISSING else repr(value)


def _deal_hidden(seen: Any, items: list) -> Any:
    """``seen`` with each pile it shows by its size dealt from the end of ``items``: a
    number (a hidden pile: a list), or the numbers in a per-player list (piles shaped like
    the player's own entry there: counts for a hand)."""
    if is_whole_number(seen):
        return _take_items(items, seen)
    own = next((entry for entry in seen if not is_whole_number(entry)), None)
    return [_take_items(items, entry, own) if is_whole_number(entry) else entry for entry in seen]


def _take_items(items: list, size: int, like: Any = None) -> Any:
    """``size`` items from the end of ``items`` (taken out), as a list, or as counts of
    every kind ``like`` counts."""
    if size > len(items):
        raise InputError("error.observation_too_few", size=size, left=len(items))
    taken = items[len(items) - size:]
    del items[len(items) - size:]
    if not isinstance(like, dict):
        return taken
    counts = dict.fromkeys(like, 0)
    for item in taken:
        counts[item] += 1
    return counts


def _size(entry: Any) -> int:
    """What is public of a secret pile: how many cards (a hand's counts added up) or items."""
    return sum(entry.values()) if isinstance(entry, dict) else len(entry)


class _Missing:
    def __repr__(self) -> str:
        return "nothing"


_MISSING = _Missing()


def apply_all(state: GameState, actions: Iterable) -> GameState:
    """Apply ``actions`` (objects or saved dicts) in order: a replay from a seed."""
    for action in actions:
        state.apply(state.action_from_dict(action) if isinstance(action, dict) else action)
    return state


# --- bots ----------------------------------------------------------------------------

#: A player: given the game and a seeded generator, one of ``game.legal_actions()``.
Bot = Callable[[Any, random.Random], Action]


# --- comparing candidates by sampled games (the experts' search) ---------------------------------

@dataclasses.dataclass(frozen=True)
class Estimate:
    """A candidate move and the mean result of its ``games`` sampled games (a final score,
    a margin over the others); ``scores`` are their results in sampling order (game r met
    the same chance for every candidate, so two candidates can be compared game by game)."""

    action: Any
    expected: float
    games: int
    scores: tuple[float, ...] = dataclasses.field(default=(), repr=False)


@dataclasses.dataclass(frozen=True)
class Comparison:
    """How much better one candidate's sampled games ended than another's, compared game
    by game over the games both played (the same chance for both): the mean difference, its
    standard error (how much it would vary by chance; 0 when the games are exact: one
    playout with nothing left to chance, or the same difference in every game) and whether
    both ended every game with the same result."""

    difference: float
    error: float
    games: int
    same_every_game: bool

    @property
    def clear(self) -> bool:
        """The difference is more than chance gives: over twice its standard error."""
        return self.difference > 2 * self.error


def compare(better: Estimate, other: Estimate) -> Comparison:
    """``better`` against ``other``, game by game (``Comparison``)."""
    import math
    import statistics

    differences = [a - b for a, b in zip(better.scores, other.scores)]
    if not differences:
        raise ValueError("the estimates carry no game scores to compare")
    error = statistics.stdev(differences) / math.sqrt(len(differences)) if len(differences) > 1 else 0.0
    return Comparison(statistics.fmean(differences), error, len(differences), not any(differences))


# --- what a player may see ------------------------------------------------------------------

class HiddenInformation(InputError):
    """A bot (or a student's bot) read what its player may not see: refused by name."""


#: what a bot may not do with the game it is shown: play on it, copy it (a copy would show
#: the deck), take back, save or read the whole position (its own player's observation it
#: may: ``OwnObservation``)
_NOT_FOR_BOTS = frozenset({"apply", "undo", "rewind", "copy", "set_up", "to_dict", "to_json", "position",
                           "observation"})
_read = object.__getattribute__


def _refuse_inside(name: str, player: int, where: str) -> None:
    """A name of an object's inside (``_game``, ``__self__``, ``__getstate__``: a leading
    underscore) is not read for a bot: through it, a bot could reach the whole game.
    ``__class__`` only says what the object is, and Python itself asks for it."""
    if name[0] == "_" and name != "__class__":
        raise HiddenInformation("error.bot_may_not_read", player=player, what=f"{where}.{name}")


class PlayerView:
    """A game as one player sees it: what a bot is called with. Everything public and the
    player's own cards and tickets read through; what the player may not see (the engine's
    ``secrets``: the order of a deck, other players' hands and tickets, the seed that deals
    what is to come) is refused with ``HiddenInformation``, and so is playing, copying or
    taking back on the game itself. The rules' own questions (``legal_actions`` …) answer
    as for the game.

    Every attribute read goes through that check (``__getattribute__``), the view's own
    and the game's private ones too (a leading underscore: refused), and a method of the
    game is handed out without the game it is bound to (``GameMethod``). (Python keeps no
    secret from code that sets out to break in, e.g. through ``object.__getattribute__``;
    the view keeps every attribute path closed.)"""

    __slots__ = ("_game", "_player", "_secrets", "_where", "_read_plainly")

    def __init__(self, game: Any, player: int, secrets: Mapping[str, Any] | None = None, where: str = "game"):
        secrets = game.secrets if secrets is None else secrets
        object.__setattr__(self, "_game", game)
        object.__setattr__(self, "_player", player)
        object.__setattr__(self, "_secrets", secrets)
        object.__setattr__(self, "_where", where)
        # (the game, the names with a rule, what was read once: the game's fixed parts and the
        # wrappers of its methods): one read of the view's own for most reads, as a bot reads
        # the game some fifty times a decision (bench_sim's one-core row)
        ruled = frozenset(secrets) | (_NOT_FOR_BOTS if where == "game" else frozenset())
        fixed = [field.name for field in game.position_fields if field.fixed] if where == "game" else []
        known = {name: getattr(game, name) for name in fixed if name not in ruled}
        # a player's own entries (their hand …): name → (the game's list, its OwnEntry), kept
        # while the game keeps the same list
        owned = {name: (entries, OwnEntry(entries, player, f"{where}.{name}"))
                 for name, secret in secrets.items() if secret == "own" and (entries := getattr(game, name, None))}
        object.__setattr__(self, "_read_plainly", (game, ruled, known, owned))

    def __getattribute__(self, name: str) -> Any:
        game, ruled, known, owned = _read(self, "_read_plainly")
        if name in known:
            return known[name]
        if name in owned:
            entries, own_entry = owned[name]
            if getattr(game, name) is entries:
                return own_entry
        if name in ruled or name[0] == "_":
            return _guarded_read(self, name, _read(self, "_secrets").get(name))
        value = getattr(game, name)
        if type(value) is MethodType and value.__self__ is game:  # the method, not the game it is bound to
            where = _read(self, "_where")
            if where != "game":  # a part's tools (draw, copy, to_dict of the card supply) are the engine's
                raise HiddenInformation("error.bot_may_not", player=_read(self, "_player"), what=f"{where}.{name}")
            value = known[name] = GameMethod(value, _read(self, "_player"), f"{where}.{name}")
        return value

    def __setattr__(self, name: str, value: Any) -> None:
        player, where = _read(self, "_player"), _read(self, "_where")
        raise HiddenInformation("error.bot_may_not", player=player, what=f"{where}.{name} = …")

    def __repr__(self) -> str:
        return f"<{_read(self, '_game')!r} as player {_read(self, '_player')} sees it>"

    def __dir__(self) -> list[str]:
        """The game's public names, for a bot's writer looking round (``dir(game)``)."""
        return [name for name in dir(_read(self, "_game")) if name[0] != "_"]


def _guarded_read(view: PlayerView, name: str, secret: Any) -> Any:
    """A read through ``view`` of a name with a rule: its inside (refused), a use of the
    game (refused), a secret (refused), the player's own entries or a part with secrets."""
    player, where = _read(view, "_player"), _read(view, "_where")
    _refuse_inside(name, player, where)
    if name == "__class__":
        return PlayerView
    if name == "observation" and where == "game":
        return OwnObservation(getattr(_read(view, "_game"), name), player, "game.observation")
    if name in _NOT_FOR_BOTS and where == "game":
        raise HiddenInformation("error.bot_may_not", player=player, what=f"game.{name}")
    if secret == "hidden":
        raise HiddenInformation("error.bot_may_not_see", player=player, what=f"{where}.{name}")
    value = getattr(_read(view, "_game"), name)
    if secret == "own":  # (a list the game put in place of the one the view kept)
        own_entry = OwnEntry(value, player, f"{where}.{name}")
        _read(view, "_read_plainly")[3][name] = (value, own_entry)
        return own_entry
    return PlayerView(value, player, secret, f"{where}.{name}")  # a part with secrets of its own (the card supply)


class GameMethod:
    """A method of the game (``legal_actions``, ``random_action`` …) as a bot is given it:
    it answers as the game's own, but does not hand out the game it is bound to
    (``__self__``): its inside is refused like the view's."""

    __slots__ = ("_method", "_player", "_where")

    def __init__(self, method: MethodType, player: int, where: str):
        self._method, self._player, self._where = method, player, where

    def __call__(self, *args: Any, **keywords: Any) -> Any:
        return _read(self, "_method")(*args, **keywords)

    def __getattribute__(self, name: str) -> Any:
        _refuse_inside(name, _read(self, "_player"), _read(self, "_where"))
        return _read(self, name)

    def __repr__(self) -> str:
        return f"<{_read(self, '_where')}, as player {_read(self, '_player')} may ask it>"


class OwnObservation(GameMethod):
    """``game.observation`` as a bot is given it: the observation of its own player (the
    player's own cards and everything public: ``GameState.observation``); another
    player's is refused."""

    __slots__ = ()

    def __call__(self, player: int | None = None) -> dict:
        own = _read(self, "_player")
        if player is not None and player != own:
            raise HiddenInformation("error.bot_may_not_see", player=own, what=f"game.observation({player!r})")
        return _read(self, "_method")(own)


class OwnEntry:
    """A per-player list a player may read only their own entry of (their hand, tickets)."""

    __slots__ = ("_entries", "_player", "_where")

    def __init__(self, entries: Sequence, player: int, where: str):
        self._entries, self._player, self._where = entries, player, where

    def __getattribute__(self, name: str) -> Any:
        _refuse_inside(name, _read(self, "_player"), _read(self, "_where"))
        return _read(self, name)

    def __getitem__(self, player: int) -> Any:
        if player != _read(self, "_player"):
            own, where = _read(self, "_player"), _read(self, "_where")
            raise HiddenInformation("error.bot_may_not_see", player=own, what=f"{where}[{player!r}]")
        return _read(self, "_entries")[player]

    def __len__(self) -> int:
        return len(_read(self, "_entries"))

    def __iter__(self):
        raise HiddenInformation("error.bot_may_not_see", player=_read(self, "_player"),
                                what=f"every entry of {_read(self, '_where')}")


class DecisionMemory:
    """A bot's memory of the decision it is making: the game does not change while the bot
    decides, and its parts ask for the same plans and paths two or three times, so each is
    worked out ``once`` a decision; ``deciding()`` holds the memory for one decision."""

    _this_decision: dict | None = None

    @contextlib.contextmanager
    def deciding(self) -> Iterator[None]:
        self._this_decision = {}
        try:
            yield
        finally:
            self._this_decision = None

    def once(self, key: Any, work: Callable[[], Any]) -> Any:
        """``work()``, worked out once a decision (outside one, every time)."""
        known = self._this_decision
        if known is None:
            return work()
        if key not in known:
            known[key] = work()
        return known[key]


def ask_bot(bot: Bot, state: "GameState", rng: random.Random) -> Action:
    """The action ``bot`` chooses for the player to move, shown only what that player may see."""
    return bot(PlayerView(state, state._current), rng)


def random_bot(state: GameState, rng: random.Random) -> Action:
    """The random player of every game: any legal action, uniformly."""
    return state.random_action(rng)


def play_with_bots(state: GameState, bots: Sequence[Bot], seed: int | str,
                   stream: str = "bots", max_actions: int = 1_000_000) -> GameState:
    """Play ``state`` to the end, player i choosing with ``bots[i](view, rng)``, ``view``
    the game as player i sees it (``PlayerView``); ``rng``
    is one generator seeded by ``seed`` and ``stream``, so a seed gives the same game."""
    if len(bots) != state.players:
        raise bots_per_player(state.players, len(bots))
    views = [PlayerView(state, player) for player in range(state.players)]  # each bot sees what its player may
    return _play_out(state, lambda player, rng: bots[player](views[player], rng), seeded_random(seed, stream),
                     max_actions)


def _play_out(state: GameState, choose: Callable[[int, random.Random], Action], rng: random.Random,
              max_actions: int) -> GameState:
    """Apply ``choose(player to move, rng)`` until the game ends (events not made)."""
    for _ in range(max_actions):
        if state._over:
            return state
        state.apply(choose(state._current, rng), events=False)
    raise RuntimeError(f"game did not end within {max_actions} actions")


def bots_per_player(players: int, given: int) -> InputError:
    """"3 players need 3 bots, not 2"."""
    return InputError("error.bots_per_player", count=players, players=texts.quantity("player", players),
                      bots=texts.quantity("bot", players), given=given)


def play_randomly(state: GameState, seed: int | str, max_actions: int = 1_000_000) -> GameState:
    """Play ``state`` to the end with uniformly random legal actions (seeded): the game's own
    random choice, as ``random_bot`` makes it, without a player's view (no bot is asked, so
    nothing is hidden from anyone; a view per decision cost random USA games 7 %: bench_ttr)."""
    return _play_out(state, lambda player, rng: state.random_action(rng), seeded_random(seed, "random-player"),
                     max_actions)


# --- keywords ------------------------------------------------------------------------------

def refuse_unknown_keywords(function: str, given: Iterable[str], known: Sequence[str]) -> None:
    """Refuse keywords ``function`` does not take, by name and in the reader's language
    (``player=`` for ``players=``), before Python refuses them in English."""
    unknown = [name for name in given if name not in known]
    if unknown:
        raise InputError("error.unknown_options", function=function, options=", ".join(map(repr, unknown)),
                         known=", ".join(map(repr, known)))


def keywords_checked(method: Callable) -> Callable:
    """A method whose keyword-only parameters are checked by name first (``set_up``:
    a misspelt ``hand=`` is refused in words, the game unchanged)."""
    import functools
    import inspect

    known = [name for name, parameter in inspect.signature(method).parameters.items()
             if parameter.kind is parameter.KEYWORD_ONLY]

    @functools.wraps(method)
    def checked(self, *args: Any, **keywords: Any) -> Any:
        refuse_unknown_keywords(method.__name__, keywords, known)
        return method(self, *args, **keywords)

    return checked


# --- seats ------------------------------------------------------------------------------------

def seat_bots(bots: Any, players: int, make: Callable[[Any], Any], default: Sequence = (),
              human: int | None = None) -> dict[int, Any]:
    """Each bot's seat → ``make(the bot given for it)``: the one reading of "one bot for
    every seat, or one per seat" (``play_game``, simulations and the game views call it).

    ``bots`` is one bot (a name, a bot or a class of bots) for every seat but ``human``'s,
    each seat made its own; or a list or tuple of one per seat (``human``'s entry unread);
    or None for ``default``'s bots in turn. ``make`` turns what is given into a seat's bot
    (``Engine.make_bot``, or a simulation's names) and refuses what is no bot. Anything else
    (``error.sim_bots``) or a list of the wrong length (``bots_per_player``) is refused."""
    seats = [seat for seat in range(players) if seat != human]
    if bots is None and default:
        return {seat: make(default[turn % len(default)]) for turn, seat in enumerate(seats)}
    if isinstance(bots, str) or callable(bots):
        if not seats:  # a game that leaves it no seat (a one-player game in a view): still checked
            make(bots)
        return {seat: make(bots) for seat in seats}
    if not isinstance(bots, SequenceABC):
        raise InputError("error.sim_bots", bots=repr(bots))
    if len(bots) != players:
        raise bots_per_player(players, len(bots))
    return {seat: make(bots[seat]) for seat in seats}


def scoring_read(bot: Any) -> frozenset[str]:
    """The fields of an engine's ``scored_only`` rules that a bot's choices read: its
    ``reads_scoring`` (none when it has none). Games are scored anew under changed points
    (``sim.rescore``) only when no bot read what changed: a bot that weighs route points
    would have played them differently."""
    return frozenset(getattr(bot, "reads_scoring", ()))


def bot_name(bot: Any) -> str:
    """What a table or a view calls a bot: its name, a function's or class's ``__name__``,
    an object's class name."""
    return bot if isinstance(bot, str) else getattr(bot, "__name__", None) or type(bot).__name__


# --- one protocol, three engines --------------------------------------------------------

@dataclasses.dataclass(frozen=True)
class Engine:
    """One engine (Ticket to Ride, the Card Game, Railroad Ink), described once: what every
    part of the kit that works for all engines reads (simulations, the rule explorer, the
    conformance tests, the docs iterate ``zuzlab.engines.ENGINES``).

    An engine package makes one and exports its methods: ``new_game``, ``play_game``,
    ``play_random_game``, ``replay``, ``load_game``, ``make_bot``. Its *rules* are a frozen
    dataclass (``rules_type``); a *variant* is a named rules value (``variants``).
    """

    key: str  # "ttr", "cardgame", "ink": its texts (``error.game/<key>``) and its saves
    name: str
    game: type[GameState]
    rules_type: type[CheckedFields]
    variants: Mapping[str, Any]  # name → rules
    default_variant: str
    default_players: int
    bots: dict[str, Callable[[], Bot]]  # name → a maker of a fresh player
    #: the bots a simulation seats by default, in turn (the engine's strategies)
    strategies: tuple[str, ...]
    #: (game, final scores, seat) → the parts of that seat's score, a simulation's columns
    score_parts: Callable[[Any, Any, int], dict]
    #: the rules fields the engine reads only to score: a change to these alone plays the very
    #: same games, so ``sim.rescore`` may replay them, unless a bot of the games reads them
    #: while it chooses (``scoring_read``)
    scored_only: frozenset[str] = frozenset({"name"})
    #: the bots that search (seconds a game or more): the rule explorer, which plays hundreds
    #: of games while a reader waits, does not offer them (``sim.simulate`` still plays them)
    searching_bots: frozenset[str] = frozenset()
    #: whether a game's turns are its rounds (Railroad Ink: everyone draws each round): a
    #: simulation's ``turns`` are then ``game.round``, else ``game.turn``
    turns_are_rounds: bool = False

    @property
    def reader_name(self) -> Phrase:
        """The engine's name for a reader ("Ticket to Ride" / "Zug um Zug")."""
        return Phrase(f"error.game/{self.key}", {})

    def new_game(self, variant: Any = None, *, players: int | None = None, seed: int | str = 0,
                 **options: Any) -> Any:
        """A new game of ``variant`` (a rules value or its name; the engine's usual one by
        default) for ``players`` players, dealt or rolled from ``seed``."""
        self._check_options(options)
        return self.game(self.default_variant if variant is None else variant,
                         self.default_players if players is None else players, seed, **options)

    def _check_options(self, options: dict) -> None:
        """Refuse a keyword the game does not take (``player=`` for ``players=``) by name."""
        import inspect

        taken = [name for name in inspect.signature(self.game).parameters if name not in ("rules", "players", "seed")]
        refuse_unknown_keywords("new_game", options, ["variant", "players", "seed", *taken])

    def make_bot(self, bot: str | Bot) -> Bot:
        """A fresh player: a bot name of this engine (see ``bots``), a class of bots (an
        instance is made), or a bot itself."""
        if isinstance(bot, type):
            return bot()
        if callable(bot):
            return bot
        try:
            return self.bots[bot]()
        except (KeyError, TypeError):
            raise InputError("error.no_bot", game=self.reader_name, bot=repr(bot),
                             known=", ".join(self.bots)) from None

    def play_game(self, variant: Any = None, *, players: int | None = None, seed: int | str = 0,
                  bots: str | Bot | Sequence[str | Bot] = "random", **options: Any) -> Any:
        """A finished game between ``bots``: one name (or bot) for every seat, or one per
        seat. The same seed and bots give the same game."""
        game = self.new_game(variant, players=players, seed=seed, **options)
        seated = seat_bots(bots, game.players, self.make_bot)
        return play_with_bots(game, list(seated.values()), seed, "bots")

    def play_random_game(self, variant: Any = None, *, players: int | None = None, seed: int | str = 0,
                         **options: Any) -> Any:
        """A finished game in which every decision was a uniformly random legal action."""
        return play_randomly(self.new_game(variant, players=players, seed=seed, **options), seed)

    def replay(self, variant: Any = None, *, players: int | None = None, seed: int | str = 0,
               actions: Iterable = (), **options: Any) -> Any:
        """The game rebuilt from its seed and its actions (objects or saved dicts)."""
        return apply_all(self.new_game(variant, players=players, seed=seed, **options), actions)

    def load_game(self, text: str) -> Any:
        """A game saved with ``game.to_json()``, checked by replaying its actions."""
        return self.game.from_json(text)

    def entry_points(self) -> tuple[Callable, ...]:
        """``new_game, play_game, play_random_game, replay, load_game, make_bot``, for an
        engine package to export."""
        return self.new_game, self.play_game, self.play_random_game, self.replay, self.load_game, self.make_bot
