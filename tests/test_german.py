"""Every word in German and in English: what a German-speaking reader sees (final score
tables, tickets, refusals, events, errors) has no English words left, says its colours
as German adjectives (forms from the text files) and its counted nouns in the right
plural, and the English versions still read right."""

import re

import pytest

from zuzlab import algorithms, cardgame, ink, lessons, texts, ttr
from zuzlab.widgets.ink_lesson import InkLessonView
from zuzlab.lessons.ink_tracks import Tracks
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
    assert str(scores).splitlines()[0].split()[:3] == ["Spieler", "Streckenpunkte", "Zielkarten"]
    assert "Sieger: Spieler 2" in str(scores)
    assert "Spieler 2: Der Bahnhof in Madrid benutzt Barcelona–Madrid (2 gelb) mit." in str(scores)
    card_scores = str(finished_games()["cardgame"].final_scores())
    assert "Spieler 0: Großstadt Dallas +10" in card_scores.splitlines()
    assert ("Spieler 0 wertet diese Zielkarten statt Seattle–Atlanta (17: schwarz grün rot orange), einer Wahl mit "
            "den meisten Punkten an Zielkarten: Seine Wahl bringt -91 Punkte für Zielkarten und 25 Punkte für "
            "Großstadt-Karten, jene hätte -79 Punkte bzw. 8 Punkte gebracht.") in card_scores.splitlines()
    assert "Spieler 1, erfüllt: Chicago–Santa Fe (9: gelb grün) +9" in card_scores
    assert "Runde 1" in card_scores.splitlines()[0]
    ink_scores = finished_games()["ink"].final_scores()
    assert str(ink_scores[0]).startswith("Netze 0, längste Autobahn 6, längste Eisenbahn 4")


def test_final_score_tables_still_read_right_in_english():
    games = finished_games()
    ttr_scores = str(games["ttr"].final_scores())
    assert ttr_scores.splitlines()[0].split() == ["player", "route", "points", "tickets", "completed", "longest",
                                                  "bonus", "stations", "total", "place"]
    assert "Winner: player 2" in ttr_scores
    assert "player 2 station in Madrid uses Barcelona–Madrid (2 yellow)" in ttr_scores
    card_scores = str(games["cardgame"].final_scores())
    assert "player 1 fulfilled: Chicago–Santa Fe (9: yellow green) +9" in card_scores
    assert "player 0 Big City Dallas +10" in card_scores.splitlines()
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
    asked = {spec for spec in asked if spec.isalpha() and spec != "list"}  # forms, not number formats like .0f,
    assert asked == {"singular", "plural", "oblique", "neuter"}  # nor "list" (a list as the language lists it)
    for colour, forms in texts.table("de")["colour"].items():
        assert asked <= set(forms), colour
    assert set(texts.table("en")["colour"]) == set(texts.table("de")["colour"])


def test_an_english_colour_takes_the_article_its_sound_needs():
    """English asks one form of a colour, "a": "an orange card", never "a orange card"."""
    assert texts.render(texts.phrase("paid_colour", count=1, color="orange"), "en") == "an orange card"
    assert texts.render(texts.phrase("paid_colour", count=1, color="red"), "en") == "a red card"
    assert texts.text("refusal.set_not_larger", "en", color="orange", rival="x", needed=3).startswith(
        "Another player has an orange set in the rail yard (x): an orange set may be laid")
    for colour, forms in texts.table("en")["colour"].items():
        assert forms["a"] == ("an " if forms["name"][0] in "aeiou" else "a ") + forms["name"], colour
    assert texts.render(texts.phrase("paid_colour", count=1, color="orange"), "de") == "einer orange Karte"


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
    set_hand(game, 0, pink=0)  # none held is said in words, not as "0"
    with pytest.raises(RuleViolation) as error:
        game.apply(ttr.ClaimRoute(route.id, "pink", 0))
    assert str(error.value) == "Paying for route Denver–Omaha (4 pink) needs 4 pink cards; you hold none."
    assert texts.refusal(error.value, "de") == \
        "Für die Strecke Denver–Omaha (4 purpur) brauchst du 4 purpurne Karten; du hast keine."


