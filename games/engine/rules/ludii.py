"""Replaying a Ludii trace against a rules file (``python -m games.engine replay-ludii TRACE``).

The traces in the Ludii oracle (``/work/shared/oracle/ludii``, its README gives the format)
record random games of Ludii 1.3.13: at every step the legal moves as ``[from, to]`` pairs of
Ludii's site indices, the dice, the move chosen, and at the end the result. A replay plays the
same game on our variant and says, step by step, whether our legal actions are the same set.

**Sites.** Ludii's board sites are matched to ours (``board_info(options)["geometry"]["sites"]``)
in this order:

1. the file's ``[ludii] sites`` table (Ludii label -> our name; ``"-"`` for a Ludii site we
   have no counterpart of);
2. labels: Ludii's ``A1`` is our ``a1``, where every remaining Ludii label is one of our names
   and the geometry is a grid or lines board, or our coordinates are Ludii's scaled and shifted
   (a track drawn on the same squares);
3. coordinates: a scale and offset per axis, upright or flipped vertically, that puts each
   remaining Ludii site on a distinct site of ours. When more than one fit works (a board
   symmetric top to bottom), the sites already matched and then the starting position (the
   owner and count on each site) choose; if they do not, the replay refuses and asks for a
   ``[ludii] sites`` entry that decides.

A hand (container of kind ``hand``, owner ``k``) is the hand of seat ``k - 1``.

**Actions to pairs** (CONTRACT.md): ``{"from": a, "to": b}`` is ``[a, b]`` (``"hand"`` the
mover's hand site, ``"off"`` gives ``[a, a]``); ``{"to": c}`` is ``[hand, c]`` or ``[c, c]``
where Ludii has no hand for the mover; ``{"remove": d}`` and ``{"sow": h}`` are ``[d, d]``;
``{"pass": true}`` is ``[-1, -1]``.

**A step.** If the trace has dice and our game waits for a throw, our throw is applied first
(``game.ludii_throw(dice)`` where the mechanic defines it, else ``{"throw": dice}``). Then the
set of Ludii's pairs is compared with the set of ours, and Ludii's chosen move is played: the
one action of ours with that pair. Where several of ours share it, the one whose distinguishing
values (``promote``, ``direction``...) appear in Ludii's text of the move, or that a
``[[ludii.choose]]`` hint names (``desc`` a regular expression searched in the text,
``action`` the fields the action must have); where they all lead to the same position, any. A
chosen move we do not allow ends the replay: the remaining steps are not replayed.

**Forced passes.** Ludii gives a player with no move a step of its own whose only legal move
is ``[-1, -1]``. Our games have no such step: the turn passes on by itself (the next seat is to
move, or a throw is due). So a Ludii step offering only the pass agrees when our game has no
decision for that player there (not over, and either a throw is due or another seat, or the
same seat's next turn, is to move), and nothing is played for it. Where a file offers the
pass as a choice (``{"pass": true}``), it is compared like any other action. Some of Ludii's
games end only after such a pass (the player who cannot move passes, then the end is
checked): a forced pass as the trace's last step agrees where our game is already over there.

**Options.** A file's ``[ludii] options`` table names the readings Ludii plays where the file's
defaults read the source otherwise (each the option of a clause whose ``ludii`` text says so);
the replay plays them, and ``--options`` goes over them.

**Explained steps.** ``[[ludii.differs]]`` entries (``clause``, ``trace`` stem, ``steps``: step
numbers, or ``[first, last]`` ranges) mark steps whose difference a clause's ``ludii`` text
explains; they are counted apart and named.

**Another file's game.** Where Ludii plays a ruleset as another ruleset's game (its traces are
that game's), ``[ludii] plays = { key = "family.name", clause = "ID" }`` replays the trace on
that file (under its own ``[ludii] options``) and counts each step that agrees there as
explained by the clause, whose ``ludii`` text says so; a step that differs there differs here.

**Result.** A finished trace (``status: over``) agrees when our game is over with the same
seats in first place (Ludii's rank 1; nobody for a draw). A trace stopped at the 200-step cap
agrees when our game is not over either.
"""
from __future__ import annotations

import gzip
import json
import math
import os
import re
from collections.abc import Iterable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from games.engine.core import Action, EngineError

__all__ = [
    "LudiiError", "Report", "SiteMap", "Trace", "ORACLE", "find_variant", "map_sites",
    "read_trace", "replay", "traces_for",
]

#: The oracle's folder (README.md, index.json, speed.tsv, traces/); LUDII_ORACLE overrides it.
ORACLE = Path(os.environ.get("LUDII_ORACLE", "/work/shared/oracle/ludii"))
PASS = (-1, -1)


