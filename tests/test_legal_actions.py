"""Ticket to Ride's legal actions as a lazy sequence: it behaves like the list of the same
actions, lists exactly what ``apply`` accepts, and its kept counts of open routes stay
equal to counts made anew (after claims, copies, undo and set-up positions)."""

import json

import pytest
from hypothesis import given, strategies as st

from ttr_helpers import started, strand
from zuzlab import ttr
from zuzlab.core import LegalActions, Pass, RuleViolation, seeded_random
from zuzlab.ttr.claim_rules import Price, count_payments, payments
from zuzlab.ttr.legal import OpenRoutes, open_routes, run_table

VARIANTS = [("usa", 4), ("europe", 5), ("switzerland", 3), ("usa", 2)]


def positions(variant, players, seed, every=7):
    """Every ``every``-th position of a seeded random game, as copies."""
    game, rng = ttr.new_game(variant, players=players, seed=seed), seeded_random(seed, "positions")
    step = 0
    while not game.is_over:
        if step % every == 0:
            yield game.copy()
        game.apply(rng.choice(game.legal_actions()))
        step += 1


@pytest.mark.parametrize("variant,players", VARIANTS)
def test_the_lazy_sequence_behaves_like_its_list(variant, players):
    checked, decisions = 0, set()
    for game in positions(variant, players, seed=3):
        decisions.add(type(game.pending).__name__)
        legal = game.legal_actions()
        listed = list(legal)
        assert isinstance(legal, LegalActions) and len(legal) == len(listed) > 0
        assert [legal[i] for i in range(len(legal))] == listed
        assert legal[-1] == listed[-1] and legal[1:4] == listed[1:4] and legal[::-1] == listed[::-1]
        assert legal == listed and listed == legal and legal != listed[:-1]
        assert len(set(listed)) == len(listed)  # every action once
        assert all(action in legal for action in listed)
        claims = legal.of_type(ttr.ClaimRoute)
        assert claims == [a for a in listed if isinstance(a, ttr.ClaimRoute)]
        some = {a.route for a in claims[::3]}
        assert game.claim_actions(some) == [a for a in claims if a.route in some]
        with pytest.raises(IndexError):
            legal[len(legal)]
        checked += 1
    assert checked > 15 and {"NoneType", "ChooseTickets", "SecondCard"} <= decisions  # each kind of part


def every_claim_apply_accepts(game) -> set:
    """The oracle: try every route with every colour and number of wild cards."""
    rules, accepted = game.rules, set()
    for route in game.map.routes:
        for color in (*rules.colors, None):
            for wilds in range(route.length + 1):
                action = ttr.ClaimRoute(route.id, color, wilds)
                try:
                    game.copy().apply(action)
                except RuleViolation:
                    continue
                accepted.add(action)
    return accepted


@pytest.mark.parametrize("variant,players", VARIANTS)
def test_the_claims_listed_are_exactly_those_apply_accepts(variant, players):
    with_claims = without = 0
    for game in positions(variant, players, seed=8, every=5):
        if game.pending is not None:
            continue
        listed = game.legal_actions().of_type(ttr.ClaimRoute)
        if (with_claims if listed else without) >= (4 if listed else 1):
            continue  # a few positions of each kind are enough (the oracle is slow)
        assert set(listed) == every_claim_apply_accepts(game)
        with_claims, without = with_claims + bool(listed), without + (not listed)
    assert with_claims == 4


def fresh_counts(game):
    """The open routes per run, made anew."""
    return OpenRoutes(game, run_table(game)).open


@pytest.mark.parametrize("variant,players", VARIANTS)
def test_kept_open_route_counts_equal_counts_made_anew(variant, players):
    game, rng = ttr.new_game(variant, players=players, seed=5), seeded_random(5, "counts")
    open_routes(game)  # made once; from here on each claim keeps them up to date
    while not game.is_over:
        kept = game.__dict__["_open_routes"]
        assert kept.is_current(game) and kept.open == fresh_counts(game)
        copied = game.copy().__dict__["_open_routes"]
        assert copied is not kept and copied.open == kept.open
        assert all(mine is not theirs for mine, theirs in zip(copied.open, kept.open))  # own lists
        game.apply(rng.choice(game.legal_actions()))
    for _ in range(5):  # after an undo the kept counts are out of date: made anew, not misused
        stale = game.__dict__["_open_routes"]
        game.undo()
        replayed = ttr.replay(variant, players=players, seed=5, actions=game.history)
        assert not stale.is_current(game) and game.legal_actions() == replayed.legal_actions()


def test_a_set_up_position_counts_its_own_claims():
    game = ttr.new_game("usa", players=2, seed=1)
    game.legal_actions()
    board = game.map
    double = next(r for r in board.routes if r.parallel)
    game.set_up(claimed={double.id: 1}, hands={0: {color: 6 for color in game.rules.colors}})
    claims = game.legal_actions().of_type(ttr.ClaimRoute)
    assert all(a.route not in double.tracks for a in claims)  # 2 players: both tracks closed
    assert open_routes(game).open == fresh_counts(game)


def test_legal_actions_of_an_earlier_position_say_so():
    game = ttr.new_game("usa", players=2, seed=2)
    game.set_up(hands={0: {color: 4 for color in game.rules.colors}})
    legal = game.legal_actions()
    game.apply(legal.of_type(ttr.ClaimRoute)[0])
    with pytest.raises(RuntimeError, match="earlier position.*ask game.legal_actions"):
        legal.of_type(ttr.ClaimRoute)
    assert legal[0] == ttr.DrawBlind()  # the card draws listed then are plain values


