"""The graph algorithms the lessons teach, written once for the engines and the notebooks."""

from .longest_trail import Trail, longest_trail, longest_trail_length

__all__ = ["Trail", "longest_trail", "longest_trail_length"]
