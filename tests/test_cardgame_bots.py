"""The Card Game's strategy bots: each style's rules fix its move in hand-made positions
(a ticket choice, a colour protected, a wreck, what the wrecker remembers of its rivals),
they finish seeded games at every number of players, and the Card Game hint is the
collector's move with its reason, in English and German.

Win shares against the random player are measured in ``benchmarks/bench_cardgame.py``."""

import random
import subprocess
import sys
from pathlib import Path

import pytest

from zuzlab import cardgame, texts
from zuzlab.cardgame.bots import Collector, Reading, Wrecker
from zuzlab.core import PlayerView
from zuzlab.widgets import CardGameView

ALL_TICKETS = [ticket.id for ticket in cardgame.load_data().tickets]
L = "locomotive"


def decide(bot, game):
    """The bot's move and reason as the player to move, who sees only what that player may see."""
    return bot.decide(PlayerView(game, game.current_player), random.Random(0))


def position(tickets=None, **set_up):
    """A 2-player game early on (some 30 turns each to come), set up; player 0 to move,
    the players holding ``tickets`` (none by default)."""
    game = cardgame.new_game(players=2, seed=1)
    return game.set_up(current=0, tickets=tickets or {0: [], 1: []}, **set_up)


def offer(game, tickets):
    """Player 0 draws tickets and is offered exactly ``tickets``: the others are held."""
    held = set(game.tickets[0]) | set(tickets)
    game.set_up(tickets={0: game.tickets[0], 1: [t for t in ALL_TICKETS if t not in held]})
    game.apply(cardgame.DrawTickets())
    assert sorted(game.pending.tickets) == sorted(tickets)
    return game


# --- the collector --------------------------------------------------------------------------

#: late in a game: nearly every card on the two on-the-track piles, six left in the deck. Player 0's
#: pile holds yellow 2, green 1, red 1 and 40 cards of colours the offered tickets below do not need
LATE = {0: {"yellow": 2, "green": 1, "red": 1, "blue": 10, "purple": 10, "orange": 10, "white": 10},
        1: {"black": 10, "red": 9, "green": 9, "yellow": 8, L: 5}}


def late_offer():
    game = cardgame.new_game(players=2, seed=1)
    game.set_up(hands={0: {}, 1: {}}, face_up=[L] * 5, track=LATE, tickets={0: [], 1: []}, current=0)
    return offer(game, [3, 7, 12, 14])  # yellow green, green red, yellow red, black green


def test_late_on_the_collector_keeps_the_tickets_its_pile_fulfils():
    """With no turns left to draw, the pile decides: yellow 2, green 1, red 1 fulfil
    Chicago–Dallas (yellow green) and Chicago–Miami (yellow red) for 16 points, or
    Dallas–Raleigh (green red) for 8; Seattle–Denver needs black, which the pile lacks."""
    game = late_offer()
    assert Reading(PlayerView(game, 0)).flexible == 0
    keep, (reason, params) = decide(Collector(), game)
    assert keep == cardgame.KeepTickets((3, 12))
    assert reason == "keep" and params == {"count": 2, "pile": 44, "hand": 0, "to_draw": 0}


def test_a_bot_counts_its_turns_left_from_the_deck_it_sees():
    """The deck's size is public (a player sees the pile): a bot reads it from its
    observation, and the turns left follow it, whatever the rivals hold in hand."""
    game = cardgame.new_game(players=2, seed=1)
    game.set_up(hands={0: {}, 1: {}}, face_up=[L] * 5, track=LATE, tickets={0: [], 1: []}, current=0)
    assert len(game.cards.deck) == 5 and Reading(PlayerView(game, 0)).turns_left == 2  # 2 players, 1 card a turn
    game.set_up(hands={0: {}, 1: {L: 4}})  # four cards move from the deck to the rival's hand
    assert len(game.cards.deck) == 1 and Reading(PlayerView(game, 0)).turns_left == 0


