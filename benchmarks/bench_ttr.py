"""Ticket to Ride engine speed: prints its figures, asserts nothing.

    python benchmarks/bench_ttr.py [--games 200] [--networks 500] [--endgames 40]

1. Complete random games per second on one core: 4-player USA (target ≥ 50),
   5-player Europe and 3-player Switzerland (targets ≥ 30).
2. Longest-route time on connected networks of up to 45 trains, grown at random on the
   USA board the way a player could hold them (one track per double route)
   (target ≤ 5 ms).
3. The end-game station choice for players with 3 stations in finished 5-player Europe
   games, and in a built worst case (target ≤ 50 ms).
"""

from __future__ import annotations

import argparse
import statistics
import time

from zuzlab import ttr


def random_games(variant: str, players: int, count: int) -> None:
    start = time.perf_counter()
    actions = turns = 0
    for seed in range(count):
        game = ttr.play_random_game(variant, players=players, seed=seed)
        game.final_scores()
        actions += len(game.history)
        turns += game.turn
    elapsed = time.perf_counter() - start
    print(f"random {players}-player {variant} games: {count / elapsed:.1f} games/s "
          f"({count} games in {elapsed:.2f} s; {actions / count:.0f} actions, {turns / count:.0f} turns per game)")


def longest_route_times(count: int) -> None:
    board = ttr.load_map("usa")
    networks = [board.random_network(trains=45, seed=seed) for seed in range(count)]
    times = []
    for network in networks:
        start = time.perf_counter()
        ttr.longest_route(network)
        times.append((time.perf_counter() - start) * 1000)
    worst = max(range(count), key=times.__getitem__)
    print(f"longest route on {count} connected 45-train networks "
          f"({statistics.mean(len(n) for n in networks):.1f} routes each): "
          f"mean {statistics.mean(times):.3f} ms, median {statistics.median(times):.3f} ms, "
          f"95th percentile {sorted(times)[int(0.95 * count)]:.3f} ms, max {times[worst]:.3f} ms "
          f"({len(networks[worst])} routes)")


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
    random_games("usa", 4, args.games)
    random_games("europe", 5, args.games)
    random_games("switzerland", 3, args.games)
    longest_route_times(args.networks)
    station_choice_times(args.endgames)


if __name__ == "__main__":
    main()
