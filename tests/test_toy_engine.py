"""A fourth engine reaches every layer through its own package and one registration line:
the toy race of ``tests/toy_engine/`` (a deck, a hand only its owner sees, a public track, a
decision, two bots, three rules fields), written by following CONTRIBUTING.md's *A new
engine*, is registered here as that line would register it (``zuzlab.engines.ENGINES``, its
text files read with the kit's), and simulations, the rule explorer, the conformance suite
and the position tests, the rules-field tests, the narration and the texts checks all find
it. Each layer's own tests, parametrized with the three engines, are called with it.
Unregistered, no user sees it."""

from __future__ import annotations

import json
import re
import typing
from dataclasses import fields
from pathlib import Path

import pytest

import test_conformance as conformance
import test_german
import test_positions as positions
import test_rules_fields as rules_fields
import test_sim
import test_texts
import test_widgets
import toy_engine
from toy_engine import Draw, Keep, Move
from zuzlab import engines, sim, texts
from zuzlab.core import EngineDefect, HiddenInformation, RuleViolation

TOY = toy_engine.ENGINE


@pytest.fixture
def toy(monkeypatch):
    """The toy engine registered for one test: the one line of ``zuzlab/engines.py``
    (``ENGINES = (ttr.ENGINE, cardgame.ENGINE, ink.ENGINE, toy.ENGINE)``), and its text
    files read with the kit's (a shipped engine's lie in ``zuzlab/texts/``). A widget made
    in the test (a rule explorer) follows the language only while the toy's texts are there."""
    monkeypatch.setattr(engines, "ENGINES", (*engines.ENGINES, TOY))
    kit_files = texts.text_files
    monkeypatch.setattr(texts, "text_files", lambda lang: [*kit_files(lang), toy_engine.TEXTS / f"{lang}_toy.toml"])
    monkeypatch.setattr(texts, "_listeners", list(texts._listeners))
    texts.table.cache_clear()
    try:
        yield TOY
    finally:
        if texts.language() != "en":
            texts.set_language("en")
        texts.table.cache_clear()  # before the kit's own files are read again


def test_unregistered_the_toy_engine_is_nowhere_in_the_kit():
    assert TOY not in engines.ENGINES and all(engine.key != "toy" for engine in engines.ENGINES)
    with pytest.raises(ValueError, match="no game variant called 'toy'"):
        sim.simulate("toy", players=2, games=1, progress=False)
    assert not [path.name for path in Path(texts.__file__).parent.glob("*.toml") if '"game/toy"' in path.read_text()]


def test_registered_every_layer_that_reads_the_description_finds_it(toy):
    """The conformance suite's check of the layers, with the toy engine: its line-up, a
    simulation's table with its score columns, the explorer's controls, its names."""
    assert conformance.line_ups(toy) == (("toy", 2),)
    conformance.test_every_registered_engine_reaches_every_layer(toy)
    assert toy in [param.values[0] for param in conformance.every_line_up()]


# --- simulations and the rule explorer ---------------------------------------------------------

def test_simulations_play_it_between_its_bots_with_its_score_columns(toy):
    table = sim.simulate("toy", players=3, games=12, seed=1, workers=1, progress=False)
    assert list(table.columns[6:9]) == ["squares", "bonus", "total"] and len(table) == 36
    assert (table.squares + table.bonus == table.total).all() and set(table.bot) == {"runner", "random"}
    assert (table[table.bonus > 0].squares >= 10).all() and table.bonus.isin([0, 5]).all()
    means = table.groupby("bot").total.mean()
    assert means["runner"] > means["random"]  # the runner moves with its highest card
    shown = sim.mean_parts(table)
    assert list(shown.data.columns) == ["squares moved", "finish bonus", "total", "share of wins"]
    texts.set_language("de")
    assert list(sim.mean_parts(table).data.columns) == ["zurückgelegte Felder", "Zielbonus", "gesamt", "Siegquote"]
    assert sim.mean_parts(table).data.index.tolist() == ["Zufalls-Bot", "Läufer-Bot"]  # random, runner


def test_the_rule_explorer_offers_its_fields_and_compares_a_change(toy):
    from zuzlab.widgets import RuleExplorer

    test_widgets.test_every_engine_offers_explorer_controls_each_with_an_english_and_a_german_label(toy)
    explorer = RuleExplorer("toy", games=10, players=2)
    assert [parameter.field for parameter in explorer.parameters] == ["goal", "finish_bonus"]
    assert explorer.setting("param_goal") == "the goal square" and explorer.bots.value == "runner, random"
    explorer.controls["finish_bonus"].value = 12  # scored only: the same games, scored anew
    tables = explorer.simulate()
    base, changed = tables.values()
    assert (changed.squares == base.squares).all() and (changed.bonus == base.bonus / 5 * 12).all()
    explorer.controls["goal"].value = 5  # a shorter race: played again
    base, shorter = explorer.simulate().values()
    assert shorter.turns.mean() < base.turns.mean()
    assert "«points for reaching the goal» 12 (printed rules: 5)" in explorer.message.value


