"""Bot tournament speed: prints its figures, asserts nothing.

    python benchmarks/bench_tournament.py [--bots 25] [--broken 3] [--players 2] [--rounds 4] [--seed 1]

A class's league (``zuzlab.lessons.tournament``, in ``lessons/league.py``): ``--bots`` student bots written to a
folder as a class hands them in (five kinds of bot a 16-year-old writes, each kind with
its own numbers, and ``--broken`` of them broken on purpose: an illegal move, an exception,
an endless loop, in turn), loaded with ``load_bots``, then a league of ``--rounds``
rounds on the USA board. Each student's bot plays in a worker process of its own, so the
time is the kernel's engine, the workers' decisions and the messages between them. The
issue's target: a league of 25 bots in minutes. ``--bots 8 --broken 3`` is the 8-bot
tournament of the tests.
"""

from __future__ import annotations

import argparse
import tempfile
import time
from collections import Counter
from pathlib import Path

from zuzlab.lessons import load_bots, tournament

#: kinds of student bot: each a template filled with the bot's own number ``{n}``
KINDS = {
    "longest": """
from zuzlab.ttr import ClaimRoute


def bot(game, rng):
    claims = [a for a in game.legal_actions() if isinstance(a, ClaimRoute)]
    if claims and rng.random() < 0.{n}5:
        return max(claims, key=lambda a: game.map.route(a.route).length)
    return rng.choice(list(game.legal_actions()))
""",
    "hoarder": """
from zuzlab.ttr import ClaimRoute, DrawBlind


def bot(game, rng):
    actions = list(game.legal_actions())
    claims = [a for a in actions if isinstance(a, ClaimRoute)]
    if claims and sum(game.hands[game.current_player].values()) > {n} + 4:
        return max(claims, key=lambda a: game.map.route(a.route).length)
    draws = [a for a in actions if isinstance(a, DrawBlind)]
    return draws[0] if draws else actions[0]
""",
    "tickets": """
import networkx as nx
from zuzlab.ttr import ClaimRoute


def bot(game, rng):
    me = game.current_player
    graph = nx.Graph()
    for route in game.map.routes:
        if game.claimed.get(route.id) in (None, me):
            graph.add_edge(*route.cities, weight=0 if game.claimed.get(route.id) == me else route.length)
    wanted = set()
    for ticket_id in game.tickets[me]:
        ticket = game.map.ticket(ticket_id)
        try:
            path = nx.shortest_path(graph, ticket.origin, ticket.destinations[0], weight="weight")
        except (nx.NetworkXNoPath, nx.NodeNotFound):
            continue
        wanted |= {frozenset(pair) for pair in zip(path, path[1:])}
    actions = list(game.legal_actions())
    claims = [a for a in actions if isinstance(a, ClaimRoute)
              and frozenset(game.map.route(a.route).cities) in wanted]
    if claims:
        return claims[{n} % len(claims)]
    return rng.choice(actions)
""",
    "random": """
def bot(game, rng):
    return rng.choice(list(game.legal_actions()))
""",
    "first": """
def bot(game, rng):
    actions = game.legal_actions()
    return actions[{n} % len(actions)]
""",
}

BROKEN = {
    "illegal": """
from zuzlab.ttr import ClaimRoute


def bot(game, rng):
    if game.turn > 3:
        return ClaimRoute(1, "red")
    return game.legal_actions()[0]
""",
    "crash": """
def bot(game, rng):
    actions = game.legal_actions()
    if len(actions) > 20:
        return actions[100]
    return actions[0]
""",
    "loop": """
def bot(game, rng):
    if game.turn > 5:
        while True:
            pass
    return game.legal_actions()[0]
""",
}


def write_class(folder: Path, bots: int, broken: int) -> None:
    """``bots`` students' files in ``folder``: the broken ones first, then the kinds in turn."""
    broken_kinds = list(BROKEN)
    for number in range(bots):
        if number < broken:
            kind = broken_kinds[number % len(broken_kinds)]
            source = BROKEN[kind]
        else:
            kind = list(KINDS)[number % len(KINDS)]
            source = KINDS[kind].replace("{n}", str(number % 10))
        (folder / f"student{number:02d}_{kind}.py").write_text(source)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--bots", type=int, default=25)
    parser.add_argument("--broken", type=int, default=3)
    parser.add_argument("--players", type=int, default=2)
    parser.add_argument("--rounds", type=int, default=4)
    parser.add_argument("--seed", type=int, default=1)
    arguments = parser.parse_args()
    with tempfile.TemporaryDirectory() as folder:
        write_class(Path(folder), arguments.bots, arguments.broken)
        start = time.perf_counter()
        found = load_bots(folder)
        loaded = time.perf_counter() - start
        print(f"load_bots: {len(found.entrants)} bots loaded, {len(found.problems)} refused, in {loaded:.1f} s")
        start = time.perf_counter()
        result = tournament(found, "usa", players=arguments.players, rounds=arguments.rounds, seed=arguments.seed,
                            progress=False)
        elapsed = time.perf_counter() - start
    games = len(result.played)
    decisions = sum(len(game.actions) for game in result.played)
    print(f"tournament: {len(result.entrants)} bots, {arguments.players} players, {arguments.rounds} rounds: "
          f"{games} games, {decisions} decisions in {elapsed:.1f} s ({elapsed / games:.2f} s a game, "
          f"{1000 * elapsed / decisions:.1f} ms a decision)")
    faults = Counter((fault.bot, fault.kind) for fault in result.faults)
    print("faults:", ", ".join(f"{bot} {kind} × {count}" for (bot, kind), count in sorted(faults.items())) or "none")
    standings = result.standings()
    print(standings[["bot", "games", "win_share", "score", "rating", "rating_low", "rating_high", "faults"]]
          .round(2).to_string(index=False))


if __name__ == "__main__":
    main()
