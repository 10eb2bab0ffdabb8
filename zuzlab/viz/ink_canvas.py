"""The Railroad Ink board drawn on an ipycanvas canvas.

ipycanvas keeps no pixels in Python, so the drawing is first a *scene*: a list of
``Shape`` values in board units (a square is 1 × 1, the grid starts at ``MARGIN``), which
tests can check. ``draw_scene`` sends a scene to a canvas in one batch; ``InkCanvas``
keeps the last scene and draws it again whenever a browser view appears.

Highways are grey with a dashed white middle, railways black with ties, rivers blue;
water fills the sides of a lake square; a station is a black square where highway and
railway meet, a pier a brown one where a route meets the water. On an overpass or a
bridge one route crosses the other on a bridge, drawn as maps draw one: a short deck
along the upper route, its two parapets with their ends turned outwards, and the lower
route passing underneath (hidden only under the deck), so that neither reads as broken.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Iterable

from ..ink.board import CENTRE, EXITS, Board, square_index, square_name
from ..ink.tiles import HIGHWAY, LAKE, RAILWAY, RIVER, ROUTES, TurnedTile

MARGIN = 0.7
SIZE = 7

#: How each kind of shape looks: fill, stroke, line width (board units), dash pattern
STYLES: dict[str, dict[str, Any]] = {
    "paper": {"fill": "#fbf8ef"},
    "centre": {"fill": "#f1e4c3"},
    "grid": {"stroke": "#b9ad94", "width": 0.02},
    "water": {"fill": "#9fd3f5"},
    "highway": {"stroke": "#6b6b6b", "width": 0.26},
    "highway-middle": {"stroke": "#ffffff", "width": 0.03, "dash": (0.08, 0.08)},
    "railway": {"stroke": "#1c1c1c", "width": 0.05},
    "railway-ties": {"stroke": "#1c1c1c", "width": 0.18, "dash": (0.03, 0.08)},
    "river": {"stroke": "#2f7fd1", "width": 0.22},
    "gap": {"fill": "#fbf8ef"},  # a bridge's deck, over the route below
    "parapet": {"stroke": "#1c1c1c", "width": 0.035},
    "station": {"fill": "#1c1c1c"},
    "pier": {"fill": "#8b5a2b"},
    "round": {"fill": "#8a7f6a", "font": 0.2},
    "label": {"fill": "#5a5040", "font": 0.24},
    "path": {"fill": "rgba(255, 193, 7, 0.45)"},
    "best": {"fill": "rgba(76, 175, 80, 0.45)"},
    "visited": {"fill": "rgba(33, 150, 243, 0.25)"},
    "network": {"fill": "rgba(156, 39, 176, 0.25)"},
    "error": {"fill": "#e53935"},
    # frames drawn over the tiles, so that they show on water too
    "frame": {"stroke": "#d50000", "width": 0.09},
    "frame-drawn": {"stroke": "#ff9800", "width": 0.07},
}

_SIDE_POINT = ((0.5, 0.0), (1.0, 0.5), (0.5, 1.0), (0.0, 0.5))  # N, E, S, W within a square
#: A bridge: half its deck's length along the upper route (beyond the widest lower route,
#: a highway 0.26 wide), half its width across it (beyond a railway's ties, 0.18 wide) and
#: how far the parapets' ends turn outwards
_DECK_HALF_LENGTH, _DECK_HALF_WIDTH, _WING = 0.2, 0.14, 0.07
_CORNERS = ((0.0, 0.0), (1.0, 0.0), (1.0, 1.0), (0.0, 1.0))  # NW, NE, SE, SW


@dataclass(frozen=True)
class Shape:
    """One thing to draw. ``kind``: "rect" (x, y, w, h), "frame" (x, y, w, h: the outline
    of a rectangle), "line" (x0, y0, x1, y1), "curve"
    (x0, y0, cx, cy, x1, y1: a quadratic curve), "polygon" (x0, y0, x1, y1, …),
    "circle" (x, y, r) or "text" (x, y) with ``text``."""

    kind: str
    points: tuple[float, ...]
    style: str
    square: str | None = None
    text: str | None = None


def _origin(index: int) -> tuple[float, float]:
    row, col = divmod(index, SIZE)
    return MARGIN + col, MARGIN + row


def _point(index: int, side: int) -> tuple[float, float]:
    x, y = _origin(index)
    return x + _SIDE_POINT[side][0], y + _SIDE_POINT[side][1]


def _route_shapes(index: int, sides: list[int], kind: str, square: str) -> list[Shape]:
    """A route through the given sides: a straight, a curve, or spokes to the middle."""
    x, y = _origin(index)
    middle = (x + 0.5, y + 0.5)
    if len(sides) == 2 and (sides[0] - sides[1]) % 2 == 0:
        paths = [("line", _point(index, sides[0]) + _point(index, sides[1]))]
    elif len(sides) == 2:
        paths = [("curve", _point(index, sides[0]) + middle + _point(index, sides[1]))]
    else:
        paths = [("line", middle + _point(index, side)) for side in sides]
    layers = {HIGHWAY: ("highway", "highway-middle"), RAILWAY: ("railway-ties", "railway"), RIVER: ("river",)}[kind]
    return [Shape(shape, points, layer, square) for layer in layers for shape, points in paths]


def _bridge_shapes(index: int, upper_sides: Iterable[int], square: str) -> list[Shape]:
    """The bridge that carries a route straight across the square over another: its deck
    (hiding the lower route only there) and two parapets with their ends turned out."""
    x, y = _origin(index)
    length, width, wing = _DECK_HALF_LENGTH, _DECK_HALF_WIDTH, _WING
    along_x = set(upper_sides) == {1, 3}  # the upper route runs east–west

    def at(along: float, across: float) -> tuple[float, float]:
        """A point from the square's middle: ``along`` the upper route, ``across`` it."""
        return (x + 0.5 + along, y + 0.5 + across) if along_x else (x + 0.5 + across, y + 0.5 + along)

    (x0, y0), (x1, y1) = at(-length, -width), at(length, width)
    shapes = [Shape("rect", (min(x0, x1), min(y0, y1), abs(x1 - x0), abs(y1 - y0)), "gap", square)]
    for side in (-1, 1):
        edge = side * width
        turned = side * (width + wing)
        shapes += [Shape("line", at(-length - wing, turned) + at(-length, edge), "parapet", square),
                   Shape("line", at(-length, edge) + at(length, edge), "parapet", square),
                   Shape("line", at(length, edge) + at(length + wing, turned), "parapet", square)]
    return shapes


