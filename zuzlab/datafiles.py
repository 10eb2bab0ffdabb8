"""The data files of ``maps/``: where they are, reading them, and checking their entries
so that a broken file gets an error naming the file, the entry and the problem."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any


class MapError(ValueError):
    """A data file that does not follow its format; the message says where and why."""


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
        raise MapError(f"{path}: cannot read the file ({error.strerror})") from None
    try:
        return json.loads(text)
    except json.JSONDecodeError as error:
        raise MapError(f"{path}: not valid JSON (line {error.lineno}, column {error.colno}: {error.msg})") from None


class Checker:
    """Raises ``MapError`` with the file and entry in the message."""

    def __init__(self, source: str):
        self.source = source

    def that(self, condition: bool, where: str, problem: str) -> None:
        if not condition:
            raise MapError(f"{self.source}: {where}: {problem}")

    def string(self, entry: dict, key: str, where: str) -> str:
        value = entry.get(key)
        self.that(isinstance(value, str) and value.strip() != "", where, f"{key!r} must be a non-empty string")
        return value

    def number(self, entry: dict, key: str, where: str) -> float:
        value = entry.get(key)
        self.that(isinstance(value, (int, float)) and not isinstance(value, bool), where,
                  f"{key!r} must be a number, found {value!r}")
        return value

    def integer(self, entry: dict, key: str, where: str, minimum: int, default: int | None = None) -> int:
        value = entry.get(key, default)
        self.that(isinstance(value, int) and not isinstance(value, bool) and value >= minimum, where,
                  f"{key!r} must be a whole number ≥ {minimum}, found {value!r}")
        return value
