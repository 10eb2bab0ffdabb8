"""One conformance suite for every engine (``zuzlab.core.GameState``): over seeded random
games with plausible and malformed actions thrown in at every step,

- an action is accepted exactly when it is among ``legal_actions()`` (in its canonical
  form: a tile turned half round is the same drawing);
- a refused action raises ``RuleViolation`` and leaves the state exactly as it was;
- ``copy()`` is equal and independent; ``undo()`` gives back the state before the action;
- save → load, and seed + actions → ``replay``, give the very same game; undoing every
  action gives the game as it was dealt.
"""

from __future__ import annotations

import json
import random

import pytest

from zuzlab import cardgame, ink, texts, ttr
from zuzlab.core import EngineDefect, RuleViolation, random_bot
from zuzlab.engines import ENGINES as ENGINES_REGISTERED
from zuzlab.ink.tiles import FACES

ROWS = "ABCDEFG"


def ttr_candidates(game: ttr.Game, rng: random.Random):
    """Actions a careless player (or a bot with a bug) might try in Ticket to Ride."""
    colours = list(game.rules.colors)
    yield ttr.ClaimRoute(rng.choice(game.map.routes).id, rng.choice(colours + [None]), rng.randint(0, 3))
    yield ttr.DrawFaceUp(rng.choice(colours + [game.rules.wild]))
    yield rng.choice([ttr.DrawBlind(), ttr.DrawTickets(), ttr.Pass(), ttr.GiveUpTunnel()])
    yield ttr.PayTunnel(rng.randint(0, 3))
    offered = list(game.pending.tickets) if isinstance(game.pending, ttr.ChooseTickets) else []
    pool = offered + [t.id for t in rng.sample(game.map.tickets, 2)]
    yield ttr.KeepTickets(tuple(rng.sample(pool, rng.randint(0, min(3, len(pool))))))
    city = rng.choice(sorted(game.map.cities))
    yield ttr.BuildStation(city, rng.choice(colours + [None]), rng.randint(0, 2))


def cardgame_candidates(game: cardgame.Game, rng: random.Random):
    colours = list(game.data.colors)
    yield cardgame.PlaySet(rng.choice(colours), rng.randint(0, 5), rng.randint(0, 3))
    yield cardgame.PlayMixed(tuple(rng.sample(colours, rng.choice([2, 3, 3]))))
    yield cardgame.DrawFaceUp(rng.choice(colours + ["locomotive"]))
    yield rng.choice([cardgame.DrawBlind(), cardgame.DrawTickets(), cardgame.Pass()])
    offered = list(game.pending.tickets) if isinstance(game.pending, cardgame.ChooseTickets) else []
    pool = offered + [t.id for t in rng.sample(game.data.tickets, 2)]
    yield cardgame.KeepTickets(tuple(rng.sample(pool, rng.randint(0, min(4, len(pool))))))


def ink_candidates(game: ink.Game, rng: random.Random):
    square = f"{rng.choice(ROWS)}{rng.randint(0, 6)}"
    yield ink.Place(rng.choice(sorted(FACES)), square, rng.randint(0, 7))
    if not game.is_over:
        drawable = game.drawable(game.current_player) or ["A0"]
        yield ink.Place(rng.choice(drawable), square, rng.randint(0, 7))
    yield ink.FinishRound()


#: the line-ups the suite plays: engine, variant, players (every registered engine has one)
LINE_UPS = {"usa-4": ("ttr", "usa", 4), "europe-3": ("ttr", "europe", 3), "switzerland-2": ("ttr", "switzerland", 2),
            "cardgame-2": ("cardgame", "cardgame", 2), "cardgame-4": ("cardgame", "cardgame", 4),
            "ink-2": ("ink", "ink", 2), "ink-river": ("ink", "river", 1), "ink-lake": ("ink", "lake", 1)}
BY_KEY = {engine.key: engine for engine in ENGINES_REGISTERED}
#: name → (a new game of that line-up from a seed, the careless actions of its engine)
ENGINES = {name: ((lambda seed, key=key, variant=variant, players=players:
                   BY_KEY[key].new_game(variant, players=players, seed=seed)),
                  {"ttr": ttr_candidates, "cardgame": cardgame_candidates, "ink": ink_candidates}[key])
           for name, (key, variant, players) in LINE_UPS.items()}
