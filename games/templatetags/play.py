from __future__ import annotations

from typing import Any

from django import template
from django.urls import reverse

from games.engine import EngineError, get_variant
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
        # The starting position, drawn before any match exists (the board comes first).
        config["initial"] = get_variant(variant).new_game(config["options"]).to_json()
    except EngineError:
        return None
    slug = getattr(ruleset, "slug", None) or (ruleset.get("slug") if isinstance(ruleset, dict) else "") or "board"
    config["name"] = getattr(ruleset, "name", None) or (ruleset.get("name") if isinstance(ruleset, dict) else "")
    game = getattr(ruleset, "game", None)
    # The form's legend names the game, and the rules by their name beside it ("Play Béchi
    # (rules: Kunama)", never "Play Kunama").
    config["game_name"] = getattr(game, "name", "") or config["name"] or config.get("title", "")
    config["terms"] = rule_terms(ruleset)
    config["prefix"] = f"b-{slug}"
    match = ruleset.get("match") if isinstance(ruleset, dict) else None
    if match:
        config["match"] = match
    return config


# The rule terms the board may show (static/js/board/words.js: TERMS explains each) and the words
# that find the clause stating each among a ruleset's clauses (its text, then our reading).
RULE_TERMS = {
    "mars": ("“mars”", "borne off none"),
    "Turkish mars": ("Turkish mars",),
    "black mars": ("black mars",),
    "cascade": ("every higher double", "cascade"),
    "shu": ("“shu”",),
    "cannot fill a single hole": ("cannot fill even one hole", "cannot fill"),
    "finished first": ("equal scores",),
    "huff": ("capture left unmade", "huff"),
}


def rule_terms(ruleset: Any) -> dict[str, dict[str, str]]:
    """Each rule term a ruleset's clauses state: {term: {"clause": id, "href": its address on the
    game's page}}. A ruleset without clauses of its own (Béchi's three holes) takes its game's
    first ruleset that has some; a board of no ruleset (``/play/<variant>/``) has none."""
    clauses_of = getattr(ruleset, "clauses", None)
    game = getattr(ruleset, "game", None)
    if clauses_of is None or game is None:
        return {}
    clauses = list(clauses_of.all())
    if not clauses:
        for sibling in game.rulesets.all():
            clauses = list(sibling.clauses.all())
            if clauses:
                break
    page = reverse("archive:game", args=[game.slug])
    found: dict[str, dict[str, str]] = {}
    for term, phrases in RULE_TERMS.items():
        for phrase in phrases:
            clause = next((c for c in clauses if phrase.lower() in f"{c.text} {c.interpretation}".lower()), None)
            if clause is not None:
                found[term] = {"clause": clause.clause_id, "href": f"{page}#clause-{clause.clause_id}"}
                break
    return found


def _value_words(value: Any) -> str:
    if value is True:
        return "yes"
    if value is False:
        return "no"
    return str(value).replace("-", " ").replace("_", " ")


@register.simple_tag
def option_words(ruleset: Any) -> list[dict[str, str]]:
    """A ruleset's engine options as a player reads them: each option's name in words, its value
    (yes/no for a switch), what it does (the option's own help) and the clause it governs, in
    place of "rules=kendall, pieces=7"."""
    options = getattr(ruleset, "options", None) or {}
    variant = getattr(ruleset, "variant", "")
    if not options:
        return []
    try:
        specs = get_variant(variant).options if variant else {}
    except EngineError:
        specs = {}
    rows = []
    for name, value in options.items():
        spec = specs.get(name)
        rows.append({
            "name": name.replace("_", " "), "value": _value_words(value),
            "help": getattr(spec, "help", "") or "", "clause": getattr(spec, "clause", None) or "",
        })
    return rows


MATCH_LENGTHS = (1, 3, 5, 7, 9, 11, 15, 21)


@register.simple_tag
def default_level(board: dict[str, Any] | None) -> str:
    """The level the start form offers first: a medium opponent, where the variant has one, else
    the middle of its levels (weakest first): a newcomer's first game is neither a walkover nor
    the strongest player."""
    levels = list((board or {}).get("levels") or [])
    if not levels:
        return ""
    return "medium" if "medium" in levels else levels[len(levels) // 2]


@register.simple_tag
def match_length_choices(board: dict[str, Any] | None) -> list[tuple[int, str, bool]]:
    """The start form's "Match to" choices where the variant is played to points (its option
    spec says so): (points, label, selected). A single game is selected wherever the variant
    allows one, whatever the rules' usual match length (a newcomer's first game is one game; a
    longer match is one click away, in this list); on a match's page, that match's length. Drawn with the
    page, so the form does not grow a row under the player's pointer when the board's script
    comes."""
    spec = ((board or {}).get("option_specs") or {}).get("match_to")
    if not spec:
        return []
    low, high = spec.get("minimum"), spec.get("maximum")
    lengths = [n for n in MATCH_LENGTHS if not (low and n < low) and not (high and n > high)]
    own = (board.get("options") or {}).get("match_to", spec.get("default", 1))
    # A match's own page keeps that match's length.
    current = own if board.get("match") or 1 not in lengths else 1
    return [(n, "1 point (a single game)" if n == 1 else f"{n} points", n == current) for n in lengths]


def _playable(ruleset: Any) -> bool:
    variant = getattr(ruleset, "variant", "")
    if not variant:
        return False
    try:
        get_variant(variant)
    except EngineError:
        return False
    return True


def engine_named_after(slug: str) -> dict[str, Any] | None:
    """A board for a game none of whose rulesets names an engine, where an engine variant is named
    after the game itself (``tables.backgammon`` for the game ``backgammon``): the game's page
    shows that board rather than none. As a ruleset-like dict for ``board_config``."""
    from games.engine import variants

    if not slug:
        return None
    named = [get_variant(key) for key in variants() if key.split(".", 1)[-1] == slug]
    # An engine of the game's own family before a rules file of the same name (tables.backgammon,
    # not race.backgammon).
    from games.engine.rules.game import RulesVariant

    named.sort(key=lambda v: isinstance(v, RulesVariant))
    if named:
        return {"variant": named[0].key, "options": {}, "name": named[0].title, "slug": "engine"}
    return None


@register.simple_tag
def play_choice(rulesets: Any, wanted: str = "", game: Any = None) -> dict[str, Any]:
    """Which of a game's rulesets the board at the top of its page plays: the one asked for by
    slug (``?ruleset=``), else the first playable one in the game's order; and the others that
    can be played instead. ``top`` is None when no ruleset can be played; ``engine`` is then the
    board of an engine variant named after the ``game`` (engine_named_after), if there is one."""
    playable = [r for r in rulesets if _playable(r)]
    top = next((r for r in playable if wanted and r.slug == wanted), playable[0] if playable else None)
    engine = engine_named_after(getattr(game, "slug", "")) if top is None and game is not None else None
    return {"top": top, "others": [r for r in playable if r is not top], "engine": engine}
