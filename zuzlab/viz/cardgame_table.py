"""The Card Game table as a Bokeh figure: face-up cards and the deck on top, then for
each player their hand, rail yard and on-the-track pile.

``table_scene`` lists every card to draw (tests check it); ``table_labels`` the words
beside the rows; ``table_figure`` draws both. Every card carries its count and its name,
so the table reads without knowing the colours. In a rail yard each set is a card of its
own ("1+1L": one coloured card and one locomotive), because sets never merge.

Hands and on-the-track piles are secret in the game: pass ``reveal`` to show them (a
lesson usually does), otherwise only their sizes show. Pass train-wreck events as
``wrecks`` to mark the set that caused each wreck and, where it lay, the set it wrecked.
"""

from __future__ import annotations

import html
from typing import Any, Iterable

from .. import texts
from ..cardgame import Game

CARD_COLORS = {
    "red": "#d62728", "green": "#2ca02c", "blue": "#1f77b4", "yellow": "#f2c500", "black": "#252525",
    "white": "#f4f4f4", "orange": "#ff7f0e", "purple": "#8e44ad", "locomotive": "#b0b0b0", "back": "#6d4c41",
}
TEXT_ON = {"black": "white", "blue": "white", "purple": "white", "red": "white", "green": "white", "back": "white"}
#: frames: an ordinary card, the set that caused a wreck, the set it wrecked
FRAMES = {"card": ("#111111", 1.0), "wrecker": ("#ffd600", 4.0), "wrecked": ("#ff1744", 4.0)}
ROW_GAP, PLAYER_GAP, FIRST_PLAYER = 1.1, 3.4, -1.6
COLUMNS = ("x", "y", "fill", "alpha", "label", "name", "text_color", "line_color", "line_width", "zone", "player")


def card_chip(kind: str, text: str | None = None) -> str:
    """A card as a small coloured label with its name (HTML), for texts beside the table."""
    fill, ink = CARD_COLORS.get(kind, "#cccccc"), TEXT_ON.get(kind, "black")
    return (f"<span style='display:inline-block;padding:0 5px;margin:1px;border-radius:3px;background:{fill};"
            f"color:{ink};border:1px solid #555;font-size:90%'>{html.escape(text or texts.term(kind))}</span>")


def _top(player: int) -> float:
    return FIRST_PLAYER - PLAYER_GAP * player


def _set_label(cards: int, locomotives: int) -> str:
    return f"{cards}+{locomotives}L" if locomotives else str(cards)


def table_scene(game: Game, reveal: bool | int | None = True, wrecks: Iterable[Any] = ()) -> dict[str, list]:
    """Cards as columns (``COLUMNS``): position, colour, the count (``label``) and the
    card's name in the current language (``name``), frame, ``zone`` and ``player``.
    ``reveal``: True shows every hand and pile, a player number shows that player's only.
    ``wrecks``: ``train_wreck`` events to mark (zone "wrecked" holds the wrecked sets)."""
    columns: dict[str, list] = {k: [] for k in COLUMNS}

    def card(x: float, y: float, kind: str, label: str, name: str, zone: str, player: int | None,
             frame: str = "card") -> None:
        line_color, line_width = FRAMES[frame]
        values = (x, y, CARD_COLORS[kind], 0.5 if frame == "wrecked" else 1.0, label, name,
                  TEXT_ON.get(kind, "black") if frame != "wrecked" else "white", line_color, line_width, zone,
                  -1 if player is None else player)
        for column, value in zip(COLUMNS, values):
            columns[column].append(value)

    hidden = texts.text("label.table_hidden")
    for slot, kind in enumerate(game.cards.face_up):
        if kind:
            card(1 + slot, 0, kind, "", texts.term(kind), "face_up", None)
    card(7, 0, "back", str(len(game.cards.deck)), "", "deck", None)
    card(8, 0, "back", str(len(game.cards.discard)), "", "discard", None)
    wrecked_by = {(e.player, e.data["color"]) for e in wrecks}
    for player in range(game.players):
        top = _top(player)
        visible = reveal is True or reveal == player
        if visible:
            held = [(kind, n) for kind, n in game.hands[player].items() if n]
            for i, (kind, n) in enumerate(held):
                card(1 + i, top, kind, str(n), texts.term(kind), "hand", player)
        else:
            card(1, top, "back", str(sum(game.hands[player].values())), hidden, "hand", player)
        slot = 1
        for color, sets in game.yards[player].items():
            for number, (cards, locomotives) in enumerate(sets):
                newest = number == len(sets) - 1
                card(slot, top - ROW_GAP, color, _set_label(cards, locomotives), texts.term(color), "yard", player,
                     "wrecker" if newest and (player, color) in wrecked_by else "card")
                slot += 1
        for event in wrecks:
            if player in event.data["discarded"]:
                card(slot, top - ROW_GAP, event.data["color"], f"✕ {event.data['discarded'][player]}",
                     texts.term(event.data["color"]), "wrecked", player, "wrecked")
                slot += 1
        if visible:
            piled = [(kind, n) for kind, n in game.track[player].items() if n]
            for i, (kind, n) in enumerate(piled):
                card(1 + i, top - 2 * ROW_GAP, kind, str(n), texts.term(kind), "track", player)
        else:
            card(1, top - 2 * ROW_GAP, "back", str(sum(game.track[player].values())), hidden, "track", player)
    return columns


