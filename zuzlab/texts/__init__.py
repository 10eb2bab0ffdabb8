"""Everything a player reads, in English and German, kept as data (``en.toml``,
``de.toml``) and keyed by what it is about: refusals by rule, events by kind, rule
explanations by topic, widget labels by name.

``text(key, **params)`` renders one entry in the current language (``set_language``);
parameters are rendered too: a colour, a card, a side of a tile become words of the
language, a route becomes "A–B (3 red)", lists are joined. A key missing in German falls
back to English; a key missing in English is an error (tests check both files agree).

Plurals are forms in the text files, chosen by the language's plural rules (Babel's CLDR
data): an entry may be a table ``{ one = "…", other = "…" }`` picked by its ``count``
parameter, and ``quantity("point", 5)`` is a parameter that reads "5 points" / "5 Punkte"
(the ``[plural]`` section). A table may add a ``zero`` form for a count of none.

Numbers a text shows as figures are written as the language writes them (Babel's CLDR
data): ``number(91.475, 1)`` reads "91.5" / "91,5", ``share(0.3)`` "30%" / "30 %".

Words inflect by forms in the text files too: a colour is a ``[colour]`` entry with the
German adjective's forms, and a text names the form its noun needs in the placeholder,
``"{count} {colour:plural} Karten"`` → "2 rote Karten", ``"dein {color:neuter} Set"`` →
"dein rotes Set" (English has the word alone, so every form is "red"). ``cards("red", 2)``
is "2 red cards" / "2 rote Karten" as a parameter, ``card("yellow")`` the one card a text
puts its own article before ("die offene gelbe Karte"); a locomotive or tunnel card is a
noun of its own ("5 Lokomotiven").
"""

from __future__ import annotations

import functools
import numbers
import os
import tomllib
import warnings
import weakref
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Callable

LANGUAGES = {"en": "English", "de": "Deutsch"}
#: the environment variable that fixes the language (for a class, or a test run)
LANGUAGE_VARIABLE = "ZUZLAB_LANG"
_listeners: list[Callable[[str], None]] = []


def fixed_language() -> str | None:
    """The language ``ZUZLAB_LANG`` fixes, or None; a value that is no language of the
    kit is reported, not silently ignored."""
    value = os.environ.get(LANGUAGE_VARIABLE)
    if not value:
        return None
    if value not in LANGUAGES:
        warnings.warn(f"{LANGUAGE_VARIABLE}={value!r} is not a language of zuzlab ({', '.join(LANGUAGES)}); "
                      f"it is not used", stacklevel=2)
        return None
    return value


#: The language of a fresh kernel: ``ZUZLAB_LANG``, else English. The choice a reader
#: remembered (in their Jupyter settings) is read only by a notebook's language switch
#: (``zuzlab.widgets.language_switch``), so the engines and the texts import without Jupyter.
_language = fixed_language() or "en"


def text_files(lang: str) -> list[Path]:
    """The files of one language: ``en.toml``, then each part of the kit that keeps its
    texts in a file of its own (``en_lesson05.toml`` …), so that a lesson's many texts
    stay together."""
    folder = Path(__file__).parent
    return [folder / f"{lang}.toml", *sorted(folder.glob(f"{lang}_*.toml"))]


@functools.lru_cache(maxsize=None)
def table(lang: str) -> dict[str, dict[str, str]]:
    """The texts of one language: section → key → text, from all its files; a key that
    two files both define is an error (one of them would silently lose)."""
    if lang not in LANGUAGES:
        raise InputError("error.no_language", language=repr(lang), languages=", ".join(LANGUAGES))
    merged: dict[str, dict[str, Any]] = {}
    origin: dict[str, str] = {}
    for path in text_files(lang):
        for section, entries in tomllib.loads(path.read_text(encoding="utf-8")).items():
            for key, entry in entries.items():
                where = f"{section}.{key}"
                if where in origin:
                    raise ValueError(f"text {where!r} is defined in both {origin[where]} and {path.name}")
                origin[where] = path.name
                merged.setdefault(section, {})[key] = entry
    return merged


def language() -> str:
    return _language


