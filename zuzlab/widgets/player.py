"""A step player: play, pause, step forward and back, and set the speed of any stream of
steps (a search, a flood fill, a scoring pass), shown on a *view*.

A view is any object with a ``widget`` to display and a ``show(step)`` method; the views
in ``zuzlab.widgets.views`` draw on a Bokeh map, the Railroad Ink canvas, or as text.
The steps are collected first (up to ``limit``), so the player can also go back.
"""

from __future__ import annotations

import itertools
from typing import Any, Callable, Iterable

import ipywidgets as widgets

from .narration import describe_step, follow_language, label


class StepPlayer:
    def __init__(self, steps: Iterable[Any], view: Any, limit: int = 20000,
                 describe: Callable[[Any], str] | None = None, speed: int = 8):
        collected = list(itertools.islice(iter(steps), limit + 1))
        self.truncated = len(collected) > limit
        self.steps = collected[:limit]
        if not self.steps:
            raise ValueError("the stream has no steps to play")
        self.view = view
        self.describe = describe or describe_step
        last = len(self.steps) - 1
        self.play = widgets.Play(min=0, max=last, step=1, interval=int(1000 / speed))
        self.position = widgets.IntSlider(min=0, max=last, continuous_update=True, layout=widgets.Layout(width="340px"))
        widgets.jslink((self.play, "value"), (self.position, "value"))
        self.back = widgets.Button(icon="step-backward", layout=widgets.Layout(width="44px"))
        self.forward = widgets.Button(icon="step-forward", layout=widgets.Layout(width="44px"))
        self.to_end = widgets.Button(icon="fast-forward", layout=widgets.Layout(width="44px"))
        self.speed = widgets.IntSlider(value=speed, min=1, max=60, layout=widgets.Layout(width="260px"))
        self.caption = widgets.HTML()
        self.back.on_click(lambda _: self.go(self.position.value - 1))
        self.forward.on_click(lambda _: self.go(self.position.value + 1))
        self.to_end.on_click(lambda _: self.go(last))
        self.speed.observe(self._on_speed, "value")
        self.position.observe(self._on_position, "value")
        controls = widgets.HBox([self.play, self.back, self.forward, self.to_end, self.position, self.speed])
        self._relabel()  # shows the first step, before the view's widget is first made
        self.widget = widgets.VBox([view.widget, controls, self.caption])
        follow_language(self._relabel)

    def _relabel(self) -> None:
        self.play.description, self.position.description = label("play"), label("step")
        self.back.tooltip, self.forward.tooltip = label("step_back"), label("step_forward")
        self.to_end.tooltip, self.speed.description = label("to_end"), label("steps_per_second")
        self._show(self.position.value)

    @property
    def step(self) -> Any:
        return self.steps[self.position.value]

    def go(self, index: int) -> None:
        """Show step ``index`` (kept within the stream)."""
        self.position.value = max(0, min(len(self.steps) - 1, index))

    def _on_speed(self, change) -> None:
        self.play.interval = int(1000 / change["new"])

    def _on_position(self, change) -> None:
        self._show(change["new"])

    def _show(self, index: int) -> None:
        step = self.steps[index]
        self.view.show(step)
        more = " " + label("truncated") if self.truncated else ""
        self.caption.value = f"<b>{label('step_of', index=index + 1, total=len(self.steps))}</b>{more}: " \
                             f"{self.describe(step)}"

    def _ipython_display_(self):
        from IPython.display import display

        display(self.widget)