class LudiiError(EngineError):
    """A trace that cannot be read or replayed (the message says why, in one line)."""


# -- the trace -------------------------------------------------------------------------------
@dataclass
class Trace:
    stem: str
    header: dict[str, Any]
    steps: list[dict[str, Any]]
    end: dict[str, Any] | None
    boards: list[dict[str, Any]] = field(default_factory=list)

    @property
    def labels(self) -> dict[int, str]:
        return {s["index"]: s.get("label") or str(s["index"]) for s in self.header.get("sites", [])}


def read_trace(path: str | Path) -> Trace:
    """Read a trace (``.jsonl.gz`` or plain ``.jsonl``); LudiiError names what is wrong."""
    path = Path(path)
    stem = path.name.split(".")[0]
    try:
        raw = path.read_bytes()
    except OSError as exc:
        raise LudiiError(f"{path}: cannot read: {exc.strerror}") from None
    if raw[:2] == b"\x1f\x8b":
        try:
            raw = gzip.decompress(raw)
        except (OSError, EOFError) as exc:
            raise LudiiError(f"{path}: not a readable gzip file ({exc})") from None
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError:
        raise LudiiError(f"{path}: not UTF-8 text") from None
    lines = [(n, line) for n, line in enumerate(text.splitlines(), 1) if line.strip()]
    if not lines:
        raise LudiiError(f"{path}: empty: a trace starts with its header line")
    records = []
    for n, line in lines:
        try:
            rec = json.loads(line)
        except json.JSONDecodeError as exc:
            raise LudiiError(f"{path}:{n}: not JSON ({exc.msg})") from None
        if not isinstance(rec, dict):
            raise LudiiError(f"{path}:{n}: each line must be a JSON object")
        records.append((n, rec))
    header = records[0][1]
    for key in ("sites", "containers", "players"):
        if key not in header:
            raise LudiiError(f"{path}:1: the header has no {key!r} (is this a Ludii trace?)")
    steps, boards, end = [], [], None
    for n, rec in records[1:]:
        if rec.get("end"):
            end = rec
        elif "board" in rec:
            boards.append(rec)
        elif "mover" in rec:
            if not isinstance(rec.get("legal"), list) or not isinstance(rec.get("chosen"), int):
                raise LudiiError(f"{path}:{n}: a step needs 'legal' (a list) and 'chosen' (an index)")
            if not 0 <= rec["chosen"] < len(rec["legal"]):
                raise LudiiError(f"{path}:{n}: chosen {rec['chosen']} is not an index into legal")
            if rec.get("step") != len(steps):
                raise LudiiError(f"{path}:{n}: step {rec.get('step')!r} out of order (expected {len(steps)})")
            steps.append(rec)
        elif "subgame" in rec:
            raise LudiiError(f"{path}:{n}: matches of several subgames are not replayed")
    if header.get("simultaneous"):
        raise LudiiError(f"{path}: simultaneous-move traces are not replayed")
    return Trace(stem, header, steps, end, boards)


# -- finding the rules file --------------------------------------------------------------------
def find_variant(header: dict[str, Any], files: Iterable[Any] | None = None):
    """The rules-file variant for a trace: by the header's DLP ruleset id, then its game id."""
    from games.engine.rules import catalogue, rules_variant

    files = list(catalogue() if files is None else files)
    rid, gid = header.get("dlp_ruleset_id"), header.get("dlp_game_id")
    for what, value, attr in (("ruleset", rid, "dlp_ruleset"), ("game", gid, "dlp_game")):
        if value is None:
            continue
        found = [rf for rf in files if getattr(rf, attr) == value]
        if len(found) > 1:
            raise LudiiError(f"several rules files implement DLP {what} {value} "
                             f"({', '.join(rf.key for rf in found)}): choose one with --key")
        if found:
            return rules_variant(found[0].key)
    name = header.get("game", "?")
    raise LudiiError(f"no rules file implements DLP ruleset {rid} or game {gid} ({name}); "
                     f"give one with --key")


def traces_for(rf: Any, index: dict[str, Any], oracle: Path = ORACLE) -> list[Path]:
    """The traces of ``rf``'s DLP ruleset (index.json entries with its ruleset id)."""
    out: list[Path] = []
    if rf.dlp_ruleset is None or rf.dlp_game is None:
        return out
    for game in index.get("games", []):
        if game.get("dlp_game_id") != rf.dlp_game:
            continue
        for rs in game.get("rulesets", []):
            if rs.get("dlp_ruleset_id") == rf.dlp_ruleset:
                out.extend(oracle / f for f in rs.get("files") or [] if (oracle / f).exists())
    return sorted(set(out))


