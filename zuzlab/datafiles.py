"""The data files of ``maps/``: where they are, reading them, and checking their entries
so that a broken file gets an error naming the file, the entry and the problem, in the
reader's language (the ``[error]`` texts, rendered when the error is raised)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from . import texts


class MapError(ValueError):
    """A data file that does not follow its format (or a map lookup that finds nothing);
    the message says where and why. ``phrase`` is the message as a text, for saying it
    again in another language."""

    def __init__(self, message: str, phrase: texts.Phrase | None = None):
        super().__init__(message)
        self.phrase = phrase


def map_error(key: str, **params: Any) -> MapError:
    """A ``MapError`` with the text ``error.<key>``, in the reader's language."""
    phrase = texts.Phrase(f"error.{key}", params)
    return MapError(texts.render(phrase), phrase)


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
        raise map_error("not_json", file=str(path), line=error.lineno, column=error.colno, reason=error.msg) from None


#: where in a file: its top level
TOP_LEVEL = texts.Phrase("error.top_level", {})


class Checker:
    """Raises ``MapError`` with the file and entry in the message: ``that(condition,
    where, problem, **params)`` names the problem by its text (``error.<problem>``)."""

    def __init__(self, source: str):
        self.source = source

    def that(self, condition: bool, where: Any, problem: str, **params: Any) -> None:
        if not condition:
            raise map_error("located", file=self.source, where=where, problem=texts.Phrase(f"error.{problem}", params))

    def string(self, entry: dict, key: str, where: Any) -> str:
        value = entry.get(key)
        self.that(isinstance(value, str) and value.strip() != "", where, "not_string", field=repr(key))
        return value

    def number(self, entry: dict, key: str, where: Any) -> float:
        value = entry.get(key)
        self.that(isinstance(value, (int, float)) and not isinstance(value, bool), where, "not_number",
                  field=repr(key), found=repr(value))
        return value

    def integer(self, entry: dict, key: str, where: Any, minimum: int, default: int | None = None) -> int:
        value = entry.get(key, default)
        self.that(isinstance(value, int) and not isinstance(value, bool) and value >= minimum, where, "not_whole",
                  field=repr(key), minimum=minimum, found=repr(value))
        return value