def test_early_on_the_collector_counts_on_cards_still_to_draw():
    """The same offer with a game to come: the cards still to draw (counted as
    locomotives) fulfil every one of them."""
    game = offer(position(hands={0: {"yellow": 2, "green": 1, "red": 1}}), [3, 7, 12, 14])
    keep, (reason, params) = decide(Collector(), game)
    assert keep == cardgame.KeepTickets((3, 7, 12, 14)) and params["to_draw"] >= 4


def test_the_collector_keeps_no_ticket_its_cards_cannot_fulfil():
    game = late_offer()
    game.undo()
    game.set_up(track={0: {**LATE[0], "yellow": 0, "green": 0, "red": 0}, 1: LATE[1]})
    game.apply(cardgame.DrawTickets())
    keep, (reason, params) = decide(Collector(), game)
    assert keep == cardgame.KeepTickets(()) and reason == "keep_none"


def test_the_collector_protects_a_colour_its_tickets_need_with_its_locomotives():
    """Two red cards its ticket needs and two locomotives: a set of four, which a rival
    seldom outnumbers; the locomotives reach the pile after the red cards."""
    game = position(hands={0: {"red": 2, "blue": 1, L: 2}}, tickets={0: [6], 1: [1]})  # Chicago–Charleston: yellow red
    move, (reason, params) = decide(Collector(), game)
    assert move == cardgame.PlaySet("red", 2, 2)
    assert reason == "protect" and params == {"color": "red", "size": 4, "count": 2}


def test_the_collector_lays_no_small_set_of_a_needed_colour_even_to_wreck():
    """A rival's two single red cards (from three-card plays) can be wrecked by two red
    cards, which both its tickets need; but a set of two is outnumbered by any three: the
    collector draws the yellow card a ticket also needs instead. The wrecker wrecks."""
    game = position(hands={0: {"red": 2, "blue": 1}}, yards={1: {"red": [1, 1], "green": [1], "white": [1, 1]}},
                    face_up=["yellow", "black", "black", "white", "white"],
                    tickets={0: [6, 7], 1: [1]})  # Chicago–Charleston: yellow red; Dallas–Raleigh: green red
    move, (reason, _) = decide(Collector(), game)
    assert move == cardgame.DrawFaceUp("yellow") and reason == "useful_card"
    move, (reason, params) = decide(Wrecker(), game)
    assert move == cardgame.PlaySet("red", 2, 0) and reason == "wreck" and params["victims"] == {1: 2}


def test_a_bot_draws_tickets_once_its_cards_cover_every_ticket_but_not_again_after_keeping_none():
    game = late_offer()
    game.apply(cardgame.KeepTickets((3, 12)))  # player 0's turn ends; player 1 draws, and it is 0's again
    game.set_up(current=0)
    bot = Collector()
    assert decide(bot, game)[0] == cardgame.DrawTickets()
    game.apply(cardgame.DrawTickets())
    assert decide(bot, game)[0] == cardgame.KeepTickets(())  # nothing on offer fits
    game.apply(cardgame.KeepTickets(()))
    game.set_up(current=0)
    assert decide(bot, game)[0] != cardgame.DrawTickets()  # the same cards: no new draw


# --- the wrecker ----------------------------------------------------------------------------

def test_the_wrecker_wrecks_a_big_set_where_the_collector_lays_what_its_tickets_need():
    """A rival's set of two blue cards and three blue cards in hand: the wrecker
    outnumbers it, though six yellow cards, three of them for its tickets, would bring
    more to its pile; the collector lays the yellow cards."""
    game = position(hands={0: {"blue": 3, "yellow": 6}}, yards={1: {"blue": [2]}},
                    tickets={0: [1, 32], 1: [2]})  # Chicago–New York: yellow; Seattle–Chicago: black yellow yellow
    move, (reason, params) = decide(Wrecker(), game)
    assert move == cardgame.PlaySet("blue", 3, 0)
    assert reason == "wreck" and params == {"color": "blue", "victims": {1: 2}}
    move, (reason, _) = decide(Collector(), game)
    assert move == cardgame.PlaySet("yellow", 6, 0) and reason == "lay_set"


