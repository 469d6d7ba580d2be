"""Simulations named by the archive's rulesets: what `simulate_ruleset` resolves a ruleset to, and
the catalogue's playable rulesets to measure. The simulating and storing are the games app's
(games/simulation.py); this side knows the rulesets, which games must not import."""
from __future__ import annotations

from archive.catalogue import GAMES
from archive.models import Ruleset
from core.numbers import whole_number
from games.engine import get_variant, variants
from games.simulation import COMPARISONS, SimulationError, Target


def resolve(name: str) -> Target:
    """A ruleset (``game-slug/ruleset-slug``, or a ruleset slug that only one game uses, or a
    ruleset id) or a variant key (``tables.ses-bes``: its default options). ``SimulationError``
    names what was not found."""
    name = (name or "").strip()
    if not name:
        raise SimulationError("give a ruleset (game-slug/ruleset-slug) or a variant key")
    if name in variants():
        return Target(name, {}, name)
    qs = Ruleset.objects.select_related("game").exclude(variant="")
    if "/" in name:
        game, _, slug = name.partition("/")
        found = list(qs.filter(game__slug=game, slug=slug))
    elif whole_number(name) is not None:
        found = list(qs.filter(pk=whole_number(name)))
    else:
        found = list(qs.filter(slug=name))
    if not found:
        raise SimulationError(
            f"unknown ruleset or variant {name[:80]!r}: give game-slug/ruleset-slug of a playable ruleset, "
            f"or one of the variants {', '.join(variants())}"
        )
    if len(found) > 1:
        both = ", ".join(f"{r.game.slug}/{r.slug}" for r in found)
        raise SimulationError(f"ruleset slug {name!r} is used by several games: give one of {both}")
    ruleset = found[0]
    return Target(ruleset.variant, dict(ruleset.options or {}), f"{ruleset.game.slug}/{ruleset.slug}")

def catalogue_targets(rules_files: bool = True) -> list[Target]:
    """Every playable ruleset of the catalogue (archive/catalogue), the comparisons and, unless
    ``rules_files`` is false, every rules-file game (:func:`rules_file_targets`)."""
    out: list[Target] = []
    for game in GAMES:
        for rs in game.get("rulesets", []):
            if rs.get("variant"):
                out.append(Target(rs["variant"], dict(rs.get("options") or {}), f"{game['slug']}/{rs['slug']}"))
    out += [Target(v, o, label) for v, o, label in COMPARISONS]
    if rules_files:
        out += rules_file_targets()
    return out


def rules_file_targets() -> list[Target]:
    """Every rules-file game (games/rulesets/), at the options of the ruleset it plays and named
    after it (game-slug/ruleset-slug) where the archive links one, else at its defaults by its
    key (a file played at its own address only)."""
    linked: dict[str, Ruleset] = {}
    for rs in Ruleset.objects.exclude(variant="").select_related("game").order_by("pk"):
        linked.setdefault(rs.variant, rs)
    out = []
    for key in variants():
        if get_variant(key).family != "rules":
            continue
        rs = linked.get(key)
        out.append(Target(key, dict(rs.options or {}), f"{rs.game.slug}/{rs.slug}") if rs else Target(key, {}, key))
    return out