def set_language(lang: str) -> None:
    """Switch every text (and every live widget listening) to ``lang`` ("en" or "de")."""
    global _language
    table(lang)
    _language = lang
    for listener in list(_listeners):
        listener(lang)


def on_language_change(listener: Callable[[str], None]) -> None:
    _listeners.append(listener)


def follow_language(method: Callable[..., Any]) -> None:
    """Call an object's bound ``method`` again whenever the language changes (weakly
    held, so an object that is gone, a widget closed, is forgotten)."""
    reference = weakref.WeakMethod(method)

    def listener(lang: str) -> None:
        bound = reference()
        if bound is not None:
            bound()

    on_language_change(listener)


def raw(key: str, lang: str | None = None) -> str:
    """The unrendered text of ``section.key`` (German falls back to English)."""
    section, _, name = key.partition(".")
    for source in (lang or _language, "en"):
        entry = table(source).get(section, {}).get(name)
        if entry is not None:
            return entry
    raise KeyError(f"no text {key!r}")


def term(word: str, lang: str | None = None) -> str:
    """A word of the game (a colour, a card, a side …) in the language, or as it is."""
    lang = lang or _language
    for source in (lang, "en"):
        found = table(source).get("term", {}).get(word)
        if found is not None:
            return found
        colour = table(source).get("colour", {}).get(word)
        if colour is not None:
            return colour["name"]
    return word


class Word(str):
    """A word of the language that a text may inflect: the text names the form in its
    placeholder, ``{color:plural}`` ("2 {color:plural} Karten" → "2 rote Karten"). The
    forms are data (the ``[colour]`` section: a German adjective's endings); a word
    without that form (English adjectives do not inflect) stays as it is."""

    forms: dict[str, str]

    def __new__(cls, word: str, forms: dict[str, str] | None = None) -> "Word":
        made = super().__new__(cls, word)
        made.forms = dict(forms or {})
        return made

    def __format__(self, spec: str) -> str:
        return self.forms.get(spec, str(self)) if spec else str(self)


class Words(str):
    """Words of a list, joined ("rot, blau"); a form in the placeholder inflects each and
    lists them as the language does: "{colors:plural} Karten" → "rote und blaue Karten";
    a form no word has, ``{bots:list}``, only lists them ("a, b und c")."""

    items: tuple
    lang: str

    def __new__(cls, items: list, joined: str, lang: str = "en") -> "Words":
        made = super().__new__(cls, joined)
        made.items, made.lang = tuple(items), lang
        return made

    def __format__(self, spec: str) -> str:
        if not spec:
            return str(self)
        from babel.lists import format_list

        return format_list([format(item, spec) for item in self.items], locale=self.lang)


def word(value: str, lang: str | None = None) -> Word:
    """``value`` as a word of the language with its forms (a colour's adjective forms
    from the ``[colour]`` section), or the ``term`` as a word without forms."""
    lang = lang or _language
    for source in (lang, "en"):
        colour = table(source).get("colour", {}).get(value)
        if colour is not None:
            return Word(colour["name"], {form: text for form, text in colour.items() if form != "name"})
    return Word(term(value, lang))


def colour_adjective(colour: str, form: str, lang: str | None = None) -> str:
    """A colour as an adjective in the form a noun needs (``[colour]`` section):
    ``colour_adjective("red", "plural", "de")`` → "rote" ("2 rote Karten"); English: "red"."""
    return format(word(colour, lang), form)


def cards(colour: str, count: int) -> "Phrase":
    """``count`` train cards of ``colour`` in the reader's language, as a parameter:
    ``cards("red", 2)`` → "2 red cards" / "2 rote Karten", ``cards("red", 1)`` → "1 rote
    Karte"; a wild card is a noun of its own: ``cards("locomotive", 5)`` → "5 Lokomotiven"
    (the ``[cards]`` section)."""
    kind = colour if colour in ("locomotive", "tunnel") else "colour"
    return Phrase(f"cards.{kind}", {"count": count, "colour": colour})


