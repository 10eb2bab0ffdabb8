"""Code a reader sees, in the reader's language: the comments and docstrings of the
notebooks' code cells and of the teaching versions a lesson shows (``lessons.show_code``).

The code itself is written once, in English; what it says to a reader is translated like
any other text. The ``[code]`` section of ``de_code.toml`` maps each English comment or
docstring, by its words (line breaks and runs of spaces do not count), to the German
one, so an English comment that is changed is missing in German at once (the notebook
build and the tests say which), instead of a stale translation showing. Identifiers stay
as they are: a German student calls the same functions.
"""

from __future__ import annotations

import ast
import io
import tokenize
from dataclasses import dataclass

#: comments that are instructions to tools, not words to a reader
_TOOL_COMMENTS = ("noqa", "type:", "pragma", "fmt:")


@dataclass(frozen=True)
class Said:
    """One comment or docstring of a source: where it is and what it says."""

    start: tuple[int, int]  # (line from 1, column) as tokenize counts them
    end: tuple[int, int]
    kind: str  # "comment" or "docstring"
    words: str  # the English text, whitespace made single spaces: its key in ``[code]``
    prefix: str = ""  # a docstring's quotes and string prefix, e.g. '"""' or 'r"""'


def _key(text: str) -> str:
    return " ".join(text.split())


def _docstring_starts(source: str) -> set[int]:
    """The lines where a docstring (of the module, a class or a function) starts."""
    try:
        tree = ast.parse(source)
    except SyntaxError:
        return set()
    starts = set()
    for node in ast.walk(tree):
        if isinstance(node, (ast.Module, ast.ClassDef, ast.FunctionDef, ast.AsyncFunctionDef)) and node.body:
            first = node.body[0]
            if isinstance(first, ast.Expr) and isinstance(first.value, ast.Constant) \
                    and isinstance(first.value.value, str):
                starts.add(first.lineno)
    return starts


def said(source: str) -> list[Said]:
    """Every comment and docstring a reader reads in ``source``, in order."""
    docstrings = _docstring_starts(source)
    found = []
    for token in tokenize.generate_tokens(io.StringIO(source).readline):
        if token.type == tokenize.COMMENT:
            words = _key(token.string.lstrip("#"))
            if words and any(ch.isalpha() for ch in words) and not words.startswith(_TOOL_COMMENTS):
                found.append(Said(token.start, token.end, "comment", words))
        elif token.type == tokenize.STRING and token.start[0] in docstrings:
            value = ast.literal_eval(token.string)
            quote_at = len(token.string) - len(token.string.lstrip("rRbBuU"))
            prefix = token.string[:quote_at] + token.string[quote_at:quote_at + 3]
            found.append(Said(token.start, token.end, "docstring", _key(value), prefix))
    return found


def translation(words: str, lang: str) -> str | None:
    """The translation of one comment or docstring (its English words), or None."""
    from . import table

    return words if lang == "en" else table(lang).get("code", {}).get(words)


def untranslated(source: str, lang: str) -> list[str]:
    """The comments and docstrings of ``source`` that have no text in ``lang``."""
    return [piece.words for piece in said(source) if translation(piece.words, lang) is None]


def in_language(source: str, lang: str) -> str:
    """``source`` with its comments and docstrings in ``lang``; a comment or docstring
    without a translation is an error naming it (a reader would meet it in English)."""
    if lang == "en":
        return source
    missing = untranslated(source, lang)
    if missing:
        raise KeyError(f"no {lang} text in [code] for: " + "; ".join(repr(m) for m in missing))
    lines = source.splitlines(keepends=True)
    for piece in reversed(said(source)):  # from the end, so earlier positions stay right
        (first, start), (last, end) = piece.start, piece.end
        said_there = translation(piece.words, lang)
        assert said_there is not None, "every piece has its translation: untranslated() found none missing"
        if piece.kind == "comment":
            replacement = "# " + said_there
        else:
            indent = " " * start
            body = "\n".join((indent + line.rstrip()) if number and line.strip() else line.rstrip()
                             for number, line in enumerate(said_there.strip().splitlines()))
            quotes = piece.prefix.lstrip("rRbBuU")
            replacement = piece.prefix + body + quotes
        head, tail = lines[first - 1][:start], lines[last - 1][end:]
        lines[first - 1:last] = [head + replacement + tail]
    return "".join(lines)