LOAD = {ttr.Game: ttr.load_game, cardgame.Game: cardgame.load_game, ink.Game: ink.load_game}
REPLAY = {ttr.Game: ttr.replay, cardgame.Game: cardgame.replay, ink.Game: ink.replay}


def check_step(game, candidates, rng, every_legal: bool) -> None:
    before = game.copy()
    assert before == game and before is not game
    legal = game.legal_actions()
    assert len(set(legal)) == len(legal), "an action is listed twice"
    tried = list(candidates(game, rng)) + rng.sample(legal, min(3, len(legal)))
    if every_legal:
        tried += legal
    for action in tried:
        action = game.canonical(action)
        if action in legal:  # accepted, on a copy; the original is untouched
            trial = game.copy()
            trial.apply(action)
            assert game == before
            trial.undo()
            assert trial == before, f"undo of {action} did not give the state back"
        else:  # refused, on the game itself, which stays exactly as it was
            with pytest.raises(RuleViolation):
                game.apply(action)
            assert game == before, f"the refused {action} changed the game"


@pytest.mark.parametrize("engine", ENGINES)
def test_engine_conforms_to_the_protocol(engine):
    new_game, candidates = ENGINES[engine]
    for seed in (1, 2):
        rng = random.Random(f"conformance/{engine}/{seed}")
        game = new_game(seed)
        dealt = game.copy()
        step = 0
        while not game.is_over:
            check_step(game, candidates, rng, every_legal=step % 40 == 0)
            game.apply(random_bot(game, rng))
            step += 1
        check_step(game, candidates, rng, every_legal=True)  # the end: nothing is accepted
        assert game.legal_actions() == []
        scores = game.final_scores()
        loaded = LOAD[type(game)](game.to_json())
        assert loaded == game and loaded.final_scores().totals == scores.totals
        again = REPLAY[type(game)](game.rules, players=game.players, seed=game.seed, actions=game.history)
        assert again == game
        while game.history:
            game.undo()
        assert game == dealt


@pytest.mark.parametrize("engine", ["usa-4", "cardgame-2", "ink-2"])
def test_a_set_up_position_is_the_start_of_the_history(engine):
    """After ``set_up`` undo stops at the position, and a save replays from it."""
    new_game, _ = ENGINES[engine]
    game = new_game(3)
    if isinstance(game, ink.Game):
        game.set_up(boards={0: "A4A10"}, round=2, roll=["A1", "A2", "A3", "B0"])  # round 1 holds no drawing yet
    else:
        game.set_up(hands={0: {"red": 3}}, current=1)
    position = game.copy()
    rng = random.Random(3)
    for _ in range(12):
        game.apply(random_bot(game, rng))
    loaded = LOAD[type(game)](game.to_json())
    assert loaded == game
    while game.history:
        game.undo()
    assert game == position
    with pytest.raises(RuleViolation, match="nothing to undo"):
        game.undo()
    assert game == position


def test_a_defect_while_carrying_out_leaves_the_game_unchanged(monkeypatch):
    """Should an engine ever fail halfway (a defect, not a rule), the game is put back and
    the failure says so: an ``EngineDefect`` with the failure chained, never a refusal
    (a ``RuleViolation``, a ``ValueError``) that a view would show as a rule."""
    game = ttr.new_game("usa", players=2, seed=4)
    game.apply(ttr.KeepTickets(game.pending.tickets))
    game.apply(ttr.KeepTickets(game.pending.tickets))
    before = game.copy()

    def broken_refill(self, emit):
        self.deck.clear()  # half the work done …
        raise KeyError("face_up")  # … then a failure

    monkeypatch.setattr(type(game.cards), "refill", broken_refill)
    with pytest.raises(EngineDefect, match="could not be carried out .*KeyError.*no rule forbids it. The game is "
                                           "unchanged") as failure:
        game.apply(ttr.DrawBlind())
    monkeypatch.undo()
    assert not isinstance(failure.value, ValueError) and isinstance(failure.value, RuntimeError)
    assert isinstance(failure.value.__cause__, KeyError)
    try:
        texts.set_language("de")  # said in the language current when it is shown
        assert str(failure.value).endswith("keine Regel verbietet ihn. Die Partie ist unverändert.")
    finally:
        texts.set_language("en")
    assert game == before and len(game.cards.deck) > 0


