"""The expert Ticket to Ride player: determinised Monte Carlo search over the cards it
cannot see.

Why this design?  A move is good when the games it leads to end well, and what decides
that is hidden: the other hands, the deck's order, the others' tickets. So the expert
samples it. From its player's observation (``game.observation()``: its own cards and
everything public) it deals the hidden cards and tickets at random, many times over
(``Game.from_observation``: each a *world* consistent with what it sees, made without
the real hidden cards), the other players' tickets dealt as their routes suggest
(``read_rival_tickets``); in each world it plays a few candidate moves and then the game on
with the strategy bots in every seat (the *playout policy*), and keeps the move whose games
ended best on average. Every candidate meets the same worlds and the same playout choices
(common random numbers), so the comparison is fair.

A playout need not reach the end. Two candidates' whole games differ mostly by the cards
still to come (world by world their margins differ by some 20 points, as much as two
unrelated games), so whole games would need hundreds of worlds to tell moves apart. After
``horizon`` decisions (some eight turns a player) a playout stops and each player's final
score is projected from the position (``zuzlab.ttr.projection``: a line fitted on the
strategy bots' games); there two candidates differ by a point or two, so a few dozen
worlds tell them apart. Near the end (a player down to ``END_NEAR`` trains) and under rules
no projection was fitted for, playouts go to the end and score it.

The candidates are the moves the three strategy bots would make (``tickets``,
``long_routes``, ``balanced``), the claims of its ticket plan's routes and of the longest
routes it can pay for, a card from the deck and (while trains are left to use them) new
tickets; a ticket offer's
candidates are the ways to keep some of it. A game is judged by the margin of the
player's final score over the best other score: it is what winning needs, and it varies
less from world to world than win or loss alone, so fewer worlds tell moves apart.

Sampled games are few, and a move can lead by chance: the expert leaves the balanced bot's
move (a sound plan: the first candidate, always among the finalists) only for a move that
beats it world by world by more than ``doubt`` standard errors.

The budget is a count, never the clock, so the same seed gives the same move: the playout
decisions spent on one decision (``budget``; each playout also counts
``PLAYOUT_OVERHEAD``, a projected one ``PROJECTION_COST`` more). The candidates' worlds are
spent in two rounds (successive halving): ``first_worlds`` worlds for every candidate, then
the rest on the better half and the balanced bot's move only. The second card of a draw
and a tunnel's extra cards are answered by the balanced bot without search (little hangs
on them, and a search would double the decisions to pay for).
"""

from __future__ import annotations

import random
from typing import Any, Sequence, cast

from ..core import Action, Estimate, Pass, compare
from ..tickets import ChooseTickets, DrawTickets, KeepTickets
from ..train_cards import DrawBlind, DrawFaceUp
from .actions import ClaimRoute
from . import advice
from . import projection as projections
from .bots import BalancedBot, LongRouteBot, Strategy, TicketBot
from .state import Game

#: the strategy bots whose moves are candidates, and who play the rivals' seats in a
#: playout (in turn, from the world's number: a rival may play any of these styles); the
#: first, the balanced bot, plays the expert's own seat (the plan it leaves only for a
#: clearly better move)
STYLES: tuple[type[Strategy], ...] = (BalancedBot, TicketBot, LongRouteBot)
#: what a playout costs beside its decisions, in decisions (its seats' first plans, the
#: copy of the world, the final scoring with its longest routes: some 4 ms, a decision
#: 0.1 ms, on one core here)
PLAYOUT_OVERHEAD = 40
#: playout decisions a decision may spend (0.8 s on one core here on average, the slowest
#: some 1.5 s: bench_ttr_expert.py)
BUDGET = 14000
#: the most worlds a decision samples, however short its playouts: late in the game, when a
#: playout is a few turns, the budget buys many worlds, and an ending is worth getting right
MAX_WORLDS = 256
#: the decisions after which a playout stops and its final scores are projected
#: (``zuzlab.ttr.projection``; None: every playout is played to the end) …
HORIZON: int | None = 48
#: … unless a player has this many trains or fewer left then: the end is near, and played
END_NEAR = 12
#: what the projection costs a playout, in decisions (a plan for every player)
PROJECTION_COST = 5
#: ways to deal a rival's tickets tried in each world, the one its routes fit best kept
#: (``read_rival_tickets``)
TICKET_GUESSES = 8