def test_card_game_refusals_and_events_inflect_their_colours():
    from zuzlab.widgets.narration import narrate, set_words

    violation = RuleViolation("set_not_larger", rival=texts.cards("red", 3), color="red",
                              needed=texts.quantity("card", 4))
    assert texts.refusal(violation, "de") == (
        "Ein anderer Spieler hat ein rotes Set im Verschiebebahnhof (3 rote Karten): Ein rotes Set darf nur gelegt "
        "werden, wenn es mehr Karten hat als jedes rote Set in den anderen Verschiebebahnhöfen, und löst dann ein "
        "Zugunglück aus; dein Set braucht also mindestens 4 Karten.")
    assert str(violation) == (
        "Another player has a red set in the rail yard (3 red cards): a red set may be laid only if it has more cards "
        "than each red set in the other rail yards, and it then wrecks them; yours needs at least 4 cards.")
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
    status = texts.text("label.status", "de", game="Zug um Zug: USA (Grundspiel)", turn=32, round=8,
                        whose=texts.text("label.to_play", "de", player=0))
    assert status == "Zug um Zug: USA (Grundspiel) – Spielzug 32 (Runde 8), Spieler 0 ist an der Reihe"


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
    assert texts.refusal(error.value, "de") == ("Auf dem Plan „Zug um Zug: USA (Grundspiel)“ gibt es keine "
                                                "Stadt 'Paris'.")


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
    assert narrate(one, game, "de").endswith("Aufgedeckt: blau, Lokomotive und rot; also ist 1 zusätzliche "
                                             "Karte fällig.")
    assert narrate(two, game, "de").endswith("also sind 2 zusätzliche Karten fällig.")
    assert narrate(one, game, "en").endswith("so 1 extra card is due.")
    scored = Event("round_scored", None, points=[12, -1])
    assert narrate(scored, game, "de") == ("Der Stapel ist aufgebraucht: Die Zielkarten auf der Hand werden gewertet "
                                           "(Spieler 0: 12 Punkte und Spieler 1: -1 Punkt).")
    from zuzlab.algorithms.fulfilment import Step

    cut = Step("prune", chosen=(), points=0, bound=128.5, best=140, decided=0)
    assert describe_step(cut, "de") == "Abbruch: hier höchstens 128,5 Punkte, die beste Wahl hat 140."
    assert describe_step(cut, "en").startswith("Cut: at most 128.5 points")


# --- every error a German player meets: in German, or code --------------------------------------
#
# The detector: a text shown to a German reader may name code (field names such as
# hands[0], calls such as game.to_json(), quoted values such as 'red', the kit's own
# identifiers such as the bot "tickets"), but no English sentence: none of these common
# English words, none of which is German.

#: English words no German text has, in any case
ENGLISH_FUNCTION_WORDS = frozenset("""
the is are were be been not no of and or but to with by from for at on this that which there it its must cannot can
should would has have had only each every more than your you
""".split())
#: English words to look for written small (a German noun of the same letters is written capitalised: "Name")
ENGLISH_WORDS = ENGLISH_FUNCTION_WORDS | frozenset("""
a needs need called known expected valid found left deck card cards player players game games rules ticket tickets
route routes line column value missing saved action actions holds play played choose give first name seat seats
""".split())


def kit_identifiers() -> set[str]:
    """The names code uses that a message may show as they are: the bots, rules and
    rules fields of every engine, and the arguments of new_game, set_up and simulate."""
    import dataclasses
    import inspect

    from zuzlab import sim
    from zuzlab.engines import ENGINES

    names = set()
    for engine in ENGINES:
        names |= set(engine.bots) | set(engine.variants) | {f.name for f in dataclasses.fields(engine.rules_type)}
    for function in (ttr.Game.set_up, cardgame.Game.set_up, ink.Game.set_up, ttr.Game.__init__, sim.simulate):
        names |= set(inspect.signature(function).parameters)
    return names | {"variant"}


CODE = re.compile(r"""'[^']*'|"[^"]*"      # quoted: Python's reprs, code
                      |(?:/[\w.\-]+)+          # file paths
                      |\w+(?:\.\w+)+(?:\([^)]*\))?   # dotted names and calls: game.to_json()
                      |\w+\([^)]*\)|\w+(?:\[[^\]]*\])+   # calls and subscripts: replace(…), hands[0]
                      |\b\w*_\w*\b|\b\w+=           # snake_case names and keywords""", re.X)


