"""Texts in every language of the kit (``texts.LANGUAGES``: English and German): the same
keys and placeholders, every refusal the engines can raise has its text, and the language
switch reaches the widgets."""

import re
import string
import tomllib
from pathlib import Path

import pytest
from babel import Locale

from zuzlab import texts, ttr
from zuzlab.core import RuleViolation


def placeholders(text) -> set[str]:
    """The placeholders of a text, or of every plural form of one."""
    if isinstance(text, dict):
        return set().union(*(placeholders(form) for form in text.values()))
    return {name for _, name, _, _ in string.Formatter().parse(text) if name}


def entries(path: Path) -> dict[str, object]:
    """The texts of one file, ``"section.key"`` → text, without ``[code]`` (the comments of
    code are written in English in the code itself); none for a file that is not there."""
    if not path.exists():
        return {}
    return {f"{section}.{key}": text for section, keys in tomllib.loads(path.read_text(encoding="utf-8")).items()
            if section != "code" for key, text in keys.items()}


def test_every_language_has_the_keys_and_placeholders_of_english_file_by_file():
    """Each language of the kit mirrors English file by file (``en_lesson05.toml`` →
    ``de_lesson05.toml``): every key there, none that English has not, the same
    placeholders. A failure names, per language and file, the keys to write."""
    folder = Path(texts.__file__).parent
    problems = {}
    for lang in texts.LANGUAGES:
        parts = {path.name.removeprefix(lang) for path in texts.text_files(lang)}
        for part in sorted(parts | {path.name.removeprefix("en") for path in texts.text_files("en")}):
            english, theirs = entries(folder / f"en{part}"), entries(folder / f"{lang}{part}")
            found = {"lacks": english.keys() - theirs.keys(),
                     "has keys English has not": theirs.keys() - english.keys(),
                     "has other placeholders in": {key for key in english.keys() & theirs.keys()
                                                   if placeholders(english[key]) != placeholders(theirs[key])}}
            problems |= {f"{lang}{part} {what}": sorted(keys) for what, keys in found.items() if keys}
    assert not problems, "\n".join(f"{where}: {', '.join(keys)}" for where, keys in problems.items())


def test_every_text_file_is_of_a_language_of_the_kit():
    """A language's files are read only once ``texts.LANGUAGES`` names it (``fr.toml``
    alone is never shown): a file of no language there is named."""
    folder = Path(texts.__file__).parent
    strays = [path.name for path in sorted(folder.glob("*.toml")) if path.stem.partition("_")[0] not in texts.LANGUAGES]
    assert not strays
    assert all((folder / f"{lang}.toml").exists() for lang in texts.LANGUAGES)


def test_every_refusal_the_engines_raise_has_a_text():
    import pathlib

    source = "".join(p.read_text() for p in pathlib.Path("zuzlab").rglob("*.py"))
    cases = set(re.findall(r'RuleViolation\("([a-z_]+)"(?:\)|,\s*[a-z_]+=)', source))  # a rule is its case
    cases |= set(re.findall(r'RuleViolation\("[a-z_]+", "([a-z_/]+)"', source))  # a named case
    ink_source = "".join(p.read_text() for p in pathlib.Path("zuzlab/ink").rglob("*.py"))
    cases |= {f"placement/{c}" for c in re.findall(r'return "([a-z_]+)", ', ink_source)}  # Railroad Ink drawing
    cases |= {"pending_tickets", "pending_second_card", "pending_tunnel", "placement/occupied",
              "double_route/own", "double_route/closed", "deck_empty/both", "deck_empty/once"}
    missing = [c for c in cases if c not in texts.table("en")["refusal"]]
    assert not missing


def test_a_refusal_in_german():
    game = ttr.new_game("usa", players=2, seed=1)
    with pytest.raises(RuleViolation) as error:
        game.apply(ttr.KeepTickets(()))
    assert str(error.value) == "Keep at least 2 of the 3 offered tickets."
    assert texts.refusal(error.value, "de") == "Behalte mindestens 2 der 3 angebotenen Zielkarten."


