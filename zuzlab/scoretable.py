"""Final scores shared by the engines: ranking with tie-breakers, and a table that shows
itself as text (``print``) and as HTML in a notebook."""

from __future__ import annotations

import html
from typing import Callable, Sequence, TypeVar

Score = TypeVar("Score")


def rank(scores: Sequence[Score], key: Callable[[Score], tuple], player: Callable[[Score], int]
         ) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """Players from first to last by ``key`` (total first, then the tie-breakers); the
    winners share the best key (more than one only if every tie-breaker is level)."""
    ordered = sorted(scores, key=key, reverse=True)
    best = key(ordered[0])
    return tuple(player(s) for s in ordered), tuple(player(s) for s in ordered if key(s) == best)


class ScoreTable:
    """A final score table: ``rows()`` gives one dict per player, ``details()`` the lines
    under the table; ``winners`` lists the winning players."""

    winners: tuple[int, ...]

    def rows(self) -> list[dict]:
        raise NotImplementedError

    def details(self) -> list[str]:
        return []

    def winner_line(self) -> str:
        return "Winner: " + " and ".join(f"player {w}" for w in self.winners)

    def __str__(self) -> str:
        table = self.rows()
        header = list(table[0])
        cells = [[str(row[h]) for h in header] for row in table]
        widths = [max(len(h), *(len(r[i]) for r in cells)) for i, h in enumerate(header)]
        lines = ["  ".join(h.rjust(w) for h, w in zip(header, widths))]
        lines += ["  ".join(c.rjust(w) for c, w in zip(r, widths)) for r in cells]
        return "\n".join(lines + [self.winner_line()] + self.details())

    def _repr_html_(self) -> str:
        table = self.rows()
        head = "".join(f"<th>{html.escape(h)}</th>" for h in table[0])
        body = "".join("<tr>" + "".join(f"<td>{html.escape(str(v))}</td>" for v in row.values()) + "</tr>"
                       for row in table)
        details = "".join(f"<li>{html.escape(line)}</li>" for line in self.details())
        return (f"<table><tr>{head}</tr>{body}</table><p><b>{html.escape(self.winner_line())}</b></p>"
                + (f"<ul>{details}</ul>" if details else ""))