def english_sentence_words(shown: str) -> list[str]:
    """The common English words ``shown`` uses outside code."""
    prose = CODE.sub(" ", shown)
    identifiers = kit_identifiers()
    return [word for word in re.findall(r"\b[A-Za-z]+\b", prose)
            if (word in ENGLISH_WORDS or word.lower() in ENGLISH_FUNCTION_WORDS) and word not in identifiers]


def test_the_detector_finds_english_sentences_and_passes_code():
    assert english_sentence_words("hands[0]: no red card is left in the deck or the discards") == \
        ["no", "card", "is", "left", "the", "deck", "or", "the"]
    assert english_sentence_words("usa is played by 2–5 players, not 9") == ["is", "played", "by", "not"]
    assert english_sentence_words("kein gültiges JSON (Zeile 1, Spalte 26: Expecting value)") == ["value"]
    assert not english_sentence_words("hands[0]: Im Stapel und in der Ablage ist keine rote Karte mehr")
    assert not english_sentence_words("Zug um Zug hat keinen Bot namens 'cheater'; bekannt sind random, tickets")
    assert not english_sentence_words("Spiele sie mit ttr.new_game(\"usa\", map='x.json') oder replace(USA, map=x)")
    # German nouns, rows, paths
    assert not english_sentence_words("Ein Name je Platz; Zeilen A–G; /tmp/test-of-it/map.json")
    assert english_sentence_words("There is no route 999. No route joins") == [
        "There", "is", "no", "route", "No", "route"]


def raised(attempt) -> BaseException:
    """The error ``attempt()`` raises (the test fails if it raises none)."""
    try:
        attempt()
    except Exception as error:  # noqa: BLE001 - whatever a reader would see
        return error
    raise AssertionError("no error was raised")


def shown_in_a_notebook(error: BaseException) -> str:
    """What a notebook cell shows for ``error`` (viz.errors, as setup_notebook installs it)."""
    from zuzlab.viz import errors

    return "\n".join(errors.brief(error, error.__traceback__)) if isinstance(error, texts.InputError) else \
        f"{type(error).__name__}: {error}"


