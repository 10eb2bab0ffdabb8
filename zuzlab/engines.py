"""The kit's engines, one description each (``zuzlab.core.Engine``).

Everything that works for every engine iterates ``ENGINES``: simulations (``zuzlab.sim``),
the rule explorer, the conformance tests and the docs. A new engine is its own package,
which makes its ``ENGINE``, and one line here.
"""

from __future__ import annotations

from typing import Any

from . import cardgame, ink, ttr
from .core import Engine
from .texts import InputError

ENGINES: tuple[Engine, ...] = (ttr.ENGINE, cardgame.ENGINE, ink.ENGINE)


def engine_of(rules_or_variant: Any) -> tuple[Engine, Any]:
    """The engine and the rules value for rules of any engine or a variant's name."""
    for engine in ENGINES:
        if isinstance(rules_or_variant, engine.rules_type):
            return engine, rules_or_variant
        if isinstance(rules_or_variant, str) and rules_or_variant in engine.variants:
            return engine, engine.variants[rules_or_variant]
    if isinstance(rules_or_variant, str) and rules_or_variant.endswith(".json"):
        raise InputError("error.ruleset_is_a_map", file=repr(rules_or_variant))
    known = ", ".join(name for engine in ENGINES for name in engine.variants)
    raise InputError("error.no_variant", name=repr(rules_or_variant), known=known)