def card(colour: str) -> "Phrase":
    """One train card of ``colour``, without a number and without an article, for a
    text to put its own before it: "the face-up {card}" → "the face-up red card" / "die
    offene rote Karte", "die offene Lokomotive" (the ``[card]`` section)."""
    kind = colour if colour in ("locomotive", "tunnel") else "colour"
    return Phrase(f"card.{kind}", {"colour": colour})


def map_title(board: Any) -> Any:
    """A Ticket to Ride map by its title, as a parameter: a built-in map's title in the
    reader's language (``[map] title/<name>``), another map's title from its file."""
    key = f"title/{board.name}"
    return Phrase(f"map.{key}", {}) if key in table("en").get("map", {}) else board.title


def listing(items: Any, lang: str | None = None) -> str:
    """Items as the language lists them: "player 0 and player 2" / "Spieler 0 und Spieler 2"."""
    from babel.lists import format_list

    return format_list([render(item, lang) for item in items], locale=lang or _language)


@dataclass(frozen=True)
class Phrase:
    """A piece of text to be rendered in the reader's language (``phrase.<key>``)."""

    key: str
    params: dict = field(default_factory=dict)


@dataclass(frozen=True)
class Joined:
    """Parameters said one after another, ``separator`` between them (problems: "…; …")."""

    items: tuple
    separator: str = "; "


def phrase(key: str, **params: Any) -> Phrase:
    return Phrase(f"phrase.{key}", params)


def quantity(noun: str, count: int) -> Phrase:
    """``count`` of ``noun`` in the reader's language and the right plural form, as a
    parameter: ``quantity("point", 1)`` → "1 point", ``quantity("point", 2)`` → "2 points"."""
    return Phrase(f"plural.{noun}", {"count": count})


@functools.lru_cache(maxsize=None)
def _plural_rule(lang: str) -> Callable[[int], str]:
    from babel import Locale

    return Locale.parse(lang).plural_form


def plural_form(count: Any, lang: str | None = None) -> str:
    """The CLDR plural category of ``count`` in the language ("one", "other" …)."""
    return _plural_rule(lang or _language)(abs(count)) if isinstance(count, numbers.Number) else "other"


@dataclass(frozen=True)
class Figure:
    """A number to be written as the reader's language writes it (decimal comma or
    point, a space before the per cent sign), as a parameter or on its own (``render``);
    a share is written in whole per cents."""

    value: float
    digits: int = 0
    percent: bool = False

    def written(self, lang: str) -> str:
        from babel.numbers import format_decimal, format_percent

        if self.percent:  # whole per cents, in the language's pattern ("30%", "30 %")
            return format_percent(self.value, locale=lang)
        return format_decimal(self.value, format="#,##0" + ("." + "0" * self.digits if self.digits else ""),
                              locale=lang)


def number(value: float, digits: int = 0) -> Figure:
    """``value`` with ``digits`` decimals: ``number(91.475, 1)`` → "91.5" / "91,5"."""
    return Figure(float(value), digits)


def share(value: float) -> Figure:
    """A share as a whole per cent: ``share(0.3)`` → "30%" / "30 %"."""
    return Figure(float(value), percent=True)


def bot_name(name: str, lang: str | None = None) -> str:
    """A bot's name for a reader ("ausgewogener Bot" for ``balanced``); a bot the texts
    do not know keeps the name it was given."""
    try:
        return text(f"label.bot_{name}", lang)
    except KeyError:
        return name


def tile(code: str) -> Phrase:
    """A Railroad Ink tile's name (``tile.<code>``), as a parameter."""
    return Phrase(f"tile.{code}", {})