def table_title(game: Game) -> str:
    """Which turn it is (and, in a game of two rounds, which round), in the current language."""
    if game.is_over:
        title = texts.text("label.table_over", count=game.turn)
    else:
        title = texts.text("label.table_turn", turn=game.turn + 1)
    if game.players >= game.rules.two_rounds_from:
        title += " · " + texts.text("label.table_round", round=game.round)
    return title


def table_labels(game: Game, you: int | None = None) -> dict[str, list]:
    """The words beside the rows (``x``, ``y``, ``text``): whose hand, rail yard and
    on-the-track pile each row is ("you" for player ``you``), ◀ at the player to act."""
    words = {key: texts.text(f"label.table_{key}") for key in ("face_up", "deck", "discards", "yard", "track")}
    labels: dict[str, list] = {"x": [-2.4, 6.62, 7.5], "y": [0, 0.62, 0.62],
                               "text": [words["face_up"], words["deck"], words["discards"]]}
    for player in range(game.players):
        top = _top(player)
        marker = " ◀" if game.current_player == player and not game.is_over else ""
        key = "table_your_hand" if you == player else "table_hand"
        labels["x"] += [-2.4, -2.4, -2.4]
        labels["y"] += [top, top - ROW_GAP, top - 2 * ROW_GAP]
        labels["text"] += [texts.text(f"label.{key}", player=player) + marker, words["yard"], words["track"]]
    return labels


def table_width(scene: dict[str, list]) -> float:
    """How far right the cards reach (in card slots): a long rail yard widens the table."""
    return max([9.0, *scene["x"]]) + 0.6


def table_figure(game: Game, reveal: bool | int | None = True, width: int = 820, wrecks: Iterable[Any] = ()) -> Any:
    """A Bokeh figure of the table; see ``table_scene``. ``update_table_figure`` redraws it."""
    from bokeh.models import ColumnDataSource
    from bokeh.plotting import figure

    scene = table_scene(game, reveal, wrecks)
    rows = 1 + 3 * game.players
    right = table_width(scene)
    fig = figure(width=int(width * (right + 2.6) / 12.6), height=70 + 40 * rows + 14 * game.players,
                 x_range=(-2.6, right), y_range=(_top(game.players - 1) - 2 * ROW_GAP - 0.6, 1.0), tools="",
                 toolbar_location=None, title=table_title(game))
    fig.axis.visible = False
    fig.grid.visible = False
    fig.background_fill_color = "#2e5e3e"
    source = ColumnDataSource(scene)
    fig.rect("x", "y", width=0.88, height=0.94, source=source, fill_color="fill", fill_alpha="alpha",
             line_color="line_color", line_width="line_width", name="cards")
    fig.text("x", "y", text="label", source=source, text_align="center", text_baseline="bottom", y_offset=2,
             text_color="text_color", text_font_size="11pt", text_font_style="bold", name="card_labels")
    fig.text("x", "y", text="name", source=source, text_align="center", text_baseline="top", y_offset=4,
             text_color="text_color", text_font_size="7.5pt", name="card_names")
    you = None if isinstance(reveal, bool) else reveal
    fig.text("x", "y", text="text", source=ColumnDataSource(table_labels(game, you)), text_color="#f0f0f0",
             text_baseline="middle", text_font_size="9pt", name="zone_labels")
    return fig


def update_table_figure(fig: Any, game: Game, reveal: bool | int | None = True, wrecks: Iterable[Any] = (),
                        you: int | None = None) -> None:
    """Redraw a ``table_figure`` for the game as it stands, in the current language."""
    scene = table_scene(game, reveal, wrecks)
    fig.select_one({"name": "cards"}).data_source.data = scene
    fig.select_one({"name": "zone_labels"}).data_source.data = table_labels(game, you)
    fig.title.text = table_title(game)
    fig.x_range.end = max(fig.x_range.end, table_width(scene))
