"""A step player: play, pause, step forward and back, and set the speed of any stream of
steps (a search, a flood fill, a scoring pass), shown on a *view*.

A view is any object with a ``widget`` to display and a ``show(step)`` method; the views
in ``zuzlab.widgets.views`` draw on a Bokeh map, the Railroad Ink canvas, or as text.
The steps are collected first (up to ``limit``), so the player can also go back. The
slider counts steps from 1, as the caption does ("step 43 of 2,521" at 43). A ``jump``
test adds a button that goes straight to the next step it marks (the next improvement
of the best trail, the next city settled …), so a long search need not be watched whole.
"""

from __future__ import annotations

import itertools
from typing import Any, Callable, Iterable

import ipywidgets as widgets

from .narration import describe_step, follow_language, label


class StepPlayer:
    def __init__(self, steps: Iterable[Any], view: Any, limit: int = 20000,
                 describe: Callable[[Any], str] | None = None, speed: int = 8,
                 jump: Callable[[Any], bool] | None = None, jump_label: str = "next_mark"):
        collected = list(itertools.islice(iter(steps), limit + 1))
        self.truncated = len(collected) > limit
        self.steps = collected[:limit]
        if not self.steps:
            raise ValueError("the stream has no steps to play")
        self.view = view
        self.describe = describe or describe_step
        last = len(self.steps) - 1
        self.play = widgets.Play(min=1, max=last + 1, step=1, interval=int(1000 / speed))
        self.position = widgets.IntSlider(min=1, max=last + 1, continuous_update=True,
                                          layout=widgets.Layout(width="340px"))
        widgets.jslink((self.play, "value"), (self.position, "value"))
        self.back = widgets.Button(icon="step-backward", layout=widgets.Layout(width="44px"))
        self.forward = widgets.Button(icon="step-forward", layout=widgets.Layout(width="44px"))
        self.to_end = widgets.Button(icon="fast-forward", layout=widgets.Layout(width="44px"))
        self.speed = widgets.IntSlider(value=speed, min=1, max=60, layout=widgets.Layout(width="260px"))
        self.caption = widgets.HTML()
        self.jump, self.jump_label = jump, jump_label
        self.next_mark = widgets.Button(icon="forward", layout=widgets.Layout(width="auto", flex="0 0 auto"))
        self.back.on_click(lambda _: self.go(self.index - 1))
        self.forward.on_click(lambda _: self.go(self.index + 1))
        self.to_end.on_click(lambda _: self.go(last))
        self.next_mark.on_click(lambda _: self.go_to_next_mark())
        self.speed.observe(self._on_speed, "value")
        self.position.observe(self._on_position, "value")
        buttons = [self.play, self.back, self.forward, self.to_end] + ([self.next_mark] if jump else [])
        controls = widgets.HBox(buttons + [self.position, self.speed],
                                layout=widgets.Layout(flex_flow="row wrap"))  # wraps rather than squeezes a label
        self._relabel()  # shows the first step, before the view's widget is first made
        self.widget = widgets.VBox([view.widget, controls, self.caption])
        follow_language(self._relabel)

    def _relabel(self) -> None:
        self.play.description, self.position.description = label("play"), label("step")
        self.back.tooltip, self.forward.tooltip = label("step_back"), label("step_forward")
        self.to_end.tooltip, self.speed.description = label("to_end"), label("steps_per_second")
        self.next_mark.description = self.next_mark.tooltip = label(self.jump_label)
        self._show(self.index)

    @property
    def index(self) -> int:
        """The shown step's place in ``steps`` (from 0; the slider shows it from 1)."""
        return self.position.value - 1

    @property
    def step(self) -> Any:
        return self.steps[self.index]

    def go(self, index: int) -> None:
        """Show ``steps[index]`` (kept within the stream)."""
        self.position.value = max(0, min(len(self.steps) - 1, index)) + 1

    def next_mark_index(self) -> int | None:
        """The next step after the shown one that ``jump`` marks, or None."""
        if self.jump is None:
            return None
        return next((i for i in range(self.index + 1, len(self.steps)) if self.jump(self.steps[i])), None)

    def go_to_next_mark(self) -> None:
        """Go to the next marked step; after the last one, to the end of the stream."""
        found = self.next_mark_index()
        self.go(len(self.steps) - 1 if found is None else found)

    def _on_speed(self, change) -> None:
        self.play.interval = int(1000 / change["new"])

    def _on_position(self, change) -> None:
        self._show(change["new"] - 1)

    def _show(self, index: int) -> None:
        step = self.steps[index]
        self.view.show(step)
        more = " " + label("truncated") if self.truncated else ""
        self.caption.value = f"<b>{label('step_of', index=index + 1, total=len(self.steps))}</b>{more}: " \
                             f"{self.describe(step)}"

    def _ipython_display_(self):
        from IPython.display import display

        display(self.widget)
