"""Where to put city names on a map so that no two overlap and none sits on a city.

Greedy placement in screen pixels: the most crowded cities choose first, each label tries
a few spots around its city (right, left, above, below, the diagonals, then the same in
two rings farther out) and takes the one that overlaps least with the labels placed so
far, the city markers, the route cars and the edge of the plot; a label that would stand
nearer another city than its own costs more than covering a few cars. Text extent is estimated from
the font size and the letters (measured against Liberation Sans, which Chromium uses for
Bokeh's "helvetica"), so this runs without a browser.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

Box = tuple[float, float, float, float]  # x0, y0, x1, y1 in pixels, y pointing down


def text_extent(text: str, font_px: float) -> tuple[float, float]:
    """(width, height) in pixels of one line of ``text``: a little more than it takes."""
    ems = 0.0
    for char in text:
        if char in " ilj.'I|ftr,-":
            ems += 0.3
        elif char in "mwMW":
            ems += 0.86
        elif char.isupper():
            ems += 0.7
        else:
            ems += 0.56
    return ems * font_px * 1.05 + 2, font_px * 1.2


@dataclass(frozen=True)
class Spot:
    """A label's place relative to its city: Bokeh's text offsets and anchoring."""

    x_offset: float
    y_offset: float
    align: str  # "left", "center", "right"
    baseline: str  # "top", "middle", "bottom"

    def box(self, x: float, y: float, width: float, height: float) -> Box:
        left = x + self.x_offset - {"left": 0, "center": width / 2, "right": width}[self.align]
        top = y + self.y_offset - {"top": 0, "middle": height / 2, "bottom": height}[self.baseline]
        return left, top, left + width, top + height


def spots(gap: float) -> list[Spot]:
    """Places around a marker ``gap`` pixels wide (half its size), best first."""
    diagonal = gap  # clear of a square marker's corner too
    return [
        Spot(gap, 0, "left", "middle"), Spot(-gap, 0, "right", "middle"),
        Spot(0, -gap, "center", "bottom"), Spot(0, gap, "center", "top"),
        Spot(diagonal, -diagonal, "left", "bottom"), Spot(diagonal, diagonal, "left", "top"),
        Spot(-diagonal, -diagonal, "right", "bottom"), Spot(-diagonal, diagonal, "right", "top"),
        Spot(-gap / 2, -gap, "left", "bottom"), Spot(gap / 2, -gap, "right", "bottom"),
        Spot(-gap / 2, gap, "left", "top"), Spot(gap / 2, gap, "right", "top"),
        Spot(gap, 3, "left", "bottom"), Spot(gap, -3, "left", "top"),  # beside, a little higher or lower
        Spot(-gap, 3, "right", "bottom"), Spot(-gap, -3, "right", "top"),
    ]


def overlap(a: Box, b: Box) -> float:
    """The area two boxes share."""
    width = min(a[2], b[2]) - max(a[0], b[0])
    height = min(a[3], b[3]) - max(a[1], b[1])
    return width * height if width > 0 and height > 0 else 0.0


def distance(box: Box, x: float, y: float) -> float:
    """How far point (x, y) is from ``box`` (0 inside)."""
    dx = max(box[0] - x, 0, x - box[2])
    dy = max(box[1] - y, 0, y - box[3])
    return (dx * dx + dy * dy) ** 0.5


def outside(box: Box, bounds: Box) -> float:
    """How much of ``box`` lies outside ``bounds``."""
    return (box[2] - box[0]) * (box[3] - box[1]) - overlap(box, bounds)


def place_labels(points: list[tuple[float, float]], sizes: list[tuple[float, float]], markers: list[float],
                 bounds: Box, cars: list[tuple[float, float]] = (), crowd_radius: float = 70.0,
                 passes: int = 3) -> list[Spot]:
    """A spot for each label: ``points`` are the cities in pixels, ``sizes`` their labels'
    extents, ``markers`` the sizes of the cities' markers (with room for a station), ``cars``
    points on the route cars (a label may cover some, preferably few).

    Overlapping another label or marker, or the edge, costs so much that any spot free
    of those wins; among free spots, covering cars or standing nearer another city than
    its own costs, and so does each step down the list of spots. After the greedy pass
    each label may move again, now seeing all the others, until nothing changes."""
    car_xy = np.asarray(list(cars), dtype=float).reshape(-1, 2)  # many points: counted with numpy
    marker_boxes = [(x - m / 2, y - m / 2, x + m / 2, y + m / 2) for (x, y), m in zip(points, markers)]
    near = [sum(1 for (u, v) in points if 0 < (u - x) ** 2 + (v - y) ** 2 < crowd_radius ** 2) for x, y in points]
    boxes: dict[int, Box] = {}
    result: dict[int, Spot] = {}

    def best_spot(i: int) -> tuple[Spot, Box]:
        (x, y), (width, height) = points[i], sizes[i]
        rings = [spots(markers[i] / 2 + gap) for gap in (1.5, 9, 16)]
        choices = [spot for ring in rings for spot in ring]
        reach = 20 + width + height
        close = [j for j, (u, v) in enumerate(points) if j != i and abs(u - x) < reach and abs(v - y) < reach]
        near_x, near_y = car_xy[(np.abs(car_xy[:, 0] - x) < reach) & (np.abs(car_xy[:, 1] - y) < reach)].T
        best = None
        for rank, spot in enumerate(choices):
            box = spot.box(x, y, width, height)
            clash = sum(overlap(box, other) for j, other in boxes.items() if j != i)
            clash += sum(overlap(box, marker_boxes[j]) for j in close) + outside(box, bounds)
            own = distance(box, x, y)
            covered = int(((near_x >= box[0]) & (near_x <= box[2]) & (near_y >= box[1]) & (near_y <= box[3])).sum())
            cost = 1000 * clash + 30 * covered
            cost += 400 * sum(1 for j in close if distance(box, *points[j]) < own + 8)  # would be read as theirs
            cost += rank * 2 + 80 * (rank // len(rings[0]))  # each ring farther out costs more
            if best is None or cost < best[0]:
                best = (cost, spot, box)
        return best[1], best[2]

    order = sorted(range(len(points)), key=lambda i: (-near[i], i))
    for i in order:
        result[i], boxes[i] = best_spot(i)
    for _ in range(passes):
        moved = False
        for i in order:
            spot, box = best_spot(i)
            moved |= spot != result[i]
            result[i], boxes[i] = spot, box
        if not moved:
            break
    return [result[i] for i in range(len(points))]