def test_words_of_the_game_are_translated_in_parameters():
    route = ttr.load_map("europe").route(16)
    assert texts.render(route, "de") == "München–Venezia (2 blau, Tunnel)"
    assert texts.render(route, "en") == "München–Venezia (2 blue tunnel)"
    assert texts.text("refusal.not_face_up", "de", card=texts.card("red"), shown=["blue", "locomotive"]) == \
        "Es liegt keine offene rote Karte aus (offen: blau, Lokomotive)."
    assert texts.text("refusal.not_face_up", "de", card=texts.card("locomotive"), shown=["blue"]) == \
        "Es liegt keine offene Lokomotive aus (offen: blau)."
    assert texts.render(texts.tile("A3"), "de") == "Autobahn-T-Kreuzung (A3)"
    assert texts.render("A3", "de") == "A3"  # a square name stays as it is


def test_numbers_stay_numbers_for_the_text_to_format():
    import numpy as np

    shares = {key: texts.share(np.float64(value)) for key, value in
              {"printed": 0.31, "bonus_0": 0.34, "bonus_20": 0.3, "flat": 0.17, "linear": 0.0912}.items()}
    candidates = texts.text("explain.explore.candidates", "en", per_train=texts.number(2.5, 1), one_train=1, **shares)
    assert "34% without it, 30% with 20 points (printed rules: 31%)" in candidates
    assert "with the linear table 9%." in candidates and "pays 2.5 points a train" in candidates
    german = texts.text("explain.explore.candidates", "de", per_train=texts.number(2.5, 1), one_train=1, **shares)
    assert "2,5 Punkte je Wagen" in german and "mit der linearen 9\xa0%." in german
    german = texts.text("explain.explore.finding", "de", won=31, games=100, long_points=82.64, other_points=53.8,
                        long_tickets=2, ticket_tickets=29)
    assert "**31 von 100**" in german and "(83 je Partie gegen 54" in german and "Zielkarten-Bot 29." in german


def test_switching_the_language_reaches_listening_widgets():
    from zuzlab.widgets import explain, language_switch

    switch = language_switch()
    shown = explain("start.what")
    english = shown.widget.value
    try:
        switch.value = "de"
        assert texts.language() == "de" and shown.widget.value != english
    finally:
        switch.value = "en"
    assert shown.widget.value == english


def test_unknown_language_is_refused():
    with pytest.raises(ValueError, match="no texts for language 'xx'"):
        texts.set_language("xx")


def test_counted_nouns_take_the_plural_form_of_the_language():
    assert texts.text("plural.point", "en", count=1) == "1 point"
    assert texts.text("plural.point", "en", count=0) == "0 points"
    assert texts.render(texts.quantity("locomotive", 2), "de") == "2 Lokomotiven"
    assert texts.render(texts.quantity("locomotive", 1), "de") == "1 Lokomotive"
    for lang in texts.LANGUAGES:  # the forms the language's plural rules (Babel's CLDR data) pick from
        categories = {"other", *Locale.parse(lang).plural_form.tags}
        for noun, forms in texts.table(lang).get("plural", {}).items():
            assert set(forms) == categories, f"plural.{noun} in {lang}: forms {sorted(forms)}, not {sorted(categories)}"
            assert all("{count}" in form for form in forms.values()), f"plural.{noun} in {lang}"


def test_figures_are_written_as_the_language_writes_numbers():
    assert texts.render(texts.number(91.475, 1), "en") == "91.5"
    assert texts.render(texts.number(91.475, 1), "de") == "91,5"
    assert texts.render(texts.share(0.3), "en") == "30%"
    assert texts.render(texts.share(0.3), "de") == "30\xa0%"  # a (non-breaking) space before the sign
    assert texts.text("label.sim_mean", "de", variant="gedruckte Regeln", mean=texts.number(2.5, 1)) == \
        "gedruckte Regeln (Mittelwert 2,5)"


@pytest.mark.slow
def test_the_chosen_language_is_remembered_for_the_next_notebooks(tmp_path, monkeypatch):
    from zuzlab.widgets.narration import language_switch

    monkeypatch.setenv("JUPYTER_DATA_DIR", str(tmp_path))
    switch = language_switch()
    assert switch.value == "en" and texts.language() == "en"
    try:
        switch.value = "de"  # a click on "Deutsch"
        assert texts.language() == "de" and (tmp_path / "zuzlab" / "settings.json").exists()
        texts.set_language("en")  # as in a new kernel, which starts in English (the import reads no settings)
        assert language_switch().value == "de" and texts.language() == "de"  # a notebook naming no language
        assert language_switch("en").value == "en"  # one written in English starts in English
        monkeypatch.setenv("ZUZLAB_LANG", "en")
        texts.set_language("de")
        assert language_switch().value == "en" and texts.language() == "en"  # ZUZLAB_LANG overrides the choice
    finally:
        texts.set_language("en")


