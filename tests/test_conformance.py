"""One conformance suite for every engine of ``zuzlab.engines.ENGINES`` (the protocol of
``zuzlab.core.GameState``): over seeded random games with plausible and malformed actions
thrown in at every step,

- an action is accepted exactly when it is among ``legal_actions()`` (in its canonical
  form: a tile turned half round is the same drawing);
- a refused action raises ``RuleViolation`` and leaves the state exactly as it was;
- ``copy()`` is equal and independent; ``undo()`` gives back the state before the action;
- save → load, and seed + actions → ``replay``, give the very same game; undoing every
  action gives the game as it was dealt;
- an observation shows nothing of what its player may not see.

The tests are parametrized over ``ENGINES`` (the line-ups: ``line_ups``), so an engine
registered there is played without a line here, and each takes its engine as a parameter:
``tests/test_toy_engine.py`` calls them with the toy engine registered.
"""

from __future__ import annotations

import dataclasses
import json
import random

import pytest

from generated_board import GENERATED
from zuzlab import cardgame, engines, ink, texts, ttr
from zuzlab.core import EngineDefect, RuleViolation, is_whole_number, play_with_bots, random_bot
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


#: an engine's own careless actions (engine key → candidates), beyond those the suite tries
#: in every engine (``careless_actions``)
CARELESS = {"ttr": ttr_candidates, "cardgame": cardgame_candidates, "ink": ink_candidates}

#: the line-ups the suite plays (engine key → (variant, players) …) where a variant or a
#: player count brings rules of its own (a board made in code, with a triple route: five
#: players open all its tracks); an engine not named here plays its usual game
LINE_UPS = {"ttr": (("usa", 4), ("europe", 3), ("switzerland", 2), (GENERATED, 5)),
            "cardgame": (("cardgame", 2), ("cardgame", 4)),
            "ink": (("ink", 2), ("river", 1), ("lake", 1))}


def line_ups(engine) -> tuple[tuple[str, int], ...]:
    """The variants and player counts the suite plays ``engine`` in."""
    return LINE_UPS.get(engine.key, ((engine.default_variant, engine.default_players),))


def every_line_up() -> list:
    """(engine, variant, players) of every engine registered, as test parameters."""
    return [pytest.param(engine, variant, players, id=f"{getattr(variant, 'name', variant)}-{players}")
            for engine in engines.ENGINES for variant, players in line_ups(engine)]


def careless_actions(engine, game, rng: random.Random, earlier: list) -> list:
    """What a careless player (or a bot with a bug) might try now: the engine's own
    (``CARELESS``), actions that were legal earlier in the game but are not now (a card no
    longer there, a decision no longer owed), and a legal action with one of its whole
    numbers one more or one less."""
    legal = game.legal_actions()
    tried = list(CARELESS.get(engine.key, lambda game, rng: ())(game, rng))
    tried += [action for action in rng.sample(earlier, min(2, len(earlier))) if action not in legal]
    if legal:
        changed = one_number_changed(rng.choice(legal), rng)
        if changed is not None and changed not in legal:
            tried.append(changed)
    return tried


def one_number_changed(action, rng: random.Random):
    """``action`` with one of its whole-number fields one more or one less; None if it has
    none, or if that makes no action (refused when made: a negative count)."""
    numbers = [field.name for field in dataclasses.fields(action) if is_whole_number(getattr(action, field.name))]
    if not numbers:
        return None
    name = rng.choice(numbers)
    try:
        return dataclasses.replace(action, **{name: getattr(action, name) + rng.choice((-1, 1))})
    except RuleViolation:
        return None


def check_step(engine, game, rng, earlier: list, every_legal: bool) -> None:
    before = game.copy()
    assert before == game and before is not game
    legal = game.legal_actions()
    assert len(set(legal)) == len(legal), "an action is listed twice"
    sampled = rng.sample(legal, min(3, len(legal)))
    tried = careless_actions(engine, game, rng, earlier) + sampled
    earlier += sampled
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


