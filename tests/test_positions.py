"""Positions declared once (``core.PositionField``): each engine lists the parts of its
position in ``position_fields``, and the save, the loading, ``==``, ``copy`` and the
shape checks are made from that list only."""

from __future__ import annotations

import json
import random
import re

import pytest

from generated_board import GENERATED
from zuzlab import cardgame, ink, ttr
from zuzlab.engines import ENGINES
from zuzlab.texts import InputError

#: engine, variant, players: every engine, and the variants whose positions hold more (a
#: board made in code, with a triple route)
LINE_UPS = [(ttr, "usa", 3), (ttr, "europe", 2), (ttr, "switzerland", 3), (ttr, GENERATED, 5),
            (cardgame, "cardgame", 2), (cardgame, "cardgame", 4), (ink, "ink", 2), (ink, "lake", 1), (ink, "river", 3)]
LINE_UPS += [(engine, engine.default_variant, engine.default_players) for engine in ENGINES
             if engine not in (ttr.ENGINE, cardgame.ENGINE, ink.ENGINE)]  # an engine added later: its usual game


def random_positions(engine, variant, players, count=10):
    """Positions random play reaches, some of them owing a decision, some finished."""
    for seed in range(count):
        game = engine.new_game(variant, players=players, seed=seed)
        rng = random.Random(seed)
        for _ in range(rng.choice([0, 1, 5, 40, 150, 10_000])):
            if game.is_over:
                break
            game.apply(rng.choice(game.legal_actions()))
        yield game


def declared_keys(game) -> list[str]:
    """The keys of a save's position as the declaration gives them (an inline part's own)."""
    keys = []
    for field in game.position_fields:
        keys += list(field.to_json(getattr(game, field.name))) if field.inline else [field.key]
    return keys


@pytest.mark.parametrize("engine, variant, players", LINE_UPS,
                         ids=[f"{getattr(variant, 'name', variant)}-{players}" for _, variant, players in LINE_UPS])
def test_every_declared_part_goes_through_a_save_and_back(engine, variant, players):
    for game in random_positions(engine, variant, players):
        saved = game._position_dict()
        assert list(saved) == declared_keys(game)  # the save is the declaration, in its order
        text = json.dumps(saved)
        back = type(game)._from_position_dict(json.loads(text))
        for field in game.position_fields:
            assert getattr(back, field.name) == getattr(game, field.name), field.name
        for name in game.derived:
            assert getattr(back, name) == getattr(game, name), name
        assert back.position() == game.position() and json.dumps(back._position_dict()) == text
        back.check_position()  # what play reaches, the checks allow


@pytest.mark.parametrize("engine", ENGINES, ids=lambda engine: engine.key)
def test_equality_and_the_save_come_from_the_declared_parts_only(engine):
    game = engine.play_random_game(seed=2)
    game.undo()
    noted = game.copy()
    noted.notes = "an attribute nobody declared"
    assert noted == game and noted.to_json() == game.to_json() and not hasattr(noted.copy(), "notes")
    assert set(game.position()) == {field.name for field in game.position_fields}

    class Different:
        def __eq__(self, other):
            return False

    for field in game.position_fields:  # while every declared part takes part
        changed = game.copy()
        setattr(changed, field.name, Different())
        assert changed != game, field.name


@pytest.mark.parametrize("engine", ENGINES, ids=lambda engine: engine.key)
def test_a_declared_part_of_the_wrong_shape_is_refused_by_its_key(engine):
    game = engine.new_game(seed=4)
    game.check_position()
    checked = [field for field in game.position_fields if field.check is not None]
    assert len(checked) >= 8
    for field in checked:
        wrong = game.copy()
        setattr(wrong, field.name, "x")
        with pytest.raises(InputError, match=rf"^{re.escape(field.key)}\b"):
            wrong.check_position()


@pytest.mark.parametrize("engine, per_player", [(ttr, "hands"), (ttr, "trains"), (cardgame, "yards"),
                                                (ink, "finished")])
def test_a_part_per_player_needs_one_entry_for_each_player(engine, per_player):
    game = engine.new_game(players=3, seed=1)
    getattr(game, per_player).pop()
    with pytest.raises(InputError, match=rf"{per_player}: 2 entries for 3 players"):
        game.check_position()


@pytest.mark.parametrize("engine, decide", [
    (ttr, lambda game: game.apply(ttr.DrawBlind())),
    (cardgame, lambda game: game.apply(cardgame.DrawBlind())),
])
def test_a_position_is_not_set_up_while_a_decision_is_owed_and_nothing_changes(engine, decide):
    game = engine.new_game(seed=1).set_up(current=1)
    decide(game)  # the first card drawn: the second is owed
    before = game.copy()
    with pytest.raises(InputError, match="player 1 still owes a decision"):
        game.set_up(current=0)
    assert game == before and game.pending is not None


@pytest.mark.parametrize("engine", ENGINES, ids=lambda engine: engine.key)
def test_a_copy_is_of_the_engine_s_own_type_and_shares_no_part_that_changes(engine):
    game = engine.play_random_game(seed=5)
    game.rewind(len(game.history) // 2)
    copy = game.copy()
    assert type(copy) is type(game) and copy == game
    for field in game.position_fields:
        value = getattr(game, field.name)
        if field.copy is None:
            hash(value)  # shared by the copy: a frozen value (a number, the rules, a decision …)
        elif isinstance(value, (list, dict)) or hasattr(value, "copy"):
            assert getattr(copy, field.name) is not value, field.name


@pytest.mark.parametrize("engine, variant, players", LINE_UPS,
                         ids=[f"{getattr(variant, 'name', variant)}-{players}" for _, variant, players in LINE_UPS])
def test_a_fixed_part_is_never_changed_by_play_or_undo(engine, variant, players):
    """A player's view reads a ``fixed`` part once (the rules, the board, the player count):
    play and undo never put another value there."""
    game = engine.new_game(variant, players=players, seed=4)
    fixed = {field.name: getattr(game, field.name) for field in game.position_fields if field.fixed}
    assert "rules" in fixed and "players" in fixed
    rng = random.Random(4)
    for step in range(300):
        if game.is_over:
            break
        game.apply(rng.choice(game.legal_actions()))
        if step % 7 == 6:
            game.undo()
        assert all(getattr(game, name) is value for name, value in fixed.items()), step
