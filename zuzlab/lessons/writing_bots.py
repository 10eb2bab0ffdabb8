"""Lesson 12: write a Ticket to Ride bot (and, as a stretch, a Railroad Ink one).

A student writes ``bot(game, rng)``, a function that returns one of
``game.legal_actions()``, and checks each step with a short tournament
(``check_bot(step, bot)``): seeded games against the step's opponents, in which the
student's bot plays in a worker process (in the browser: in the kernel), where an endless
loop is stopped and an error named with its line. A step passes when the bot reaches the step's mark (``STEPS``).

The helpers below are what the lesson hands the student, so that a 45-minute lesson can
reach a bot that plays like the kit's ticket bot: the routes a player's tickets still need
(``plan``), what a route is worth (``route_points``), and, for Railroad Ink, the score a
drawing would give (``score_after``).
"""

from __future__ import annotations

import html
from dataclasses import dataclass
from typing import Any, Callable

from .. import texts
from ..core import bot_name
from ..playtest import AGENTS


@dataclass(frozen=True)
class BotStep:
    """A step of the lesson: the board or rules (``variant``), the players at a table, the
    opponents (each played on ``deals`` deals, every seat once; none: the bot plays alone and
    its score is the measure), and the mark: a win share (``measure="win_share"``) or a
    mean score (``"score"``) the student's bot must reach."""

    name: str
    variant: str
    opponents: tuple[str, ...]
    deals: int
    measure: str
    mark: float
    players: int = 2


#: the lesson's steps, in order. The marks were set from seeded games of example bots
#: (``tests/test_writing_bots.py`` plays them): the random player's own moves win about half
#: of their games against it; a bot that keeps as few tickets as it may and claims the longest
#: route it can wins nearly all (claiming alone wins about 60 %, as unfinished tickets cost); a
#: bot that follows its tickets' plan, draws the colours it needs and asks for more tickets
#: once its plan is done wins about half against the ticket bot.
STEPS: dict[str, BotStep] = {step.name: step for step in (
    BotStep("beat_random", "usa", ("random",), deals=5, measure="win_share", mark=0.8),
    BotStep("beat_tickets", "usa", ("tickets",), deals=10, measure="win_share", mark=0.5),
    BotStep("beat_agents", "usa", AGENTS, deals=3, measure="win_share", mark=0.5),
    BotStep("ink_score", "ink", (), deals=5, measure="score", mark=15.0, players=1),
)}


@dataclass
class BotCheck:
    """The verdict of one step: the tournaments played (one per opponent), the bot's
    measure and whether it reached the mark. Shows itself as the verdict, the games
    against each opponent, and the first fault of each kind."""

    step: BotStep
    bot: str
    results: list[Any]

    @property
    def games(self) -> Any:
        """The student's bot's rows of every game of the check (a pandas DataFrame)."""
        import pandas as pd

        from .league import win_shares

        rows = [result.games.assign(win_share=win_shares(result.games)) for result in self.results]
        table = pd.concat(rows, ignore_index=True)
        return table[table.bot == self.bot]

    @property
    def value(self) -> float:
        """The bot's win share (a shared win split) or mean score over the check's games."""
        games = self.games
        return float(games.win_share.mean() if self.step.measure == "win_share" else games.total.mean())

    @property
    def passed(self) -> bool:
        return self.value >= self.step.mark

    @property
    def faults(self) -> list:
        return [fault for result in self.results for fault in result.faults]

    def summary(self) -> str:
        key = "pass" if self.passed else "fail"
        if self.step.measure == "win_share":
            return texts.text(f"botlesson.{key}_wins", step=texts.Word(self.step.name), share=texts.share(self.value),
                              mark=texts.share(self.step.mark), games=texts.quantity("game", len(self.games)))
        return texts.text(f"botlesson.{key}_score", step=texts.Word(self.step.name), score=texts.number(self.value, 1),
                          mark=texts.number(self.step.mark), games=texts.quantity("game", len(self.games)))

    def _repr_html_(self) -> str:
        colour = "#1b5e20" if self.passed else "#b71c1c"
        lines = [f"<b style='color:{colour}'>{html.escape(self.summary())}</b>"]
        if self.step.opponents:
            from .league import win_shares

            for result, opponent in zip(self.results, self.step.opponents):
                mine = result.games.bot == self.bot
                own, shares = result.games[mine], win_shares(result.games)[mine]
                lines.append(html.escape(texts.text("botlesson.against", opponent=texts.bot_name(opponent),
                                                    share=texts.share(float(shares.mean())),
                                                    score=texts.number(float(own.total.mean()), 1))))
        firsts = [fault for result in self.results for fault, _ in result.first_faults()]
        lines += [f"<span style='color:#b71c1c'>{html.escape(str(fault))}</span>" for fault in firsts]
        if firsts:
            lines.append(html.escape(texts.text("botlesson.faults_count", count=len(self.faults))))
        return "<div class='zuzlab-bot-check'>" + "<br>".join(lines) + "</div>"


def check_bot(step: str, bot: Callable, seed: int | str = 12) -> BotCheck:
    """Play the step's seeded games between ``bot`` and the step's opponents (the student's
    bot in a worker process: ``lessons.tournament``) and say whether it reached the mark."""
    from .league import tournament

    if step not in STEPS:
        raise texts.InputError("error.botlesson_no_step", step=repr(step), known=", ".join(STEPS))
    chosen = STEPS[step]
    if not callable(bot) or isinstance(bot, (str, type)):
        raise texts.InputError("error.botlesson_not_a_bot", got=repr(bot)[:60])
    name = bot_name(bot)
    if name in chosen.opponents or name == "random":  # the filler of a one-player step
        name = f"{name}_you"
    play = dict(variant=chosen.variant, players=chosen.players, rounds=chosen.deals, progress=False)
    if chosen.opponents:
        results = [tournament({name: bot, opponent: opponent}, seed=f"{seed}/{step}/{opponent}", **play)
                   for opponent in chosen.opponents]
    else:
        results = [tournament({name: bot}, seed=f"{seed}/{step}", **play)]
    return BotCheck(chosen, name, results)


# --- the student's helpers ------------------------------------------------------------------

def plan(game: Any, keeping: tuple = ()) -> Any:
    """Your ticket plan: for each of your tickets (and ``keeping``, tickets you are offered)
    the cheapest routes still to claim, through your own routes for free. ``.routes()``
    lists them, ``.tracks()`` their ids (both tracks of a double route), ``.wanted()``
    counts the cards of each colour they still need, ``.trains_needed()`` their trains."""
    from ..ttr.advice import TicketPlan

    return TicketPlan(game, more=keeping)


def route_points(game: Any, route_id: int) -> int:
    """The points a route scores when claimed (the board's points table)."""
    return game.rules.points_for_length(game.map.route(route_id).length)


def score_after(game: Any, action: Any) -> int:
    """Railroad Ink: your board's score if you made this drawing now (finishing a round
    draws nothing: the score as it is)."""
    from ..ink.board import square_index
    from ..ink.scoring import score
    from ..ink.state import Place

    board = game.boards[game.current_player].copy()
    if isinstance(action, Place):
        board.place(action.tile, square_index(action.square), action.orientation)
    return score(board, game.rules.loop_rule, game.rules.lake_squares_are_centre).total
