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


# --- colours as German adjectives, counted nouns -------------------------------------------

def test_colours_are_adjectives_in_the_form_the_noun_needs():
    assert texts.render(texts.cards("red", 2), "de") == "2 rote Karten"
    assert texts.render(texts.cards("red", 1), "de") == "1 rote Karte"
    assert texts.render(texts.cards("blue", 3), "de") == "3 blaue Karten"
    assert texts.render(texts.cards("locomotive", 5), "de") == "5 Lokomotiven"
    assert texts.render(texts.cards("tunnel", 1), "de") == "1 Tunnelkarte"
    assert texts.render(texts.cards("red", 2), "en") == "2 red cards"
    assert texts.render(texts.cards("locomotive", 1), "en") == "1 locomotive"
    assert texts.colour_adjective("red", "plural", "de") == "rote"
    assert texts.colour_adjective("pink", "neuter", "de") == "purpurnes"  # the printed rules' Purpur
    assert texts.colour_adjective("orange", "oblique", "de") == "orange"  # not inflected
    assert texts.colour_adjective("red", "plural", "en") == "red"
    assert texts.text("event.card_taken", "de", player=1, card=texts.card("yellow")) == \
        "Spieler 1 nimmt die offene gelbe Karte."
    assert texts.text("event.card_taken", "de", player=1, card=texts.card("tunnel")) == \
        "Spieler 1 nimmt die offene Tunnelkarte."
    assert texts.text("event.card_taken", "en", player=1, card=texts.card("yellow")) == \
        "Player 1 takes the face-up yellow card."
    assert texts.text("plural.point", "de", count=1) == "1 Punkt"
    assert texts.text("plural.train", "de", count=1) == "1 Wagen"


def test_every_german_colour_has_every_form_the_texts_ask_for():
    import string

    def specs(entry):
        forms = entry.values() if isinstance(entry, dict) else [entry]
        return {spec for form in forms for _, _, spec, _ in string.Formatter().parse(form) if spec}

    asked = {spec for section in texts.table("de").values() for entry in section.values()
             if isinstance(entry, (str, dict)) for spec in specs(entry)}
    asked = {spec for spec in asked if spec.isalpha()}  # forms, not number formats like .0f
    assert asked == {"singular", "plural", "oblique", "neuter"}
    for colour, forms in texts.table("de")["colour"].items():
        assert asked <= set(forms), colour
    assert set(texts.table("en")["colour"]) == set(texts.table("de")["colour"])


def test_no_text_patches_a_plural_with_brackets():
    for lang in texts.LANGUAGES:
        for section, entries in texts.table(lang).items():
            for key, entry in entries.items():
                for form in entry.values() if isinstance(entry, dict) else [entry]:
                    assert not re.search(r"\w\((s|n|en|e)\)", form), (lang, section, key, form)


def test_claiming_with_too_few_cards_is_refused_in_grammatical_german():
    from ttr_helpers import set_hand, started

    game = started()
    route = game.map.route_between("Denver", "Omaha")
    set_hand(game, 0, pink=1)
    with pytest.raises(RuleViolation) as error:
        game.apply(ttr.ClaimRoute(route.id, "pink", 0))
    assert str(error.value) == "Paying for route Denver–Omaha (4 pink) needs 4 pink cards; you hold 1."
    assert texts.refusal(error.value, "de") == \
        "Für die Strecke Denver–Omaha (4 purpur) brauchst du 4 purpurne Karten; du hast 1."


def test_card_game_refusals_and_events_inflect_their_colours():
    from zuzlab.widgets.narration import narrate, set_words

    violation = RuleViolation("set_not_larger", rival=texts.cards("red", 3), color="red",
                              needed=texts.quantity("card", 4))
    assert texts.refusal(violation, "de") == ("Ein anderer Spieler hat 3 rote Karten im Verschiebebahnhof: dein "
                                              "rotes Set braucht mindestens 4 Karten, um ein Zugunglück auszulösen.")
    assert str(violation) == "Another player has 3 red cards in the rail yard: your red set needs at least 4 cards " \
                             "to wreck it."
    taken = RuleViolation("mixed_color_taken", count=2, colors=["red", "blue"])
    assert texts.refusal(taken, "de").startswith("In den Verschiebebahnhöfen anderer Spieler liegen schon rote und "
                                                 "blaue Karten")
    assert texts.text("event.set_played", "de", player=1, **set_words("red", 1, 1)) == \
        "Spieler 1 legt ein Set aus einer roten Karte und einer Lokomotive in den Verschiebebahnhof."
    assert texts.text("event.set_played", "de", player=1, **set_words("blue", 3, 0)) == \
        "Spieler 1 legt ein Set aus 3 blauen Karten in den Verschiebebahnhof."
    from zuzlab.core import Event

    wreck = Event("train_wreck", 1, color="red", discarded={0: 3})
    assert narrate(wreck, None, "de") == ("Zugunglück! Das neue rote Set von Spieler 1 ist größer als jedes andere "
                                          "rote Set, also werden die roten Karten von Spieler 0 (3 Karten) abgelegt.")


