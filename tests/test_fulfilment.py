"""The Card Game's ticket choice: exact best fulfilment, the cards behind it, the steps."""

import itertools
from collections import Counter

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from zuzlab import cardgame
from zuzlab.algorithms import best_fulfilment, best_fulfilment_steps

COLOURS = ["red", "green", "blue", "yellow", "black", "white", "orange", "purple"]


def test_simple_choices():
    result = best_fulfilment([(5, ["yellow"]), (6, ["yellow", "green"])], {"yellow": 1, "green": 1})
    assert result.score == 6 - 5 and [t[0] for t in result.fulfilled] == [6]
    assert result.assignment == ({"yellow": 1, "green": 1},)


def test_locomotives_stand_in_for_any_colour():
    result = best_fulfilment([(5, ["yellow"]), (5, ["blue"])], {"yellow": 1, "locomotive": 1})
    assert result.score == 10 and result.assignment == ({"yellow": 1}, {"locomotive": 1})


def test_a_card_serves_one_ticket_only():
    result = best_fulfilment([(7, ["red"]), (8, ["red"])], {"red": 1})
    assert result.score == 8 - 7 and result.unfulfilled == ((7, ["red"]),)


def test_double_colours_need_two_cards():
    # Seattle–Chicago needs black, yellow, yellow.
    assert best_fulfilment([(15, ["black", "yellow", "yellow"])], {"black": 1, "yellow": 1}).score == -15
    assert best_fulfilment([(15, ["black", "yellow", "yellow"])], {"black": 1, "yellow": 1, "locomotive": 1}).score == 15


def test_no_tickets_and_no_cards():
    assert best_fulfilment([], {}).score == 0
    assert best_fulfilment([(5, ["red"])], {}).score == -5


def test_ticket_objects_work():
    data = cardgame.load_data()
    tickets = data.tickets[:3]  # Chicago–New York (5: yellow), New York–Chicago (5: blue), Chicago–Dallas (6: yellow, green)
    result = best_fulfilment(tickets, {"yellow": 1, "blue": 1, "green": 1})
    # the yellow card serves Chicago–Dallas (6) better than Chicago–New York (5)
    assert result.fulfilled == (tickets[1], tickets[2]) and result.unfulfilled == (tickets[0],)
    assert result.score == 5 + 6 - 5


@pytest.mark.parametrize("tickets, cards, problem", [
    ([(5, [])], {}, "at least one colour"),
    ([(5, ["locomotive"])], {}, "at least one colour"),
    ([("five", ["red"])], {}, "whole points"),
    ([42], {}, "not a ticket"),
    ([(5, ["red"])], {"red": -1}, "counts are whole numbers"),
    ([(5, ["red"])], ["red"], "must map colour"),
])
def test_bad_input_is_named(tickets, cards, problem):
    with pytest.raises(ValueError, match=problem):
        best_fulfilment(tickets, cards)


def brute_force(tickets, cards):
    have = {c: n for c, n in cards.items() if c != "locomotive"}
    best = None
    for size in range(len(tickets) + 1):
        for chosen in itertools.combinations(range(len(tickets)), size):
            need = Counter(c for i in chosen for c in tickets[i][1])
            if sum(max(0, n - have.get(c, 0)) for c, n in need.items()) <= cards.get("locomotive", 0):
                points = sum(tickets[i][0] for i in chosen)
                best = points if best is None else max(best, points)
    return 2 * best - sum(t[0] for t in tickets)


tickets_strategy = st.lists(st.tuples(st.integers(1, 22), st.lists(st.sampled_from(COLOURS), min_size=1, max_size=5)),
                            max_size=9)
cards_strategy = st.dictionaries(st.sampled_from(COLOURS + ["locomotive"]), st.integers(0, 6))


@settings(max_examples=200, deadline=None)
@given(tickets_strategy, cards_strategy)
def test_exact_and_consistent(tickets, cards):
    result = best_fulfilment(tickets, cards)
    assert result.score == brute_force(tickets, cards)
    # the assignment hands out exactly the needed cards, never more than there are
    used = Counter()
    for ticket, assigned in zip(result.fulfilled, result.assignment):
        assert sum(assigned.values()) == len(ticket[1])
        assert all(colour in ticket[1] or colour == "locomotive" for colour in assigned)
        used.update(assigned)
    assert all(used[c] <= cards.get(c, 0) for c in used)


@settings(max_examples=100, deadline=None)
@given(tickets_strategy, cards_strategy)
def test_steps_agree_with_the_fast_search(tickets, cards):
    steps = list(best_fulfilment_steps(tickets, cards))
    assert steps[-1].kind == "done"
    assert steps[-1].result == best_fulfilment(tickets, cards)
    bests = [s.best for s in steps]
    assert bests == sorted(bests)  # the best so far never falls
    assert {s.kind for s in steps} <= {"take", "blocked", "leave", "prune", "better", "tie", "done"}