class ExpertBot:
    """A Ticket to Ride player that searches (see the module text): ``budget`` playout
    decisions a decision, among at most ``candidates`` moves, ``first_worlds`` worlds each
    before the worse half is dropped, the balanced bot's move left only for one ahead by
    more than ``doubt`` standard errors. Call it like any bot: ``bot(game, rng)``, or
    ``bot.decide(game, rng)`` for the move and its reason."""

    #: the scoring rules its choices read (``core.scoring_read``): its playouts' final scores
    #: (the tie-breakers are not read: a margin of points does not need them)
    reads_scoring = frozenset({"route_points", "longest_route_bonus", "unused_station_points"})

    def __init__(self, budget: int = BUDGET, candidates: int = 5, first_worlds: int = 3, max_worlds: int = MAX_WORLDS,
                 doubt: float = 1.0, horizon: int | None = HORIZON):
        if budget < 1 or candidates < 1 or first_worlds < 1 or max_worlds < first_worlds or doubt < 0 or (
                horizon is not None and horizon < 1):
            raise ValueError(f"the expert needs a budget, candidates and worlds of at least 1 (and max_worlds ≥ "
                             f"first_worlds), a doubt ≥ 0 and a horizon of at least 1 or None, not {budget}, "
                             f"{candidates}, {first_worlds}, {max_worlds}, {doubt}, {horizon}")
        self.budget, self.candidates, self.first_worlds, self.max_worlds = budget, candidates, first_worlds, max_worlds
        self.doubt, self.horizon = doubt, horizon
        self.styles = [style() for style in STYLES]  # its own strategy bots, following the game between decisions
        #: the last search's estimates, best first (for a hint to show): None after a move without search
        self.last_estimates: list[Estimate] | None = None

    def __call__(self, game: Game, rng: random.Random) -> Action:
        return self.decide(game, rng, explain=False)[0]

    def decide(self, game: Game, rng: random.Random, explain: bool = True) -> tuple[Action, Any]:
        """The move and why: ``(action, (reason, parameters))``, a ``[bot]`` text said from
        the player's position and ticket plan (``advice.reason``), as for the strategy bots."""
        action = self._search(game, rng)
        return action, advice.reason(game, action, advice.TicketPlan.for_move(game, action)) if explain else None

    def _search(self, game: Game, rng: random.Random) -> Action:
        self.last_estimates = None
        pending = game.pending
        if pending is not None and not isinstance(pending, ChooseTickets):
            return self.styles[0](game, rng)  # the second card, a tunnel's payment
        candidates = self.shortlist(game, rng)
        if len(candidates) == 1:
            return candidates[0]
        estimates = self.estimates(game, candidates, rng)
        best = self._chosen(estimates, candidates[0])
        self.last_estimates = [best, *(e for e in estimates if e is not best)]
        return best.action

    def _chosen(self, estimates: list[Estimate], usual: Action) -> Estimate:
        """The best estimate, if it is ahead of the balanced bot's ``usual`` move by more than
        ``doubt`` standard errors (compared world by world); else the usual move's: a lead
        that chance may have made is no reason to leave a sound plan."""
        best = estimates[0]
        default = next(e for e in estimates if e.action == usual)
        if best is default:
            return best
        ahead = compare(best, default)
        return best if ahead.difference > self.doubt * ahead.error else default

    # --- candidates ---------------------------------------------------------------------

    def shortlist(self, game: Game, rng: random.Random) -> list[Action]:
        """The moves worth sampling, the strategy bots' first, at most ``candidates``."""
        found: list[Action] = []

        def add(action: Action) -> None:
            if action not in found and len(found) < self.candidates:
                found.append(action)

        actions = game.legal_actions()
        for style in self.styles:
            add(style(game, rng))
        if isinstance(game.pending, ChooseTickets):
            for keep in sorted(actions.of_type(KeepTickets), key=lambda keep: len(keep.tickets)):
                add(keep)
            return found
        planned = self.styles[1]._planned_ids(game)  # the routes of the ticket bot's plan (and their twins)
        claims = self._best_claims(game, actions.of_type(ClaimRoute))
        for claim in sorted(claims, key=lambda claim: claim.route not in planned):  # stable: longest first
            add(claim)
        if DrawBlind() in actions:
            add(DrawBlind())
        if DrawTickets() in actions and game.trains[game.player_to_move()] >= 15:
            add(DrawTickets())
        wild = DrawFaceUp(game.rules.wild)
        if wild in actions.of_type(DrawFaceUp):
            add(wild)
        if not found:
            add(actions[0] if len(actions) else Pass())
        return found

    @staticmethod
    def _best_claims(game: Game, claims: list[ClaimRoute]) -> list[ClaimRoute]:
        """One claim for each pair of cities (the two tracks of a double route join the
        same cities), paid with the fewest wild cards, the longest routes first."""
        def route(claim: ClaimRoute):
            return game.map.route(cast(int, claim.route))

        best: dict[frozenset[str], ClaimRoute] = {}
        for claim in sorted(claims, key=lambda a: (a.wilds, a.route, a.color or "")):
            best.setdefault(frozenset(route(claim).cities), claim)
        return sorted(best.values(), key=lambda a: (-route(a).length, route(a).id))

    # --- sampling -----------------------------------------------------------------------

    def estimates(self, game: Game, actions: list[Action], rng: random.Random) -> list[Estimate]:
        """Each candidate with the mean margin of its sampled games, best first (the
        finalists of the second round before the others). The first candidate (the
        balanced bot's move) is always a finalist: the others must beat it."""
        seen = game.observation(game.player_to_move())  # (a bot's view gives its own player's only)
        sample_seed = rng.getrandbits(64)
        projection = projections.for_game(game) if self.horizon else None
        margins: dict[int, list[float]] = {n: [] for n in range(len(actions))}
        alive = list(range(len(actions)))
        spent = world = 0
        while world < self.max_worlds and (world < self.first_worlds or spent < self.budget):
            if world == self.first_worlds and len(alive) > 2:  # the better half goes on, and the usual move
                ranked = sorted(alive[1:], key=lambda n: -sum(margins[n]))
                alive = [0, *ranked[:max(1, (len(alive) - 1) // 2)]]
            dealing = random.Random(f"{sample_seed}/world/{world}")
            sampled = read_rival_tickets(Game.from_observation(seen, dealing), dealing)
            for n in alive:
                margin, decisions = self._play_out(sampled, actions[n], f"{sample_seed}/policy/{world}", world,
                                                   projection)
                margins[n].append(margin)
                spent += decisions + PLAYOUT_OVERHEAD
            world += 1
        found = [Estimate(actions[n], sum(margins[n]) / len(margins[n]), len(margins[n]), tuple(margins[n]))
                 for n in range(len(actions))]
        return sorted(found, key=lambda e: (-e.games, -e.expected))  # stable: ties go to the first proposed

    def _play_out(self, world: Game, action: Action, policy_seed: str, number: int,
                  projection: projections.Projection | None) -> tuple[float, int]:
        """The margin of the player to move over the best other player at the end of the
        game that ``action`` starts in ``world`` (on a copy), every seat then played by a
        strategy bot (``STYLES``); and the decisions it took. With a ``projection``, a game
        whose end is not yet near (every player has more than ``END_NEAR`` trains) after
        ``horizon`` decisions stops there at a turn's start, its final scores projected."""
        game = world.copy()
        player = game.player_to_move()
        game.apply(action, events=False)
        seats = [STYLES[0 if seat == player else (number + seat) % len(STYLES)]() for seat in range(game.players)]
        rng = random.Random(policy_seed)
        decisions = 0
        while not game.is_over:
            if (projection is not None and self.horizon is not None and decisions >= self.horizon
                    and game.pending is None and min(game.trains) > END_NEAR):
                return _margin(projection.scores(game), player), decisions + PROJECTION_COST
            game.apply(seats[game.player_to_move()](game, rng), events=False)
            decisions += 1
        return _margin(game.final_scores().totals, player), decisions


def _margin(totals: Sequence[float], player: int) -> float:
    """``player``'s score less the best other player's."""
    return totals[player] - max(t for seat, t in enumerate(totals) if seat != player)


def read_rival_tickets(world: Game, rng: random.Random, guesses: int = TICKET_GUESSES) -> Game:
    """``world`` with the other players' tickets dealt again as their routes suggest: a
    player builds towards their tickets, so of ``guesses`` ways to deal each rival as many
    tickets as they hold (from their tickets and the ticket deck, the pool the player to
    move has not seen) the one whose cities their routes touch most is kept, and the rest
    goes back into the deck in random order. Without it the rivals of a sampled world chase
    random tickets and leave open the routes the real ones are about to take. Only public
    facts are read (who claimed what); a rival with no route yet keeps a random deal."""
    me, board = world.player_to_move(), world.map
    rivals = [p for p in range(world.players) if p != me and world.tickets[p]]
    pool = [*(t for p in rivals for t in world.tickets[p]), *world.ticket_deck]
    for rival in rivals:
        touched = {city for route in world.routes_of(rival) for city in route.cities}
        held = len(world.tickets[rival])
        dealt = [rng.sample(pool, held) for _ in range(guesses if touched else 1)]
        world.tickets[rival] = max(dealt, key=lambda tickets: sum(
            city in touched for t in tickets for city in (board.ticket(t).origin, *board.ticket(t).destinations)))
        pool = [t for t in pool if t not in world.tickets[rival]]
    rng.shuffle(pool)
    world.ticket_deck = pool
    return world