# --- the conformance suite and the positions ----------------------------------------------------

def test_the_conformance_suite_passes_on_it(toy):
    for variant, players in conformance.line_ups(toy):
        conformance.test_engine_conforms_to_the_protocol(toy, variant, players)
    conformance.test_a_set_up_position_is_the_start_of_the_history(toy)
    conformance.test_what_is_no_action_is_refused_and_changes_nothing(toy)
    conformance.test_an_observation_shows_nothing_its_player_may_not_see(toy)
    conformance.test_a_state_has_no_attribute_it_does_not_declare(toy)


def test_the_position_tests_pass_on_it(toy):
    positions.test_every_declared_part_goes_through_a_save_and_back(toy, "toy", 3)
    positions.test_equality_and_the_save_come_from_the_declared_parts_only(toy)
    positions.test_a_declared_part_of_the_wrong_shape_is_refused_by_its_key(toy)
    positions.test_a_copy_is_of_the_engine_s_own_type_and_shares_no_part_that_changes(toy)


def test_the_conformance_suite_fails_on_a_check_that_lets_a_refusal_through(toy, monkeypatch):
    """The suite's careless actions reach the toy's rules: a check that refuses nothing is found."""
    monkeypatch.setitem(toy_engine.Game.handlers, Move, (lambda game, action: None, toy_engine.Game._do_move))
    with pytest.raises((AssertionError, EngineDefect)):  # a careless move accepted: the game fails in it
        conformance.test_engine_conforms_to_the_protocol(toy, "toy", 2)


# --- the rules fields -----------------------------------------------------------------------------

def toy_game(rules, **position):
    return toy_engine.new_game(rules, players=2, seed=1).set_up(**position)


def toy_name():
    """The game names its rules in its repr."""
    preset, changed = rules_fields.both(toy_engine.rules.TOY, "name", "toy-house", toy_game)
    assert "<Toy race toy 2 players" in repr(preset) and "<Toy race toy-house 2 players" in repr(changed)


def toy_goal():
    """A move of 2 from square 8 ends the race at the goal 10, not at 11."""
    def moved(rules):
        game = toy_game(rules, hands={0: [2]}, board={0: 8})
        game.apply(Move(2))
        return game.is_over

    assert rules_fields.both(toy_engine.rules.TOY, "goal", 11, moved) == (True, False)


def toy_finish_bonus():
    """Reaching the goal scores the finish bonus on top of the squares."""
    def totals(rules):
        return toy_game(rules, board={0: 10, 1: 7}, over=True).final_scores().totals

    assert rules_fields.both(toy_engine.rules.TOY, "finish_bonus", 8, totals) == ([15, 7], [18, 7])


def test_the_rules_field_tests_demand_a_case_for_each_field_and_run_it(toy, monkeypatch):
    with pytest.raises(AssertionError, match=re.escape("toy: no case for ['finish_bonus', 'goal', 'name']")):
        rules_fields.test_every_rules_field_has_a_case(toy)
    cases = {"name": toy_name, "goal": toy_goal, "finish_bonus": toy_finish_bonus}
    monkeypatch.setitem(rules_fields.CASES, "toy", cases)
    rules_fields.test_every_rules_field_has_a_case(toy)
    for case in cases.values():
        rules_fields.test_changing_the_field_changes_the_game(case)
    for field in fields(toy.rules_type):
        declared = typing.get_type_hints(toy.rules_type)[field.name]
        rules_fields.test_a_field_of_the_wrong_kind_is_refused_by_its_name_made_or_loaded(toy, field.name, declared)


def test_its_fields_scored_only_are_scored_anew_and_a_wrong_declaration_fails(toy, monkeypatch):
    test_sim.test_every_field_an_engine_scores_only_is_scored_anew_as_playing_the_games_would(toy)
    from dataclasses import replace

    wrong = replace(toy, scored_only=toy.scored_only | {"goal"})  # the race's length changes play
    monkeypatch.setattr(engines, "ENGINES", (*engines.ENGINES[:-1], wrong))
    with pytest.raises((AssertionError, RuleViolation)):  # other games, or a replay that does not end
        test_sim.test_every_field_an_engine_scores_only_is_scored_anew_as_playing_the_games_would(wrong)


# --- what a player may see --------------------------------------------------------------------------