# -- sites -----------------------------------------------------------------------------------
@dataclass
class SiteMap:
    """Ludii's site indices and ours: ``index`` our name -> Ludii index; ``hand`` seat -> the
    Ludii index of that seat's hand; ``how`` how many sites each way matched."""

    index: dict[str, int]
    hand: dict[int, int]
    labels: dict[int, str]
    how: dict[str, int]
    off: int | None = None  # the Ludii site a piece borne off goes to (``"off"`` in [ludii] sites)

    def name(self, site: int) -> str:
        return self.labels.get(site, str(site))

    def pair_text(self, pair: tuple[int | None, int | None]) -> str:
        if pair == PASS:
            return "pass"
        a, b = pair
        la = "?" if a is None else self.name(a)
        lb = "?" if b is None else self.name(b)
        return la if a == b else f"{la}-{lb}"


def _board_sites(header: dict[str, Any]) -> list[dict[str, Any]]:
    boards = [c for c in header["containers"] if c.get("kind") == "board"]
    if not boards:
        return [s for s in header["sites"] if "container" not in s and s.get("x") is not None]
    first, n = boards[0]["first_site"], boards[0]["num_sites"]
    return [s for s in header["sites"] if first <= s["index"] < first + n and "container" not in s]


def _nn(points: list[tuple[float, float]]) -> float:
    best = math.inf
    for i, (x, y) in enumerate(points):
        for x2, y2 in points[i + 1:]:
            d = math.hypot(x - x2, y - y2)
            if 1e-9 < d < best:
                best = d
    return best if best < math.inf else 1.0


def _linear(ludii: list[tuple[Any, Any]], ours: list[tuple[float, float]]) -> list[tuple[float, float]] | None:
    """``[(scale, offset)]`` per axis with ours = scale * Ludii's + offset at every pair (a y
    scale may be negative), or None: labels then name the same places on any board (a race
    track drawn on the same squares), and a Ludii site without a label of ours can be placed."""
    if any(x is None or y is None for x, y in ludii) or len(ludii) < 2:
        return None
    out = []
    for axis in (0, 1):
        pts = [(float(p[axis]), q[axis]) for p, q in zip(ludii, ours)]
        lo, hi = min(pts), max(pts)
        if hi[0] - lo[0] < 1e-9:
            if len({round(q, 6) for _, q in pts}) > 1:
                return None
            out.append((1.0, lo[1] - lo[0]))
            continue
        k = (hi[1] - lo[1]) / (hi[0] - lo[0])
        if (axis == 0 and k <= 0) or abs(k) < 1e-9:
            return None
        if any(abs(lo[1] + k * (v - lo[0]) - q) > 1e-3 * max(1.0, abs(q)) for v, q in pts):
            return None
        out.append((k, lo[1] - k * lo[0]))
    return out


def _fits(ludii: list[tuple[int, float, float]], ours: list[tuple[str, float, float]]) -> list[dict[int, str]]:
    """Every distinct matching of ``ludii`` points onto distinct ``ours`` by a scale and offset
    per axis, upright or flipped."""
    if not ludii or len(ours) < len(ludii):
        return []
    lp = [(x, y) for _, x, y in ludii]
    op = [(x, y) for _, x, y in ours]
    tol = 0.25 * _nn(op)
    r = _nn(op) / _nn(lp)
    scales = [(r, r)]
    lw, lh = max(x for x, _ in lp) - min(x for x, _ in lp), max(y for _, y in lp) - min(y for _, y in lp)
    ow, oh = max(x for x, _ in op) - min(x for x, _ in op), max(y for _, y in op) - min(y for _, y in op)
    if lw > 1e-9 and lh > 1e-9:
        scales += [(ow / lw, oh / lh), (ow / lw, ow / lw), (oh / lh, oh / lh)]
    elif lw > 1e-9:
        scales.append((ow / lw, ow / lw))
    elif lh > 1e-9:
        scales.append((oh / lh, oh / lh))
    buckets: dict[tuple[int, int], list[int]] = {}
    for j, (x, y) in enumerate(op):
        buckets.setdefault((round(x / tol), round(y / tol)), []).append(j)

    def near(x: float, y: float) -> int | None:
        bx, by = round(x / tol), round(y / tol)
        for dx in (-1, 0, 1):
            for dy in (-1, 0, 1):
                for j in buckets.get((bx + dx, by + dy), ()):
                    if math.hypot(op[j][0] - x, op[j][1] - y) <= tol:
                        return j
        return None

    anchor = min(range(len(lp)), key=lambda i: (lp[i][1], lp[i][0]))
    found: list[dict[int, str]] = []
    seen_scales: list[tuple[float, float]] = []
    for sx, sy in scales:
        if any(abs(sx - a) < 1e-6 and abs(sy - b) < 1e-6 for a, b in seen_scales) or sx <= 0 or sy <= 0:
            continue
        seen_scales.append((sx, sy))
        for flip in (1, -1):
            ax, ay = sx * lp[anchor][0], flip * sy * lp[anchor][1]
            for qx, qy in op:
                ox, oy = qx - ax, qy - ay
                used: set[int] = set()
                match: dict[int, str] = {}
                for (idx, _, _), (x, y) in zip(ludii, lp):
                    j = near(sx * x + ox, flip * sy * y + oy)
                    if j is None or j in used:
                        break
                    used.add(j)
                    match[idx] = ours[j][0]
                else:
                    if match not in found:
                        found.append(match)
    return found