@pytest.mark.parametrize("engine, variant, players", every_line_up())
def test_engine_conforms_to_the_protocol(engine, variant, players):
    for seed in (1, 2):
        rng = random.Random(f"conformance/{getattr(variant, 'name', variant)}-{players}/{seed}")
        game = engine.new_game(variant, players=players, seed=seed)
        dealt, earlier = game.copy(), []
        step = 0
        while not game.is_over:
            check_step(engine, game, rng, earlier, every_legal=step % 40 == 0)
            game.apply(random_bot(game, rng))
            step += 1
        check_step(engine, game, rng, earlier, every_legal=True)  # the end: nothing is accepted
        assert game.legal_actions() == []
        scores = game.final_scores()
        loaded = engine.load_game(game.to_json())
        assert loaded == game and loaded.final_scores().totals == scores.totals
        again = engine.replay(game.rules, players=game.players, seed=game.seed, actions=game.history)
        assert again == game
        while game.history:
            game.undo()
        assert game == dealt


#: a position of each engine to set up (``set_up``'s keywords); an engine not named here is
#: set up as it was dealt, its opening ended
SET_UPS = {"ttr": dict(hands={0: {"red": 3}}, current=1), "cardgame": dict(hands={0: {"red": 3}}, current=1),
           "ink": dict(boards={0: "A4A10"}, round=2, roll=["A1", "A2", "A3", "B0"])}  # round 1 holds no drawing yet


@pytest.mark.parametrize("engine", engines.ENGINES, ids=lambda engine: engine.key)
def test_a_set_up_position_is_the_start_of_the_history(engine):
    """After ``set_up`` undo stops at the position, and a save replays from it."""
    game = engine.new_game(players=max(2, engine.default_players), seed=3)
    game.set_up(**SET_UPS.get(engine.key, {}))
    position = game.copy()
    rng = random.Random(3)
    for _ in range(12):
        if not game.is_over:
            game.apply(random_bot(game, rng))
    loaded = engine.load_game(game.to_json())
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
def test_malformed_actions_are_refused_when_made(engine):
    for make in MALFORMED[engine]:
        with pytest.raises(RuleViolation) as error:
            make()
        assert error.value.rule == "malformed_action" and "needs" in str(error.value)