def test_the_legal_actions_show_as_a_list():
    game = ttr.new_game("usa", players=2, seed=2)
    legal = game.legal_actions()
    assert repr(legal) == repr(list(legal)) and repr(legal).startswith("[KeepTickets(")


@given(length=st.integers(1, 8), colors=st.lists(st.sampled_from(["red", "blue", "green", "black"]), min_size=1,
                                                   max_size=4, unique=True),
       counts=st.lists(st.integers(0, 9), min_size=4, max_size=4), wilds=st.integers(0, 9), ferry=st.integers(0, 3),
       wilds_usable=st.booleans())
def test_each_way_to_pay_listed_pays_once_with_cards_held(length, colors, counts, wilds, ferry, wilds_usable):
    held = {color: n for color, n in zip(["red", "blue", "green", "black"], counts) if n}
    ferry = min(ferry, length) if wilds_usable else 0  # a ferry's wild cards are some of its cards
    price = Price(length, tuple(colors), wilds_usable, ferry)
    listed = list(payments(price, wilds, held))
    assert len(set(listed)) == len(listed) == count_payments(price, wilds, held)
    for color, wilds_used in listed:  # each pays exactly ``length`` cards it has, at least ``ferry`` wild
        assert ferry <= wilds_used <= (wilds if wilds_usable else 0) and (color is None) == (wilds_used == length)
        assert color is None or (color in colors and length - wilds_used <= held[color])


@pytest.mark.parametrize("variant", ["usa", "europe", "switzerland"])
@given(data=st.data())
def test_the_claims_counted_for_any_hand_are_those_listed(variant, data):
    game = GAMES[variant].copy()
    kinds = game.card_kinds
    counts = data.draw(st.lists(st.integers(0, 7), min_size=len(kinds), max_size=len(kinds)))
    game.set_up(hands={game.current_player: dict(zip(kinds, counts))})  # the player to move
    legal = game.legal_actions()
    assert len(legal) == len(list(legal))
    assert len(game._claims()) == len(list(game._claims())) == len(legal.of_type(ttr.ClaimRoute))


GAMES = {variant: next(game for game in positions(variant, 3, seed=9) if game.pending is None and game.turn > 20)
         for variant in ("usa", "europe", "switzerland")}  # mid-game boards: some routes taken


def test_a_saved_position_lists_its_claims_in_card_order_whatever_the_file_says():
    game = ttr.new_game("usa", players=2, seed=4)
    game.set_up(hands={0: {"red": 2, "blue": 2, "locomotive": 1}})
    data = json.loads(game.to_json())
    for saved in (data["hands"], data["start"]["hands"]):
        for hand in saved:  # the same hands, their keys in reverse order
            reordered = dict(reversed(list(hand.items())))
            hand.clear()
            hand.update(reordered)
    loaded = ttr.Game.from_dict(data)
    assert list(loaded.legal_actions()) == list(game.legal_actions())
    gray = next(r for r in game.map.routes if r.is_gray and r.length == 2)
    paid = [(a.color, a.wilds) for a in loaded.claim_actions({gray.id})]
    first, second = sorted(["red", "blue"], key=game.rules.colors.index)  # the rules' card order
    assert paid == [(first, 0), (first, 1), (second, 0), (second, 1)]


@pytest.mark.parametrize("variant,players", VARIANTS)
def test_a_random_action_is_what_rng_choice_picks_from_the_legal_actions(variant, players):
    game, rng = ttr.new_game(variant, players=players, seed=6), seeded_random(6, "sampled")
    while not game.is_over:
        state = rng.getstate()
        picked = game.random_action(rng)
        after = rng.getstate()
        rng.setstate(state)
        assert picked == rng.choice(game.legal_actions()) and rng.getstate() == after  # the same draw
        game.apply(picked)


def test_a_random_action_with_nothing_else_to_do_is_a_pass_drawn_as_rng_choice_draws_it():
    game = started()
    strand(game, 0)
    rng, twin = seeded_random(1, "pass"), seeded_random(1, "pass")
    assert game.legal_actions() == [Pass()]
    assert game.random_action(rng) == twin.choice([Pass()]) == Pass() and rng.getstate() == twin.getstate()


def test_the_run_tables_follow_the_whole_rules(monkeypatch):
    """The runs are cached by board and whole rules: were the price to read one more rules
    field (here, tunnel cards usable only when a tunnel turns cards over), games whose rules
    differ in that field alone still get their own runs, not a stale table."""
    from dataclasses import replace

    from zuzlab.ttr import claim_rules, legal

    def price_reading_tunnel_reveal(rules, route):
        price = original(rules, route)
        return price._replace(wilds_usable=price.wilds_usable and (rules.tunnel_reveal > 0 or not route.tunnel))

    original = claim_rules.route_price
    monkeypatch.setattr(claim_rules, "route_price", price_reading_tunnel_reveal)
    claim_rules.route_prices.cache_clear()
    legal._run_table.cache_clear()
    try:
        for rules in (ttr.rules.SWITZERLAND, replace(ttr.rules.SWITZERLAND, tunnel_reveal=0)):
            game = ttr.new_game(rules, players=3, seed=1)
            prices = {route.id: run.price for run in run_table(game).runs for route in run.routes}
            assert prices == {route.id: price_reading_tunnel_reveal(rules, route) for route in game.map.routes}
    finally:
        claim_rules.route_prices.cache_clear()
        legal._run_table.cache_clear()
