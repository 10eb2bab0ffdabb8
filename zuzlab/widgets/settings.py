"""The reader's own settings of the kit, kept between sessions in their Jupyter data
directory (``zuzlab/settings.json``): the language they chose last, for the notebooks
of their own that name none. Only a notebook's language switch reads them, so nothing
below the widgets needs Jupyter."""

from __future__ import annotations

import json
from pathlib import Path

from .. import texts


def settings_path() -> Path:
    """``zuzlab/settings.json`` in the reader's Jupyter data directory, so a class sets
    the language once for every notebook and session."""
    from jupyter_core.paths import jupyter_data_dir

    return Path(jupyter_data_dir()) / "zuzlab" / "settings.json"


def remembered_language() -> str | None:
    """The language the reader chose last, or None (nothing chosen yet, or a file that
    does not say a language of the kit)."""
    try:
        saved = json.loads(settings_path().read_text(encoding="utf-8")).get("language")
    except (OSError, ValueError, AttributeError):
        return None
    return saved if saved in texts.LANGUAGES else None


def remember_language(lang: str) -> None:
    """Keep ``lang`` for the notebooks and sessions to come."""
    path = settings_path()
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(json.dumps({"language": lang}), encoding="utf-8")