def bad_inputs(tmp_path) -> dict:
    """A bad input of each kind a German notebook's reader can type, each a function that
    raises the kit's error for it."""
    import dataclasses
    import json

    from zuzlab import sim

    usa = ttr.new_game("usa", players=3, seed=2).set_up(hands={0: {"red": 2}})
    impossible_start = json.loads(usa.to_json())
    for position in (impossible_start, impossible_start["start"]):  # a second card owed by a player not to move
        position["pending"] = {"kind": "second_card", "player": 2}
    cards = cardgame.new_game(players=2, seed=3).set_up(hands={0: {"red": 1}})
    lake = ink.new_game("lake", seed=1)
    lake.apply(lake.legal_actions()[0])
    rolled = lake.open_results[0][0]
    broken_json = tmp_path / "broken.json"
    broken_json.write_text('{"format": "zuzlab-map/1", "name": "x",\n "cities": [1 2]}')
    no_city = tmp_path / "no_city.json"
    data = json.loads((ttr.maps.maps_dir() / "usa.json").read_text())
    data["routes"][3]["a"] = "Atlantis"
    no_city.write_text(json.dumps(data))
    save = ttr.play_random_game("usa", players=2, seed=4).to_dict()
    save["hands"][0]["red"] += 1
    listed_type = ttr.new_game("usa", players=2, seed=4).to_dict()
    listed_type["history"].append({"type": ["DrawBlind"]})
    quoted_rules = cardgame.new_game(players=2, seed=4).to_dict()
    quoted_rules["rules"]["initial_hand"] = "7"
    tracks = Tracks(ink.Board.from_anu("A4A10"))
    return {
        # illegal actions, uncaught
        "keep no ticket": lambda: ttr.new_game("usa", players=2, seed=1).apply(ttr.KeepTickets(())),
        "a route one cannot pay": lambda: usa.apply(ttr.ClaimRoute(("Atlanta", "Miami"), "blue")),
        "scores before the end": lambda: usa.final_scores(),
        "a route named by a city of another map": lambda: usa.apply(ttr.ClaimRoute(("Paris", "Omaha"), "red")),
        "a card game set too small": lambda: cards.apply(cardgame.PlaySet("red", 1)),
        "a railroad ink square": lambda: lake.apply(ink.Place(rolled, "Z9", 0)),
        "a railroad ink drawing that joins nothing": lambda: lake.apply(ink.Place(rolled, "D3", 0)),
        # set_up positions
        "more red cards than there are": lambda: usa.set_up(hands={0: {"red": 13}}),
        "a player who is not at the table": lambda: usa.set_up(hands={5: {"red": 1}}),
        "hands of the wrong shape": lambda: usa.set_up(hands=[{"red": 1}]),
        "a misspelt set_up keyword": lambda: usa.set_up(hand={0: {"red": 1}}),
        "a city not on the map": lambda: usa.set_up(claimed={("Denver", "Nowhere"): 0}),
        "a ticket not on the map": lambda: usa.set_up(tickets={0: [("Denver", "Atlantis")]}),
        "a rail yard colour": lambda: cards.set_up(yards={0: {"gold": [2]}}),
        "a rail yard set that is no count": lambda: cards.set_up(yards={0: {"red": [2.0]}}),
        "a rail yard set of True": lambda: cards.set_up(yards={0: {"red": [True]}}),
        "a die face": lambda: lake.set_up(roll=["A0", "A0", "A0", "A0", "L1", "L1"]),
        "a round": lambda: lake.set_up(round=9),
        "a board of the wrong kind": lambda: lake.set_up(boards={0: 5}),
        # variants and player counts
        "nine players": lambda: ttr.new_game("usa", players=9),
        "an unknown variant": lambda: ttr.new_game("usa-deluxe"),
        "a map file as the variant": lambda: ttr.new_game("my_map.json"),
        "a card game variant": lambda: cardgame.new_game("poker"),
        "no players": lambda: ink.new_game(players=0),
        "a misspelt keyword": lambda: ttr.new_game("usa", player=3),
        "a rules value that cannot deal": lambda: ttr.new_game(replace_usa(initial_hand=40), players=5),
        "a rules value that cannot be": lambda: replace_usa(initial_keep_min=5),
        "a rules value number in quotes": lambda: replace_usa(trains_per_player="45"),
        "a rules value switch that is no bool": lambda: replace_usa(wild_only_on_tunnels={}),
        "a rules value list that is no list": lambda: replace_usa(colors="red"),
        "a points table with a word for a length": lambda: replace_usa(route_points={"x": 1}),
        "an unknown special route": lambda: dataclasses.replace(ink.rules.INK, specials=("S9",)),
        "a die without faces": lambda: dataclasses.replace(ink.rules.INK, dice=((),)),
        "rules without a name": lambda: ttr.TtrRules.from_dict({"map": "usa"}),
        "rules that are no dict": lambda: ttr.TtrRules.from_dict(["usa"]),
        # bots
        "an unknown bot": lambda: ttr.make_bot("cheater"),
        "a bot that reads the deck": lambda: ttr.play_game("usa", players=2, seed=1,
                                                           bots=lambda game, rng: game.cards.deck),
        "a bot that copies the game": lambda: cardgame.play_game(players=2, seed=1, bots=lambda game, rng: game.copy()),
        "a bot that reads the view's inside": lambda: ttr.play_game("usa", players=2, seed=1,
                                                                    bots=lambda game, rng: game._game),
        "too few bots": lambda: ttr.play_game("usa", players=3, bots=["random", "random"]),
        "an unknown bot to simulate": lambda: sim.simulate("usa", bots="greedy", progress=False),
        "no games to simulate": lambda: sim.simulate("usa", games=0, progress=False),
        "points only to score anew": lambda: sim.rescore(sim.simulate("usa", players=2, games=1, progress=False,
                                                                      workers=1), ttr.rules.USA),
        # saves
        "a save that is no JSON": lambda: ttr.load_game('{"format" 1}'),
        "a save that is no text": lambda: ttr.load_game(5),
        "a save of another game": lambda: cardgame.load_game(json.dumps(save)),
        "a save that disagrees with its actions": lambda: ttr.load_game(json.dumps(save)),
        "a save whose set-up start is impossible": lambda: ttr.load_game(json.dumps(impossible_start)),
        "a saved action whose type is a list": lambda: ttr.load_game(json.dumps(listed_type)),
        "a save whose rules hold a number in quotes": lambda: cardgame.load_game(json.dumps(quoted_rules)),
        # map files
        "a map file that is no JSON": lambda: ttr.load_map(broken_json),
        "a map file with an unknown city": lambda: ttr.load_map(no_city),
        "an unknown built-in map": lambda: ttr.load_map("asien"),
        # board strings
        "a board string with a bad square": lambda: ink.Board.from_anu("A4A10,A4X10"),
        # colour names
        "a colour no card has": lambda: usa.apply(ttr.ClaimRoute(("Denver", "Omaha"), "rosa")),
        "a colour to set up": lambda: usa.set_up(hands={0: {"rosa": 1}}),
        "a colour of the card game": lambda: cards.apply(cardgame.PlaySet("rosa", 2)),
        # the algorithms and lessons a reader calls with input of their own
        "a ticket city no route reaches": lambda: algorithms.ticket_plan(usa.map.routes, ["Denver", "Bostn"]),
        "two cities to connect three": lambda: algorithms.connect_three(usa.map.routes, ["Denver", "Denver", "Omaha"]),
        "a route that is no route": lambda: algorithms.longest_trail([("Denver", "Omaha")]),
        "a route of a broken length": lambda: algorithms.longest_trail([("Denver", "Omaha", -4)]),
        "a lesson step view's part": lambda: InkLessonView(ink.Board.from_anu("A4A10"), "river"),
        "a misspelt task": lambda: lessons.check("odd_citys", print),
        "a check of no function": lambda: lessons.check("odd_cities", 5),
        "tracks of a board string": lambda: Tracks("A4A10"),
        "a side that is none": lambda: tracks.facing(tracks.at("A1")[0], "oben"),
        # the language
        "a language the kit has no texts for": lambda: texts.set_language("xx"),
    }


