"""Placeholder: filled in by its lesson."""
from __future__ import annotations

TASKS: dict = {}
