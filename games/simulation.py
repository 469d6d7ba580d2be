"""Rulesets measured by simulated play, on the Django side: running and storing simulations
(:class:`games.models.SimulationRun`), the shipped precomputed results, and what a ruleset's page
and the API show. The playing and the statistics are in ``games/engine/simulate.py``.

The shipped results are ``games/data/simulations.json``, regenerated with::

    DEBUG=1 python manage.py simulate_ruleset --catalogue --write games/data/simulations.json

(every playable ruleset of the catalogue, and the option sets in ``COMPARISONS``, by random
players and by strong ones, and every rules-file game by random players; ``load_catalogue``
loads the file). Each result carries the engine
version it was computed with; a page shows a result whose version differs from the engine's
today as stale.
"""
from __future__ import annotations

import json
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from django.db import transaction
from django.utils import timezone
from django.utils.dateparse import parse_datetime

from games.engine import EngineError, get_variant
from games.engine.simulate import engine_version, simulate, simulation_options
from games.models import SimulationRun

DATA_FILE = Path(__file__).resolve().parent / "data" / "simulations.json"
#: Defaults for the shipped results: many random games (fast), few strong ones (the search
#: players take seconds a game: 1 to 9 s in the tables games, more in Senet; the intervals shown
#: say how little ten games tell). A researcher runs more as jobs (games/jobs.py).
CATALOGUE_GAMES = {"random": 500, "strong": 10}
#: Fewer games where a game is slow to play (XII Scripta's split dice: some 1.5 s a random game).
#: 0: not shipped. XII Scripta by the strong race search (issue 37) takes minutes of CPU a game,
#: hundreds of decisions of about a second each: its strong figures are left to a job a researcher
#: starts from the page (games/jobs.py), not shipped.
CATALOGUE_LIMITS = {"race.xii-scripta": {"random": 60, "strong": 0}}
#: Every rules-file game (games/rulesets/) is shipped by random players only, 100 games each. One
#: random game of each of the 232 files took 7.2 CPU-seconds in all (chess variants and the larger
#: tafl boards most of it), so 100 games are some 720 CPU-seconds: with the catalogue's own
#: rulesets (some 1,700 CPU-seconds, the strong players most of it) the whole regeneration stays
#: within 25 minutes on two worker processes of an otherwise idle two-core machine (200 games
#: would not). A hundred games give a share within about ten points (95%); a researcher asks for
#: more, or for strong players, as a job from the ruleset's page.
RULES_FILE_GAMES = {"random": 100, "strong": 0}
CATALOGUE_SEED = 2026
#: Option sets simulated beside the catalogue's rulesets, so a page compares a clause on and off.
COMPARISONS: list[tuple[str, dict[str, Any], str]] = [
    ("tables.ses-bes", {"ses_bes_jump": False}, "without the 6-5 jump (SS-7)"),
    ("tables.gul-bara", {"opponent_plays_remainder": False}, "remainder not handed over (GB-5)"),
    ("tables.gul-bara", {"cascade_after": "each_player"}, "cascade after each player's three rolls (GB-4)"),
    ("tables.takhte-nard", {"home_hit_restriction": False}, "without the home-hit restriction (TN-4)"),
    ("mancala.bechi", {"chain_skips_left_empty": True}, "the chain skips holes left empty (BE-5)"),
    ("race.ur", {"extra_throw_rosettes": "none"}, "no extra throws on rosettes (UR-8)"),
    ("race.senet", {"rules": "kendall", "extra_throws": False}, "Kendall without extra throws (SN-4)"),
]


def catalogue_games(variant: str, players: str) -> int:
    """The games the shipped results play of ``variant`` by ``players`` (0: not shipped)."""
    if variant in CATALOGUE_LIMITS:
        return CATALOGUE_LIMITS[variant][players]
    try:
        family = get_variant(variant).family
    except EngineError:
        family = ""
    return (RULES_FILE_GAMES if family == "rules" else CATALOGUE_GAMES)[players]


class SimulationError(ValueError):
    """Bad input to a simulation: an unknown ruleset, variant or option (nothing is stored)."""


def options_key(options: Mapping[str, Any]) -> str:
    return json.dumps(options, sort_keys=True, separators=(",", ":"))