def test_the_engines_and_the_texts_import_without_jupyter(tmp_path):
    """The reader's settings live in their Jupyter data directory; reading them is the
    notebooks' business, so a script, a worker or a server imports the engines without
    ``jupyter_core`` and starts in English (or in ``ZUZLAB_LANG``)."""
    import os
    import subprocess
    import sys

    (tmp_path / "zuzlab").mkdir()
    (tmp_path / "zuzlab" / "settings.json").write_text('{"language": "de"}', encoding="utf-8")
    no_jupyter = ("import sys; sys.modules['jupyter_core'] = None\n"  # any import of it fails
                  "import zuzlab.texts, zuzlab.ttr, zuzlab.cardgame, zuzlab.ink, zuzlab.algorithms\n"
                  "print(zuzlab.texts.language())")
    started = subprocess.run([sys.executable, "-c", no_jupyter], capture_output=True, text=True, check=True,
                             env={**os.environ, "JUPYTER_DATA_DIR": str(tmp_path)})
    assert started.stdout.strip() == "en"  # the German remembered for the notebooks is not read


@pytest.mark.slow  # some 2 s: the quick loop stays under 3 minutes
def test_zuzlab_lang_overrides_a_notebooks_own_language_and_a_wrong_value_is_reported(monkeypatch):
    from zuzlab.widgets.narration import language_switch

    try:
        monkeypatch.setenv("ZUZLAB_LANG", "de")
        assert language_switch("en").value == "de" and texts.language() == "de"
        monkeypatch.setenv("ZUZLAB_LANG", "xx")
        with pytest.warns(UserWarning, match="ZUZLAB_LANG='xx' is not a language of zuzlab"):
            assert language_switch("en").value == "en"
        monkeypatch.delenv("ZUZLAB_LANG")
        assert language_switch("de").value == "de"  # the notebook's own language
    finally:
        texts.set_language("en")


# --- the code a reader sees: comments and docstrings in the reader's language -------------

def _shown_code():
    """Every piece of code a notebook shows: its code cells, the teaching versions the
    teacher's notebooks list with ``lessons.show_code`` (found in the sources, keyed by the
    name they are called by there), and those the students' solution folds list
    (``folds.shown``, keyed ``solutions.NAME``)."""
    import importlib
    import inspect
    import pathlib

    from zuzlab import notebooks
    from zuzlab.lessons import TASKS, solutions
    from zuzlab.lessons.folds import shown as fold_shows

    shown = {}
    for source in sorted(pathlib.Path("notebooks/source").glob("*.py")):
        text = source.read_text(encoding="utf-8")
        for number, (kind, _, body) in enumerate(notebooks.parse(text)):
            if kind == "code":
                shown[f"{source.stem} cell {number}"] = body
        aliases = dict(re.findall(r"from zuzlab\.lessons import (\w+) as (\w+)", text))
        aliases = {alias: name for name, alias in aliases.items()}
        for module, function in re.findall(r"lessons\.show_code\((\w+)\.(\w+)", text):
            found = getattr(importlib.import_module(f"zuzlab.lessons.{aliases.get(module, module)}"), function)
            shown[f"{module}.{function}"] = inspect.getsource(found)
    for name in {name for task in TASKS for name in fold_shows(task)}:
        shown[f"solutions.{name}"] = inspect.getsource(getattr(solutions, name))
    return shown


TRANSLATED = [lang for lang in texts.LANGUAGES if lang != "en"]  # code is written in English


@pytest.mark.parametrize("lang", TRANSLATED)
def test_every_comment_and_docstring_a_reader_sees_has_its_text_in_each_language(lang):
    from zuzlab.texts import code

    shown = _shown_code()
    assert len(shown) > 100  # the notebooks' cells and the listings were found
    missing = {where: code.untranslated(source, lang) for where, source in shown.items()}
    assert not {where: words for where, words in missing.items() if words}


@pytest.mark.parametrize("lang", TRANSLATED)
def test_no_code_text_is_left_over_from_code_that_changed(lang):
    from zuzlab.texts import code

    used = {piece.words for source in _shown_code().values() for piece in code.said(source)}
    assert not set(texts.table(lang).get("code", {})) - used


