"""Drawings of a failing case for the checker: a Ticket to Ride network on its map, zoomed
to the case, with the expected answer and the student's answer in colours of their own
and a legend; and the caption under a drawing, which says what the function did.

A case that ran out of time is drawn without its expected answer: on a big network the
answer is often the whole network's trains, and the picture would give away the shortcut
the task asks for. A case with nothing in it is said in words, not drawn as an empty map."""

from __future__ import annotations

import html
from typing import Iterable

import ipywidgets as widgets

from .. import texts
from .worker import shortened

#: what each layer of a case drawing means, and its colour (the legend reads these)
LAYERS = {"network": "#455a64", "cities": "#263238", "expected": "#2e7d32", "yours": "#d81b60"}


def map_case(board: str, network: Iterable = (), expected: Iterable = (), yours: Iterable = (),
             cities: dict[str, Iterable[str]] | None = None, caption: str = "", width: int = 700,
             height: int = 440):
    """A map widget: the case's ``network`` (grey), the ``expected`` routes (green, wide)
    and ``yours`` (pink, on top), with ``cities`` marked per layer, a legend and a caption;
    zoomed to what it draws, so that a small case is not a speck on the whole map."""
    from ..viz.lesson_plots import zoom_to
    from ..widgets.views import MapStepView

    groups = {"network": list(network), "cities": [], "expected": list(expected), "yours": list(yours)}
    marked = {layer: list(names) for layer, names in (cities or {}).items()}
    view = MapStepView(board, width=width, height=height, colours=LAYERS)  # its own colours: no other drawing's change
    view.overlay(groups, marked)
    # the case's routes wide and dark under the answer (a dark rim shows which routes the
    # case had, also under the green), the cities marked by a ring around their dot
    view.lines.data["width"] = [{"network": 15, "expected": 7, "yours": 4}.get(layer, 4)
                                for layer in _layers_of(view)]
    rings = view.figure.select_one({"name": "overlay_cities"})
    rings.glyph.update(size=26, fill_alpha=0.25, line_color="color", line_width=4)
    rings.level = "overlay"
    drawn = {city for routes in groups.values() for route in routes for city in (route.a, route.b)}
    drawn |= {city for names in marked.values() for city in names}
    if drawn:
        zoom_to(view.figure, [view.line_of.points[city] for city in sorted(drawn)])
    shown_layers = [layer for layer in LAYERS if groups[layer] or marked.get(layer)]
    picture = widgets.VBox([view.widget, legend(shown_layers), widgets.HTML(f"<div>{html.escape(caption)}</div>")])
    picture.zuzlab_figure = view.figure  # the Bokeh figure inside, for a look at what it shows
    return picture


def _layers_of(view) -> list[str]:
    by_colour = {colour: layer for layer, colour in LAYERS.items()}
    return [by_colour.get(colour, "") for colour in view.lines.data["color"]]


def legend(layers=tuple(LAYERS)) -> widgets.HTML:
    """The colours of the ``layers`` a case drawing shows and what they mean, in the
    reader's language."""
    def swatch(layer: str) -> str:  # a ring for marked cities, a line for routes
        shape = ("width:12px;height:12px;border-radius:50%;background:none;border:3px solid {}" if layer == "cities"
                 else "width:22px;height:6px;background:{}").format(LAYERS[layer])
        return f"<span style='display:inline-block;{shape};vertical-align:middle;margin-right:4px'></span>"

    items = "".join(f"<span style='margin-right:14px'>{swatch(layer)}"
                    f"{html.escape(texts.text('check.layer_' + layer))}</span>" for layer in layers)
    return widgets.HTML(f"<div>{items}</div>")


def nothing_to_draw(words: str) -> widgets.HTML:
    """A case with nothing in it (no routes, an empty board), said in words."""
    return widgets.HTML(f"<div><i>{html.escape(words)}</i></div>")


def shown(value) -> str:
    """A student's answer as a caption shows it: short, and a collection of names as a
    list in words."""
    if isinstance(value, (set, frozenset, list, tuple)) and value and all(isinstance(v, str) for v in value):
        return texts.listing(sorted(value) if isinstance(value, (set, frozenset)) else value)
    return shortened(repr(value), 200)


def yours(failure) -> str:
    """What the student's function did on the case, for a caption."""
    if failure.kind == "timeout":
        return texts.text("check.caption_timeout", seconds=texts.number(failure.seconds, 1))
    if failure.kind == "error":
        return texts.text("check.caption_error", error=failure.error)
    return texts.text("check.caption_returned", got=shown(failure.got))


def caption(failure, expected: str = "") -> str:
    """The caption of a failing case: the expected answer in words (``expected``, left out
    after a timeout) and what the student's function did."""
    shown_expected = "" if failure.kind == "timeout" else expected
    return " ".join(part for part in (shown_expected, yours(failure)) if part)