@dataclass
class Target:
    """What a simulation plays: a variant with options, and the ruleset it stands for, if any."""

    variant: str
    options: dict[str, Any]
    label: str


def parse_options(pairs: Iterable[str]) -> dict[str, Any]:
    """``key=value`` pairs as options; values are read as JSON (``true``, ``3``, ``"low"``), or
    taken as text when they are not JSON. ``SimulationError`` for a pair without ``=``."""
    out: dict[str, Any] = {}
    for pair in pairs:
        key, sep, raw = pair.partition("=")
        if not sep or not key.strip():
            raise SimulationError(f"option {pair[:80]!r} is not key=value")
        try:
            value = json.loads(raw)
        except ValueError:
            value = raw
        out[key.strip()] = value
    return out


def check(target: Target, extra: Mapping[str, Any]) -> dict[str, Any]:
    """The complete options the simulation will play; ``SimulationError`` naming a bad one."""
    fixed = sorted(set(extra) & {"match_to", "cube"})
    if fixed:
        raise SimulationError(f"option {fixed[0]!r} cannot be set: a simulation plays single games without the cube")
    try:
        return simulation_options(get_variant(target.variant), {**target.options, **extra})
    except EngineError as exc:
        raise SimulationError(f"{target.label}: {exc}") from None


def store(result: Mapping[str, Any], created: Any = None) -> SimulationRun:
    """Save one result (as :func:`games.engine.simulate.simulate` returns it), replacing the
    run with the same variant, options, players, games and seed."""
    metrics = {k: result[k] for k in ("turns", "first_player", "outcomes", "draws", "events", "concepts") if k in result}
    run, _ = SimulationRun.objects.update_or_create(
        variant=result["variant"],
        options_key=options_key(result["options"]),
        players=result["players"],
        games=result["games"],
        seed=result["seed"],
        defaults={
            "options": result["options"],
            "level": result["level"],
            "engine_version": result["engine_version"],
            "metrics": metrics,
            "seconds": result.get("seconds", 0),
            "created": created or timezone.now(),
        },
    )
    return run


def run(target: Target, extra: Mapping[str, Any], *, games: int, seed: int, players: str) -> SimulationRun:
    options = check(target, extra)
    if players not in ("random", "strong"):
        raise SimulationError(f"unknown players {players!r}: random or strong")
    if games < 1:
        raise SimulationError(f"--games must be at least 1, got {games}")
    result = simulate(target.variant, options, games=games, seed=seed, players=players)
    # Storing it changes the ruleset pages that show it: the archive hears of the write (its
    # signals count SimulationRun as archive data) and its cached pages go out of date.
    with transaction.atomic():
        return store(result)


def as_json(run: SimulationRun) -> dict[str, Any]:
    """A run as the data file and the API give it."""
    return {
        "variant": run.variant,
        "options": run.options,
        "players": run.players,
        "level": run.level,
        "games": run.games,
        "seed": run.seed,
        "engine_version": run.engine_version,
        "seconds": run.seconds,
        "created": run.created.isoformat(),
        **run.metrics,
    }


def current_version(variant: str, players: str) -> str:
    try:
        return engine_version(get_variant(variant), players)
    except EngineError:
        return ""


def row_key(variant: str, options: Mapping[str, Any], players: str, games: int, seed: int) -> tuple:
    """What makes two results the same measurement (the stored run's identity)."""
    return (variant, options_key(options), players, games, seed)


def current_rows(path: Path = DATA_FILE) -> dict[tuple, dict[str, Any]]:
    """The data file's results that today's engines would reproduce, by :func:`row_key`; an
    absent file has none. Their ``created`` is parsed back to a datetime."""
    if not path.exists():
        return {}
    rows = json.loads(path.read_text(encoding="utf-8"))
    kept = {}
    for row in rows:
        if row["engine_version"] == current_version(row["variant"], row["players"]):
            created = parse_datetime(row["created"]) if row.get("created") else None
            kept[row_key(row["variant"], row["options"], row["players"], row["games"], row["seed"])] = {**row, "created": created}
    return kept


def write_data_file(runs: Iterable[SimulationRun], path: Path = DATA_FILE) -> int:
    rows = sorted((as_json(r) for r in runs), key=lambda d: (d["variant"], options_key(d["options"]), d["players"]))
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(json.dumps(rows, indent=1, ensure_ascii=False, sort_keys=True) + "\n", encoding="utf-8")
    return len(rows)


