"""Lesson 10 on the Railroad Ink canvas: the scoring steps drawn with a legend and
captions that say what each step adds up to, and the drawing of a failing case.

``lesson_steps(board, part)`` takes the steps of ``zuzlab.ink.steps`` and adds to each one
what a picture needs beyond it (the networks finished so far, the best railway so far), so
the step player may step backwards; ``InkLessonView`` draws them; ``describe`` says them.
"""

from __future__ import annotations

import dataclasses
import html
from typing import Any, Iterable, Iterator

import ipywidgets as widgets

from .. import texts
from ..ink import steps as ink_steps
from ..ink.board import EXITS, Board
from ..ink.tiles import RAILWAY
from ..viz.ink_canvas import MARGIN, STYLES, InkCanvas, Shape, ink_scene
from .narration import describe_step

#: a colour for each network (repeating after eight); a dot of the same colour marks its exits
NETWORK_COLOURS = ("#8e24aa", "#1e88e5", "#43a047", "#fb8c00", "#e53935", "#00acc1", "#6d4c41", "#c0ca33")
STYLES.update({f"net{n}": {"fill": colour + "55"} for n, colour in enumerate(NETWORK_COLOURS)})
STYLES.update({f"net{n}-exit": {"fill": colour} for n, colour in enumerate(NETWORK_COLOURS)})
STYLES.setdefault("current", {"fill": "rgba(255, 193, 7, 0.55)"})
STYLES.setdefault("current-exit", {"fill": "#ff8f00"})
#: what each legend entry looks like: (colour, shape)
LEGEND = {
    "networks": (NETWORK_COLOURS[0] + "55", "square"), "current": ("rgba(255, 193, 7, 0.55)", "square"),
    "exit": (NETWORK_COLOURS[1], "dot"), "checked": ("rgba(33, 150, 243, 0.35)", "square"),
    "error": ("#e53935", "dot"), "path": ("rgba(255, 193, 7, 0.55)", "square"),
    "best": ("rgba(76, 175, 80, 0.55)", "square"),
    "longest": ("rgba(76, 175, 80, 0.55)", "square"),  # the same green, in a failing case: no "so far"
}
PARTS = {"networks": "networks", "errors": "errors", "railway": "longest railway"}


def lesson_steps(board: Board, part: str) -> Iterator[Any]:
    """The steps of one part ("networks", "errors" or "railway"), each carrying in
    ``detail`` what came before it: ``finished`` networks and the ``exits`` of the
    network being searched, or the ``best`` railway so far."""
    if part == "networks":
        finished: list = []
        exits: list = []
        for step in ink_steps.network_steps(board):
            if step.kind == "start":
                exits = []
            elif step.kind == "exit":
                exits = exits + [step.detail["exit"]]
            elif step.kind == "network":
                finished = finished + [step.detail["network"]]
            yield dataclasses.replace(step, detail={**step.detail, "finished": finished, "exits": exits})
    elif part == "railway":
        best: list = []
        for step in ink_steps.longest_path_steps(board, RAILWAY):
            if step.kind == "better":
                best = step.detail["path"]
            yield dataclasses.replace(step, detail={**step.detail, "best": best})
    elif part == "errors":
        yield from ink_steps.error_steps(board)
    else:
        raise texts.InputError("error.steps_part", parts=", ".join(map(repr, PARTS)), part=repr(part))


def describe(step: Any) -> str:
    """A step in words: the lesson's own sentences, and the usual ones otherwise."""
    detail = step.detail
    if step.part == "networks" and step.kind == "network":
        network = detail["network"]
        return texts.text("lesson10.step_network", squares=texts.quantity("square", len(network.squares)),
                          exits=texts.quantity("exit", len(network.exits)),
                          points=texts.quantity("point", network.points))
    if step.part == "networks" and step.kind == "exit":
        return texts.text("lesson10.step_exit", where=step.square, count=len(detail["exits"]))
    if step.part == "networks" and step.kind == "done":
        return texts.text("lesson10.step_networks_done", count=len(step.result),
                          exits=[len(n.exits) for n in step.result], points=texts.quantity("point", detail["points"]))
    if step.part == "errors" and step.kind in ("ok", "error"):
        meets = detail["meets"]
        meets = texts.text("lesson10.meets_border") if meets == "the board's edge" else \
            texts.text("lesson10.meets_empty") if meets == "an empty square" else meets
        return texts.text(f"lesson10.step_end_{step.kind}", where=step.square, side=detail["side"],
                          kind=detail["kind"], meets=meets, count=len(detail["found"]))
    if step.part == "errors" and step.kind == "done":
        return texts.text("lesson10.step_errors_done", count=len(step.result))
    if step.part == "longest railway" and step.kind == "start":  # the shared text speaks of networks
        return texts.text("lesson10.step_path_start", where=step.square)
    if step.part == "longest railway" and step.kind == "done":
        return texts.text("lesson10.step_railway_done", squares=texts.quantity("square", len(step.result)))
    return describe_step(step)


