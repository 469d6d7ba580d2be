from __future__ import annotations

from typing import Any

from django import template

from games.engine import EngineError
from games.selectors import variant_board_config

register = template.Library()


@register.simple_tag
def board_config(ruleset: Any) -> dict[str, Any] | None:
    """The board's starting configuration for a ruleset (or None when it cannot be played)."""
    variant = getattr(ruleset, "variant", None) or (ruleset.get("variant") if isinstance(ruleset, dict) else None)
    if not variant:
        return None
    options = getattr(ruleset, "options", None)
    if options is None and isinstance(ruleset, dict):
        options = ruleset.get("options")
    try:
        config = variant_board_config(variant, options or {})
    except EngineError:
        return None
    slug = getattr(ruleset, "slug", None) or (ruleset.get("slug") if isinstance(ruleset, dict) else "") or "board"
    config["name"] = getattr(ruleset, "name", None) or (ruleset.get("name") if isinstance(ruleset, dict) else "")
    config["prefix"] = f"b-{slug}"
    match = ruleset.get("match") if isinstance(ruleset, dict) else None
    if match:
        config["match"] = match
    return config
