"""How the Railroad Ink board draws what a newcomer must read from it: an overpass or a
bridge is a bridge (the lower route runs on underneath it, hidden only under its short
deck), not a broken route. ipycanvas keeps no pixels in Python: the scene is checked."""

import pytest

from zuzlab.ink.tiles import TURNED_TILES
from zuzlab.viz.ink_canvas import MARGIN, Shape, tile_shapes

X0 = Y0 = MARGIN + 3  # square 24, D3


def spans(shape: Shape) -> tuple[tuple[float, float], tuple[float, float]]:
    """The x and y extent of a rectangle or a line, relative to D3's corner."""
    p = shape.points
    if shape.kind == "rect":
        return (p[0] - X0, p[0] + p[2] - X0), (p[1] - Y0, p[1] + p[3] - Y0)
    return (min(p[0], p[2]) - X0, max(p[0], p[2]) - X0), (min(p[1], p[3]) - Y0, max(p[1], p[3]) - Y0)


@pytest.mark.parametrize("code, orientation", [("B2", 0), ("B2", 1), ("W2", 0), ("W3", 1)])
def test_the_upper_route_crosses_on_a_bridge_and_the_lower_one_runs_on_beneath(code, orientation):
    variant = TURNED_TILES[code, orientation]
    shapes = tile_shapes(24, variant)
    upper_sides = sorted(variant.groups[1])
    upper_along_x = upper_sides == [1, 3]
    deck = [s for s in shapes if s.style == "gap"]
    assert len(deck) == 1
    (dx0, dx1), (dy0, dy1) = spans(deck[0])
    along, across = ((dx0, dx1), (dy0, dy1)) if upper_along_x else ((dy0, dy1), (dx0, dx1))
    # the lower route is hidden only under a deck narrower than a third of the square (the old
    # drawing cut a 0.4 × 0.4 hole into it), and the deck is wider than the lower route (0.26)
    assert across[1] - across[0] < 0.33 and along[1] - along[0] > 0.3
    parapets = [s for s in shapes if s.style == "parapet"]
    rails = [s for s in parapets if (spans(s)[0] if upper_along_x else spans(s)[1]) == pytest.approx(along)]
    assert len(rails) == 2  # one along each side of the deck, as long as the deck
    assert len(parapets) == 6  # and each with its two ends turned outwards
    order = [s.style for s in shapes]
    lower = next(i for i, s in enumerate(shapes) if s.style in ("highway", "railway-ties", "river"))
    assert lower < order.index("gap") < order.index("parapet")  # the lower route first, then the bridge over it
    upper_kind = {"H": "highway", "R": "railway"}[variant.edges[upper_sides[0]]]
    assert max(i for i, s in enumerate(shapes) if s.style == upper_kind) > order.index("gap")  # the route on top


def test_a_station_and_a_crossing_have_no_bridge():
    for code in ("B0", "B1", "S2", "S5"):
        assert not any(s.style in ("gap", "parapet") for s in tile_shapes(24, TURNED_TILES[code, 0]))