@pytest.mark.parametrize("engine", engines.ENGINES, ids=lambda engine: engine.key)
def test_what_is_no_action_is_refused_and_changes_nothing(engine):
    game = engine.new_game(seed=5)
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
        ("99 final turns", lambda s: s.update(final_turns_left=99),
         "final_turns_left: 99 is not a whole number from 1 to 3"),
        ("passes in words", lambda s: s.update(consecutive_passes="x"),
         "consecutive_passes: 'x' is not a whole number"),
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
        ("a board the placement rules forbid",
         lambda s: s["boards"].__setitem__(0, ink.Board.from_anu("A1A10").to_dict()),
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
    load = engines.engine_of(game.rules)[0].load_game
    assert load(json.dumps(data)) == game  # the save as written loads
    change(data["start"])  # no action since the start: the position saved is the start, changed alike
    change(data)
    with pytest.raises(ValueError, match=f"not a saved game: {message}"):
        load(json.dumps(data))


# --- what a player may see ---------------------------------------------------------------

def secret_parts(game) -> list[tuple[object, str, str]]:
    """(holder, attribute, "own" or "hidden") of each of the game's ``secrets``, a part's
    own secrets (the card supply's deck: ``{"deck": "hidden"}``) read on that part."""
    found = []
    for name, secret in game.secrets.items():
        if isinstance(secret, dict):
            found += [(getattr(game, name), inner, kind) for inner, kind in secret.items()]
        else:
            found.append((game, name, secret))
    return found


@pytest.mark.parametrize("engine", engines.ENGINES, ids=lambda engine: engine.key)
def test_an_observation_shows_nothing_its_player_may_not_see(engine):
    """What the engine declares secret (``Game.secrets``) is not in an observation: another
    player's entry of an "own" part by its size only, a "hidden" part by its size or not at
    all; and the order of a hidden pile (a deck) shows nowhere else in it either."""
    game = engine.new_game(players=max(2, engine.default_players), seed=4)
    rng = random.Random(4)
    for _ in range(30):
        if not game.is_over:
            game.apply(random_bot(game, rng))
    shuffled = game.copy()  # the same position, every hidden pile in another order
    for holder, name, kind in secret_parts(shuffled):
        if kind == "hidden" and isinstance(getattr(holder, name, None), list):
            getattr(holder, name).reverse()
    saved = game._position_dict()
    for player in range(game.players):
        seen = game.observation(player)
        assert seen["player"] == player and json.loads(json.dumps(seen)) == seen  # plain JSON data
        for _, name, kind in secret_parts(game):
            if name not in saved:
                continue
            if kind == "own":
                assert seen[name][player] == saved[name][player], name
                assert all(is_whole_number(seen[name][other]) for other in range(game.players) if other != player), name
            else:
                assert is_whole_number(seen.get(name, 0)), name
        assert shuffled.observation(player) == seen, "the order of a hidden pile shows in the observation"


# --- the engine tuple: one description, found by every layer ------------------------------

@pytest.mark.parametrize("engine", engines.ENGINES, ids=lambda engine: engine.key)
def test_every_registered_engine_reaches_every_layer(engine):
    """A new engine is its own package plus one line in ``zuzlab.engines``: then every layer
    that reads the description finds it, and this test names what it still lacks."""
    from zuzlab import sim
    from zuzlab.widgets.explorer import RuleExplorer

    rules = engine.variants[engine.default_variant]
    assert isinstance(rules, engine.rules_type) and engine.game.engine_key == engine.key
    assert engines.engine_of(engine.default_variant) == (engine, rules)
    for variant, players in line_ups(engine):  # the conformance suite plays it
        assert engine.new_game(variant, players=players, seed=1).players == players
    assert engine.strategies and set(engine.strategies) <= set(engine.bots)
    players = getattr(rules, "min_players", 1)
    table = sim.simulate(engine.default_variant, players=players, games=2, workers=1, progress=False)
    game = play_with_bots(engine.new_game(players=players, seed="1/0"),  # game 0 of the table
                          [engine.make_bot(table.bot[seat]) for seat in range(players)], "1/0", "sim")
    parts = engine.score_parts(game, game.final_scores(), 0)
    assert parts and set(parts) <= set(table.columns) and len(table) == 2 * players
    assert list(table.total[:players]) == game.final_scores().totals
    assert sim.mean_parts(table).data.shape == (len(set(table.bot)), len(sim.shown_parts(table)))
    explorer = RuleExplorer(engine.default_variant, games=10, players=players)
    assert explorer.engine is engine and explorer.parameters, "the rule explorer offers no field of these rules"
    for lang in texts.LANGUAGES:
        missing = sorted({f"error.game/{engine.key}", f"error.saved/{engine.key}"}
                         - {f"error.{key}" for key in texts.table(lang).get("error", {})})
        assert not missing, f"{lang} has no text for {missing}"


@pytest.mark.parametrize("engine", engines.ENGINES, ids=lambda engine: engine.key)
def test_every_registered_engine_is_a_package_of_the_kit(engine):
    import tomllib
    from pathlib import Path

    listed = tomllib.loads((Path(__file__).parents[1] / "pyproject.toml").read_text())["tool"]["setuptools"]["packages"]
    assert engine.game.__module__.rsplit(".", 1)[0] in listed


@pytest.mark.parametrize("engine", engines.ENGINES, ids=lambda engine: engine.key)
def test_a_state_has_no_attribute_it_does_not_declare(engine):
    """``==``, ``copy`` and the save read only the declared parts of a position
    (``Game.position_fields``): an attribute added without declaring it (a part, a
    derived value or a cache: ``Game.caches``) would silently be left out of all three."""
    for game in (engine.new_game(seed=3), engine.play_random_game(seed=3)):
        undeclared = set(vars(game)) - game.declared_attributes()
        assert not undeclared, f"undeclared attributes: {sorted(undeclared)}"
