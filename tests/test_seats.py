"""Bot seats, read in one place (``core.seat_bots``): "one bot for every seat, or one per
seat" means the same to ``play_game``, a simulation and the game views, with the same
refusals."""

import pytest

from zuzlab import cardgame, ink, sim, ttr
from zuzlab.core import seat_bots
from zuzlab.widgets import CardGameView, InkGameView, TtrGameView


def test_one_bot_for_every_seat_or_one_per_seat_or_the_defaults_in_turn():
    made = []

    def make(bot):
        made.append(bot)
        return f"made {bot}"

    assert seat_bots("greedy", 3, make) == {0: "made greedy", 1: "made greedy", 2: "made greedy"}
    assert made == ["greedy"] * 3  # each seat its own bot, made for it
    assert seat_bots(["a", "b", "c"], 3, make) == {0: "made a", 1: "made b", 2: "made c"}
    assert seat_bots(("a", "b", "c"), 3, make, human=1) == {0: "made a", 2: "made c"}  # the human's entry unread
    assert seat_bots(None, 4, make, default=("x", "y")) == {0: "made x", 1: "made y", 2: "made x", 3: "made y"}
    assert seat_bots(None, 4, make, default=("x", "y", "z"), human=0) == {1: "made x", 2: "made y", 3: "made z"}


def test_a_bots_argument_that_is_no_bot_or_the_wrong_count_is_refused_in_the_same_words_everywhere():
    for bots, words in ((42, "bots must be a bot or a list of one bot per seat, not 42"),
                        (["random", "random"], "3 players need 3 bots, not 2")):
        with pytest.raises(ValueError, match=words):
            ttr.play_game("usa", players=3, bots=bots)
        with pytest.raises(ValueError, match=words):
            sim.simulate("usa", players=3, games=1, bots=bots, progress=False)
        with pytest.raises(ValueError, match=words):
            TtrGameView(ttr.new_game("usa", players=3, seed=1), human=0, bots=bots)
        with pytest.raises(ValueError, match=words):
            CardGameView(cardgame.new_game(players=3, seed=1), human=0, bot=bots)


def test_a_bot_named_for_a_game_that_leaves_it_no_seat_is_still_checked():
    with pytest.raises(ValueError, match="no Railroad Ink bot called 'cheater'"):
        InkGameView(ink.new_game(seed=1), bot="cheater")  # one player: no other board to draw


def test_every_game_view_seats_bots_by_name_one_per_seat_and_names_them_in_the_score_table():
    played = cardgame.play_random_game(players=3, seed=2)
    cards = CardGameView(played, human=1, bot=["random", "?", "random"])
    assert set(cards.bots) == {0, 2} and cards.bot_names == {0: "random", 2: "random"}
    assert cards.final_scores().seats == ("random", "you", "random")

    usa = TtrGameView(ttr.new_game("usa", players=3, seed=1), human=2, bots=["tickets", "random", None])
    assert usa.bot_names == {0: "tickets", 1: "random"} and type(usa.bots[0]).__name__ == "TicketBot"

    lake = InkGameView(ink.new_game("lake", players=3, seed=1), bot="greedy")
    assert lake.bot_names == {1: "greedy", 2: "greedy"}
