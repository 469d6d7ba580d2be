from __future__ import annotations

from typing import Any

from django import template

from games.simulation import for_ruleset

register = template.Library()


@register.simple_tag
def ruleset_simulations(ruleset: Any) -> dict[str, Any] | None:
    """What ``templates/games/_simulation.html`` shows for a ruleset (None: nothing simulated)."""
    return for_ruleset(ruleset)


@register.filter
def pct(value: Any) -> str:
    """A share (0..1) as a percentage with one decimal: 0.1234 -> '12.3%'."""
    try:
        return f"{100 * float(value):.1f}%"
    except (TypeError, ValueError):
        return "–"


@register.simple_tag
def simulation_request_fields(ruleset: Any) -> list[dict[str, Any]]:
    """The options a researcher may change before asking for a run of ``ruleset``
    (templates/games/_simulation_request.html), each at the ruleset's own value."""
    from games.jobs import request_fields

    return request_fields(ruleset.variant, ruleset.options or {})