def map_sites(header: dict[str, Any], geometry: dict[str, Any], table: dict[str, str] | None = None,
              start: dict[str, Any] | None = None) -> SiteMap:
    """Match a trace's sites to a geometry's (see the module's text for the order).

    ``start`` is our starting state's JSON (its ``board``), used only to choose between fits
    of a symmetric board. Raises LudiiError when a site cannot be matched or the choice is open.
    """
    table = dict(table or {})
    sites = _board_sites(header)
    labels = {s["index"]: s.get("label") or str(s["index"]) for s in header["sites"]}
    ours = {s["name"]: (float(s["x"]), float(s["y"])) for s in geometry.get("sites", [])}
    by_label = {s.get("label"): s["index"] for s in sites}
    index: dict[str, int] = {}
    how = {"table": 0, "label": 0, "coordinates": 0}
    done: set[int] = set()
    off: int | None = None
    for label, name in table.items():
        if label not in by_label:
            raise LudiiError(f"[ludii] sites: {label!r} is not a board site of this trace")
        if name == "off":
            off = by_label[label]
            done.add(off)
            continue
        if name != "-" and name not in ours:
            raise LudiiError(f"[ludii] sites: {label!r} = {name!r}: we have no site {name!r}")
        if name != "-" and name in index:
            raise LudiiError(f"[ludii] sites: two Ludii sites are mapped to {name!r}")
        done.add(by_label[label])
        if name != "-":
            index[name] = by_label[label]
            how["table"] += 1
    rest = [s for s in sites if s["index"] not in done]
    lower = {n.lower(): n for n in ours if n not in index}
    named = [s for s in rest if str(s.get("label", "")).lower() in lower]
    if named and 2 * len(named) >= len(rest):
        targets = [ours[lower[s["label"].lower()]] for s in named]
        fit = _linear([(s.get("x"), s.get("y")) for s in named], targets)
        if fit is not None or (geometry.get("style") in ("grid", "lines") and len(named) == len(rest)):
            for s in named:
                index[lower[s["label"].lower()]] = s["index"]
                how["label"] += 1
            rest = [s for s in rest if s not in named]
            unplaced = []
            free = {(round(x, 3), round(y, 3)): n for n, (x, y) in ours.items() if n not in index}
            for s in rest:
                at = None if fit is None or s.get("x") is None else (
                    round(fit[0][0] * s["x"] + fit[0][1], 3), round(fit[1][0] * s["y"] + fit[1][1], 3))
                if at in free:
                    index[free.pop(at)] = s["index"]
                    how["coordinates"] += 1
                else:
                    unplaced.append(labels[s["index"]])
            if unplaced:
                raise LudiiError(
                    f"Ludii's {', '.join(unplaced[:6])}{'...' if len(unplaced) > 6 else ''} "
                    f"({len(unplaced)} of {len(sites)} sites) match no site of ours by label or place: "
                    f"map them in [ludii] sites (\"{unplaced[0]}\" = \"-\" where we have none)")
            rest = []
    if rest:
        missing = [s for s in rest if s.get("x") is None or s.get("y") is None]
        if missing:
            raise LudiiError(f"Ludii site {missing[0].get('label')} has no coordinates: map it in [ludii] sites")
        free = [(n, x, y) for n, (x, y) in ours.items() if n not in index]
        fits = _fits([(s["index"], float(s["x"]), float(s["y"])) for s in rest], free)
        if not fits:
            raise LudiiError(
                f"the coordinates of {len(rest)} Ludii sites ({', '.join(labels[s['index']] for s in rest[:4])}"
                f"{'...' if len(rest) > 4 else ''}) fit none of our {len(free)} free sites: "
                "map them in [ludii] sites"
            )
        if len(fits) > 1:
            fits = _by_start(fits, header, start) if start is not None else fits
        if len(fits) > 1:
            s0 = next((s for s in rest if len({f[s["index"]] for f in fits}) > 1), rest[0])
            choices = sorted({f[s0["index"]] for f in fits})
            raise LudiiError(
                f"the sites are ambiguous: the coordinates fit {len(fits)} ways (the board is symmetric) "
                f"and neither labels nor the starting position decide; name one in [ludii] sites, "
                f"e.g. \"{labels[s0['index']]}\" = one of {', '.join(repr(c) for c in choices)}"
            )
        for idx, name in fits[0].items():
            index[name] = idx
            how["coordinates"] += 1
    hand = {c["owner"] - 1: c["first_site"] for c in header["containers"]
            if c.get("kind") == "hand" and isinstance(c.get("owner"), int) and c["owner"] >= 1}
    for seat, site in hand.items():
        labels[site] = f"Hand{seat + 1}"
    return SiteMap(index, hand, labels, how, off)


