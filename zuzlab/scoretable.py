"""Final scores shared by the engines: ranking with tie-breakers, and a table that shows
itself as text (``print``) and as HTML in a notebook, in the reader's language.

A table's ``rows()`` keep English keys ("player", "total", …) for code that reads them;
only what is shown (``str``, ``_repr_html_``) says them in the language, from the
``[score]`` texts."""

from __future__ import annotations

import copy
import html
import re
from typing import Callable, Mapping, NamedTuple, Sequence, TypeVar

from . import texts

Score = TypeVar("Score")
_NUMBER = re.compile(r"[-+−]?\d+(\.\d+)?(/\d+)?")  # 12, -3, 0.5, 6/11: set to the right


class Ranking(NamedTuple):
    ranking: tuple[int, ...]  # players from first to last
    winners: tuple[int, ...]  # more than one only if every tie-breaker is level
    places: tuple[int, ...]  # each player's place; players level on every key share it


def rank(scores: Sequence[Score], key: Callable[[Score], tuple], player: Callable[[Score], int]) -> Ranking:
    """Players from first to last by ``key`` (total first, then the tie-breakers). Players
    level on the whole key share their place, the next one skipping (1, 1, 3); the
    winners are everyone in first place."""
    ordered = sorted(scores, key=key, reverse=True)
    places: dict[int, int] = {}
    for position, score in enumerate(ordered):
        level = position and key(score) == key(ordered[position - 1])
        places[player(score)] = places[player(ordered[position - 1])] if level else position + 1
    ranking = tuple(player(s) for s in ordered)
    return Ranking(ranking, tuple(p for p in ranking if places[p] == 1), tuple(places[p] for p in sorted(places)))


class ScoreTable:
    """A final score table: ``rows()`` gives one dict per player, ``details()`` the lines
    under the table; ``winners`` lists the winning players."""

    winners: tuple[int, ...]
    #: each player's place, 1 for first; players level on points and every tie-breaker
    #: share a place (1, 1, 3)
    places: tuple[int, ...]
    #: who played each seat, where known (``with_seats``): a bot's name or "you"
    seats: tuple[str, ...] = ()
    #: players from first to last, tie-breakers applied
    ranking: tuple[int, ...]
    #: the tie-breakers applied after the points, in order (the rules' names)
    tie_breakers: tuple[str, ...] = ()

    def with_seats(self, seats: Sequence[str] | Mapping[int, str]):
        """The same table, saying who played each seat: one name per player (or player →
        name), a bot's name ("balanced", "tickets" …) or "you". A game does not know
        who played it; the cell or view that seated the players does."""
        names = [seats[p] for p in range(len(self.places))] if isinstance(seats, Mapping) else list(seats)
        if len(names) != len(self.places):
            raise ValueError(f"{len(self.places)} players need {len(self.places)} seats, not {len(names)}")
        table = copy.copy(self)
        object.__setattr__(table, "seats", tuple(names))  # the engines' tables are frozen dataclasses
        return table

    def seat_name(self, player: int) -> str:
        """Who played ``player``'s seat, in the reader's language ("balanced bot", "you")."""
        name = self.seats[player]
        for key in (f"label.bot_{name}", f"label.{name}"):
            try:
                return texts.text(key)
            except KeyError:
                pass
        return name

    def shown_rows(self) -> list[dict]:
        """The rows as shown: with a "who" column after the player where seats are known."""
        rows = self.rows()
        if not self.seats:
            return rows
        return [{key: value for key, value in row.items() if key == "player"} | {"who": self.seat_name(row["player"])}
                | {key: value for key, value in row.items() if key != "player"} for row in rows]

    def place(self, player: int) -> int:
        return self.places[player]

    def rows(self) -> list[dict]:
        """One dict per player; its keys are stable English names (``header`` says them
        in the reader's language)."""
        raise NotImplementedError

    def details(self) -> list[str]:
        return []

    @property
    def totals(self) -> list[int]:
        """Each player's points."""
        raise NotImplementedError

    def tie_break_value(self, player: int, key: str) -> int:
        """``player``'s value for the tie-breaker ``key``, as the engine ranks by it
        (more ranks first)."""
        raise NotImplementedError

    def tie_lines(self) -> list[str]:
        """Why players level on points are placed apart: for each two next to each other
        in the ranking, level on points but not in place, the tie-breaker that decided
        ("Player 2 ahead of player 0: level on 68 points; more tickets fulfilled.")."""
        lines = []
        for ahead, behind in zip(self.ranking, self.ranking[1:]):
            if self.totals[ahead] != self.totals[behind] or self.places[ahead] == self.places[behind]:
                continue
            decided = next((key for key in self.tie_breakers
                            if self.tie_break_value(ahead, key) != self.tie_break_value(behind, key)), None)
            if decided is not None:
                lines.append(texts.text("score.tie_broken", ahead=ahead, behind=behind,
                                        points=texts.quantity("point", self.totals[ahead]),
                                        breaker=texts.Phrase(f"score.tie/{decided}", {})))
        return lines

    @staticmethod
    def header(key: str) -> str:
        """A column's header in the reader's language (``score.<key>``)."""
        try:
            return texts.text(f"score.{key}")
        except KeyError:
            return key

    def winner_line(self) -> str:
        """"Winner: player 3", "Winners: player 0 and player 2" in the reader's language."""
        players = texts.listing([texts.text("score.player_seat", player=w, who=self.seat_name(w)) if self.seats
                                 else texts.text("score.player_name", player=w) for w in self.winners])
        return texts.text("score.winners", count=len(self.winners), players=players)

    def __str__(self) -> str:
        table = self.shown_rows()
        header = [self.header(key) for key in table[0]]
        table = [dict(zip(header, row.values())) for row in table]
        cells = [[str(row[h]) for h in header] for row in table]
        widths = [max(len(h), *(len(r[i]) for r in cells)) for i, h in enumerate(header)]
        lines = ["  ".join(h.rjust(w) for h, w in zip(header, widths))]
        lines += ["  ".join(c.rjust(w) for c, w in zip(r, widths)) for r in cells]
        return "\n".join(lines + [self.winner_line(), *self.tie_lines()] + self.details())

    def _repr_html_(self) -> str:
        """The table with its own cell styles: inside a widget no notebook style sheet
        spaces the cells, so each header is set over its column (numbers to the right)."""
        table = self.shown_rows()
        header = [self.header(key) for key in table[0]]
        table = [dict(zip(header, row.values())) for row in table]
        numeric = [all(_NUMBER.fullmatch(str(row[h])) for row in table) for h in header]

        def cell(tag: str, value: object, right: bool, rule: str = "") -> str:
            style = f"padding:2px 10px;text-align:{'right' if right else 'left'};{rule}"
            return f"<{tag} style='{style}'>{html.escape(str(value))}</{tag}>"

        head = "".join(cell("th", h, right, "border-bottom:1px solid #888") for h, right in zip(header, numeric))
        body = "".join("<tr>" + "".join(cell("td", row[h], right) for h, right in zip(header, numeric)) + "</tr>"
                       for row in table)
        details = "".join(f"<li>{html.escape(line)}</li>" for line in self.details())
        return (f"<table style='border-collapse:collapse'><thead><tr>{head}</tr></thead><tbody>{body}</tbody></table>"
                f"<p><b>{html.escape(self.winner_line())}</b>"
                + "".join(f"<br>{html.escape(line)}" for line in self.tie_lines()) + "</p>"
                + (f"<ul>{details}</ul>" if details else ""))