def replace_usa(**changes):
    import dataclasses

    return dataclasses.replace(ttr.rules.USA, **changes)


def test_every_error_a_german_reader_can_meet_is_german(german, tmp_path):
    """Each kind of bad input, uncaught: its message and what a notebook cell shows have
    no English sentence (code may stay as it is typed)."""
    english = {}
    for kind, attempt in bad_inputs(tmp_path).items():
        error = raised(attempt)
        for shown in (str(error), shown_in_a_notebook(error)):
            if english_sentence_words(shown):
                english[kind] = (english_sentence_words(shown), shown)
    assert not english


def shown(widget) -> str:
    """What an HTML widget reads, without its markup."""
    import html

    return html.unescape(re.sub(r"<[^>]+>", " ", widget.value))


@pytest.mark.slow
def test_the_game_views_refuse_bad_moves_in_german(german):
    """Each game view through a move the rules refuse: the view says why, in German."""
    from zuzlab.widgets import CardGameView, InkGameView, TtrGameView

    usa = ttr.new_game("usa", players=2, seed=3).set_up(hands={0: {"blue": 1}})
    cards = cardgame.new_game(players=2, seed=3).set_up(hands={0: {"red": 1}})
    lake = ink.new_game("lake", seed=1)
    views = {TtrGameView(usa): [ttr.ClaimRoute(("Atlanta", "Miami"), "blau"), ttr.ClaimRoute(("Paris", "Omaha"), "rot"),
                                ttr.DrawFaceUp("rosa")],
             CardGameView(cards): [cardgame.PlaySet("rot", 1), cardgame.PlaySet("rosa", 2)],
             InkGameView(lake): [ink.Place("A0", "Z9", 0), ink.Place("S0", "D3", 0)]}
    for view, moves in views.items():
        for move in moves:
            assert not view.act(move)
            said = shown(view.message)
            assert said.strip().startswith("Nicht erlaubt:") and not english_sentence_words(said), said


def test_the_rule_explorer_explains_bad_input_in_german(german):
    from zuzlab.widgets import RuleExplorer

    class NoGames:
        def submit(self, *args, **kwargs):
            raise AssertionError("a game was played")

    explorer = RuleExplorer("usa", games=10, executor=NoGames())
    said = []
    explorer.controls["initial_keep_min"].value = 5
    explorer.simulate()
    said.append(shown(explorer.message))
    explorer.controls["initial_keep_min"].value = 2
    for typed in ("tickets, cheater", " , "):
        explorer.bots.value = typed
        explorer.simulate()
        said.append(shown(explorer.message))
    assert "„zu Beginn zu behaltende Zielkarten“ (5) darf nicht größer sein als „Zielkarten zu Beginn“ (3)." in said[0]
    assert "Es gibt keinen Bot namens 'cheater'" in said[1]
    assert not [english_sentence_words(text) for text in said if english_sentence_words(text)]
    assert not english_sentence_words(shown(explorer.bots_hint))


