"""The graph algorithms the lessons teach, written once for the engines and the notebooks."""

from .fulfilment import Fulfilment, best_fulfilment, best_fulfilment_steps
from .longest_trail import Trail, longest_trail, longest_trail_length

__all__ = ["Fulfilment", "Trail", "best_fulfilment", "best_fulfilment_steps", "longest_trail", "longest_trail_length"]
