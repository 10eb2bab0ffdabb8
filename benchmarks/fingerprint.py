"""Fingerprints of seeded games: the same seeds must give the same games after a change
that should not change play (a refactoring, a speed-up). Prints one line per variant and
bot line-up: its games' histories and totals, each as a short digest.

    python benchmarks/fingerprint.py [--games 20] [--save before.json]
    python benchmarks/fingerprint.py --compare before.json     # exit status 1 on a difference

Every variant of the three engines plays ``--games`` random games (2–4 players, as the
variant allows); Ticket to Ride also plays its strategy bots against each other, and
Railroad Ink its greedy and lookahead bots, so the bots' decisions are fingerprinted too.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import sys
import time
from pathlib import Path

from zuzlab import cardgame, ink, ttr
from zuzlab.engines import ENGINES


def line_ups() -> list[tuple[str, object, dict]]:
    """(label, engine, keywords of play_game / play_random_game) of every fingerprinted line-up."""
    cases: list[tuple[str, object, dict]] = []
    for name, rules in ttr.rules.VARIANTS.items():
        cases += [(f"ttr/{name}/{players}p/random", ttr, {"variant": name, "players": players})
                  for players in sorted({rules.min_players, 3, rules.max_players})
                  if rules.min_players <= players <= rules.max_players]
    cases.append(("ttr/usa/4p/strategy", ttr, {"variant": "usa", "players": 4,
                                                 "bots": ["tickets", "long_routes", "balanced", "random"]}))
    cases.append(("ttr/europe/3p/strategy", ttr, {"variant": "europe", "players": 3,
                                                    "bots": ["tickets", "long_routes", "balanced"]}))
    for name in cardgame.rules.VARIANTS:
        cases += [(f"cardgame/{name}/{players}p/random", cardgame, {"variant": name, "players": players})
                  for players in (2, 3, 4)]
    for name in ink.rules.VARIANTS:
        cases.append((f"ink/{name}/2p/random", ink, {"variant": name, "players": 2}))
    cases.append(("ink/ink/1p/greedy", ink, {"variant": "ink", "players": 1, "bots": "greedy"}))
    cases.append(("ink/ink/1p/lookahead", ink, {"variant": "ink", "players": 1, "bots": "lookahead"}))
    for engine in ENGINES:  # an engine added later: random games of each of its variants
        if engine not in (ttr.ENGINE, cardgame.ENGINE, ink.ENGINE):
            cases += [(f"{engine.key}/{name}/{engine.default_players}p/random", engine,
                       {"variant": name, "players": engine.default_players}) for name in engine.variants]
    return cases


def fingerprint(engine, keywords: dict, games: int) -> dict:
    histories, totals = hashlib.sha256(), hashlib.sha256()
    for seed in range(games):
        play = engine.play_game if "bots" in keywords else engine.play_random_game
        game = play(seed=seed, **keywords)
        histories.update(json.dumps([action.to_dict() for action in game.history]).encode())
        totals.update(json.dumps(game.final_scores().totals).encode())
    return {"histories": histories.hexdigest()[:16], "totals": totals.hexdigest()[:16]}


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--games", type=int, default=20, help="games per line-up (default 20)")
    parser.add_argument("--save", help="write the fingerprints to this JSON file")
    parser.add_argument("--compare", help="compare with fingerprints saved before")
    args = parser.parse_args()
    before = json.loads(Path(args.compare).read_text()) if args.compare else None
    if before is not None:
        args.games = before["games"]
    prints, differ, start = {}, [], time.perf_counter()
    for label, engine, keywords in line_ups():
        prints[label] = fingerprint(engine, keywords, args.games)
        same = "" if before is None else (" same" if before["prints"].get(label) == prints[label] else " DIFFERENT")
        if same == " DIFFERENT":
            differ.append(label)
        print(f"{label:36} histories {prints[label]['histories']}  totals {prints[label]['totals']}{same}", flush=True)
    games = args.games * len(prints)
    print(f"{games} games in {time.perf_counter() - start:.0f} s"
          + (f"; {len(differ)} line-up(s) differ" if before else ""))
    if args.save:
        with open(args.save, "w") as file:
            json.dump({"games": args.games, "prints": prints}, file, indent=1)
    return 1 if differ else 0


if __name__ == "__main__":
    sys.exit(main())
