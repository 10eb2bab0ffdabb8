"""Ticket to Ride engine speed: prints its figures, asserts nothing.

    python benchmarks/bench_ttr.py [--games 200] [--networks 500] [--endgames 40]

It prints the machine's core count first (the figures are for one core).

1. Complete random games per second on one core, every rule and the final scoring
   included (the best of five runs of the same games, and the slowest): 4-player USA
   (target ≥ 250), 5-player Europe and 3-player Switzerland;
   then where a USA game's time goes (set-up, choosing each action, applying it, final
   scoring; timing each call adds a little).
2. Longest-route time (mean, median, 95th percentile, max; each network's best of three
   passes) on
   - connected networks of up to 45 trains, grown at random on the USA board the way a
     player could hold them (one track per double route; ``Map.random_network`` with
     seeds 0, 1, …) (target: mean ≤ 0.1 ms);
   - dense networks of 20 routes with many cycles, grown on the USA and Europe boards
     (``Map.dense_network(routes=20, seed=s)`` for seeds 0, 1, …: from a random city, each
     step closes a cycle with probability 0.8, else takes any route at the network's edge,
     one track per double route; most cities end with 3 or more routes) (target: mean
     ≤ 100 µs);
   - the players' networks at the end of seeded random games (4-player USA and 5-player
     Europe games, seeds 0, 1, …: one network a player), as scoring meets them: most in
     several pieces, listed in the order they were claimed;
   - whole boards (every route one player's, both tracks of double routes) and big
     networks, each call on its own (target: whole Europe ≤ 1 s, any network of up to
     150 routes ≤ 2 s): the USA, Europe and Switzerland boards; dense Europe networks of
     65 to 85 routes; made-up boards of 150 routes (``board_like_network``); the 56-route
     Europe network of the rules audit (answer 123).
3. The end-game station choice for players with 3 stations in finished 5-player Europe
   games, and in a built worst case (target ≤ 50 ms).
"""

from __future__ import annotations

import argparse
import math
import os
import random
import statistics
import time

from zuzlab import ttr


def random_games(variant: str, players: int, count: int, runs: int = 5) -> None:
    """The same ``count`` seeded games ``runs`` times: the best run and the slowest (a
    shared machine's other work only ever slows a run down)."""
    times = []
    for _ in range(runs):
        start = time.perf_counter()
        actions = turns = 0
        for seed in range(count):
            game = ttr.play_random_game(variant, players=players, seed=seed)
            game.final_scores()
            actions += len(game.history)
            turns += game.turn
        times.append(time.perf_counter() - start)
    print(f"random {players}-player {variant} games: {count / min(times):.1f} games/s, best of {runs} runs "
          f"(slowest {count / max(times):.1f}; {count} games a run; {actions / count:.0f} actions, "
          f"{turns / count:.0f} turns per game)")


def where_the_time_goes(count: int) -> None:
    from zuzlab.core import seeded_random

    setup = choosing = applying = scoring = 0.0
    clock = time.perf_counter
    for seed in range(count):
        start = clock()
        game = ttr.new_game("usa", players=4, seed=seed)
        setup += clock() - start
        rng = seeded_random(seed, "random-player")  # the same games as play_random_game, played alike
        while not game.is_over:
            start = clock()
            action = game.random_action(rng)
            middle = clock()
            game.apply(action, events=False)
            choosing, applying = choosing + middle - start, applying + clock() - middle
        start = clock()
        game.final_scores()
        scoring += clock() - start
    parts = ", ".join(f"{name} {1000 * seconds / count:.2f} ms" for name, seconds in
                      (("set-up", setup), ("choosing (counting the legal actions, making one)", choosing),
                       ("apply", applying), ("final scoring", scoring)))
    print(f"  a random 4-player USA game: {parts}")


def longest_route_times(count: int) -> None:
    usa = ttr.load_map("usa")
    print_longest_route_times(f"connected 45-train USA networks ({count})",
                              [usa.random_network(trains=45, seed=seed) for seed in range(count)])
    for board in (usa, ttr.load_map("europe")):
        print_longest_route_times(f"dense 20-route {board.name} networks ({count})",
                                  [board.dense_network(routes=20, seed=seed) for seed in range(count)])
    print_longest_route_times(f"finished random games' networks ({count})", finished_game_networks(count))