def _exit_dot(name: str, style: str) -> Shape:
    """A dot on the end of an exit's stub."""
    index, side = next((i, s) for i, s, _, exit_name in EXITS if exit_name == name)
    row, col = divmod(index, 7)
    x, y = MARGIN + col + (0.5, 1.0, 0.5, 0.0)[side], MARGIN + row + (0.0, 0.5, 1.0, 0.5)[side]
    dx, dy = ((0, -1), (1, 0), (0, 1), (-1, 0))[side]
    return Shape("circle", (x + dx * 0.42, y + dy * 0.42, 0.17), style, f"exit {name}")


def network_scene(board: Board, networks: Iterable = (), current: Iterable[str] = (), current_exits=(),
                  errors: Iterable = (), best: Iterable[str] = (), checked: Iterable[str] = (),
                  path: Iterable[str] = ()) -> list[Shape]:
    """The board with networks in colours (and dots on the exits each reaches), the
    network being searched, a path, the best path, checked squares and error dots."""
    networks = list(networks)
    highlights = {f"net{n % len(NETWORK_COLOURS)}": list(network.squares) for n, network in enumerate(networks)}
    highlights.update({"visited": list(checked), "path": list(path), "best": list(best), "current": list(current)})
    shapes = ink_scene(board, highlights, errors)
    for n, network in enumerate(networks):
        shapes += [_exit_dot(name, f"net{n % len(NETWORK_COLOURS)}-exit") for name in network.exits]
    shapes += [_exit_dot(name, "current-exit") for name in current_exits]
    return shapes


def legend(keys: Iterable[str]) -> widgets.HTML:
    """The colours of the picture and what each means, in the reader's language."""
    items = []
    for key in keys:
        colour, shape = LEGEND[key]
        if key == "networks":  # a row of the network colours
            marks = "".join(f"<span style='display:inline-block;width:12px;height:14px;background:{c}55'></span>"
                            for c in NETWORK_COLOURS[:4])
        else:
            radius = "50%" if shape == "dot" else "2px"
            marks = (f"<span style='display:inline-block;width:14px;height:14px;border-radius:{radius};"
                     f"background:{colour};border:1px solid #999'></span>")
        items.append(f"<span style='margin-right:16px;white-space:nowrap'>{marks} "
                     f"{html.escape(texts.text('lesson10.legend_' + key))}</span>")
    return widgets.HTML(f"<div style='max-width:480px'>{''.join(items)}</div>")


def exit_table() -> widgets.HTML:
    """The points a network scores by the number of different exits it reaches."""
    from ..ink.scoring import NETWORK_POINTS

    cell = "<td style='padding:2px 8px;text-align:center;border:1px solid #ccc'>{}</td>"
    rows = [(texts.text("lesson10.exit_table_exits"), range(len(NETWORK_POINTS))),
            (texts.text("lesson10.exit_table_points"), NETWORK_POINTS)]
    body = "".join(f"<tr><th style='padding:2px 8px;text-align:left'>{html.escape(title)}</th>"
                   + "".join(cell.format(value) for value in values) + "</tr>" for title, values in rows)
    return widgets.HTML(f"<table style='border-collapse:collapse'>{body}</table>")


class InkLessonView:
    """The board under the steps of one part (``lesson_steps``), with a legend below."""

    LEGENDS = {"networks": ("networks", "current", "exit"), "errors": ("checked", "error"),
               "railway": ("path", "best")}

    def __init__(self, board: Board, part: str, scale: float = 48.0):
        if part not in self.LEGENDS:
            raise texts.InputError("error.steps_part", parts=", ".join(map(repr, self.LEGENDS)), part=repr(part))
        self.board, self.part = board, part
        self.canvas = InkCanvas(scale)
        self.canvas.draw(network_scene(board))
        self.legend = legend(self.LEGENDS[part])
        self.widget = widgets.VBox([self.canvas.canvas, self.legend])
        self.shown: Any = None

    def show(self, step: Any) -> None:
        self.shown = step
        detail = step.detail
        if step.part == "networks":
            done = step.kind in ("network", "done")
            finished = list(step.result) if step.kind == "done" else detail["finished"]
            current = [] if done else detail.get("squares", [])
            self.canvas.draw(network_scene(self.board, finished, current, [] if done else detail["exits"]))
        elif step.part == "errors":
            found = [(e.square, e.side) for e in step.result] if step.kind == "done" else detail["found"]
            self.canvas.draw(network_scene(self.board, errors=found, checked=[step.square] if step.square else []))
        else:
            best = list(step.result) if step.kind == "done" else detail["best"]
            path = [] if step.kind == "done" else detail.get("path", [])
            self.canvas.draw(network_scene(self.board, best=best, path=path))


def ink_case(board: Board, networks: Iterable = (), errors: Iterable = (), best: Iterable[str] = (),
             caption: str = "", legend_keys: Iterable[str] = ()) -> widgets.VBox:
    """A failing case of a lesson 10 task: the board, the expected answer drawn on it, a
    legend and a caption (with the student's answer)."""
    canvas = InkCanvas(44.0)
    canvas.draw(network_scene(board, networks, errors=errors, best=best))
    return widgets.VBox([canvas.canvas, legend(legend_keys), widgets.HTML(f"<div>{html.escape(caption)}</div>")])
