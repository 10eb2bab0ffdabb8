"""Drawings of a failing case for the checker: a Ticket to Ride network on its map, with
the expected answer and the student's answer in colours of their own and a legend."""

from __future__ import annotations

import html
from typing import Iterable

import ipywidgets as widgets

from .. import texts

#: what each layer of a case drawing means, and its colour (the legend reads these)
LAYERS = {"network": "#455a64", "expected": "#2e7d32", "yours": "#d81b60"}


def map_case(board: str, network: Iterable = (), expected: Iterable = (), yours: Iterable = (),
             cities: dict[str, Iterable[str]] | None = None, caption: str = "", width: int = 700,
             height: int = 440):
    """A map widget: the case's ``network`` (grey), the ``expected`` routes (green, wide)
    and ``yours`` (pink, on top), with ``cities`` marked per layer, a legend and a caption."""
    from ..widgets.views import MapStepView, OVERLAY

    OVERLAY.update(LAYERS)
    view = MapStepView(board, width=width, height=height)
    view.overlay({"network": list(network), "expected": list(expected), "yours": list(yours)},
                 {layer: list(names) for layer, names in (cities or {}).items()})
    view.lines.data["width"] = [{"network": 6, "expected": 12, "yours": 4}.get(layer, 4)
                                for layer in _layers_of(view)]
    return widgets.VBox([view.widget, legend(), widgets.HTML(f"<div>{html.escape(caption)}</div>")])


def _layers_of(view) -> list[str]:
    by_colour = {colour: layer for layer, colour in LAYERS.items()}
    return [by_colour.get(colour, "") for colour in view.lines.data["color"]]


def legend() -> widgets.HTML:
    """The colours of a case drawing and what they mean, in the reader's language."""
    items = "".join(f"<span style='margin-right:14px'><span style='display:inline-block;width:22px;height:6px;"
                    f"background:{colour};vertical-align:middle;margin-right:4px'></span>"
                    f"{html.escape(texts.text('check.layer_' + layer))}</span>" for layer, colour in LAYERS.items())
    return widgets.HTML(f"<div>{items}</div>")