def _by_start(fits: list[dict[int, str]], header: dict[str, Any], start: dict[str, Any]) -> list[dict[int, str]]:
    """The fits under which Ludii's initial pieces stand where ours start (owner and count)."""
    board = start.get("board") or {}
    initial = {p["site"]: p for p in header.get("initial", [])}
    players = header.get("players", 2)

    def agrees(fit: dict[int, str]) -> bool:
        for idx, name in fit.items():
            ludii, mine = initial.get(idx), board.get(name)
            if (ludii is None) != (mine is None):
                return False
            if ludii is None:
                continue
            who = ludii.get("who")
            if 1 <= (who or 0) <= players and mine[0] != who - 1:
                return False
            if ludii.get("count", 1) != mine[2]:
                return False
        return True

    good = [f for f in fits if agrees(f)]
    return good or fits


# -- the replay ------------------------------------------------------------------------------
@dataclass
class Step:
    step: int
    mover: int
    status: str  # "agree", "differ", "explained", "not replayed"
    clause: str = ""
    ludii_only: list[str] = field(default_factory=list)
    ours_only: list[str] = field(default_factory=list)
    note: str = ""


@dataclass
class Report:
    stem: str
    key: str
    steps: list[Step]
    total: int
    result_agrees: bool
    result_text: str
    stopped: str = ""
    notes: list[str] = field(default_factory=list)
    sites: SiteMap | None = None
    dlp_ruleset: int | None = None
    options: dict[str, Any] = field(default_factory=dict)

    @property
    def agree(self) -> int:
        return sum(s.status == "agree" for s in self.steps)

    @property
    def explained(self) -> int:
        return sum(s.status == "explained" for s in self.steps)

    @property
    def clauses(self) -> list[str]:
        return sorted({s.clause for s in self.steps if s.status == "explained"})

    @property
    def ok(self) -> bool:
        return self.agree + self.explained == self.total and self.result_agrees

    def last_line(self) -> str:
        line = (f"replay: {self.agree} of {self.total} steps agree; "
                f"result {'agrees' if self.result_agrees else 'differs'}")
        if self.explained:
            line += f" ({self.explained} explained by clauses {', '.join(self.clauses)})"
        return line


def _table(rf: Any) -> dict[str, Any]:
    """The file's ``[ludii]`` table (empty where it has none)."""
    table = getattr(rf, "ludii", None) or {}
    if not isinstance(table, dict):
        raise LudiiError(f"{rf.path}: [ludii]: must be a table")
    return table


def _steps_of(spec: Any) -> set[int]:
    out: set[int] = set()
    for s in spec if isinstance(spec, list) else [spec]:
        if isinstance(s, int) and not isinstance(s, bool):
            out.add(s)
        elif isinstance(s, list) and len(s) == 2 and all(isinstance(v, int) for v in s):
            out.update(range(s[0], s[1] + 1))
        else:
            raise LudiiError(f"[[ludii.differs]] steps: each is a step number or [first, last], got {s!r}")
    return out


def explained_steps(rf: Any, stem: str) -> dict[int, str]:
    """Step -> clause id for the ``[[ludii.differs]]`` entries of ``stem``."""
    ids = set(rf.clause_ids())
    out: dict[int, str] = {}
    for n, entry in enumerate(_table(rf).get("differs", []), 1):
        if not isinstance(entry, dict) or not {"clause", "trace", "steps"} <= set(entry):
            raise LudiiError(f"{rf.path}: [[ludii.differs]] #{n}: needs clause, trace and steps")
        if entry["clause"] not in ids:
            raise LudiiError(f"{rf.path}: [[ludii.differs]] #{n}: no clause {entry['clause']!r} in the file")
        if entry["trace"] == stem:
            for s in _steps_of(entry["steps"]):
                out[s] = entry["clause"]
    return out