def wrecker_that_saw_purple_laid():
    """A wrecker that has looked at a rival's yard with a purple set of three in it."""
    wrecker = Wrecker()
    seen = position(yards={1: {"purple": [3]}}, hands={0: {"red": 1}}, tickets={0: [1], 1: [2]})
    wrecker.watch.look(Reading(PlayerView(seen, 0)))
    assert wrecker.watch.laid == {1: {"purple": 3}}
    return wrecker


def test_the_wrecker_remembers_which_colour_its_rivals_lay_and_draws_it():
    """Its ticket covered and no ticket left to draw, the wrecker takes the purple card in
    sight, the colour its rival has laid (to outnumber the next purple set); a wrecker that
    has not seen it draws from the deck."""
    game = position(hands={0: {"yellow": 1}}, face_up=["purple", "black", "black", "white", "white"],
                    tickets={0: [1], 1: [t for t in ALL_TICKETS if t != 1]})
    move, (reason, params) = decide(wrecker_that_saw_purple_laid(), game)
    assert move == cardgame.DrawFaceUp("purple") and reason == "rival_color" and params["laid"] == 3
    assert decide(Wrecker(), game)[0] == cardgame.DrawBlind()


def test_the_wrecker_keeps_the_colour_its_rivals_lay_in_hand():
    """Three purple cards its ticket does not need: a wrecker that has seen a rival lay
    purple keeps them (to outnumber that rival's next set); one that has not lays them."""
    game = position(hands={0: {"purple": 3, "yellow": 1}}, tickets={0: [1], 1: [2]})
    assert decide(Wrecker(), game)[0] == cardgame.PlaySet("purple", 3, 0)
    assert not isinstance(decide(wrecker_that_saw_purple_laid(), game)[0], cardgame.PlaySet)


def test_the_wrecker_counts_what_a_rival_laid_beyond_the_card_that_moved_on():
    watch = Wrecker().watch
    game = position(yards={1: {"purple": [3]}}, tickets={0: [1], 1: [2]})
    watch.look(Reading(PlayerView(game, 0)))
    game.set_up(yards={1: {"purple": [2, 2]}})  # one purple card moved on, a new set of 2 laid
    watch.look(Reading(PlayerView(game, 0)))
    assert watch.laid[1]["purple"] == 5
    game.set_up(yards={1: {"purple": [1, 2]}})  # moved on only
    watch.look(Reading(PlayerView(game, 0)))
    assert watch.laid[1]["purple"] == 5


# --- whole games ----------------------------------------------------------------------------

@pytest.mark.slow
@pytest.mark.parametrize("players", [2, 3, 4])
def test_each_bot_finishes_seeded_games_with_legal_moves(players):
    """Against the random player and each other; a game ends (no endless ticket draws)."""
    def checked(name):
        bot = cardgame.make_bot(name)

        def choose(game, rng):
            action = bot(game, rng)
            assert action in game.legal_actions(), f"{name}: {action} is not legal now"
            return action
        return choose

    for seed, names in enumerate([["collector", "random"], ["wrecker", "random"], ["collector", "wrecker"]]):
        seats = (names * players)[:players]
        game = cardgame.play_game(players=players, seed=seed, bots=[checked(name) for name in seats])
        assert game.is_over and game.turn < 300 and len(game.final_scores().players) == players


@pytest.mark.slow
def test_a_seed_gives_the_same_bot_game_in_any_process():
    """The bots choose among equals through the game's random generator only (never by
    the order of a set, which changes from process to process)."""
    script = ("from zuzlab import cardgame; "
              "print(cardgame.play_game(players=3, seed=5, bots=['collector', 'wrecker', 'random']).history)")
    runs = {subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, check=True,
                           env={"PYTHONHASHSEED": str(seed), "PYTHONPATH": str(Path(cardgame.__file__).parents[2])}
                           ).stdout for seed in (1, 2)}
    assert len(runs) == 1


# --- the hint -------------------------------------------------------------------------------