@transaction.atomic
def load_data_file(path: Path = DATA_FILE) -> int:
    """Store the shipped results (replacing runs with the same key); how many rows changed.
    A missing file loads nothing."""
    if not path.exists():
        return 0
    rows = json.loads(path.read_text(encoding="utf-8"))
    changed = 0
    for row in rows:
        created = parse_datetime(row.get("created", "")) if row.get("created") else None
        existing = SimulationRun.objects.filter(
            variant=row["variant"], options_key=options_key(row["options"]), players=row["players"],
            games=row["games"], seed=row["seed"],
        ).first()
        if existing is not None and as_json(existing) == {**row, "created": existing.created.isoformat()} and (
            created is None or existing.created == created
        ):
            continue
        store(row, created=created)
        changed += 1
    return changed


# -- what a ruleset's page shows ----------------------------------------------------------------------
def _differences(options: Mapping[str, Any], base: Mapping[str, Any]) -> str:
    diff = [f"{k}={json.dumps(v)}" for k, v in sorted(options.items()) if base.get(k) != v]
    return ", ".join(diff) or "the same options"


def for_ruleset(ruleset: Any) -> dict[str, Any] | None:
    """The columns a ruleset's page shows: this ruleset's own results first (random players, then
    strong), then every other option set of the same variant (another ruleset's, named, or a
    comparison, by its differing options). None when nothing was simulated."""
    if not ruleset.variant:
        return None
    try:
        variant = get_variant(ruleset.variant)
        own = simulation_options(variant, ruleset.options or {})
    except EngineError:
        return None
    runs = list(SimulationRun.objects.filter(variant=ruleset.variant).order_by("-created"))
    if not runs:
        return None
    names: dict[str, str] = {}
    for other in type(ruleset).objects.filter(variant=ruleset.variant).exclude(pk=ruleset.pk).select_related("game"):
        try:
            names.setdefault(options_key(simulation_options(variant, other.options or {})), other.name)
        except EngineError:
            continue
    for key, opts, text in COMPARISONS:
        if key == ruleset.variant:
            try:
                names.setdefault(options_key(simulation_options(variant, opts)), text[:1].upper() + text[1:])
            except EngineError:
                continue
    own_key = options_key(own)
    latest: dict[tuple[str, str], SimulationRun] = {}
    for r in runs:
        latest.setdefault((r.options_key, r.players), r)
    columns = []
    for (key, players), r in latest.items():
        mine = key == own_key
        columns.append(column(r, "This ruleset" if mine else names.get(key) or _differences(r.options, own), mine))
    columns.sort(key=lambda c: (not c["own"], c["label"], c["run"].players))
    if not any(c["own"] for c in columns):
        return None
    return table(variant, columns)


def column(run: SimulationRun, label: str, own: bool) -> dict[str, Any]:
    """One column of a results table: a stored run, named, with its staleness."""
    version = current_version(run.variant, run.players)
    return {
        "run": run, "own": own, "label": label, "players": run.get_players_display(),
        "stale": bool(version) and version != run.engine_version, "current_version": version,
        "m": run.metrics, "first_pct": _pct(run.metrics["first_player"]),
    }


def table(variant: Any, columns: list[dict[str, Any]]) -> dict[str, Any]:
    """The rows of a results table (outcome kinds, clause events) and its chart, for columns of
    one variant (templates/games/_simulation_table.html)."""
    kinds = sorted({how for c in columns for how in c["m"]["outcomes"]})
    events = []
    for name, (clause, text) in variant.clause_event_names.items():
        cells = [c["m"]["events"].get(name) for c in columns]
        if any(cell for cell in cells):
            events.append({"name": name, "clause": clause, "label": text, "cells": cells})
    outcome_rows = [{"how": how, "cells": [c["m"]["outcomes"].get(how) for c in columns]} for how in kinds]
    return {"columns": columns, "outcomes": outcome_rows, "events": events, "concepts": concept_rows(columns),
            "chart": chart(columns)}


def _pct_text(share: float) -> str:
    return f"{100 * share:.1f}%"