def test_an_observation_hides_the_other_hands_the_deck_and_a_draw(toy):
    game = toy_engine.new_game(players=3, seed=2)
    game.apply(Draw())
    seen = game.observation(1)
    assert seen["hands"] == [3, game.hands[1], 3] and seen["deck"] == len(game.deck) == 11
    assert seen["board"] == [0, 0, 0] and seen["pending"] == {"kind": "toy_keep_one", "player": 0}
    assert "seed" not in seen and json.loads(json.dumps(seen)) == seen
    assert game.observation(0)["pending"]["drawn"] == list(game.pending.drawn)  # the drawing player's own


@pytest.mark.parametrize("read, what", [
    (lambda game: game.deck, "game.deck"),
    (lambda game: game.hands[(game.current_player + 1) % game.players], r"game.hands\[1\]"),
    (lambda game: game.seed, "game.seed"),
    (lambda game: game.history, "game.history"),
])
def test_a_bot_that_peeks_is_refused_and_one_that_does_not_plays(toy, read, what):
    def peeking(game, rng):
        read(game)
        return game.random_action(rng)

    with pytest.raises(HiddenInformation, match=f"player 0's bot may not see {what}"):
        toy_engine.play_game(players=2, seed=1, bots=peeking)

    def own_hand(game, rng):
        assert isinstance(game.hands[game.current_player], list)
        return toy_engine.bots.runner(game, rng)

    assert toy_engine.play_game(players=2, seed=1, bots=own_hand).history == \
        toy_engine.play_game(players=2, seed=1, bots="runner").history


# --- its texts -----------------------------------------------------------------------------------------

def emitted_and_refused() -> tuple[set[str], set[str]]:
    """The event kinds and refusals of the toy's code, read as ``tests/test_texts.py`` reads the kit's."""
    source = "".join(path.read_text(encoding="utf-8") for path in Path(toy_engine.__file__).parent.glob("*.py"))
    refusals = set(re.findall(r'RuleViolation\("([a-z_]+)"', source)) | {"toy_keep_owed"}  # a decision's refusal
    return set(re.findall(r'emit\(\s*"([a-z_]+)"', source)), refusals


def test_its_texts_are_in_every_language_with_the_same_keys_and_placeholders(toy):
    english = test_texts.entries(toy_engine.TEXTS / "en_toy.toml")
    for lang in texts.LANGUAGES:
        theirs = test_texts.entries(toy_engine.TEXTS / f"{lang}_toy.toml")
        assert theirs.keys() == english.keys(), (lang, english.keys() ^ theirs.keys())
        assert all(test_texts.placeholders(theirs[key]) == test_texts.placeholders(english[key]) for key in english)
    from zuzlab.widgets.narration import QUIET

    events, refusals = emitted_and_refused()
    events -= QUIET
    for lang in texts.LANGUAGES:
        table = texts.table(lang)
        missing = sorted({f"event.{kind}" for kind in events if kind not in table["event"]}
                         | {f"refusal.{rule}" for rule in refusals if rule not in table["refusal"]})
        assert not missing, f"{lang} has no text for {missing}"


def test_the_narration_tells_each_event_in_every_language_and_german_has_no_english(toy):
    from zuzlab.widgets.narration import QUIET, narrate

    game, told = toy_engine.new_game(players=3, seed=3), {}
    rng = __import__("random").Random(3)
    while not game.is_over:
        for event in game.apply(game.random_action(rng)):
            if event.kind not in QUIET:
                told.setdefault(event.kind, (event, {lang: narrate(event, game, lang) for lang in texts.LANGUAGES}))
    assert {"toy_moved", "toy_drew", "toy_kept"} <= set(told)
    drew, said = told["toy_drew"]
    assert said == {"en": f"Player {drew.player} draws two cards.", "de": f"Spieler {drew.player} zieht zwei Karten."}
    moved, said = told["toy_moved"]
    squares = {"en": "square" if moved.count == 1 else "squares", "de": "Feld" if moved.count == 1 else "Felder"}
    assert said == {"en": f"Player {moved.player} moves {moved.count} {squares['en']}, to square {moved.square}.",
                    "de": f"Spieler {moved.player} rückt {moved.count} {squares['de']} vor und steht jetzt "
                          f"auf Feld {moved.square}."}
    german = [said["de"] for _, said in told.values()]
    game = toy_engine.new_game(players=2, seed=1).set_up(hands={0: [1]})
    for action in (Move(3), Keep(1)):
        with pytest.raises(RuleViolation) as refusal:
            game.apply(action)
        german.append(refusal.value.in_language("de"))
    with pytest.raises(ValueError) as bad:
        game.set_up(hands={1: [3, 3, 3, 3, 3, 3, 3]})
    german.append(bad.value.in_language("de"))
    assert german[-3:] == ["Du hast keine Karte mit 3 Feldern.",
                           "Du hast keine Karten gezogen, von denen du eine behalten könntest.",
                           "hands[1]: Im Stapel ist keine Karte 3 mehr"]
    assert not [said for said in german if test_german.english_sentence_words(said)]