def test_the_hint_is_the_collectors_move_and_its_reason_in_english_and_german():
    game = position(hands={0: {"red": 3, "blue": 1, L: 1}}, yards={1: {"red": [2]}}, tickets={0: [6], 1: [1]})
    view = CardGameView(game, human=0)
    assert view.hint() == ("The collector bot would play 3 red cards and 1 locomotive to the rail yard: it wrecks "
                           "player 1 (2 cards), whose red cards go to the discards, while your set moves onto your "
                           "on-the-track pile card by card.")
    try:
        texts.set_language("de")
        assert view.hint() == ("Der Sammler-Bot würde ein Set aus 3 roten Karten und einer Lokomotive in den "
                               "Verschiebebahnhof legen: Das verursacht ein Zugunglück: Die roten Karten von Spieler 1 "
                               "(2 Karten) kommen auf den Ablagestapel, während dein Set Karte für Karte auf deinen "
                               "Unterwegs-Stapel wandert.")
    finally:
        texts.set_language("en")


def test_the_hint_names_the_tickets_to_keep_and_the_cards_counted_on():
    view = CardGameView(late_offer(), human=0)
    assert view.hint() == (
        "The collector bot would keep Chicago–Dallas (6 points) and Chicago–Miami (10 points): of the "
        "tickets on offer, these add the most points with the cards you can count on (44 cards on your on-the-track "
        "pile or on the way there from your rail yard, 0 cards in hand and about 0 cards still to draw in the "
        "colours you need). A ticket not fulfilled at the end costs its points.")
    try:
        texts.set_language("de")
        assert view.hint().startswith(
            "Der Sammler-Bot würde Chicago–Dallas (6 Punkte) und Chicago–Miami (10 Punkte) behalten: Von den "
            "angebotenen Zielkarten bringen diese die meisten Punkte mit den Karten, auf die du zählen kannst "
            "(44 Karten auf deinem Unterwegs-Stapel")
    finally:
        texts.set_language("en")


def test_the_hint_names_three_single_cards_one_by_one():
    game = position(hands={0: {"blue": 1, "white": 1, "yellow": 1}}, tickets={0: [3, 7], 1: [1]})
    view = CardGameView(game, human=0)
    assert view.hint().startswith("The collector bot would play one blue, one white, and one yellow card to the rail "
                                  "yard: that is three cards in one turn")
    try:
        texts.set_language("de")
        assert view.hint().startswith("Der Sammler-Bot würde eine blaue, eine weiße und eine gelbe Karte in den "
                                      "Verschiebebahnhof legen: Das sind drei Karten in einem Zug")
    finally:
        texts.set_language("en")


def test_the_hint_says_which_cards_the_tickets_still_need():
    game = position(hands={0: {"blue": 1}}, face_up=["red", "black", "black", "white", "white"],
                    tickets={0: [6], 1: [1]})
    view = CardGameView(game, human=0)
    assert view.hint() == "The collector bot would take the face-up red card: your tickets still need 1 red card."
    try:
        texts.set_language("de")
        assert view.hint() == ("Der Sammler-Bot würde die offene rote Karte nehmen: Deine Zielkarten brauchen noch "
                               "1 rote Karte.")
    finally:
        texts.set_language("en")


def test_the_hint_says_how_the_locomotives_protect_a_set():
    game = position(hands={0: {"red": 2, "blue": 1, L: 1}}, tickets={0: [6], 1: [1]})
    view = CardGameView(game, human=0)
    assert view.hint() == ("The collector bot would play 2 red cards and 1 locomotive to the rail yard: your tickets "
                           "still need red cards. Your locomotive makes it a set of 3 cards, which a rival seldom "
                           "outnumbers, so a train wreck is unlikely; it moves onto your on-the-track pile after the "
                           "red cards.")
    try:
        texts.set_language("de")
        assert view.hint() == ("Der Sammler-Bot würde ein Set aus 2 roten Karten und einer Lokomotive in den "
                               "Verschiebebahnhof legen: Deine Zielkarten brauchen noch rote Karten. Mit deiner "
                               "Lokomotive wird es ein Set aus 3 Karten, das ein Mitspieler selten übertrifft, also "
                               "ist ein Zugunglück unwahrscheinlich; sie wandert nach den roten Karten auf deinen "
                               "Unterwegs-Stapel.")
    finally:
        texts.set_language("en")
