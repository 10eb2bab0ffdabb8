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

import random

import pytest

from zuzlab import cardgame, ink, ttr
from zuzlab.core import RuleViolation, random_bot
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


ENGINES = {
    "usa-4": (lambda seed: ttr.new_game("usa", players=4, seed=seed), ttr_candidates),
    "europe-3": (lambda seed: ttr.new_game("europe", players=3, seed=seed), ttr_candidates),
    "switzerland-2": (lambda seed: ttr.new_game("switzerland", players=2, seed=seed), ttr_candidates),
    "cardgame-2": (lambda seed: cardgame.new_game(players=2, seed=seed), cardgame_candidates),
    "cardgame-4": (lambda seed: cardgame.new_game(players=4, seed=seed), cardgame_candidates),
    "ink-2": (lambda seed: ink.new_game(players=2, seed=seed), ink_candidates),
    "ink-river": (lambda seed: ink.new_game("river", seed=seed), ink_candidates),
    "ink-lake": (lambda seed: ink.new_game("lake", seed=seed), ink_candidates),
}
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
    the failure is a RuleViolation that says so."""
    game = ttr.new_game("usa", players=2, seed=4)
    game.apply(ttr.KeepTickets(game.pending.tickets))
    game.apply(ttr.KeepTickets(game.pending.tickets))
    before = game.copy()

    def broken_refill(self, emit):
        self.deck.clear()  # half the work done …
        raise KeyError("face_up")  # … then a failure

    monkeypatch.setattr(type(game.cards), "refill", broken_refill)
    with pytest.raises(RuleViolation, match="could not be carried out .*KeyError.*the game is unchanged"):
        game.apply(ttr.DrawBlind())
    monkeypatch.undo()
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