class _Replay:
    """One replay's working parts: our Sim, the site map and the per-step judgement."""

    def __init__(self, trace: Trace, variant: Any, options: dict[str, Any], sites: SiteMap) -> None:
        self.trace, self.variant, self.options, self.sites = trace, variant, options, sites
        self.game = variant.game
        self.rf = variant.rules_file
        self.sim = variant.fast(variant.new_game(options))
        self.choose = list(_table(self.rf).get("choose", []))
        self.skipped: set[int] = set()

    def passed_over(self, seat: int, thrown: bool = False) -> set[int]:
        """The seats our game passed over by itself after ``seat`` played (or threw): those
        strictly between it and the seat now to move, and the thrower itself when its throw
        left it no move. Each may meet one Ludii forced pass."""
        sim, n = self.sim, self.game.players
        if sim.outcome() is not None:
            return set()
        nxt = sim.to_move()
        if thrown:
            if not sim.is_chance() and nxt == seat:
                return set()
            out = {seat}
        else:
            out = set()
        if nxt is None or not 0 <= nxt < n:
            return set(range(n))
        s = (seat + 1) % n
        while s != nxt:
            out.add(s)
            s = (s + 1) % n
        if nxt == seat and not thrown:
            out = set(range(n)) - {seat}
        return out

    def pair(self, act: dict[str, Any], seat: int) -> tuple[int | None, int | None]:
        site = self.sites.index.get
        if act.get("pass"):
            return PASS
        if "sow" in act:
            s = site(str(act["sow"]))
            return (s, s)
        if "remove" in act:
            s = site(str(act["remove"]))
            return (s, s)
        if "from" in act:
            a = self.sites.hand.get(seat) if act["from"] == "hand" else site(str(act["from"]))
            if act.get("to") == "off":
                return (a, a) if self.sites.off is None else (a, self.sites.off)
            return (a, site(str(act.get("to"))))
        if "to" in act:
            c = site(str(act["to"]))
            h = self.sites.hand.get(seat)
            return (h, c) if h is not None else (c, c)
        return (None, None)

    def throw(self, dice: list[int]) -> str:
        """Play our throw for Ludii's dice; an error text if it is not one of our outcomes."""
        hook = getattr(self.game, "ludii_throw", None)
        want = Action.from_json(hook(dice)) if hook else Action({"throw": dice})
        for move, _ in self.sim.chance_outcomes():
            if self.sim.action(move) == want:
                self.sim.play(move)
                return ""
        return f"our game has no throw {json.dumps(want.to_json())} for Ludii's dice {dice}"

    def decide(self, moves: list, desc: str) -> Any:
        """One of several moves sharing Ludii's pair: by the text, a hint, or any if alike."""
        acts = [self.sim.action(m).to_json() for m in moves]
        for hint in self.choose:
            if re.search(str(hint.get("desc", "")), desc):
                want = hint.get("action", {})
                keep = [m for m, a in zip(moves, acts) if all(a.get(k) == v for k, v in want.items())]
                if len(keep) == 1:
                    return keep[0]
        keys = {k for a in acts for k in a if len({json.dumps(b.get(k)) for b in acts}) > 1}
        low = desc.lower()
        keep = [m for m, a in zip(moves, acts)
                if any(isinstance(a.get(k), str) and a[k].lower() in low for k in keys)]
        if len(keep) == 1:
            return keep[0]
        after = set()
        for m in moves:
            s = self.sim.copy()
            s.play(m)
            after.add(json.dumps(s.to_json(), sort_keys=True))
        if len(after) == 1:
            return moves[0]
        return None

    def run(self, verbose: bool = False) -> Report:
        trace, sim, game = self.trace, self.sim, self.game
        explained = explained_steps(self.rf, trace.stem)
        listed_agreeing: list[int] = []
        out: list[Step] = []
        stopped = ""
        for rec in trace.steps:
            n, seat = rec["step"], rec["mover"] - 1
            dice = rec.get("dice")
            if sim.outcome() is None and sim.is_chance():
                if dice is None:
                    stopped = f"step {n}: our game waits for a throw and the trace gives no dice"
                    break
                err = self.throw(dice)
                if err:
                    stopped = f"step {n}: {err}"
                    break
                self.skipped = self.passed_over(seat, thrown=True)
            legal = [tuple(p) for p in rec["legal"]]
            ludii_set = set(legal)
            over = sim.outcome() is not None
            decides = not over and not sim.is_chance() and sim.to_move() == seat
            moves = sim.moves() if decides else []
            acts = [sim.action(m).to_json() for m in moves]
            pairs = [self.pair(a, seat) for a in acts]
            if ludii_set == {PASS} and not over and not decides and seat in self.skipped:
                # Ludii's forced pass: our turn passed over this seat by itself (once).
                self.skipped.discard(seat)
                out.append(Step(n, seat, "agree", note="forced pass (our turn passes by itself)"))
                if n in explained:
                    listed_agreeing.append(n)
                continue
            if (ludii_set == {PASS} and over and rec is trace.steps[-1]
                    and (trace.end or {}).get("status") == "over"):
                # Ludii's last step: a forced pass after which it ends the game; ours ended
                # a step sooner (the result is still compared).
                out.append(Step(n, seat, "agree", note="Ludii's final forced pass (our game ended a step sooner)"))
                break
            ours_set = set(pairs)
            st = Step(n, seat, "agree")
            if ours_set != ludii_set:
                st.status = "explained" if n in explained else "differ"
                st.clause = explained.get(n, "")
                st.ludii_only = sorted(self.sites.pair_text(p) for p in ludii_set - ours_set)
                st.ours_only = sorted(_act_text(a) for a, p in zip(acts, pairs) if p not in ludii_set)
                if not decides:
                    st.note = ("our game is over" if over else
                               "our game waits for a throw" if sim.is_chance() else
                               f"{self._side(sim.to_move())} is to move in our game")
            elif n in explained:
                listed_agreeing.append(n)
            out.append(st)
            chosen = tuple(rec["legal"][rec["chosen"]])
            desc = (rec.get("legal_desc") or [""] * len(legal))[rec["chosen"]] if rec.get("legal_desc") else ""
            cands = [m for m, p in zip(moves, pairs) if p == chosen]
            if not cands:
                stopped = f"step {n}: Ludii's move {self.sites.pair_text(chosen)} ({desc}) is not legal for us"
                break
            move = cands[0] if len(cands) == 1 else self.decide(cands, desc)
            if move is None:
                stopped = (f"step {n}: Ludii's move {desc or self.sites.pair_text(chosen)} is one of "
                           f"{len(cands)} of ours and neither its text nor a [[ludii.choose]] hint decides")
                break
            sim.play(move)
            self.skipped = self.passed_over(seat)
        replayed = len(out)
        for rec in trace.steps[replayed:]:
            out.append(Step(rec["step"], rec["mover"] - 1, "not replayed"))
        agrees, text = self._result(stopped)
        notes = [f"[[ludii.differs]] lists step {n}, which agrees" for n in listed_agreeing]
        return Report(trace.stem, self.variant.key, out, len(trace.steps), agrees, text, stopped, notes,
                      self.sites, self.rf.dlp_ruleset)

    def _side(self, seat: int | None) -> str:
        sides = self.rf.sides
        return sides[seat] if seat is not None and 0 <= seat < len(sides) else f"seat {seat}"

    def _result(self, stopped: str) -> tuple[bool, str]:
        end = self.trace.end or {}
        out = self.sim.outcome()
        ours = "not over" if out is None else (
            f"over, {self._side(out.winner)} wins" if out.winner is not None else "over, a draw")
        if stopped:
            return False, f"not reached (replay stopped); ours {ours}"
        status = end.get("status")
        if status == "over":
            ranking = end.get("ranking") or []
            first = {i for i, r in enumerate(ranking) if r == 1}
            ludii = ", ".join(self._side(i) for i in sorted(first)) + " first" if first else "a draw"
            if out is None:
                return False, f"Ludii over ({ludii}); ours not over"
            res = self.sim.result() or ()
            mine = {i for i, r in enumerate(res) if r == 1.0}
            return mine == first, f"Ludii over ({ludii}); ours {ours}"
        if status == "cap":
            return out is None, f"Ludii unfinished at the {len(self.trace.steps)}-step cap; ours {ours}"
        return False, f"the trace's end is {status!r}, which the replay cannot judge"


