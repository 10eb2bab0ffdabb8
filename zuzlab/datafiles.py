"""The data files of ``maps/``: where they are, reading them, and checking their entries
so that a broken file gets an error naming the file, the entry and the problem, in the
reader's language (the ``[error]`` texts)."""

from __future__ import annotations

import contextlib
import json
from pathlib import Path
from typing import Any, NoReturn

from . import texts


class MapError(texts.InputError):
    """A data file that does not follow its format (or a map lookup that finds nothing);
    the message says where and why, in the reader's language (an ``InputError``)."""

    @property
    def phrase(self) -> texts.Phrase:
        """The message as a text, for saying it inside another."""
        return texts.Phrase(self.key, self.params)


def map_error(key: str, **params: Any) -> MapError:
    """A ``MapError`` with the text ``error.<key>``."""
    return MapError(f"error.{key}", **params)


#: Python's JSON parser names its problem in English: the start of each message → the
#: text (``error.json/<problem>``) that says it in the reader's language.
JSON_PROBLEMS = {
    "Expecting value": "value",
    "Expecting ',' delimiter": "comma",
    "Expecting ':' delimiter": "colon",
    "Expecting property name enclosed in double quotes": "name",
    "Unterminated string starting at": "unterminated",
    "Invalid control character": "control",
    "Invalid \\uXXXX escape": "unicode_escape",
    "Invalid \\escape": "escape",
    "Extra data": "extra",
    "Illegal trailing comma": "trailing_comma",
}


def json_problem(error: json.JSONDecodeError) -> texts.Phrase:
    """What is wrong with text that is not JSON, where, in the reader's words: "not valid
    JSON (line 1, column 26: a value is missing here)"."""
    problem = next((key for start, key in JSON_PROBLEMS.items() if error.msg.startswith(start)), "other")
    return texts.Phrase("error.json", {"line": error.lineno, "column": error.colno,
                                       "reason": texts.Phrase(f"error.json/{problem}", {})})


def data_dir() -> Path:
    """The folder of the built-in data: ``maps/`` at the top of the project, which a
    regular (not editable) install copies into the package as ``zuzlab/maps``."""
    package = Path(__file__).resolve().parent
    installed = package / "maps"
    return installed if installed.is_dir() else package.parent / "maps"


def read_json(path: Path) -> Any:
    try:
        text = path.read_text(encoding="utf-8")
    except OSError as error:
        raise map_error("cannot_read", file=str(path), reason=error.strerror) from None
    try:
        return json.loads(text)
    except json.JSONDecodeError as error:
        raise map_error("not_json", file=str(path), problem=json_problem(error)) from None


#: where in a file: its top level
TOP_LEVEL = texts.Phrase("error.top_level", {})


class EntryBroken(Exception):
    """A ``Checker`` that collects has noted a problem: the rest of this entry is not
    checked (``Checker.entry``), the file's other entries are."""


class Checker:
    """Raises ``MapError`` with the file and entry in the message: ``that(condition,
    where, problem, **params)`` names the problem by its text (``error.<problem>``).
    With ``collect``, it notes each problem in ``problems`` instead and goes on with the
    next entry (``entry``), so that a file's problems are all told at once."""

    def __init__(self, source: str, collect: bool = False):
        self.source, self.collect = source, collect
        self.problems: list[MapError] = []

    def that(self, condition: bool, where: Any, problem: str, **params: Any) -> None:
        if not condition:
            self.fail(where, problem, **params)

    def fail(self, where: Any, problem: str, **params: Any) -> NoReturn:
        error = map_error("located", file=self.source, where=where, problem=texts.Phrase(f"error.{problem}", params))
        if self.collect:
            self.problems.append(error)
            raise EntryBroken
        raise error

    @contextlib.contextmanager
    def entry(self):
        """The checks of one entry: a problem noted ends them, not the file's."""
        try:
            yield
        except EntryBroken:
            pass

    def string(self, entry: dict, key: str, where: Any) -> str:
        value = entry.get(key)
        if not (isinstance(value, str) and value.strip() != ""):
            self.fail(where, "not_string", field=repr(key))
        return value

    def number(self, entry: dict, key: str, where: Any) -> float:
        value = entry.get(key)
        if not (isinstance(value, (int, float)) and not isinstance(value, bool)):
            self.fail(where, "not_number", field=repr(key), found=repr(value))
        return value

    def integer(self, entry: dict, key: str, where: Any, minimum: int, default: int | None = None) -> int:
        value = entry.get(key, default)
        if not (isinstance(value, int) and not isinstance(value, bool) and value >= minimum):
            self.fail(where, "not_whole", field=repr(key), minimum=minimum, found=repr(value))
        return value
