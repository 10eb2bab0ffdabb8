"""What happened, told in the reader's language: one line per event worth telling, from
the ``[event]`` texts; and live widgets that follow the language switch."""

from __future__ import annotations

import html
import re
from typing import Any, Callable

import ipywidgets as widgets

from .. import texts
from ..core import Event
from ..texts import follow_language  # noqa: F401  (the widgets' views import it from here)
from .settings import remember_language, remembered_language

#: events not worth a line of their own (they always come with one that is)
QUIET = {"turn_ended", "face_up_refilled"}


#: For each event, the counted parameters and the noun each counts (``texts.quantity``)
COUNTED: dict[str, dict[str, str]] = {
    "route_claimed": {"points": "point", "trains_left": "train"},
    "tunnel_revealed": {"extra": "extra_card"},
    "tickets_offered": {"tickets_count": "ticket"},
    "tickets_kept": {"kept_count": "ticket", "returned_count": "ticket"},
    "last_round": {"trains": "train"},
}


def narrate(event: Event, game: Any, lang: str | None = None) -> str | None:
    """One line about ``event`` of ``game`` (any engine), or None for a quiet one
    (``QUIET``). An event without its text is an error, never silence: a test checks
    that every kind an engine emits has its text in both languages."""
    if event.kind in QUIET:
        return None
    params: dict[str, Any] = {"player": event.player, **event.data}
    if "route" in params and hasattr(game, "map"):
        params["route"] = game.map.route(params["route"])
    for name in ("tickets", "kept", "returned", "skipped", "squares"):
        if isinstance(params.get(name), list):
            params[f"{name}_count"] = len(params[name])
    if event.kind == "tunnel_revealed":  # "1 extra card is due" / "2 extra cards are due"
        params["count"] = params["extra"]
    for name, noun in COUNTED.get(event.kind, {}).items():  # "1 point", "2 trains": plural forms
        params[name] = texts.quantity(noun, params[name])
    if event.kind == "face_up_reset":
        params["wilds"] = texts.phrase(f"{game.rules.wild}_cards")
    for name in ("tile", "results", "expansion"):  # Railroad Ink tile codes: their names
        if name in params:
            value = params[name]
            params[name] = [texts.tile(c) for c in value] if isinstance(value, list) else texts.tile(value)
    if event.kind == "set_played":
        params.update(set_words(event.data["color"], event.data["cards"], event.data["locomotives"]))
    if event.kind == "train_wreck":  # who caused it (the event's player) and whom it hit, "A and B"
        params["victims"] = texts.listing(wreck_victims(event), lang)
    if event.kind == "round_scored":
        params["points"] = [texts.phrase("player_points", player=p, points=texts.quantity("point", v))
                            for p, v in enumerate(params["points"])]
    if event.kind == "card_taken":  # "the face-up red card", "die offene Lokomotive"
        params["card"] = texts.card(params["color"])
    key = event.kind
    if key == "tickets_kept":
        key = _tickets_kept_words(event, game, params)
    if key == "tunnel_revealed" and not event.data["extra"]:  # "so no extra card is due"
        key = "tunnel_revealed/none"
    if key == "rolled" and params.get("expansion"):  # Deep Blue: name its dice
        key, params["dice"] = "rolled_expansion", f"{game.rules.expansion} dice"
    for name, value in params.items():  # a list in a sentence, as the language lists it: "rot, weiß und gelb"
        if isinstance(value, list):
            params[name] = texts.listing(value, lang)
    return texts.text(f"event.{key}", lang, **params)


def _tickets_kept_words(event: Event, game: Any, params: dict[str, Any]) -> str:
    """The text that tells a choice of tickets, its parameters set: all kept, none kept,
    the others returned, or leaving the game (Switzerland's, Europe's long tickets: they
    are in the game's removed tickets)."""
    kept, returned = event.data["kept"], event.data["returned"]
    gone = [t for t in returned if t in getattr(game, "removed_tickets", ())]
    if not kept:
        params["kept_count"] = texts.phrase("no_ticket")
    if not returned:
        params["count"] = len(kept)
        return "tickets_kept/all"
    if not gone:
        return "tickets_kept"
    params.update(count=len(gone), gone_count=texts.quantity("ticket", len(gone)),
                  back_count=texts.quantity("ticket", len(returned) - len(gone)))
    return "tickets_kept/removed" if len(gone) == len(returned) else "tickets_kept/mixed"


def set_words(color: str, cards: int, locomotives: int) -> dict[str, Any]:
    """A Card Game set in words, as the parameters ``set`` ("3 red cards") and ``extra``
    (" and 1 locomotive", or nothing) of a text."""
    extra = texts.Phrase("phrase.with_locomotives", {"count": locomotives}) if locomotives else ""
    return {"set": texts.Phrase("phrase.set_cards", {"count": cards, "color": color}), "extra": extra}


def wreck_victims(event: Event) -> list:
    """The players a train wreck hit, each with the cards they lost ("player 0 (3 cards)")."""
    return [texts.phrase("wrecked_cards", player=player, cards=texts.quantity("card", cards))
            for player, cards in sorted(event.data["discarded"].items())]