def test_steps_say_which_ticket_is_decided_in_the_order_tried():
    from zuzlab.algorithms.fulfilment import search_order

    tickets = [(6, ["yellow", "green"]), (19, ["white", "red", "orange", "orange"]), (11, ["green", "blue", "orange"])]
    order = search_order(tickets)
    assert order == [1, 2, 0]  # points per card: 4.75, 3.67, 3
    for step in best_fulfilment_steps(tickets, {"orange": 2, "white": 1, "red": 1, "green": 1, "blue": 1}):
        if step.ticket is not None:  # the ticket being decided is the next in the order
            assert tickets[order[step.decided]] == step.ticket
    assert step.kind == "done" and step.decided == len(tickets)


# --- ties and Big City cards: the hand order never matters -----------------------------

CITIES = ["A", "B", "C", "D"]


@st.composite
def hands_with_bonuses(draw):
    """Tickets with ids and cities, a pile, and what each city's bonus needs."""
    count = draw(st.integers(0, 8))
    ids = draw(st.lists(st.integers(0, 60), min_size=count, max_size=count, unique=True))
    tickets = [cardgame.Ticket(ticket_id, *draw(st.lists(st.sampled_from(CITIES), min_size=2, max_size=2, unique=True)),
                               draw(st.integers(1, 6)), tuple(draw(st.lists(st.sampled_from(COLOURS[:4]), min_size=1,
                                                                             max_size=3))))
               for ticket_id in ids]
    cards = draw(st.dictionaries(st.sampled_from(COLOURS[:4] + ["locomotive"]), st.integers(0, 3)))
    bonuses = draw(st.dictionaries(st.sampled_from(CITIES), st.tuples(st.integers(0, 15), st.integers(1, 3))))
    return tickets, cards, bonuses


def brute_force_choice(tickets, cards, bonuses):
    """Every fitting choice, ranked by the rule: twice its ticket points plus its city bonuses,
    then the most tickets, then the lowest ids."""
    have = {c: n for c, n in cards.items() if c != "locomotive"}
    best = None
    for size in range(len(tickets) + 1):
        for chosen in itertools.combinations(tickets, size):
            need = Counter(c for t in chosen for c in t.colors)
            if sum(max(0, n - have.get(c, 0)) for c, n in need.items()) > cards.get("locomotive", 0):
                continue
            won = sum(points for city, (points, needed) in bonuses.items()
                      if sum(city in t.cities for t in chosen) >= needed)
            rank = (2 * sum(t.points for t in chosen) + won, size, tuple(-t.id for t in sorted(chosen, key=lambda t: t.id)))
            if best is None or rank > best[0]:
                best = (rank, {t.id for t in chosen})
    return best[1]


@settings(max_examples=200, deadline=None)
@given(hands_with_bonuses(), st.randoms(use_true_random=False))
def test_the_choice_weighs_city_bonuses_and_never_the_hand_order(case, rng):
    tickets, cards, bonuses = case
    expected = brute_force_choice(tickets, cards, bonuses)
    assert {t.id for t in best_fulfilment(tickets, cards, bonuses).fulfilled} == expected
    shuffled = list(tickets)
    rng.shuffle(shuffled)
    assert {t.id for t in best_fulfilment(shuffled, cards, bonuses).fulfilled} == expected
    # without bonuses the lesson's steps end with the same choice as the fast search, in any order
    plain = {t.id for t in best_fulfilment(tickets, cards).fulfilled}
    assert {t.id for t in list(best_fulfilment_steps(shuffled, cards))[-1].result.fulfilled} == plain


@pytest.mark.parametrize("bonuses, problem", [
    ({"A": 5}, "expected \\(points ≥ 0, tickets needed ≥ 1\\)"),
    ({"A": (5, 0)}, "expected"),
    ({"A": (5, True)}, "expected"),
    ([("A", (5, 1))], "must map city"),
])
def test_bad_city_bonuses_are_named(bonuses, problem):
    with pytest.raises(ValueError, match=problem):
        best_fulfilment([(5, ["red"])], {"red": 1}, bonuses)


def test_a_tie_step_is_narrated_in_both_languages():
    """A choice of as many points with more tickets takes over ("tie"); the lesson's step
    player says so (narration fails loudly on a step without its text)."""
    from zuzlab import texts
    from zuzlab.widgets.narration import describe_step

    tickets = [(5, ["blue", "red"]), (5, ["green"])]
    steps = list(best_fulfilment_steps(tickets, {"blue": 1, "locomotive": 1}))
    tie = next(step for step in steps if step.kind == "tie")
    assert tie.points == tie.best == 5
    assert "more tickets" in describe_step(tie, "en") and "mehr Zielkarten" in describe_step(tie, "de")
