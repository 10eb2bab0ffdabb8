"""Pure renderers: Bokeh figures of Ticket to Ride maps and the Card Game table, and
the Railroad Ink board as an ipycanvas drawing. Each works from a plain *scene* (lists
of things to draw) that tests can check without a browser. ``setup_notebook()`` readies a
notebook for them, and shows the kit's errors there briefly (``viz.errors``).
"""

from . import errors
from .cardgame_table import table_figure, table_scene
from .ttr_map import bokeh_widget, show
from .ttr_marks import mark_routes
from .ink_canvas import InkCanvas, Shape, draw_scene, ink_scene, tile_preview_scene, tile_shapes
from .ttr_map import (
    PLAYER_COLORS, PLAYER_NAMES, ROUTE_COLORS, map_figure, map_scene, map_title, on_route_tap, project, route_cars,
    route_pixel, update_map_figure,
)
from .ttr_map import setup_notebook as load_bokehjs


def setup_notebook() -> None:
    """The first cell of a notebook: BokehJS loaded from the package (figures work
    offline), and the kit's errors shown as their message in the reader's language and
    the line of the reader's cell, not as a traceback through the kit (``viz.errors``)."""
    load_bokehjs()
    errors.show_briefly()


__all__ = [
    "bokeh_widget", "show", "InkCanvas", "PLAYER_COLORS", "ROUTE_COLORS", "Shape", "draw_scene", "ink_scene",
    "map_figure", "map_scene", "project", "route_cars", "setup_notebook", "table_figure", "table_scene",
    "tile_preview_scene", "tile_shapes", "update_map_figure",
    "PLAYER_NAMES", "map_title", "mark_routes", "on_route_tap", "route_pixel", "errors", "load_bokehjs",
]