def tile_shapes(index: int, tile: TurnedTile, round_number: int | None = None) -> list[Shape]:
    """Everything one tile draws on its square."""
    square = square_name(index)
    x, y = _origin(index)
    shapes = []
    water = [side for side, edge in enumerate(tile.edges) if edge == LAKE]
    if len(water) == 4:
        shapes.append(Shape("rect", (x, y, 1.0, 1.0), "water", square))
    else:
        for side in water:  # the triangle between this side and the middle
            (ax, ay), (bx, by) = _CORNERS[side], _CORNERS[(side + 1) % 4]
            shapes.append(Shape("polygon", (x + ax, y + ay, x + bx, y + by, x + 0.5, y + 0.5), "water", square))
    for number, group in enumerate(tile.groups):
        if number == 1:  # the second group crosses over the first, on a bridge
            shapes += _bridge_shapes(index, group, square)
        by_kind: dict[str, list[int]] = {}
        for side in sorted(group):
            if tile.edges[side] in (HIGHWAY, RAILWAY, RIVER):
                by_kind.setdefault(tile.edges[side], []).append(side)
        for kind, sides in by_kind.items():
            shapes += _route_shapes(index, sides, kind, square)
        kinds = {tile.edges[side] for side in group}
        if HIGHWAY in kinds and RAILWAY in kinds and LAKE not in kinds:
            shapes.append(Shape("rect", (x + 0.39, y + 0.39, 0.22, 0.22), "station", square))
        if LAKE in kinds and kinds & set(ROUTES):
            shapes.append(Shape("rect", (x + 0.38, y + 0.38, 0.24, 0.24), "pier", square))
    if round_number is not None:
        shapes.append(Shape("text", (x + 0.06, y + 0.2), "round", square, str(round_number)))
    return shapes


def ink_scene(board: Board, highlights: dict[str, Iterable[str]] | None = None,
              errors: Iterable[tuple[str, str]] = (), frames: dict[str, Iterable[str]] | None = None) -> list[Shape]:
    """The whole board: paper, centre squares, highlights (style → squares, e.g. "path",
    "best", "visited") under the tiles, grid, exits, tiles, error marks ((square, side
    name) pairs) and frames (style → squares: "frame", "frame-drawn") over the tiles,
    which show where a highlight would vanish under water."""
    shapes = [Shape("rect", (0, 0, SIZE + 2 * MARGIN, SIZE + 2 * MARGIN), "paper")]
    for index in sorted(CENTRE):
        x, y = _origin(index)
        shapes.append(Shape("rect", (x, y, 1.0, 1.0), "centre", square_name(index)))
    for style, squares in (highlights or {}).items():
        for square in squares:
            x, y = _origin(square_index(square))
            shapes.append(Shape("rect", (x + 0.04, y + 0.04, 0.92, 0.92), style, square))
    for i in range(SIZE + 1):
        shapes.append(Shape("line", (MARGIN + i, MARGIN, MARGIN + i, MARGIN + SIZE), "grid"))
        shapes.append(Shape("line", (MARGIN, MARGIN + i, MARGIN + SIZE, MARGIN + i), "grid"))
    for index, side, kind, name in EXITS:
        px, py = _point(index, side)
        dx, dy = ((0, -1), (1, 0), (0, 1), (-1, 0))[side]
        stub = (px, py, px + dx * 0.45, py + dy * 0.45)
        layers = ("highway", "highway-middle") if kind == HIGHWAY else ("railway-ties", "railway")
        shapes += [Shape("line", stub, layer, f"exit {name}") for layer in layers]
    for index, placement in enumerate(board.squares):
        if placement is not None:
            shapes += tile_shapes(index, placement.turned, placement.round)
    for style, squares in (frames or {}).items():
        for square in squares:
            x, y = _origin(square_index(square))
            shapes.append(Shape("frame", (x + 0.06, y + 0.06, 0.88, 0.88), style, square))
    names = ("north", "east", "south", "west")
    for square, side in errors:
        px, py = _point(square_index(square), names.index(side))
        shapes.append(Shape("circle", (px, py, 0.08), "error", square))
    for i in range(SIZE):  # column numbers and row letters, beside the exits
        shapes.append(Shape("text", (MARGIN + i + 0.12, MARGIN - 0.16), "label", None, str(i)))
        shapes.append(Shape("text", (MARGIN - 0.32, MARGIN + i + 0.3), "label", None, "ABCDEFG"[i]))
    return shapes