# --- wording -------------------------------------------------------------------------------

def test_german_wording_follows_the_rule_texts():
    german = texts.table("de")
    everything = "\n".join(str(entry) for section in german.values() for entry in section.values())
    for odd in ("in Anspruch", "Abspieler", "Zurückverfolgen", "Waggon", "am Zug", "rosa", "Ausfahrt",
                "Sonderstrecke", "leiht", "geliehen"):
        assert odd not in everything, odd
    assert "Backtracking" in german["explain"]["longest.watch"]
    status = texts.text("label.status", "de", game="Zug um Zug: USA (Grundspiel)", turn=32,
                        whose=texts.text("label.to_play", "de", player=0))
    assert status == "Zug um Zug: USA (Grundspiel) – Spielzug 32, Spieler 0 ist an der Reihe"


def test_the_longest_trail_lesson_says_kantenzug_in_every_step():
    steps = {key: entry for key, entry in texts.table("de")["step"].items() if key.startswith("trail.")}
    for key in ("trail.start", "trail.better", "trail.done"):
        assert "Kantenzug" in steps[key] and "Strecke " not in steps[key], key
    assert "Kantenzug" in texts.table("de")["explain"]["longest.trails"]


def test_refusals_name_no_internal_ids_and_no_python():
    game = ttr.new_game("usa", players=2, seed=1)
    while game.in_setup:
        game.apply(ttr.KeepTickets(game.pending.tickets))
    with pytest.raises(RuleViolation) as error:
        game.apply(ttr.ClaimRoute(999, "red", 0))
    assert str(error.value) == "There is no route 999 on the map “Ticket to Ride: USA (base game)”."
    assert texts.refusal(error.value, "de") == "Auf dem Plan „Zug um Zug: USA (Grundspiel)“ gibt es keine Strecke 999."
    with pytest.raises(RuleViolation) as error:
        game.apply(ttr.BuildStation("Denver", "red", 0))
    assert texts.refusal(error.value, "de") == "In Zug um Zug: USA (Grundspiel) gibt es keine Bahnhöfe."
    for lang in texts.LANGUAGES:
        for count in (1, 3):
            named = texts.text("refusal.bad_payment/name_colour", lang, count=count)
            assert "None" not in named and "color=" not in named and "wilds=" not in named
    assert texts.text("refusal.bad_payment/name_colour", "de", count=3) == \
        "Nenne die Farbe, mit der du bezahlst, oder bezahle nur mit 3 Jokern."


# --- errors in map files and board strings ---------------------------------------------------

def test_a_broken_map_file_is_explained_in_german(tmp_path, german):
    import json

    from zuzlab.ttr.maps import MapError, maps_dir

    data = json.loads((maps_dir() / "usa.json").read_text())
    data["routes"][3].update(a="Atlantis")
    path = tmp_path / "broken.json"
    path.write_text(json.dumps(data))
    with pytest.raises(MapError) as error:
        ttr.load_map(path)
    assert str(error.value) == f"{path}: routes[3] (id 4): 'Atlantis' ist keine Stadt dieses Plans"
    data["routes"][3].update(a="Atlanta", double_with=6)
    path.write_text(json.dumps(data))
    with pytest.raises(MapError) as error:
        ttr.load_map(path)
    assert str(error.value) == f"{path}: Strecke 4: ihr zweites Gleis (Strecke 6) verbindet andere Städte"
    texts.set_language("en")
    with pytest.raises(MapError) as error:
        ttr.load_map(path)
    assert str(error.value) == f"{path}: route 4: its double track (route 6) joins other cities"