def _interval_text(cell: Mapping[str, Any]) -> str:
    return f"{_pct_text(cell['share'])} [{_pct_text(cell['low'])}–{_pct_text(cell['high'])}]"


#: The play concepts' rows (games/engine/concepts.py): a label, and a cell's text from a run's
#: ``concepts`` (None in it: the family cannot tell, "not measured").
CONCEPT_ROWS: list[tuple[str, str, Any]] = [
    ("decisions", "Decisions per game (the time to play it by hand)", lambda c: f"{c['per_game']:g}"),
    ("branching", "Branching factor (legal choices per decision)", lambda c: f"{c['mean']:g}"),
    ("decisive", "Decided: won under the rules [95% interval]", _interval_text),
    ("draws", "Drawn [95% interval]", _interval_text),
    ("move_limit", "Cut at a move limit [95% interval]", _interval_text),
    ("captures", "Decisions that capture", lambda c: _pct_text(c["share"])),
    ("lead_changes", "Lead changes per game", lambda c: f"{c['per_game']:g}"),
]


def concept_rows(columns: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """The table's rows of play concepts: each a label, what it is measured by (a decision, a
    capture, the lead: the same for every column of one variant) and a text per column."""
    rows = []
    for name, label, text in CONCEPT_ROWS:
        cells, notes = [], set()
        for c in columns:
            concepts = c["m"].get("concepts")
            if concepts is None:
                cells.append("not computed (an older run)")
                continue
            cell = concepts.get(name)
            if cell is None:
                cells.append("not measured")
                continue
            cells.append(text(cell))
            if cell.get("by"):
                notes.add(cell["by"])
            if name == "decisions" and concepts.get("decision"):
                notes.add(f"a decision: {concepts['decision']}")
        rows.append({"name": name, "label": label, "by": "; ".join(sorted(notes)), "cells": cells})
    return rows


def _pct(fp: Mapping[str, Any]) -> dict[str, float]:
    return {k: round(100 * fp[k], 1) for k in ("rate", "low", "high")}


def chart(columns: list[dict[str, Any]]) -> dict[str, Any]:
    """Coordinates of the page's SVG chart, one row per column of the table: on the left the
    game length in turns (whiskers from the shortest to the longest game, the box the middle half,
    a line at the median), on the right the first player's win rate with its 95% interval and a
    line at 50%. Computed here so the template draws plain shapes (no script, no inline style)."""
    row_h, top, left_w, gap, right_w, label_w = 36, 22, 300, 30, 220, 0
    longest = max((c["m"]["turns"]["max"] for c in columns), default=1) or 1
    scale = left_w / longest
    right_x = left_w + gap
    rows = []
    for i, c in enumerate(columns):
        t = c["m"]["turns"]
        fp = c["m"]["first_player"]
        y = top + i * row_h
        rows.append({
            "y": y, "box_y": y + 16, "mid": y + 22, "text_y": y + 11,
            "label": f"{c['label']} ({c['run'].players})",
            "min_x": round(t["min"] * scale, 1), "max_x": round(t["max"] * scale, 1),
            "q1_x": round(t["q1"] * scale, 1), "box_w": round(max(1.0, (t["q3"] - t["q1"]) * scale), 1),
            "med_x": round(t["median"] * scale, 1),
            "lo_x": round(right_x + fp["low"] * right_w, 1), "hi_x": round(right_x + fp["high"] * right_w, 1),
            "rate_x": round(right_x + fp["rate"] * right_w, 1),
            "own": c["own"],
        })
    height = top + len(columns) * row_h + 24
    ticks = _ticks(longest)
    return {
        "width": right_x + right_w + 40, "height": height, "rows": rows, "right_x": right_x, "right_w": right_w,
        "half_x": right_x + right_w / 2, "axis_y": height - 18, "label_w": label_w,
        "ticks": [{"x": round(v * scale, 1), "v": v} for v in ticks],
        "pct_ticks": [{"x": right_x + p * right_w / 100, "v": p} for p in (0, 25, 50, 75, 100)],
    }


def _ticks(longest: int) -> list[int]:
    step = 1
    for s in (1, 2, 5, 10, 20, 25, 50, 100, 200, 250, 500, 1000):
        step = s
        if longest / s <= 6:
            break
    return list(range(0, longest + 1, step))