def test_errors_follow_the_language_they_are_shown_in(tmp_path):
    """An error raised in English reads German once the reader has switched (the message
    is rendered when it is shown), and says itself in either language on request."""
    error = raised(lambda: ttr.new_game("usa", players=9))
    assert str(error) == "usa is played by 2–5 players, not 9"
    texts.set_language("de")
    try:
        assert str(error) == "usa wird von 2 bis 5 Spielern gespielt, nicht von 9"
        assert error.in_language("en") == "usa is played by 2–5 players, not 9"
        refusal = raised(lambda: ttr.new_game("usa", players=2, seed=1).apply(ttr.KeepTickets(())))
        assert str(refusal) == "Behalte mindestens 2 der 3 angebotenen Zielkarten."
        assert (refusal.rule, refusal.case, refusal.params) == ("keep_min", "keep_min", {"keep_min": 2, "offered": 3})
    finally:
        texts.set_language("en")
    assert str(refusal) == "Keep at least 2 of the 3 offered tickets."


def test_a_kit_error_pickles_with_its_text():
    """A refusal raised in a simulation's worker process reaches the notebook whole."""
    import pickle

    for error in (raised(lambda: ttr.new_game("usa", players=2, seed=1).apply(ttr.KeepTickets(()))),
                  raised(lambda: ttr.new_game("usa", players=9)), raised(lambda: ttr.load_map("asien"))):
        again = pickle.loads(pickle.dumps(error))
        assert type(again) is type(error) and str(again) == str(error) and again.params == error.params


def test_json_problems_are_described_in_the_readers_words(german, tmp_path):
    error = raised(lambda: ttr.load_game('{"format" 1}'))
    assert str(error) == "kein Spielstand: kein gültiges JSON (Zeile 1, Spalte 11: hier wird ein Doppelpunkt erwartet)"
    path = tmp_path / "broken.json"
    path.write_text('{"name": "x",\n "cities": [1 2]}')
    assert str(raised(lambda: ttr.load_map(path))) == \
        f"{path}: kein gültiges JSON (Zeile 2, Spalte 15: hier wird ein Komma erwartet)"
    from zuzlab.datafiles import JSON_PROBLEMS

    for problem in set(JSON_PROBLEMS.values()) | {"other"}:
        assert texts.text(f"error.json/{problem}", "de") != texts.text(f"error.json/{problem}", "en")


def test_a_map_file_given_as_the_variant_is_pointed_to_the_call_that_plays_it(tmp_path):
    import json

    path = tmp_path / "my_map.json"
    path.write_text((ttr.maps.maps_dir() / "usa.json").read_text())
    with pytest.raises(ValueError, match=r"'.*my_map.json' is a map file, not a variant: play it with "
                                         r"ttr.new_game\(\"usa\", map="):
        ttr.new_game(str(path))
    assert ttr.new_game("usa", map=str(path), players=2).map.name == json.loads(path.read_text())["name"]


# --- cards typed in German ---------------------------------------------------------------------

def test_colours_and_cards_typed_in_german_are_read_as_their_codes(german):
    game = ttr.new_game("usa", players=2, seed=3).set_up(hands={0: {"Purpur": 4, "rot": 1}, 1: {}})
    assert game.hands[0]["pink"] == 4 and game.hands[0]["red"] == 1
    game.apply(ttr.ClaimRoute("Denver–Omaha", "purpur"))  # the printed rules' name of the colour
    assert game.history == [ttr.ClaimRoute(game.map.route_between("Denver", "Omaha").id, "pink", 0)]
    cards = cardgame.new_game(players=2, seed=3).set_up(hands={0: {"rot": 3}}, yards={1: {"Rot": [2]}})
    cards.apply(cardgame.PlaySet("rote", 3))  # a form of the word will do too
    assert cards.history == [cardgame.PlaySet("red", 3, 0)] and cards.yards[1]["red"] == []
    purple = cardgame.new_game(players=2, seed=3).set_up(hands={0: {"purpur": 2}})
    assert purple.hands[0]["purple"] == 2  # the same colour, Purpur, in the Card Game
    drawn = ttr.new_game("usa", players=2, seed=3).set_up(face_up=["locomotive", "red", "red", "blue", "blue"])
    drawn.apply(ttr.DrawFaceUp("Lokomotive"))
    assert drawn.history == [ttr.DrawFaceUp("locomotive")]
    with pytest.raises(RuleViolation) as error:
        game.apply(ttr.ClaimRoute(("Atlanta", "Miami"), "rosa"))
    assert str(error.value) == ("'rosa' ist keine Farbe der Wagenkarten (rot, orange, gelb, grün, blau, purpur, "
                                "weiß und schwarz).") or "purpur" in str(error.value)  # what is accepted