def test_a_route_named_wrongly_is_refused_in_german():
    game = ttr.new_game("usa", players=2, seed=3)
    with pytest.raises(RuleViolation) as error:
        game.apply(ttr.ClaimRoute(("Miami", "Seattle"), "red"))
    assert str(error.value) == "No route joins Miami and Seattle on the map “Ticket to Ride: USA (base game)”."
    assert texts.refusal(error.value, "de") == \
        "Auf dem Plan „Zug um Zug: USA (Grundspiel)“ verbindet keine Strecke Miami und Seattle."  # a sentence
    with pytest.raises(RuleViolation) as error:
        game.apply(ttr.ClaimRoute(("Paris", "Omaha"), "red"))
    assert texts.refusal(error.value, "de") == "Auf dem Plan „Zug um Zug: USA (Grundspiel)“ gibt es keine Stadt 'Paris'."


def test_a_malformed_board_string_is_explained_in_german(german):
    with pytest.raises(ValueError) as error:
        ink.Board.from_anu("A4A10,A4B10,A4X10")
    assert str(error.value) == "Eintrag 3 ('A4X10', bei Zeichen 12): 'X1' ist kein Feld (Zeilen A–G, Spalten 0–6)"
    with pytest.raises(ValueError) as error:
        ink.Board.from_anu("A4A10A4B,10")
    assert str(error.value) == ("Eintrag 2 ('A4B', bei Zeichen 5) wird bei Zeichen 8 durch ',' getrennt: ein Eintrag "
                                "hat 5 Zeichen ohne Trennzeichen dazwischen")
    texts.set_language("en")
    with pytest.raises(ValueError, match=r"placement 3 \('A4X10', at character 12\): 'X1' is not a square"):
        ink.Board.from_anu("A4A10,A4B10,A4X10")


# --- what notebooks print ------------------------------------------------------------------

def test_actions_say_themselves_in_the_language(german):
    from zuzlab.core import Pass

    assert str(ttr.DrawFaceUp("yellow")) == "die offene gelbe Karte nehmen"
    assert str(ttr.DrawFaceUp("locomotive")) == "die offene Lokomotive nehmen"
    assert str(ttr.KeepTickets((3,))) == "die Zielkarte 3 behalten"
    assert str(ttr.BuildStation("Wien", None, 1)) == "einen Bahnhof in Wien mit 1 Joker bauen"
    assert str(cardgame.PlaySet("red", 1, 1)) == \
        "ein Set aus einer roten Karte und einer Lokomotive in den Verschiebebahnhof legen"
    assert str(ink.Place("A0", "C3", 2)) == "Eisenbahnkurve (A0) auf C3 zeichnen (Ausrichtung 2)"
    assert str(Pass()) == "passen" and str(ink.FinishRound()) == "die Runde beenden"
    texts.set_language("en")
    assert str(ttr.ClaimRoute(5, "red", 2)) == "claim route 5 with red + 2 wild"
    assert str(ttr.ClaimRoute(5, None, 3)) == "claim route 5 with 3 wild cards"
    assert str(cardgame.PlayMixed(("red", "blue", "green"))) == "play blue, green, red to the rail yard"


def test_narration_agrees_verbs_and_writes_numbers_the_german_way():
    from zuzlab.core import Event
    from zuzlab.widgets.narration import describe_step, narrate

    game = ttr.new_game("europe", players=2, seed=1)
    one = Event("tunnel_revealed", 0, route=16, revealed=["blue", "locomotive", "red"], extra=1)
    two = Event("tunnel_revealed", 0, route=16, revealed=["blue", "locomotive", "red"], extra=2)
    assert narrate(one, game, "de").endswith("Aufgedeckt: blau, Lokomotive, rot; also ist 1 zusätzliche "
                                             "Karte fällig.")
    assert narrate(two, game, "de").endswith("also sind 2 zusätzliche Karten fällig.")
    assert narrate(one, game, "en").endswith("so 1 extra card is due.")
    scored = Event("round_scored", None, points=[12, -1])
    assert narrate(scored, game, "de") == ("Der Stapel ist aufgebraucht: Die Zielkarten auf der Hand werden gewertet "
                                           "(Spieler 0: 12 Punkte, Spieler 1: -1 Punkt).")
    from zuzlab.algorithms.fulfilment import Step

    cut = Step("prune", chosen=(), points=0, bound=128.5, best=140, decided=0)
    assert describe_step(cut, "de") == "Abbruch: hier höchstens 128,5 Punkte, die beste Wahl hat 140."
    assert describe_step(cut, "en").startswith("Cut: at most 128.5 points")