MALFORMED = {
    "ttr": [lambda: ttr.ClaimRoute(2.5, "red"), lambda: ttr.ClaimRoute(2, 7), lambda: ttr.DrawFaceUp(None),
            lambda: ttr.KeepTickets(("a",)), lambda: ttr.PayTunnel("one"), lambda: ttr.BuildStation(3)],
    "cardgame": [lambda: cardgame.PlaySet("red", 2, -1), lambda: cardgame.PlaySet(None, 2),
                 lambda: cardgame.PlayMixed("red"), lambda: cardgame.KeepTickets([None])],
    "ink": [lambda: ink.Place("A1", "C3", 1.5), lambda: ink.Place(None, "C3", 0), lambda: ink.Place("A1", 17, True)],
}


@pytest.mark.parametrize("engine", MALFORMED)
def test_malformed_actions_are_refused_when_made_and_non_actions_when_applied(engine):
    for make in MALFORMED[engine]:
        with pytest.raises(RuleViolation) as error:
            make()
        assert error.value.rule == "malformed_action" and "needs" in str(error.value)
    game = ENGINES[{"ttr": "usa-4", "cardgame": "cardgame-2", "ink": "ink-2"}[engine]][0](5)
    before = game.copy()
    for thing in ("claim Denver", None, 42, {"type": "Pass"}):
        with pytest.raises(RuleViolation, match="is not an action of this game"):
            game.apply(thing)
        assert game == before


# --- saves whose set-up start the rules cannot have -------------------------------------

def set_up_position(engine: str):
    """A game set up at a position: its save replays from that start."""
    if engine == "ttr":
        game = ttr.new_game("usa", players=3, seed=2).set_up(hands={0: {"red": 3}}, current=1)
    elif engine == "cardgame":  # a 4-player game in its second round, after the first scoring
        game = cardgame.new_game(players=4, seed=2)
        rng = random.Random(2)
        while game.round == 1:
            game.apply(random_bot(game, rng))
        while game.pending is not None:
            game.apply(random_bot(game, rng))
        game.set_up(current=game.current_player)
    else:
        game = ink.new_game(players=2, seed=2).set_up(round=3, current=1)
    return game


CORRUPTED_STARTS = {
    "ttr": [
        ("a ticket offer naming deck tickets", lambda s: s.update(
            pending={"kind": "keep_tickets", "player": 1, "tickets": s["ticket_deck"][:3], "keep_min": 1}),
         r"offers\[1\]: player 1 is choosing tickets, but none is on offer"),
        ("turn -5", lambda s: s.update(turn=-5), "turn: -5 is not a whole number of at least 0"),
        ("99 final turns", lambda s: s.update(final_turns_left=99), "final_turns_left: 99 is not a whole number from 1 to 3"),
        ("passes in words", lambda s: s.update(consecutive_passes="x"), "consecutive_passes: 'x' is not a whole number"),
        ("trains as decimals", lambda s: s["trains"].__setitem__(0, 45.0), r"trains\[0\]: 45.0 is not a whole number"),
        ("current true", lambda s: s.update(current=True), "current: True is not a player of this game"),
        ("the opening with no offers", lambda s: s.update(in_setup=True, turn=0),
         "in_setup: the choice of tickets at the start is on, but player 1 is not choosing any"),
        ("a second card owed by another player", lambda s: s.update(pending={"kind": "second_card", "player": 2}),
         "pending: player 2 owes a decision, but player 1 is to move"),
        ("a second card owed at the start", lambda s: s.update(pending={"kind": "second_card", "player": 1}),
         "a set-up position is at the start of a turn, but this one's pending is"),
        ("a pass counted at the start", lambda s: s.update(consecutive_passes=1),
         "a set-up position is at the start of a turn, but this one's consecutive_passes is 1, not 0"),
    ],
    "cardgame": [
        ("round 7", lambda s: s.update(round=7), "round: 7 is not a whole number from 1 to 2"),
        ("first-round points of 999", lambda s: s["first_round"][0].update(points=999),
         r"first_round\[0\]: points 999, but its tickets score"),
        ("a first round in round 1", lambda s: s.update(round=1), "first_round: a first scoring is there"),
        ("current true", lambda s: s.update(current=True), "current: True is not a player of this game"),
        ("a ticket offer naming deck tickets", lambda s: s.update(
            pending={"kind": "keep_tickets", "player": s["current"], "tickets": s["ticket_deck"][:2], "keep_min": 0}),
         r"offers\[2\]: player 2 is choosing tickets, but none is on offer"),
        ("over in words", lambda s: s.update(over="no"), "over: 'no' is neither true nor false"),
    ],
    "ink": [
        ("every player finished mid-round", lambda s: s.update(finished=[True, True]),
         r"finished: \[True, True\], but the players draw one after another, so it must be \[True, False\]"),
        ("five specials this round", lambda s: s.update(specials_this_round=[5, 0]),
         r"specials_this_round\[0\]: 5 is not a whole number from 0 to 0"),
        ("a roll for round 99", lambda s: s["next_rolls"].update({"99": ["A1", "A1", "A1", "A1", "S0"]}),
         "next_rolls: round 99 is not a round still to come"),
        ("round true", lambda s: s.update(round=True), "round: True is not a round"),
        ("a board the placement rules forbid", lambda s: s["boards"].__setitem__(0, ink.Board.from_anu("A1A10").to_dict()),
         r"boards\[0\]: on A1 this tile cannot be drawn in any order of drawings"),
        ("a special on the board not counted as used", lambda s: s["boards"].__setitem__(
            0, ink.Board.from_anu("A4A10,S0B10").to_dict()), r"specials_used"),
        ("a special drawn at the start", lambda s: s.update(specials_this_round=[0, 1]),
         r"specials_this_round\[1\]: 1 is not a whole number from 0 to 0"),
    ],
}