def describe_step(step: Any, lang: str | None = None) -> str:
    """One line about a step of any lesson algorithm, from the ``[step]`` texts of the
    family its type declares (``texts_family``: "trail", "plan", "station", "fulfil" or
    "ink"); a step without its text is an error, never shown as its code word. A plain
    value of a stream (a number: it has no ``kind``) is shown as itself."""
    family = getattr(type(step), "texts_family", None)
    if family is None and not hasattr(step, "kind"):
        return html.escape(str(step))
    if family == "plan":  # lesson 06 words its steps itself: plural forms, what was found
        from .plan_views import plan_caption

        return plan_caption(step, lang)
    if family not in STEP_WORDS:
        raise TypeError(texts.text("error.step_family", lang, step=type(step).__qualname__, family=repr(family),
                                   families=", ".join(map(repr, ["plan", *STEP_WORDS]))))
    kind, params = STEP_WORDS[family](step)
    return texts.text(f"step.{family}.{kind}", lang, **params)


def _trail_words(step: Any) -> tuple[str, dict[str, Any]]:
    """A step of the longest-trail search (``TrailStep``): its city and lengths in trains."""
    return step.kind, {"where": step.city or "", "length": texts.quantity("train", step.length),
                       "best": texts.quantity("train", step.best_length)}


def _station_words(step: Any) -> tuple[str, dict[str, Any]]:
    """A step of the station choice (``StationStep``): the routes its stations borrow."""
    borrowed = [texts.phrase("station_borrows", city=city, route=route) for city, route in step.borrowed]
    return step.kind, {"borrowed": borrowed or texts.phrase("no_borrowing"),
                       "points": texts.quantity("point", step.points)}


def _fulfil_words(step: Any) -> tuple[str, dict[str, Any]]:
    """A step of the Card Game's ticket fulfilment search (``fulfilment.Step``)."""
    return step.kind, {"ticket": _ticket_words(step.ticket), "points": step.points,
                       "bound": texts.number(step.bound, 1), "best": step.best}


def _ink_words(step: Any) -> tuple[str, dict[str, Any]]:
    """A step of Railroad Ink scoring (``ink.steps.Step``); the water fill has texts of its own."""
    detail = step.detail
    if step.part == "water":  # what is drawn, which sides face water, what filled
        tile = texts.tile(detail["tile"]) if "tile" in detail else ""
        return f"water_{step.kind}", {"where": step.square or "", "tile": tile,
                                      "sides": detail.get("sides", []), "filled": detail.get("filled", [])}
    return step.kind, {"part": step.part, "where": step.square or "", "count": detail.get("length", 0)}


#: each family of steps (a step type's ``texts_family``) → its ``[step]`` text and parameters
#: ("plan" steps are worded by ``plan_views.plan_caption``)
STEP_WORDS: dict[str, Callable[[Any], tuple[str, dict[str, Any]]]] = {
    "trail": _trail_words, "station": _station_words, "fulfil": _fulfil_words, "ink": _ink_words}


def _ticket_words(ticket: Any) -> str:
    """A Card Game ticket by its cities (its colours are words of a language: a view shows them)."""
    if ticket is None:
        return ""
    return f"{ticket.origin}–{ticket.destination}" if hasattr(ticket, "origin") else str(ticket)


def markup(text: str) -> str:
    """The little markup of explanation texts as HTML: paragraphs, "- " lists, **bold**."""
    blocks = []
    for block in re.split(r"\n\s*\n", text.strip()):
        lines = [line.strip() for line in block.splitlines() if line.strip()]
        if all(line.startswith("- ") for line in lines):
            blocks.append("<ul>" + "".join(f"<li>{_inline(line[2:])}</li>" for line in lines) + "</ul>")
        else:
            blocks.append(f"<p>{_inline(' '.join(lines))}</p>")
    return "".join(blocks)


def _inline(text: str) -> str:
    return re.sub(r"\*\*(.+?)\*\*", r"<b>\1</b>", html.escape(text))


class Explanation:
    """An explanation from the texts (``explain.<key>``) that follows the language."""

    def __init__(self, key: str, **params: Any):
        self.key, self.params = key, params
        self.widget = widgets.HTML()
        self.refresh()
        follow_language(self.refresh)

    def refresh(self) -> None:
        explanation = markup(texts.text(f"explain.{self.key}", **self.params))
        self.widget.value = f"<div class='zuzlab-explain'>{explanation}</div>"

    def _ipython_display_(self):
        from IPython.display import display

        display(self.widget)


def explain(key: str, **params: Any) -> Explanation:
    """Show the explanation ``explain.<key>`` in the current language (it follows the switch)."""
    return Explanation(key, **params)


def language_switch(lang: str | None = None) -> widgets.ToggleButtons:
    """English / Deutsch: switches the language of what the kit shows (live widgets at
    once, other outputs when their cell runs again), and remembers the choice for
    the next notebooks. ``lang`` is the notebook's own language (its text is written in
    it); ``ZUZLAB_LANG`` overrides it, and without either the remembered choice holds."""
    start = texts.fixed_language() or lang or remembered_language() or texts.language()
    texts.set_language(start)
    switch = widgets.ToggleButtons(options=[(name, code) for code, name in texts.LANGUAGES.items()], value=start)
    switch.observe(lambda change: _choose_language(change["new"]), "value")
    return switch


def _choose_language(lang: str) -> None:
    """The reader's click on the switch: the language now, and for the next notebooks."""
    texts.set_language(lang)
    remember_language(lang)


def say(key: str, **params: Any) -> None:
    """Print a finding of a notebook cell in the reader's language (``[say]`` texts)."""
    print(texts.text(f"say.{key}", **params))


def label(key: str, **params: Any) -> str:
    return texts.text(f"label.{key}", **params)


def keep_prompt(keep_min: int) -> str:
    """The heading over the tickets offered: how many must be kept ("any of these, or
    none" when none must)."""
    return label("keep_any") if keep_min == 0 else label("keep_at_least", count=keep_min)