def finished_game_networks(count: int) -> list:
    """``count`` players' networks at the end of seeded random games, half of them from
    4-player USA games and half from 5-player Europe games."""
    networks: list = []
    for variant, players, wanted in (("usa", 4, count // 2), ("europe", 5, count - count // 2)):
        found: list = []
        seed = 0
        while len(found) < wanted:
            game = ttr.play_random_game(variant, players=players, seed=seed)
            found += [game.routes_of(player) for player in range(players)]
            seed += 1
        networks += found[:wanted]
    return networks


#: The rules audit's 56-route Europe network (answer 123), on which the search of old
#: filled its memory.
AUDIT_ROUTE_IDS = [1, 3, 7, *range(9, 13), *range(16, 19), 20, 24, 25, *range(27, 30), *range(33, 37), 38,
                   *range(40, 45), 48, 49, 51, 52, 55, 57, 58, *range(61, 69), 82, 83, 87, *range(89, 98), 99, 100, 101]


def board_like_network(cities: int, routes: int, seed: int) -> list[tuple[str, str, int]]:
    """A made-up board: cities at random in a square, joined by a spanning tree of the
    nearest pairs and then the nearest other pairs (some doubled), lengths 1–6 by distance
    (about 3 on average, as on the printed boards)."""
    import networkx as nx

    rng = random.Random(f"{seed}/board-like")
    points = [(rng.random(), rng.random()) for _ in range(cities)]
    graph = nx.Graph()
    for i in range(cities):
        for j in range(i + 1, cities):
            graph.add_edge(i, j, weight=math.dist(points[i], points[j]))
    pairs = [tuple(sorted(e)) for e in nx.minimum_spanning_edges(graph, data=False)]
    chosen = set(pairs)
    for pair in sorted(graph.edges, key=lambda e: graph.edges[e]["weight"]):
        if len(pairs) >= routes:
            break
        if tuple(sorted(pair)) not in chosen:
            chosen.add(tuple(sorted(pair)))
            pairs.append(tuple(sorted(pair)))
            if rng.random() < 0.15 and len(pairs) < routes:
                pairs.append(tuple(sorted(pair)))
    scale = 2.2 * math.sqrt(cities)
    return [(f"c{a}", f"c{b}", max(1, min(6, round(graph.edges[a, b]["weight"] * scale)))) for a, b in pairs]


def big_network_times() -> None:
    """Whole boards and big networks: each call timed on its own, the best of three."""
    europe = ttr.load_map("europe")
    cases = [(f"the whole {name} board", ttr.load_map(name).routes) for name in ("usa", "europe", "switzerland")]
    cases += [(f"a dense Europe network of {routes} routes (seed {seed})",
               europe.dense_network(routes=routes, seed=seed)) for routes in (65, 75, 85) for seed in range(2)]
    cases += [(f"a made-up board of 150 routes, {cities} cities (seed {seed})", board_like_network(cities, 150, seed))
              for cities in (50, 60) for seed in range(3)]
    cases.append(("the 56-route Europe network of the rules audit", [europe.route(i) for i in AUDIT_ROUTE_IDS]))
    ttr.longest_route(cases[-1][1])  # the integer program's first call also imports scipy: not timed
    for label, network in cases:
        times = []
        for _ in range(3):
            start = time.perf_counter()
            length = ttr.longest_route(network)
            times.append(time.perf_counter() - start)
        print(f"longest route of {label}: {length} trains in {1000 * min(times):.1f} ms")


def print_longest_route_times(label: str, networks: list, runs: int = 3) -> None:
    """Time ``ttr.longest_route`` on each network, the best of ``runs`` passes over them
    all (this machine's other work only slows a pass down); print the spread in µs."""
    times = [float("inf")] * len(networks)
    for _ in range(runs):
        for n, network in enumerate(networks):
            start = time.perf_counter()
            ttr.longest_route(network)
            times[n] = min(times[n], (time.perf_counter() - start) * 1e6)
    ordered = sorted(times)
    print(f"longest route on {label}, {statistics.mean(len(n) for n in networks):.1f} routes each: "
          f"mean {statistics.mean(times):.0f} µs, median {statistics.median(times):.0f} µs, "
          f"95th percentile {ordered[int(0.95 * len(times))]:.0f} µs, max {ordered[-1]:.0f} µs")


def station_choice_times(count: int) -> None:
    times = []
    for seed in range(count):
        game = ttr.play_random_game("europe", players=5, seed=seed)
        for player in range(5):
            stations = [city for city, owner in game.stations.items() if owner == player]
            if len(stations) == 3:
                times.append(time_station_choice(game, player, stations))
    print(f"station choice, 3 stations, finished 5-player Europe games: {len(times)} players, "
          f"mean {statistics.mean(times):.2f} ms, max {max(times):.2f} ms")

    # A built worst case: three stations in the busiest cities, every route into them
    # held by other players, and a hand of 12 tickets.
    game = ttr.play_random_game("europe", players=5, seed=0)
    board = game.map
    busiest = sorted(board.cities, key=lambda c: -sum(c in r.cities for r in board.routes))[:3]
    game.claimed = {r.id: 1 + r.id % 4 for r in board.routes}
    game.stations = {city: 0 for city in busiest}
    game.tickets[0] = [t.id for t in board.tickets[:12]]
    ms = time_station_choice(game, 0, busiest)
    print(f"station choice, built worst case (stations in {', '.join(busiest)}; 12 tickets): {ms:.2f} ms")


def time_station_choice(game: ttr.Game, player: int, stations: list[str]) -> float:
    from zuzlab.algorithms.stations import best_station_use

    board = game.map
    own = game.routes_of(player)
    foreign = [board.route(r) for r, owner in game.claimed.items() if owner != player]
    tickets = [board.ticket(t) for t in game.tickets[player]]
    start = time.perf_counter()
    best_station_use(board.places, own, tickets, stations, foreign)
    return (time.perf_counter() - start) * 1000


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--networks", type=int, default=500)
    parser.add_argument("--endgames", type=int, default=40)
    args = parser.parse_args()
    print(f"{os.cpu_count()} cores on this machine; every figure below uses one")
    random_games("usa", 4, args.games)
    where_the_time_goes(args.games)
    random_games("europe", 5, args.games)
    random_games("switzerland", 3, args.games)
    longest_route_times(args.networks)
    big_network_times()
    station_choice_times(args.endgames)


if __name__ == "__main__":
    main()