def test_one_german_name_for_the_eighth_colour_in_both_games():
    assert texts.render("pink", "de") == texts.render("purple", "de") == "purpur"
    assert texts.render("violet", "de") == "lila" and texts.render("violet", "en") == "purple"  # a player's colour
    assert texts.render(texts.cards("purple", 2), "de") == "2 purpurne Karten"


# --- in a notebook: the short display ------------------------------------------------------------

def test_a_kit_error_shows_its_message_and_the_readers_line_not_the_kits_files(german):
    from zuzlab.viz import errors

    def my_cell():
        return ttr.new_game("usa", players=9)   # the reader's line

    error = raised(my_cell)
    lines = errors.brief(error, error.__traceback__)
    assert lines[0].endswith("InputError\x1b[0m: usa wird von 2 bis 5 Spielern gespielt, nicht von 9")
    assert lines[1].endswith(", Zeile %d: return ttr.new_game(\"usa\", players=9)   # the reader's line"
                             % (my_cell.__code__.co_firstlineno + 1))
    assert len(lines) == 2 and "zuzlab/" not in "\n".join(lines)


@pytest.mark.slow
def test_in_a_notebook_kit_errors_are_short_and_bugs_keep_their_traceback():
    import nbformat
    from nbclient import NotebookClient

    cells = ["from zuzlab import viz, ttr, texts\nviz.setup_notebook()\ntexts.set_language('de')",
             "game = ttr.new_game('usa', players=2, seed=1)\ngame.apply(ttr.KeepTickets(()))",
             "def bug():\n    return 1 / 0\nbug()"]
    notebook = nbformat.v4.new_notebook(cells=[nbformat.v4.new_code_cell(c) for c in cells])
    NotebookClient(notebook, timeout=120, kernel_name="python3", allow_errors=True).execute()
    refused, bug = (next(o for o in cell.outputs if o.output_type == "error") for cell in notebook.cells[1:])
    assert refused.ename == "RuleViolation" and refused.evalue == "Behalte mindestens 2 der 3 angebotenen Zielkarten."
    assert refused.traceback == ["\x1b[0;31mRuleViolation\x1b[0m: Behalte mindestens 2 der 3 angebotenen Zielkarten.",
                                 "Zelle In[2], Zeile 2: game.apply(ttr.KeepTickets(()))"]
    assert bug.ename == "ZeroDivisionError" and len(bug.traceback) > 2  # a bug: the full traceback


def test_the_rule_explorer_says_its_menus_bots_and_changes_in_the_language():
    from zuzlab.widgets import RuleExplorer

    ink_explorer = RuleExplorer("ink", games=10, players=1)
    menu = ink_explorer.controls["loop_rule"]
    menu.value = "trail"
    usa = RuleExplorer("usa", games=10)
    usa.controls["initial_keep_min"].value = 0
    usa.bots.value = "Zielkarten-Bot, long-route bot, balanced"  # a name in either language, or the short one
    texts.set_language("de")
    try:
        assert [label for label, _ in menu.options] == ["jedes Feld zählt einmal (simple)",
                                                        "ein Feld zählt bei jeder weiteren Durchfahrt erneut (trail)"]
        assert menu.value == "trail" and "Die Regeln sagen es nicht" in shown(ink_explorer._hints["loop_rule"])
        assert usa.changes(usa.changed_rules()) == ["„zu Beginn zu behaltende Zielkarten“ 0 (gedruckte Regeln: 2)"]
        assert "tickets (Zielkarten-Bot), long_routes (Langstrecken-Bot)" in shown(usa.bots_hint)
    finally:
        texts.set_language("en")
    assert [label for label, _ in menu.options][0] == "each square counts once (simple)" and menu.value == "trail"
    assert usa.seat_bots() == ["tickets", "long_routes", "balanced", "tickets"]