def test_code_in_german_changes_what_it_says_and_nothing_it_does():
    import ast

    from zuzlab.texts import code

    source = 'def f(routes):\n    """Length in trains of the longest trail: each route used at most once, ' \
             'cities may repeat.\n\n    Why plain backtracking?"""\n    return 1  # noqa: E501\n'
    assert code.untranslated(source, "de")  # the docstring above is not the listed one: it has no text
    listed = _shown_code()["solutions.longest_route_reference"]  # in lesson 05's fold and the teacher's notebook
    german = code.in_language(listed, "de")
    assert "Backtracking: die Strecke für andere Wege freigeben" in german
    assert "Why plain backtracking" not in german and "# backtrack" not in german

    def strip(tree: ast.AST) -> list[str]:
        return [type(node).__name__ for node in ast.walk(tree) if not isinstance(node, ast.Constant)]

    assert strip(ast.parse(german)) == strip(ast.parse(listed))
    with pytest.raises(KeyError, match="no de text in \\[code\\] for: 'an untranslated comment'"):
        code.in_language("x = 1  # an untranslated comment\n", "de")
    assert code.in_language("x = 1  # noqa: F401\n", "de") == "x = 1  # noqa: F401\n"  # a tool's comment


def test_every_error_text_the_code_names_exists():
    """An ``InputError`` (or a part of one) names its text by key; a key without a text
    would fail only when that error is shown, so every key the code names is checked here."""
    import pathlib

    source = "".join(p.read_text() for p in pathlib.Path("zuzlab").rglob("*.py"))
    keys = set(re.findall(r'(?:InputError|Phrase)\(\s*"((?:error|label|refusal|term)\.[a-z_/]+)"', source))
    keys |= {f"error.{key}" for key in re.findall(r'_not_saved\("([a-z_]+)"', source)}
    keys |= {f"error.{key}" for key in re.findall(r'map_error\("([a-z_]+)"', source)}
    assert len(keys) > 100
    missing = sorted(key for key in keys if key.partition(".")[2] not in texts.table("en")[key.partition(".")[0]])
    assert not missing


def test_an_error_is_shown_in_the_language_current_when_it_is_shown():
    error = texts.InputError("error.players", game="usa", low=2, high=5, players="9")
    assert str(error) == "usa is played by 2–5 players, not 9" and error.in_language("de").startswith("usa wird von")
    assert repr(error) == "InputError('usa is played by 2–5 players, not 9')"
    assert isinstance(error, ValueError)


# --- events and steps: every one a reader can meet has its text -------------------------

def test_every_event_an_engine_emits_has_its_text_in_every_language():
    """The kinds are read from the code (every ``emit("kind", …)``); seeded games of every
    variant show the reading misses none, and each of their events is told in every
    language, the forms the narration picks for a case ("tickets_kept/all") too."""
    import pathlib
    import random

    from zuzlab import cardgame, ink
    from zuzlab.widgets.narration import QUIET, narrate

    source = "".join(p.read_text(encoding="utf-8") for p in pathlib.Path("zuzlab").rglob("*.py"))
    emitted = set(re.findall(r'emit\(\s*"([a-z_]+)"', source))
    for lang in texts.LANGUAGES:
        missing = sorted(emitted - QUIET - set(texts.table(lang).get("event", {})))
        assert not missing, f"{lang} has no text for the events {missing}"
    seen = set()
    for engine, variant, players in [(ttr, "usa", 4), (ttr, "europe", 5), (ttr, "switzerland", 3),
                                     (cardgame, "cardgame", 4), (ink, "river", 2), (ink, "lake", 1)]:
        game, rng = engine.new_game(variant, players=players, seed=3), random.Random(3)
        while not game.is_over:
            for event in game.apply(game.random_action(rng)):
                seen.add(event.kind)
                told = [narrate(event, game, lang) for lang in texts.LANGUAGES]
                assert all(said is None for said in told) == (event.kind in QUIET), event
    assert len(seen) > 20 and seen <= emitted, seen - emitted


def test_narration_never_hides_a_missing_text_or_parameter():
    from zuzlab.core import Event
    from zuzlab.widgets.narration import describe_step, narrate

    game = ttr.new_game("europe", players=2, seed=1)
    with pytest.raises(KeyError, match="no text 'event.an_unknown_kind'"):
        narrate(Event("an_unknown_kind", 0), game)
    with pytest.raises(KeyError, match="city"):  # the text needs the city the event lacks
        narrate(Event("station_built", 0, paid=["red"]), game)
    assert narrate(Event("station_built", 0, city="Wien", paid=["red"]), game, "de") == \
        "Spieler 0 baut einen Bahnhof in Wien."

    from zuzlab.algorithms.fulfilment import Step

    with pytest.raises(KeyError, match="no text 'step.fulfil.an_unknown_kind'"):
        describe_step(Step("an_unknown_kind"))


