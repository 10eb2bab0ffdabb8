"""The Card Game's rules as data: a frozen dataclass; presets are changed copies.

    from dataclasses import replace
    from zuzlab import cardgame
    two_locos = replace(cardgame.rules.CARD_GAME, initial_locomotives=2)
"""

from __future__ import annotations

from dataclasses import asdict, dataclass, field, replace

from ..core import CheckedFields, explored
from ..tickets import ticket_offer_problems
from ..texts import InputError, Joined, Phrase

TIE_BREAKERS = ("fulfilled_tickets", "bonus_cards")


@dataclass(frozen=True)
class CardGameRules(CheckedFields):
    name: str = "cardgame"
    data: str = "cardgame"  # the components: a built-in data file or a path
    min_players: int = 2
    max_players: int = 4
    initial_hand: int = field(default=7, metadata=explored("slider", low=1, high=12))
    #: The printed rules deal each player this many locomotives before the hand.
    initial_locomotives: int = field(default=0, metadata=explored("slider", high=3))
    face_up_count: int = 5
    #: Neither rule text resets the face-up cards; set 3 to reset on three locomotives.
    face_up_reset_wilds: int = field(default=0, metadata=explored("slider", high=lambda rules: rules.face_up_count))
    #: A face-up locomotive counts as two cards: only as the first card, ending the draw.
    face_up_wild_counts_double: bool = True
    initial_tickets: int = field(default=6, metadata=explored("slider", low=1, high=10))
    initial_keep_min: int = field(default=1, metadata=explored("slider", high=10, at_most="initial_tickets"))
    ticket_draw: int = field(default=4, metadata=explored("slider", low=1, high=8))
    ticket_keep_min: int = 0
    #: A set: at least this many cards of one colour (locomotives may be added).
    set_min_cards: int = field(default=2, metadata=explored("slider", low=2, high=6))
    #: The other play: exactly this many cards of different colours, no locomotives.
    mixed_play_cards: int = 3
    #: With this many players or more the game has two rounds (two exhaustions).
    two_rounds_from: int = field(default=4, metadata=explored(  # one more than the most players: never two rounds
        "slider", low=2, high=lambda rules: rules.max_players + 1,
        label_params=lambda rules: {"never": rules.max_players + 1}))
    #: Whether the tickets scored at the end of the first round stay in hand (and are
    #: scored again at the end). zuzlab's reading: each ticket scores once.
    first_round_tickets_stay: bool = field(default=False, metadata=explored("checkbox"))
    #: The German rule text: "no more cards can be added to sets already on the table": each set laid
    #: stays its own set. True: a player's cards of one colour in the rail yard form one
    #: set that grows with every set laid (a new set is then compared with that total).
    sets_grow: bool = False
    #: Which card of a rail-yard set moves on the track first: its coloured cards
    #: (zuzlab's reading) or its locomotives.
    locomotives_move_first: bool = field(default=False, metadata=explored("checkbox"))
    tie_breakers: tuple[str, ...] = TIE_BREAKERS

    def __post_init__(self):
        self.check_field_types()
        object.__setattr__(self, "tie_breakers", tuple(self.tie_breakers))
        problems = []
        if not 2 <= self.min_players <= self.max_players:
            problems.append(Phrase("error.rules_players", {"low": self.min_players, "high": self.max_players}))
        if self.set_min_cards < 2:
            problems.append(Phrase("error.rules_set_min", {}))
        problems += ticket_offer_problems(self, self.initial_tickets)
        for key in self.tie_breakers:
            if key not in TIE_BREAKERS:
                problems.append(Phrase("error.rules_tie_breaker", {"breaker": repr(key), "known": ", ".join(TIE_BREAKERS)}))
        if problems:
            raise InputError("error.ruleset", rules=repr(self.name), problems=Joined(tuple(problems)))

    def to_dict(self) -> dict:
        return {**asdict(self), "tie_breakers": list(self.tie_breakers)}


#: The German rule text's rules: seven train cards each.
CARD_GAME = CardGameRules()
#: The printed rules: a locomotive and seven train cards each.
CARD_GAME_PRINTED = replace(CARD_GAME, name="cardgame-printed", initial_locomotives=1)

RULESETS = {r.name: r for r in (CARD_GAME, CARD_GAME_PRINTED)}


def get(name_or_rules: str | CardGameRules) -> CardGameRules:
    if isinstance(name_or_rules, CardGameRules):
        return name_or_rules
    try:
        return RULESETS[name_or_rules]
    except (KeyError, TypeError):
        raise InputError("error.no_game_ruleset", game=Phrase("error.game/cardgame", {}), name=repr(name_or_rules),
                         known=", ".join(RULESETS)) from None
