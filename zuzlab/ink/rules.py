"""Railroad Ink rules as data: the dice, the rounds, the specials and the open questions
the README's rules decisions settle as options. A variant is a changed copy::

    from dataclasses import replace
    from zuzlab import ink
    trail = replace(ink.rules.INK, loop_rule="trail")
"""

from __future__ import annotations

from dataclasses import asdict, dataclass, field, replace

from ..core import CheckedFields, explored
from ..texts import InputError, Joined, Phrase
from .scoring import LOOP_RULES
from .tiles import FACES, SPECIAL_CODES

ROUTE_DIE = ("A0", "A1", "A2", "A3", "A4", "A5")
SPECIAL_DIE = ("B0", "B0", "B1", "B1", "B2", "B2")
RIVER_DIE = ("W0", "W0", "W0", "W1", "W2", "W3")  # Deep Blue: curve ×3, straight, two bridges
RIVER_DIE_SEED = ("W0", "W0", "W1", "W1", "W2", "W3")  # a German rule summary's: curve ×2, straight ×2
LAKE_DIE = ("L0", "L1", "L2", "L3", "L4", "L5")


@dataclass(frozen=True)
class InkRules(CheckedFields):
    name: str = "ink"
    rounds: int = field(default=7, metadata=explored("slider", low=1, high=12))
    #: The dice every player must draw (when possible): three route dice and the special die.
    dice: tuple[tuple[str, ...], ...] = (ROUTE_DIE, ROUTE_DIE, ROUTE_DIE, SPECIAL_DIE)
    #: The expansion's dice, drawn optionally (0, 1 or 2 results a round); which
    #: expansion it is follows from their faces (``expansion``).
    expansion_dice: tuple[tuple[str, ...], ...] = ()
    specials: tuple[str, ...] = SPECIAL_CODES
    specials_per_round: int = 1
    specials_per_game: int = 3
    #: How the longest highway and railway treat a square passed twice ("simple": never
    #: counted twice; "trail": counted again through other sides, a closed loop of 4 counts 5).
    loop_rule: str = field(default="simple", metadata=explored(
        "menu", choices=tuple((rule, f"loop_rule_{rule}") for rule in LOOP_RULES), hint="loop_rule_hint"))
    #: A highway or railway end may not be drawn against a water side without a pier.
    water_blocks_routes: bool = True
    #: Lake squares count as drawn centre squares.
    lake_squares_are_centre: bool = True

    def __post_init__(self):
        self.check_field_types()
        object.__setattr__(self, "dice", tuple(tuple(d) for d in self.dice))
        object.__setattr__(self, "expansion_dice", tuple(tuple(d) for d in self.expansion_dice))
        object.__setattr__(self, "specials", tuple(self.specials))
        problems = []
        if self.rounds < 1:
            problems.append(Phrase("error.rules_rounds", {}))
        if self.loop_rule not in LOOP_RULES:
            problems.append(Phrase("error.rules_loop_rule", {"rules": repr(LOOP_RULES), "value": repr(self.loop_rule)}))
        for die in self.dice + self.expansion_dice:
            if not die:
                problems.append(Phrase("error.rules_die_empty", {}))
            for face in die:
                if face not in FACES:
                    problems.append(Phrase("error.rules_die_face", {"face": repr(face)}))
        for special in self.specials:
            if special not in SPECIAL_CODES:
                problems.append(Phrase("error.rules_special", {"special": repr(special), "known": ", ".join(SPECIAL_CODES)}))
        if problems:
            raise InputError("error.ruleset", rules=repr(self.name), problems=Joined(tuple(problems)))

    @property
    def expansion(self) -> str | None:
        """The Deep Blue expansion whose dice the ruleset rolls ("river", "lake"), or None."""
        kinds = {FACES[face].kind for die in self.expansion_dice for face in die}
        return "river" if "river" in kinds else "lake" if "lake" in kinds else None

    def to_dict(self) -> dict:
        data = asdict(self)
        data["dice"] = [list(d) for d in self.dice]
        data["expansion_dice"] = [list(d) for d in self.expansion_dice]
        data["specials"] = list(self.specials)
        return data


#: The base game: 7 rounds.
INK = InkRules()
#: Deep Blue, river dice: 6 rounds, two river dice.
INK_RIVER = replace(INK, name="ink-river", rounds=6, expansion_dice=(RIVER_DIE, RIVER_DIE))
#: The river dice as a German rule summary lists them (two straights, two curves).
INK_RIVER_SEED = replace(INK_RIVER, name="ink-river-seed", expansion_dice=(RIVER_DIE_SEED, RIVER_DIE_SEED))
#: Deep Blue, lake dice: 6 rounds, two lake dice.
INK_LAKE = replace(INK, name="ink-lake", rounds=6, expansion_dice=(LAKE_DIE, LAKE_DIE))

RULESETS = {r.name: r for r in (INK, INK_RIVER, INK_RIVER_SEED, INK_LAKE)}


def get(name_or_rules: str | InkRules | None) -> InkRules:
    """A ruleset by name (``"ink"``, ``"ink-river"``, ``"ink-lake"`` …), or by expansion
    (None, ``"river"``, ``"lake"``), or the ruleset itself."""
    if isinstance(name_or_rules, InkRules):
        return name_or_rules
    by_expansion = {None: INK, "river": INK_RIVER, "lake": INK_LAKE}
    if name_or_rules in by_expansion:
        return by_expansion[name_or_rules]
    try:
        return RULESETS[name_or_rules]
    except (KeyError, TypeError):
        raise InputError("error.no_game_ruleset", game=Phrase("error.game/ink", {}), name=repr(name_or_rules),
                         known=", ".join(RULESETS)) from None