def ludii_options(rf: Any) -> dict[str, Any]:
    """The file's ``[ludii] options``: the readings Ludii plays, each the option of a clause
    whose ``ludii`` text says so."""
    options = _table(rf).get("options") or {}
    if not isinstance(options, dict):
        raise LudiiError(f"{rf.path}: [ludii] options: must be a table of option = value")
    for name in options:
        clause = next((c for c in rf.clauses if c.option == name), None)
        if clause is None or not clause.ludii:
            raise LudiiError(f"{rf.path}: [ludii] options: {name!r} must be the option of a clause "
                             "whose ludii text says why Ludii plays it")
    return dict(options)


def replay(trace: Trace, variant: Any, options: dict[str, Any] | None = None, verbose: bool = False,
           sites: SiteMap | None = None) -> Report:
    """Replay ``trace`` on ``variant`` (a RulesVariant) and judge each step and the result.
    ``options`` go over the file's ``[ludii] options``."""
    plays = _table(variant.rules_file).get("plays")
    if plays is not None:
        return _replay_as(trace, variant, plays, verbose)
    options = variant.validate_options({**ludii_options(variant.rules_file), **(options or {})})
    if trace.header.get("players") != variant.players:
        raise LudiiError(f"the trace has {trace.header.get('players')} players, {variant.key} has {variant.players}")
    if sites is None:
        sites = site_map(trace, variant, options)
    report = _Replay(trace, variant, options, sites).run(verbose)
    report.options = {k: v for k, v in options.items() if variant.options[k].default != v}
    return report