def render(value: Any, lang: str | None = None) -> str:
    """A parameter in words of the language."""
    lang = lang or _language
    if isinstance(value, (Word, Words)):  # rendered already
        return value
    if isinstance(value, Phrase):
        return text(value.key, lang, **value.params)
    if isinstance(value, InputError):  # an error inside another's message
        return value.in_language(lang)
    if isinstance(value, Joined):
        return value.separator.join(render(item, lang) for item in value.items)
    if isinstance(value, Figure):
        return value.written(lang)
    if isinstance(value, (list, tuple, set, frozenset)):
        items = sorted(value) if isinstance(value, (set, frozenset)) else value
        words = [render(item, lang) for item in items]
        return Words(words, ", ".join(words), lang) if words else term("nothing", lang)
    if hasattr(value, "a") and hasattr(value, "b") and hasattr(value, "length"):  # a Ticket to Ride route
        kind = ("tunnel" if getattr(value, "tunnel", False) else "ferry" if getattr(value, "ferry_locomotives", 0)
                else "plain")
        return text(f"route.{kind}", lang, a=value.a, b=value.b, length=value.length, color=value.color)
    if hasattr(value, "origin") and hasattr(value, "colors") and hasattr(value, "points"):  # a Card Game ticket
        colours = [word(c, lang) for c in value.colors]
        return text("ticket.cardgame", lang, origin=value.origin, destination=value.destination,
                    points=value.points, colors=Words(colours, " ".join(colours), lang))
    if isinstance(value, str):
        return word(value, lang)
    return str(value)


def text(key: str, lang: str | None = None, /, **params: Any) -> str:
    """One text, its ``{placeholders}`` filled with rendered parameters (numbers stay
    numbers, so that a text may format them: ``{share:.0%}``); an entry with plural forms
    takes the form for its ``count`` (and a ``zero`` form, where it has one, for none:
    "you hold none", not "you hold 0")."""
    lang = lang or _language
    entry = raw(key, lang)
    if isinstance(entry, dict):
        count = params.get("count")
        form = "zero" if count == 0 and "zero" in entry else plural_form(count, lang)
        entry = entry.get(form, entry["other"])
    return entry.format(**{name: value if isinstance(value, numbers.Number) else render(value, lang)
                                    for name, value in params.items()})


class InputError(ValueError):
    """Input the kit cannot take, explained to the reader: an action the rules forbid, a
    position or a save that cannot be, an unknown name, a broken file.

    The message is the text ``key`` (``"error.players"``) filled with ``params``, rendered
    in the current language each time it is shown: ``str(error)`` (and the traceback, and
    a notebook's short error display) follows the language switch, ``in_language("de")``
    says it in a given language. A ``ValueError``, so ``except ValueError`` catches it.
    """

    def __init__(self, key: str, **params: Any):
        super().__init__(key)  # the args pickling makes it again from (its state comes back with it)
        self.key = key
        self.params = params

    def in_language(self, lang: str | None = None) -> str:
        return text(self.key, lang, **self.params)

    def __str__(self) -> str:
        return self.in_language()

    def __repr__(self) -> str:
        return f"{type(self).__name__}({self.in_language()!r})"


def refusal(violation: InputError, lang: str | None = None) -> str:
    """Why an action was refused (a ``RuleViolation``, or any ``InputError``), in the language."""
    return violation.in_language(lang)


def card_code(typed: Any, kinds: Any) -> Any:
    """The card of ``kinds`` (codes such as ``"red"``, ``"locomotive"``) a player means by
    ``typed``: the code itself, or the card's name or one of its forms in a language of
    the kit, in any case ("rot", "Rote", "Purpur" → its code, "Lokomotive" →
    "locomotive"). Anything else comes back as it was, for the rules to refuse by name."""
    if typed in kinds or not isinstance(typed, str):
        return typed
    wanted = typed.strip().casefold()
    for kind in kinds:
        if wanted in _names_of(kind):
            return kind
    return typed


@functools.lru_cache(maxsize=None)
def _names_of(code: str) -> frozenset[str]:
    """Every way the languages of the kit write a card or colour ``code``, folded to
    lower case: the code, the word and each of its forms."""
    names = {code.casefold()}
    for lang in LANGUAGES:
        found = word(code, lang)
        names |= {found.casefold(), *(form.casefold() for form in found.forms.values())}
    return frozenset(names)


def ruleset_title(rules: Any) -> Any:
    """A ruleset by its name for a reader, as a parameter: a built-in ruleset's title in
    the language (``[ruleset]``), another by the name it was given."""
    name = getattr(rules, "name", rules)
    return Phrase(f"ruleset.{name}", {}) if name in table("en").get("ruleset", {}) else name