def draw_scene(canvas: Any, shapes: list[Shape], scale: float = 56.0) -> None:
    """Draw a scene on an ipycanvas ``Canvas`` (or anything with its methods), batched."""
    from ipycanvas import hold_canvas

    with hold_canvas():
        canvas.clear()
        for shape in shapes:
            style = STYLES[shape.style]
            p = [v * scale for v in shape.points]
            if "width" in style:
                canvas.line_width = style["width"] * scale
                canvas.set_line_dash([d * scale for d in style.get("dash", ())])
            if shape.kind == "rect":
                canvas.fill_style = style["fill"]
                canvas.fill_rect(p[0], p[1], p[2], p[3])
            elif shape.kind == "frame":
                canvas.stroke_style = style["stroke"]
                canvas.stroke_rect(p[0], p[1], p[2], p[3])
            elif shape.kind == "line":
                canvas.stroke_style = style["stroke"]
                canvas.stroke_line(p[0], p[1], p[2], p[3])
            elif shape.kind == "curve":
                canvas.stroke_style = style["stroke"]
                canvas.begin_path()
                canvas.move_to(p[0], p[1])
                canvas.quadratic_curve_to(p[2], p[3], p[4], p[5])
                canvas.stroke()
            elif shape.kind == "polygon":
                canvas.fill_style = style["fill"]
                canvas.fill_polygon(list(zip(p[0::2], p[1::2])))
            elif shape.kind == "circle":
                canvas.fill_style = style["fill"]
                canvas.fill_circle(p[0], p[1], p[2])
            elif shape.kind == "text":
                canvas.fill_style = style["fill"]
                canvas.font = f"{style['font'] * scale:.0f}px sans-serif"
                canvas.fill_text(shape.text, p[0], p[1])
        canvas.set_line_dash([])


def tile_preview_scene(tile: TurnedTile) -> list[Shape]:
    """One tile alone on its square, turned as the player is about to draw it."""
    side = 1 + 2 * MARGIN
    shapes = [Shape("rect", (0, 0, side, side), "paper")]
    for at in (MARGIN, MARGIN + 1):
        shapes.append(Shape("line", (at, MARGIN, at, MARGIN + 1), "grid"))
        shapes.append(Shape("line", (MARGIN, at, MARGIN + 1, at), "grid"))
    return shapes + tile_shapes(0, tile)


class InkCanvas:
    """A canvas showing a board (or, with ``squares=1``, one tile); ``show`` and ``draw``
    draw a new scene. The scene is kept, so a view that appears later (a reloaded page, a
    second output) is drawn again."""

    def __init__(self, scale: float = 56.0, squares: int = SIZE):
        from ipycanvas import Canvas

        self.scale = scale
        side = int((squares + 2 * MARGIN) * scale)
        # drawn at its own size: a canvas stretched to the page width blurs and outgrows the screen
        self.canvas = Canvas(width=side, height=side, layout={"width": f"{side}px", "height": f"{side}px"})
        self.shapes: list[Shape] = []
        self.canvas.on_client_ready(lambda: draw_scene(self.canvas, self.shapes, self.scale))

    def show(self, board: Board, highlights: dict[str, Iterable[str]] | None = None,
             errors: Iterable[tuple[str, str]] = (), frames: dict[str, Iterable[str]] | None = None) -> list[Shape]:
        return self.draw(ink_scene(board, highlights, errors, frames))

    def draw(self, shapes: list[Shape]) -> list[Shape]:
        self.shapes = shapes
        draw_scene(self.canvas, self.shapes, self.scale)
        return self.shapes

    def square_at(self, x: float, y: float) -> str | None:
        """The square under a click at pixel (x, y), or None outside the grid."""
        col, row = int(x / self.scale - MARGIN), int(y / self.scale - MARGIN)
        if x / self.scale < MARGIN or y / self.scale < MARGIN or not (0 <= row < SIZE and 0 <= col < SIZE):
            return None
        return square_name(row * SIZE + col)

    def _ipython_display_(self):
        from IPython.display import display

        display(self.canvas)
