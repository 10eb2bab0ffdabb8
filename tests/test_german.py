"""Every word in German and in English: what a German-speaking reader sees (final score
tables, tickets, refusals, events, errors) has no English words left, says its colours
as German adjectives (forms from the text files) and its counted nouns in the right
plural, and the English versions still read right."""

import re

import pytest

from zuzlab import cardgame, ink, texts, ttr
from zuzlab.core import RuleViolation


@pytest.fixture
def german():
    texts.set_language("de")
    try:
        yield
    finally:
        texts.set_language("en")


ENGLISH_WORDS = ("player", "winner", "routes", "tickets", "total", "place", "fulfilled", "exits")


def english_words(shown: str) -> list[str]:
    return [w for w in ENGLISH_WORDS if re.search(rf"\b{w}\b", shown, re.IGNORECASE)]


def finished_games():
    return {"ttr": ttr.play_random_game("europe", players=3, seed=1),
            "cardgame": cardgame.play_random_game(players=4, seed=2),
            "ink": ink.play_random_game(players=2, seed=1)}


# --- final score tables ------------------------------------------------------------------

def test_final_score_tables_in_german_have_no_english_words(german):
    for name, game in finished_games().items():
        scores = game.final_scores()
        for shown in (str(scores), scores._repr_html_()):
            assert not english_words(shown), (name, english_words(shown), shown)
    scores = finished_games()["ttr"].final_scores()
    assert str(scores).splitlines()[0].split()[:3] == ["Spieler", "Strecken", "Zielkarten"]
    assert "Sieger: Spieler 2" in str(scores)
    assert "Spieler 2: Der Bahnhof in Madrid benutzt Barcelona–Madrid (2 gelb) mit." in str(scores)
    card_scores = str(finished_games()["cardgame"].final_scores())
    assert "Spieler 0: Großstadt Seattle +8" in card_scores.splitlines()
    assert "Spieler 1, erfüllt: Chicago–Santa Fe (9: gelb grün) +9" in card_scores
    assert "Runde 1" in card_scores.splitlines()[0]
    ink_scores = finished_games()["ink"].final_scores()
    assert str(ink_scores[0]).startswith("Netze 0, längste Autobahn 6, längste Eisenbahn 4")


def test_final_score_tables_still_read_right_in_english():
    games = finished_games()
    ttr_scores = str(games["ttr"].final_scores())
    assert ttr_scores.splitlines()[0].split() == ["player", "routes", "tickets", "completed", "longest", "bonus",
                                                  "stations", "total", "place"]
    assert "Winner: player 2" in ttr_scores
    assert "player 2 station in Madrid uses Barcelona–Madrid (2 yellow)" in ttr_scores
    card_scores = str(games["cardgame"].final_scores())
    assert "player 1 fulfilled: Chicago–Santa Fe (9: yellow green) +9" in card_scores
    assert "player 0 Big City Seattle +8" in card_scores.splitlines()
    assert str(games["ink"].final_scores()[0]).startswith("exits 0, longest highway 6, longest railway 4")
    assert "<th style='padding:2px 10px;text-align:right;border-bottom:1px solid #888'>place</th>" in \
        games["cardgame"].final_scores()._repr_html_()


def test_the_rows_keep_their_keys_in_every_language(german):
    """Code reads rows() by key (the simulator, tests): only what is shown is translated."""
    scores = finished_games()["cardgame"].final_scores()
    assert list(scores.rows()[0]) == ["player", "round 1", "tickets", "fulfilled", "big cities", "total", "place"]
    assert "exits" in finished_games()["ink"].final_scores()[0].breakdown()


def test_tied_winners_are_listed_in_the_language():
    import dataclasses

    scores = dataclasses.replace(finished_games()["ttr"].final_scores(), winners=(0, 1, 2))
    assert scores.winner_line() == "Winners: player 0, player 1, and player 2"
    texts.set_language("de")
    try:
        assert scores.winner_line() == "Sieger: Spieler 0, Spieler 1 und Spieler 2"
        assert dataclasses.replace(scores, winners=(0, 2)).winner_line() == "Sieger: Spieler 0 und Spieler 2"
    finally:
        texts.set_language("en")
    assert dataclasses.replace(scores, winners=(0, 2)).winner_line() == "Winners: player 0 and player 2"


# --- Card Game tickets -------------------------------------------------------------------

def test_card_game_tickets_say_their_colours_in_the_language(german):
    ticket = next(t for t in cardgame.load_data().tickets if (t.origin, t.destination) == ("Los Angeles", "Dallas"))
    assert str(ticket) == "Los Angeles–Dallas (10: weiß grün)"
    assert texts.render(ticket, "en") == "Los Angeles–Dallas (10: white green)"
    texts.set_language("en")
    assert str(ticket) == "Los Angeles–Dallas (10: white green)"
