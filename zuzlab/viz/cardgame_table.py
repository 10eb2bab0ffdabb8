"""The Card Game table as a Bokeh figure: face-up cards and the deck on top, then for
each player their hand, rail yard and on-the-track pile.

``table_scene`` lists every card to draw (tests check it); ``table_figure`` draws it.
Hands and on-the-track piles are secret in the game: pass ``reveal`` to show them
(a lesson usually does), otherwise only their sizes show.
"""

from __future__ import annotations

from typing import Any

from ..cardgame import Game

CARD_COLORS = {
    "red": "#d62728", "green": "#2ca02c", "blue": "#1f77b4", "yellow": "#f2c500", "black": "#252525",
    "white": "#f4f4f4", "orange": "#ff7f0e", "purple": "#8e44ad", "locomotive": "#b0b0b0", "back": "#6d4c41",
}
TEXT_ON = {"black": "white", "blue": "white", "purple": "white", "red": "white", "green": "white", "back": "white"}


def table_scene(game: Game, reveal: bool | int | None = True) -> dict[str, list]:
    """Cards as columns ``x``, ``y``, ``fill``, ``label``, ``text_color``, ``zone``, ``player``.
    ``reveal``: True shows every hand and pile, a player number shows that player's only."""
    columns: dict[str, list] = {k: [] for k in ("x", "y", "fill", "label", "text_color", "zone", "player")}

    def card(x: float, y: float, kind: str, label: str, zone: str, player: int | None) -> None:
        columns["x"].append(x)
        columns["y"].append(y)
        columns["fill"].append(CARD_COLORS[kind])
        columns["label"].append(label)
        columns["text_color"].append(TEXT_ON.get(kind, "black"))
        columns["zone"].append(zone)
        columns["player"].append(-1 if player is None else player)

    for slot, kind in enumerate(game.cards.face_up):
        if kind:
            card(1 + slot, 0, kind, "L" if kind == "locomotive" else "", "face_up", None)
    card(7, 0, "back", str(len(game.cards.deck)), "deck", None)
    card(8, 0, "back", str(len(game.cards.discard)), "discard", None)
    for player in range(game.players):
        top = -1.6 - 3.4 * player
        visible = reveal is True or reveal == player
        if visible:
            held = [(kind, n) for kind, n in game.hands[player].items() if n]
            for i, (kind, n) in enumerate(held):
                card(1 + i, top, kind, str(n), "hand", player)
        else:
            card(1, top, "back", str(sum(game.hands[player].values())), "hand", player)
        # one card per colour; its sets (which never merge) side by side: "2+1L · 3"
        sets = [(color, laid) for color, laid in game.yards[player].items() if laid]
        for i, (color, laid) in enumerate(sets):
            text = " · ".join(f"{cards}+{locos}L" if locos else str(cards) for cards, locos in laid)
            card(1 + i, top - 1.1, color, text, "yard", player)
        if visible:
            piled = [(kind, n) for kind, n in game.track[player].items() if n]
            for i, (kind, n) in enumerate(piled):
                card(1 + i, top - 2.2, kind, str(n), "track", player)
        else:
            card(1, top - 2.2, "back", str(sum(game.track[player].values())), "track", player)
    return columns


def table_figure(game: Game, reveal: bool | int | None = True, width: int = 760) -> Any:
    """A Bokeh figure of the table; see ``table_scene``."""
    from bokeh.models import ColumnDataSource
    from bokeh.plotting import figure

    scene = table_scene(game, reveal)
    rows = 1 + 3 * game.players
    fig = figure(width=width, height=70 + 38 * rows + 14 * game.players, x_range=(-2.6, 10),
                 y_range=(-1.6 - 3.4 * game.players + 0.5, 1.0), tools="", toolbar_location=None,
                 title=f"The Card Game, round {game.round}, turn {game.turn}")
    fig.axis.visible = False
    fig.grid.visible = False
    fig.background_fill_color = "#2e5e3e"
    source = ColumnDataSource(scene)
    fig.rect("x", "y", width=0.8, height=0.9, source=source, fill_color="fill", line_color="#111111", name="cards")
    fig.text("x", "y", text="label", source=source, text_align="center", text_baseline="middle",
             text_color="text_color", text_font_size="10pt", name="card_labels")
    labels = {"x": [-2.4, 6.62, 7.5], "y": [0, 0.62, 0.62], "text": ["face-up", "deck", "discards"]}
    for player in range(game.players):
        top = -1.6 - 3.4 * player
        marker = " ◀" if game.current_player == player else ""
        labels["x"] += [-2.4, -2.4, -2.4]
        labels["y"] += [top, top - 1.1, top - 2.2]
        labels["text"] += [f"player {player} hand{marker}", "rail yard", "on the track"]
    fig.text("x", "y", text="text", source=ColumnDataSource(labels), text_color="#f0f0f0",
             text_baseline="middle", text_font_size="9pt", name="zone_labels")
    return fig