@pytest.mark.parametrize("engine, name", [(e, name) for e, cases in CORRUPTED_STARTS.items() for name, *_ in cases])
def test_a_save_whose_set_up_start_the_rules_cannot_have_is_refused(engine, name):
    """A saved start goes through every check ``set_up`` makes: counters are whole numbers
    in their range, a pending decision is the player's to move and matches their offer, and
    a set-up start is at the start of a turn."""
    change, message = next((c, m) for n, c, m in CORRUPTED_STARTS[engine] if n == name)
    game = set_up_position(engine)
    data = json.loads(game.to_json())
    assert LOAD[type(game)](json.dumps(data)) == game  # the save as written loads
    change(data["start"])  # no action since the start: the position saved is the start, changed alike
    change(data)
    with pytest.raises(ValueError, match=f"not a saved game: {message}"):
        LOAD[type(game)](json.dumps(data))


# --- the engine tuple: one description, found by every layer ------------------------------

@pytest.mark.parametrize("engine", ENGINES_REGISTERED, ids=lambda engine: engine.key)
def test_every_registered_engine_reaches_every_layer(engine):
    """A new engine is its own package plus one line in ``zuzlab.engines``: then this test
    finds what it still lacks in the layers that read the description."""
    import tomllib
    from pathlib import Path

    from zuzlab import sim, texts
    from zuzlab.widgets.explorer import parameters_of

    assert any(key == engine.key for key, _, _ in LINE_UPS.values()), "the conformance suite plays no game of it"
    assert engine.default_variant in engine.variants and engine.strategies and set(engine.strategies) <= set(engine.bots)
    rules = engine.variants[engine.default_variant]
    assert isinstance(rules, engine.rules_type) and engine.game.engine_key == engine.key
    game = engine.play_random_game(players=rules.min_players if hasattr(rules, "min_players") else 1, seed=1)
    parts = engine.score_parts(game, game.final_scores(), 0)
    assert parts and all(isinstance(name, str) for name in parts)
    table = sim.simulate(engine.default_variant, players=game.players, games=2, workers=1, progress=False,
                         bots="random")
    assert set(parts) <= set(table.columns) and len(table) == 2 * game.players
    assert parameters_of(engine.rules_type), "the rule explorer offers no field of these rules"
    for lang in texts.LANGUAGES:
        assert {f"game/{engine.key}", f"saved/{engine.key}"} <= set(texts.table(lang)["error"]), lang
    listed = tomllib.loads((Path(__file__).parents[1] / "pyproject.toml").read_text())["tool"]["setuptools"]["packages"]
    assert engine.game.__module__.rsplit(".", 1)[0] in listed


@pytest.mark.parametrize("engine", ENGINES_REGISTERED, ids=lambda engine: engine.key)
def test_a_state_grows_no_attribute_it_does_not_declare(engine):
    """``==`` and ``copy`` read the position from the state's attributes: a cache added
    without declaring it (``Game.caches``) would silently take part in equality."""
    dealt = set(vars(engine.new_game(seed=3)))
    played = engine.play_random_game(seed=3)
    grown = set(vars(played)) - dealt - played.caches - played._beside_position
    assert not grown, f"undeclared attributes: {sorted(grown)}"