def test_a_step_is_worded_by_the_family_its_type_declares_never_by_a_guess():
    from zuzlab.algorithms import PlanStep, StationStep, TrailStep
    from zuzlab.algorithms.fulfilment import Step as FulfilStep
    from zuzlab.ink.steps import Step as InkStep
    from zuzlab.widgets.narration import STEP_WORDS, describe_step

    step_types = (TrailStep, PlanStep, StationStep, FulfilStep, InkStep)
    declared = {step_type: step_type.texts_family for step_type in step_types}
    assert set(declared.values()) == {"plan", *STEP_WORDS}, declared

    class UnknownStep:  # a step with a city, but no family: once guessed to be the fulfilment search's
        kind, city = "start", "Wien"

    for lang, words in (("en", "cannot word a .*UnknownStep step.*texts_family"), ("de", "Typ .*UnknownStep")):
        with pytest.raises(TypeError, match=words):
            describe_step(UnknownStep(), lang)

    class TrailStep(StationStep):  # named like the trail's steps: the family it declares decides
        texts_family = "station"

    assert describe_step(TrailStep("better", (), 9, 9), "en") == "Better: 9 points."
    assert describe_step(7) == "7"  # a plain value of a stream (no kind) is shown as itself


def test_a_step_counts_its_trains_and_squares_in_the_languages_plural_forms():
    from zuzlab.algorithms import TrailStep
    from zuzlab.ink.steps import Step as InkStep
    from zuzlab.widgets.narration import describe_step

    one = TrailStep("extend", "Denver", (), 1, (), 1)
    assert describe_step(one, "en") == "Walk on to Denver: 1 train so far."
    assert describe_step(TrailStep("done", None, (), 6, (), 6), "en") == "Done: the longest trail has 6 trains."
    assert describe_step(one, "de") == "Weiter nach Denver: bisher 1 Wagen."
    better = InkStep("longest railway", "better", "C3", {"length": 1})
    assert describe_step(better, "en").endswith("a new longest path of 1 square.")
    assert describe_step(better, "de").endswith("ein neuer längster Weg mit 1 Feld.")
    assert describe_step(InkStep("longest railway", "better", "C3", {"length": 4}), "de").endswith("mit 4 Feldern.")


def test_every_step_of_the_lesson_algorithms_has_its_text_in_every_language():
    from zuzlab import cardgame, ink
    from zuzlab.algorithms import best_fulfilment_steps, longest_trail_steps, station_choice_steps
    from zuzlab.ink import steps as ink_steps
    from zuzlab.widgets.narration import describe_step

    usa = ttr.play_random_game("usa", players=2, seed=5)
    europe = ttr.load_map("europe")
    r = {(x.a, x.b, x.color): x for x in europe.routes}
    own = [r["Frankfurt", "München", "pink"], r["München", "Wien", "orange"]]
    foreign = [r["Frankfurt", "Paris", "orange"], r["Essen", "Frankfurt", "green"], r["Berlin", "Frankfurt", "red"]]
    tickets = [t for t in europe.tickets if (t.origin, t.destinations[0]) in (("Paris", "Wien"), ("Berlin", "Roma"))]
    cards = cardgame.play_random_game(players=2, seed=5)
    streams = {
        "trail": longest_trail_steps(usa.routes_of(0)),
        "station": station_choice_steps(europe.places, own, tickets, ["Frankfurt"], foreign),
        "fulfil": best_fulfilment_steps([cards.data.ticket(t) for t in cards.tickets[0]],
                                        {"red": 2, "blue": 1, "locomotive": 1}),
        "ink": ink_steps.score_steps(ink.play_random_game("lake", seed=2).boards[0]),
        "water": ink_steps.water_fill_steps([("L0", "C3", 2), ("L0", "C4", 2), ("L0", "E3", 0), ("L0", "D2", 1)]),
    }
    for name, stream in streams.items():
        kinds = set()
        for step in stream:
            kinds.add(step.kind)
            told = {lang: describe_step(step, lang) for lang in texts.LANGUAGES}
            assert all(told.values()), (name, step)
        assert len(kinds) >= 3, (name, kinds)
