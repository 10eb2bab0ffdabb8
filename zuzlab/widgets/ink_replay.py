"""A finished (or running) Railroad Ink game replayed drawing by drawing on the board, in
the step player: how a bot, or you, built the board."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from .. import ink, texts
from ..viz import InkCanvas
from .player import StepPlayer


@dataclass(frozen=True)
class ReplayStep:
    """The board after one action of ``player`` (the first step: the empty board)."""

    board: Any
    action: Any
    round: int
    points: int
    kind: str = "draw"


class BoardView:
    """A step player's view that draws the board each step carries, the last drawing framed."""

    def __init__(self, scale: float = 48.0):
        self.canvas = InkCanvas(scale)
        self.widget = self.canvas.canvas
        self.shown: Any = None

    def show(self, step: ReplayStep) -> None:
        self.shown = step
        square = [step.action.square] if isinstance(step.action, ink.Place) else []
        self.canvas.show(step.board, {"visited": square})


def replay_steps(game: Any, player: int = 0) -> list[ReplayStep]:
    """The boards of ``player`` after each of their actions, replayed from the game's start
    (its seed's first roll, or the position it was set up in)."""
    again = game.copy()
    again.rewind(0)
    rules = game.rules
    steps = [ReplayStep(again.boards[player].copy(), None, 1, 0, "start")]
    for action in game.history:
        mover, round_now = again.current_player, again.round
        again.apply(action)
        if mover == player:
            board = again.boards[player].copy()
            points = ink.score(board, rules.loop_rule, rules.lake_squares_are_centre).total
            kind = "draw" if isinstance(action, ink.Place) else "end" if again.is_over else "finish"
            steps.append(ReplayStep(board, action, round_now, points, kind))
    return steps


def describe_replay(step: ReplayStep) -> str:
    if step.kind == "start":
        return texts.text("step.replay_start")
    if step.kind == "end":
        return texts.text("step.replay_end", points=texts.quantity("point", step.points))
    if step.kind == "finish":
        return texts.text("step.replay_finish", round=step.round, points=texts.quantity("point", step.points))
    return texts.text("step.replay_draw", round=step.round, tile=texts.tile(step.action.tile),
                      square=step.action.square, points=texts.quantity("point", step.points))


def replay_player(game: Any, player: int = 0, scale: float = 48.0) -> StepPlayer:
    """A step player over ``player``'s drawings, with a button to the end of each round;
    it opens on the finished board (play it again from the start with ⏮ and ▶)."""
    player_widget = StepPlayer(replay_steps(game, player), BoardView(scale), describe=describe_replay, speed=2,
                               jump=lambda step: step.kind in ("finish", "end"), jump_label="next_round")
    player_widget.go(len(player_widget.steps) - 1)
    return player_widget


def drawing_words(action: Any) -> texts.Phrase:
    """One of the expert's candidates in words, its orientation as the game view says it:
    "curved station (B1) on B0, turned half round", or finishing the round."""
    if not isinstance(action, ink.Place):
        return texts.Phrase("label.expert_finish")
    return texts.Phrase("label.expert_place", {"tile": texts.tile(action.tile), "square": action.square,
                                               "how": texts.Phrase(f"label.ink_orientation_{action.orientation}")})


def estimates_table(estimates: list):
    """The expert's candidates for one decision, the games sampled for each and their
    mean final score, best first (what "how the bot thinks" shows)."""
    import html

    import ipywidgets as widgets

    head = (f"<tr><th style='text-align:left'>{html.escape(texts.text('label.expert_drawing'))}</th>"
            f"<th>{html.escape(texts.text('label.expert_games'))}</th>"
            f"<th>{html.escape(texts.text('label.expert_mean'))}</th></tr>")
    rows = []
    for place, estimate in enumerate(estimates):
        weight = "bold" if place == 0 else "normal"
        what = texts.render(drawing_words(estimate.action))
        rows.append(f"<tr style='font-weight:{weight}'><td>{html.escape(what)}</td>"
                    f"<td style='text-align:right'>{estimate.games}</td>"
                    f"<td style='text-align:right'>{texts.render(texts.number(estimate.expected, 1))}</td></tr>")
    style = "<style>.zuzlab-expert td, .zuzlab-expert th {padding: 2px 14px}</style>"
    return widgets.HTML(f"{style}<table class='zuzlab-expert'>{head}{''.join(rows)}</table>")