def _replay_as(trace: Trace, variant: Any, plays: Any, verbose: bool) -> Report:
    """``[ludii] plays``: the trace replayed on the other file, its agreeing steps explained."""
    from games.engine.rules import rules_variant

    rf = variant.rules_file
    if not isinstance(plays, dict) or set(plays) != {"key", "clause"}:
        raise LudiiError(f"{rf.path}: [ludii] plays: must be {{ key = \"family.name\", clause = \"ID\" }}")
    clause = next((c for c in rf.clauses if c.id == plays["clause"]), None)
    if clause is None or not clause.ludii:
        raise LudiiError(f"{rf.path}: [ludii] plays: clause {plays['clause']!r} must be a clause of the file "
                         "whose ludii text says why Ludii plays the other file's game")
    if plays["key"] == variant.key:
        raise LudiiError(f"{rf.path}: [ludii] plays: names the file itself")
    other = rules_variant(str(plays["key"]))
    report = replay(trace, other, verbose=verbose)
    for st in report.steps:
        if st.status == "agree":
            st.status, st.clause = "explained", clause.id
    report.key = variant.key
    report.notes.append(f"played as {other.key} ([ludii] plays): its agreeing steps are explained by {clause.id}")
    report.dlp_ruleset = rf.dlp_ruleset
    return report


_SITE_CACHE: dict[tuple[str, str, str], SiteMap] = {}


def site_map(trace: Trace, variant: Any, options: dict[str, Any]) -> SiteMap:
    """``map_sites`` for a variant, kept per (key, options, trace sites)."""
    key = (variant.key, json.dumps(options, sort_keys=True),
           json.dumps([trace.header["sites"], trace.header["containers"], trace.header.get("initial")]))
    if key not in _SITE_CACHE:
        geometry = variant.board_info(options)["geometry"]
        table = _table(variant.rules_file).get("sites") or {}
        start = variant.new_game(options).to_json()
        _SITE_CACHE[key] = map_sites(trace.header, geometry, table, start)
    return _SITE_CACHE[key]


def _some(items: list[str], verbose: bool, most: int = 8) -> str:
    if verbose or len(items) <= most:
        return " ".join(items)
    return " ".join(items[:most]) + f" ... (+{len(items) - most})"


def _act_text(act: dict[str, Any]) -> str:
    """An action of ours in short: ``a2-a3``, or its JSON where it says more."""
    if set(act) == {"from", "to"}:
        return f"{act['from']}-{act['to']}"
    return json.dumps(act, separators=(",", ":"))


def format_report(report: Report, trace: Trace, verbose: bool = False) -> list[str]:
    """The lines the command prints; the last is ``Report.last_line()``."""
    h = trace.header
    lines = [f"trace {report.stem}: {h.get('game')} (DLP game {h.get('dlp_game_id')}, ruleset "
             f"{h.get('dlp_ruleset_id')}) on {report.key}"
             + (f" with {json.dumps(report.options, sort_keys=True)}" if report.options else "")]
    if report.sites is not None:
        how = ", ".join(f"{v} by {k}" for k, v in report.sites.how.items() if v)
        lines.append(f"sites: {sum(report.sites.how.values())} matched ({how or 'none'}), "
                     f"{len(report.sites.hand)} hands")
    rid = h.get("dlp_ruleset_id")
    rf_rid = report.dlp_ruleset
    if rid is not None and rid != rf_rid:
        lines.append(f"note: the trace plays DLP ruleset {rid}, the rules file {rf_rid}: differences are expected")
    for st in report.steps:
        if st.status == "not replayed":
            continue
        if st.status == "agree" and not verbose:
            continue
        text = f"step {st.step} (player {st.mover + 1}): {st.status}"
        if st.status == "explained":
            text += f" by {st.clause}"
        if st.note:
            text += f"; {st.note}"
        if st.ludii_only:
            text += f"; Ludii only: {_some(st.ludii_only, verbose)}"
        if st.ours_only:
            text += f"; ours only: {_some(st.ours_only, verbose)}"
        lines.append(text)
    if report.stopped:
        left = sum(s.status == "not replayed" for s in report.steps)
        lines.append(f"stopped at {report.stopped}; {left} steps not replayed")
    lines.extend(report.notes)
    lines.append(f"result: {report.result_text}: {'agrees' if report.result_agrees else 'differs'}")
    lines.append(report.last_line())
    return lines
