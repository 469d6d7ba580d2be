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

A hand (container of kind ``hand``, owner ``k``) is the hand of seat ``k - 1``. Where Ludii keeps
each kind in a site of its own in the hand, ``[ludii] hand_sites = { KIND = n }`` says which
(``n`` counted from the hand's first site, 0 by default): a placement of that kind is ``[first
+ n, to]``.

**Actions to pairs** (CONTRACT.md): ``{"from": a, "to": b}`` is ``[a, b]`` (``"hand"`` the
mover's hand site, ``"off"`` gives ``[a, a]``); ``{"to": c}`` is ``[hand, c]`` or ``[c, c]``
where Ludii has no hand for the mover; ``{"remove": d}`` and ``{"sow": h}`` are ``[d, d]``;
``{"enter": "store"}`` is ``[hand, hand]``; ``{"pass": true}`` is ``[-1, -1]``; where the file's ``[ludii]`` table says ``remove_to = "hand"``,
``{"remove": d}`` is ``[d, the mover's hand]`` (Ludii moves what is taken into the hand).
``[ludii] built = [KIND, ...]``: a placement ``{"to": c, "piece": KIND}`` of these kinds is
``[c, c]`` (Ludii adds the piece on the site itself: Santorini's building tiles).
``[ludii] throw_steps = true`` (race files with ``throws.until``): Ludii writes each throw as a
pass of its own (the race mechanic's ``ludii_steps`` puts the series' last throw before its first
move, and a pass after a move whose turn lost the values left), and a pass-only step of the seat
that made the step before, while our game waits for another seat's throw, agrees as the throws and
passes of a seat our game has passed over (no throw is made for it).
``[ludii] hand_cells = [LABEL, ...]`` names, a seat each, a board site of Ludii's that stands for
the seat's hand (backgammon's bar, where Ludii has no hand container; map it ``"-"`` in ``sites``).
``[ludii] dice = { "1,0" = [1], "4,1" = [10], ... }``: Ludii's dice (the faces, joined by commas)
as our throw's faces, where our device is not Ludii's (20 Squares' two astragals, a sheep's and an
ox's, thrown here as the one eight-sided die of their worths); a dice value the table does not
name is taken as it is.
``[ludii] via = true``: a move a jump carried on into an empty cell (race ``jump.empty``, whose
action names the cell it landed on as ``"via"``) is Ludii's move to that cell (Ludii carries the
piece on as the move's consequence): 58 Holes' lines.
``[ludii] select_to = [CELL, ...]``: a move to one of these cells is Ludii's selection of the
piece where it stands (``[from, from]``), Ludii taking it there as the move's consequence:
Mehen's disc reaching the centre, or leaving at the tail to come back as a lion.
``[ludii] turn_pass = true``: Ludii ends a turn whose dice cannot all be played with a pass of the
mover; the replay takes that pass as our turn's own end (no throw), and where the next turn's first
step shows the same dice again it takes the dice of that turn's later steps, or else the throw of
ours whose moves are Ludii's legal set.

**A step.** If the trace has dice and our game waits for a throw, our throw is applied first
(``game.ludii_throw(dice)`` where the mechanic defines it, else ``{"throw": dice}``). Then the
set of Ludii's pairs is compared with the set of ours, and Ludii's chosen move is played: the
one action of ours with that pair. Where several of ours share it, the one whose distinguishing
values (``promote``, ``direction``...) appear in Ludii's text of the move, or that a
``[[ludii.choose]]`` hint names (``desc`` a regular expression searched in the text,
``action`` the fields the action must have; or ``part = [k, n]``: Ludii's chosen move lies in
the k-th of n equal parts of its list of legal moves, as where a move is offered once per
track, ``(or (sow TrackCW) (sow TrackCCW))``); where neither decides, each position they lead
to is followed (see "Several readings"). A chosen move we do not allow ends the replay (the
remaining steps are not replayed), unless ``[[ludii.differs]]`` lists the step: then nothing
is played for it and the replay goes on from our same position. An entry with ``result = true``
(and no steps, or some) explains the trace's result where ours differs: the clause says why.

**Runs of steps.** Where one action of ours is several steps of Ludii's, the mechanic's
``Game.ludii_steps(sim, move, last)`` says so: called with each move of the seat to move in
our game (before it is played; ``last`` is the seat of Ludii's step before, whose turn order
Ludii's run goes on from), it returns None where the move is one step, or the run: a list of
``(seat, action, free)`` entries in Ludii's order, each action in our vocabulary (mapped to a
pair as above for that seat; ``{"pass": true}`` a pass). The entries marked ``free`` of one
seat may come in any order among themselves (Ludii's player picks which hole to refill
first); the others stand where they are. Where some move has a run, Ludii's steps are matched
to the runs one at a time: at each, ours are the pairs the moves still possible may take
there (any free entry of that seat not yet matched), the moves whose runs cannot take Ludii's
chosen pair drop out, and a move whose run is complete is played. Moves whose runs took the
same pairs so far but offer different pairs at a step (no free entry there: a sowing either way
from one hole, then its relay laps) are different readings, each judged by its own pairs on a
line of its own (see "Several readings"). (The sow mechanic's runs:
a sowing that ends a round is also Ludii's two forced passes, and its hole-by-hole refill
where nobody chooses; a choice of holes to leave empty is the refill.)

**Several readings.** Where Ludii's chosen pair is several moves of ours that lead to
different positions, or several runs complete at once, the replay follows each (a reading:
our position, the steps judged so far) and prunes them by later steps: at each step, where
some readings agree, the others are dropped; readings in the same position are merged, and
at most ``MAX_LINES`` are kept. The report is the reading with the most steps agreeing or
explained (then the one whose result agrees).

**Forced passes.** Ludii gives a player with no move a step of its own whose only legal move
is ``[-1, -1]``. (Where a file's ``[ludii] own_pass = true``, the seat that has just moved may
meet one such pass too: Ludii gave it another turn, with nothing to do, that our game did not.) Our games have no such step: the turn passes on by itself (the next seat is to
move, or a throw is due). So a Ludii step offering only the pass agrees when our game has no
decision for that player there (not over, and either a throw is due or another seat, or the
same seat's next turn, is to move), and nothing is played for it. Where a file offers the
pass as a choice (``{"pass": true}``), it is compared like any other action. Some of Ludii's
games end only after such a pass (the player who cannot move passes, then the end is
checked): a forced pass as the trace's last step agrees where our game is already over there.

**Options.** A file's ``[ludii] options`` table names the readings Ludii plays where the file's
defaults read the source otherwise (each the option of a clause whose ``ludii`` text says so);
the replay plays them, and ``--options`` goes over them. ``[ludii] trace_options = { STEM =
{ option = value } }`` goes over them for one trace: a choice Ludii's players made in that game
that the file leaves to its players as an option.

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
from dataclasses import dataclass, field, replace
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
    result_clause: str = ""  # the clause a [[ludii.differs]] entry with result = true names

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
        return self.agree + self.explained == self.total and (self.result_agrees or bool(self.result_clause))

    def last_line(self) -> str:
        line = (f"replay: {self.agree} of {self.total} steps agree; "
                f"result {'agrees' if self.result_agrees else 'differs'}")
        if not self.result_agrees and self.result_clause:
            line += f" (explained by clause {self.result_clause})"
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
        if not isinstance(entry, dict) or not {"clause", "trace"} <= set(entry) or not (
                "steps" in entry or entry.get("result") is True):
            raise LudiiError(f"{rf.path}: [[ludii.differs]] #{n}: needs clause, trace and steps (or result = true)")
        if entry["clause"] not in ids:
            raise LudiiError(f"{rf.path}: [[ludii.differs]] #{n}: no clause {entry['clause']!r} in the file")
        if entry["trace"] == stem:
            for s in _steps_of(entry.get("steps", [])):
                out[s] = entry["clause"]
    return out


#: The most readings of a trace a replay follows at once (see "Several readings").
MAX_LINES = 64


@dataclass
class _Cand:
    """One action of ours that may be the run of Ludii steps now being played: its entries
    (``(seat, action JSON, free)``, see ``Game.ludii_steps``) and those already matched."""

    move: Any
    entries: list[tuple[int, dict[str, Any], bool]]
    used: set[int] = field(default_factory=set)


@dataclass
class _Line:
    """One reading of the trace: our position, the seats our game passed over by itself, the
    steps judged so far, and the actions a run of Ludii steps under way may still be."""

    sim: Any
    skipped: set[int] = field(default_factory=set)
    out: list[Step] = field(default_factory=list)
    pending: list[_Cand] | None = None
    k: int = 0
    stopped: str = ""
    listed: list[int] = field(default_factory=list)

    def branch(self, sim: Any) -> _Line:
        return _Line(sim, set(self.skipped), list(self.out), None, 0, self.stopped, list(self.listed))

    @property
    def score(self) -> int:
        return sum(s.status in ("agree", "explained") for s in self.out)

    def key(self) -> str:
        cands = None if self.pending is None else sorted(
            (repr(c.move), sorted(c.used)) for c in self.pending)
        return json.dumps([self.sim.to_json(), self.k, repr(cands), sorted(self.skipped)], sort_keys=True, default=str)


class _Replay:
    """One replay's working parts: the readings (our Sims), the site map and the per-step judgement."""

    def __init__(self, trace: Trace, variant: Any, options: dict[str, Any], sites: SiteMap) -> None:
        self.trace, self.variant, self.options, self.sites = trace, variant, options, sites
        self.game = variant.game
        self.rf = variant.rules_file
        self.sim = variant.fast(variant.new_game(options))
        self.choose = list(_table(self.rf).get("choose", []))
        self.hand_sites = dict(_table(self.rf).get("hand_sites", {}))  # kind -> site in its hand
        # [ludii] place_from = { KIND = LABEL }: Ludii places this kind from that site (a hand
        # shared by the players, as Yavalanchor's red counters), whoever places it
        by_label = {x.get("label"): x["index"] for x in trace.header["sites"]}
        self.place_from = {k: by_label[v] for k, v in dict(_table(self.rf).get("place_from", {})).items()}
        self.own_pass = bool(_table(self.rf).get("own_pass", False))
        # [ludii] built = [KIND, ...]: a placement of these kinds is Ludii's [c, c] (a piece added
        # on the site itself, from no container: Santorini's building tiles)
        self.built = set(_table(self.rf).get("built", []))
        # [ludii] remove_to = "hand": Ludii's removal is a move of the seeds into the mover's hand
        self.remove_to_hand = _table(self.rf).get("remove_to") == "hand"
        # [ludii] hand_cells = [LABEL, ...]: a board site of Ludii's a seat's hand is (one a seat,
        # as backgammon's bar where Ludii has no hand); its site is then "-" in [ludii] sites
        cells = _table(self.rf).get("hand_cells")
        if cells:
            by_label = {x.get("label"): x["index"] for x in trace.header["sites"]}
            self.sites = replace(sites, hand={seat: by_label[label] for seat, label in enumerate(cells)})
        self.steps_hook = getattr(self.game, "ludii_steps", None)
        self.select_to = set(_table(self.rf).get("select_to", []))

    def passed_over(self, sim: Any, seat: int, thrown: bool = False) -> set[int]:
        """The seats our game passed over by itself after ``seat`` played (or threw): those
        strictly between it and the seat now to move, and the thrower itself when its throw
        left it no move. Each may meet one Ludii forced pass."""
        n = self.game.players
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
        elif self.own_pass and not thrown:
            out.add(seat)  # [ludii] own_pass: Ludii's empty extra turn after the seat's move
        return out

    def pair(self, act: dict[str, Any], seat: int) -> tuple[int | None, int | None]:
        site = self.sites.index.get
        if act.get("pass"):
            return PASS
        if "enter" in act:  # {"enter": "store"} (sow.enter) is Ludii's select of the mover's hand
            s = self.sites.hand.get(seat)
            return (s, site(str(act["to"]))) if "to" in act else (s, s)  # sow.store_own: into his first hole
        if "sow" in act:
            s = site(str(act["sow"]))
            return (s, s)
        if "remove" in act:
            s = site(str(act["remove"]))
            return (s, self.sites.hand.get(seat)) if self.remove_to_hand else (s, s)
        if "from" in act:
            a = self.sites.hand.get(seat) if act["from"] == "hand" else site(str(act["from"]))
            if a is None and act["from"] == "hand":  # no hands in Ludii's game: its store (sow)
                a = site(f"s{seat + 1}")
            if act.get("to") == "off":
                return (a, a) if self.sites.off is None else (a, self.sites.off)
            if "via" in act and _table(self.rf).get("via"):
                return (a, site(str(act["via"])))  # [ludii] via: Ludii's move lands there
            if act.get("to") in self.select_to:
                return (a, a)  # [ludii] select_to: Ludii selects the piece; the move is its consequence
            return (a, site(str(act.get("to"))))
        if "to" in act:
            c = site(str(act["to"]))
            if act.get("piece") in self.place_from:
                return (self.place_from[act["piece"]], c)
            if act.get("piece") in self.built:
                return (c, c)
            h = self.sites.hand.get(seat)
            if h is not None and act.get("piece") in self.hand_sites:
                h += int(self.hand_sites[act["piece"]])
            return (h, c) if h is not None else (c, c)
        return (None, None)

    def fresh_dice(self, sim: Any, rec: dict[str, Any], seat: int) -> list[int]:
        """[ludii] turn_pass: the first step of a turn after one that ended with dice unused may
        show those dice again (Ludii writes the throw down later): the dice a later step of the
        same turn shows, else the throw of ours whose moves are Ludii's legal set."""
        steps = self.trace.steps
        i = steps.index(rec)
        prev = steps[i - 1] if i else None
        if prev is None or prev.get("dice") != rec["dice"]:
            return rec["dice"]
        for later in steps[i + 1:]:
            if later["mover"] != rec["mover"]:
                break
            if later.get("dice") != rec["dice"]:
                return later["dice"]
        want = {tuple(p) for p in rec["legal"]}
        hook = getattr(self.game, "ludii_throw", None)
        fits = []
        for move, _ in sim.chance_outcomes():
            s = sim.copy()
            s.play(move)
            if s.is_chance() or s.outcome() is not None or s.to_move() != seat:
                continue
            if {self.pair(s.action(m).to_json(), seat) for m in s.moves()} == want:
                fits.append(sim.action(move).to_json().get("throw"))
        if not fits or (hook is None and rec["dice"] in fits) or (hook and hook(rec["dice"]).get("throw") in fits):
            return rec["dice"]
        return fits[0]

    def throw(self, sim: Any, dice: list[int]) -> str:
        """Play our throw for Ludii's dice; an error text if it is not one of our outcomes."""
        hook = getattr(self.game, "ludii_throw", None)
        table = _table(self.rf).get("dice") or {}
        faces = ",".join(str(d) for d in dice)
        if faces in table:
            # [ludii] dice: our device is not Ludii's; the table gives our faces for Ludii's
            want = Action({"throw": list(table[faces])})
        else:
            want = Action.from_json(hook(dice)) if hook else Action({"throw": dice})
        for move, _ in sim.chance_outcomes():
            if sim.action(move) == want:
                sim.play(move)
                return ""
        return f"our game has no throw {json.dumps(want.to_json())} for Ludii's dice {dice}"

    def decide(self, sim: Any, moves: list, desc: str, at: tuple[int, int] | None = None) -> list:
        """The moves sharing Ludii's pair that it may be: the one its text or a hint names,
        else one of each position they lead to (several: the replay follows each)."""
        acts = [sim.action(m).to_json() for m in moves]
        for hint in self.choose:
            if "part" in hint:  # [k, n]: the chosen move lies in the k-th of n equal parts of the list
                k, parts = hint["part"]
                if at is None or at[1] % parts or at[0] * parts // at[1] != k:
                    continue
            if re.search(str(hint.get("desc", "")), desc):
                want = hint.get("action", {})
                keep = [m for m, a in zip(moves, acts) if all(a.get(k) == v for k, v in want.items())]
                if len(keep) == 1:
                    return keep
        keys = {k for a in acts for k in a if len({json.dumps(b.get(k)) for b in acts}) > 1}
        low = desc.lower()
        keep = [m for m, a in zip(moves, acts)
                if any(isinstance(a.get(k), str) and a[k].lower() in low for k in keys)]
        if len(keep) == 1:
            return keep
        after: dict[str, Any] = {}
        for m in moves:
            s = sim.copy()
            s.play(m)
            after.setdefault(json.dumps(s.to_json(), sort_keys=True, default=str), m)
        return list(after.values())

    def run(self, verbose: bool = False) -> Report:
        trace = self.trace
        explained = explained_steps(self.rf, trace.stem)
        lines = [_Line(self.sim)]
        last: int | None = None
        for rec in trace.steps:
            grown: list[_Line] = []
            for line in lines:
                grown.extend([line] if line.stopped else self.step(line, rec, explained, last))
            lines = self.prune(grown, rec["step"])
            last = rec["mover"] - 1
            if all(line.stopped for line in lines):
                break
        best = max(lines, key=lambda ln: (ln.score, self._result(ln.sim, ln.stopped)[0], not ln.stopped))
        out = best.out
        for rec in trace.steps[len(out):]:
            out.append(Step(rec["step"], rec["mover"] - 1, "not replayed"))
        agrees, text = self._result(best.sim, best.stopped)
        notes = [f"[[ludii.differs]] lists step {n}, which agrees" for n in best.listed]
        if len(lines) > 1:
            notes.append(f"{len(lines)} readings of Ludii's moves were still open at the end; "
                         "the one shown agrees most")
        result_clause = next((e["clause"] for e in _table(self.rf).get("differs", [])
                              if isinstance(e, dict) and e.get("trace") == trace.stem and e.get("result") is True), "")
        return Report(trace.stem, self.variant.key, out, len(trace.steps), agrees, text, best.stopped, notes,
                      self.sites, self.rf.dlp_ruleset, result_clause=result_clause)

    def prune(self, lines: list[_Line], n: int) -> list[_Line]:
        """Keep the readings that agree at step ``n`` where some do (else those still going),
        one of each position, at most MAX_LINES."""
        going = [ln for ln in lines if not ln.stopped]
        agreeing = [ln for ln in going if ln.out and ln.out[-1].step == n and ln.out[-1].status == "agree"]
        keep = agreeing or going or lines
        keep.sort(key=lambda ln: -ln.score)
        seen: set[str] = set()
        out = []
        for ln in keep:
            k = ln.key()
            if k not in seen:
                seen.add(k)
                out.append(ln)
        return out[:MAX_LINES]

    def step(self, line: _Line, rec: dict[str, Any], explained: dict[int, str], last: int | None) -> list[_Line]:
        """Judge Ludii's step ``rec`` on one reading and play its move: the readings it leads to."""
        if line.pending is not None:
            return self.run_step(line, rec, explained)
        sim, game = line.sim, self.game
        n, seat = rec["step"], rec["mover"] - 1
        dice = rec.get("dice")
        turn_pass = bool(_table(self.rf).get("turn_pass", False))
        if (turn_pass and sim.outcome() is None and sim.is_chance() and seat == last
                and {tuple(p) for p in rec["legal"]} == {PASS}):
            # [ludii] turn_pass: Ludii's pass of the seat that has just moved, its throw not all
            # used: our turn ended by itself when no die could be played (no new throw).
            line.out.append(Step(n, seat, "agree", note="forced pass (our turn ended by itself, dice unused)"))
            if n in explained:
                line.listed.append(n)
            return [line]
        if (_table(self.rf).get("throw_steps") and sim.outcome() is None and sim.is_chance() and seat == last
                and getattr(sim, "seat", seat) != seat and {tuple(p) for p in rec["legal"]} == {PASS}):
            # [ludii] throw_steps: a pass (a throw, or the pass after a throw with no move) of the
            # seat that made the step before, which our game has already passed over.
            line.out.append(Step(n, seat, "agree", note="Ludii's throw or pass of a seat our game has passed over"))
            if n in explained:
                line.listed.append(n)
            return [line]
        if turn_pass and dice is not None and sim.outcome() is None and sim.is_chance() and seat != last:
            dice = self.fresh_dice(sim, rec, seat)
        if sim.outcome() is None and sim.is_chance():
            if dice is None:
                line.stopped = f"step {n}: our game waits for a throw and the trace gives no dice"
                return [line]
            err = self.throw(sim, dice)
            if err:
                line.stopped = f"step {n}: {err}"
                return [line]
            line.skipped = self.passed_over(sim, seat, thrown=True)
        legal = [tuple(p) for p in rec["legal"]]
        ludii_set = set(legal)
        over = sim.outcome() is not None
        decides = not over and not sim.is_chance() and sim.to_move() == seat
        moves = sim.moves() if decides else []
        if ludii_set == {PASS} and not over and not decides and seat in line.skipped:
            # Ludii's forced pass: our turn passed over this seat by itself (once).
            line.skipped.discard(seat)
            line.out.append(Step(n, seat, "agree", note="forced pass (our turn passes by itself)"))
            if n in explained:
                line.listed.append(n)
            return [line]
        if (ludii_set == {PASS} and over and (self.trace.end or {}).get("status") == "over"
                and all({tuple(p) for p in r["legal"]} == {PASS}
                        for r in self.trace.steps[self.trace.steps.index(rec):])):
            # Ludii's last steps: forced passes (one, or each player's in turn) after which
            # it ends the game; ours ended sooner (the result is still compared).
            line.out.append(Step(n, seat, "agree", note="Ludii's final forced pass (our game ended a step sooner)"))
            return [line]
        if self.steps_hook is not None and not over and not sim.is_chance():
            # Where an action of ours stands for a run of Ludii's steps (which may begin with
            # another seat's step than the one to move in our game), the run is matched.
            mover = sim.to_move()
            anyone = moves if decides else sim.moves()
            runs = [self.steps_hook(sim, m, last) for m in anyone]
            if any(runs):
                line.pending = [_Cand(m, r or [(mover, sim.action(m).to_json(), False)])
                                for m, r in zip(anyone, runs)]
                line.k = 0
                return self.run_step(line, rec, explained)
        acts = [sim.action(m).to_json() for m in moves]
        pairs = [self.pair(a, seat) for a in acts]
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
            line.listed.append(n)
        line.out.append(st)
        chosen = tuple(rec["legal"][rec["chosen"]])
        desc = (rec.get("legal_desc") or [""] * len(legal))[rec["chosen"]] if rec.get("legal_desc") else ""
        cands = [m for m, p in zip(moves, pairs) if p == chosen]
        if not cands:
            if n in explained:
                st.note = "Ludii's move is not ours: our position stays"
                return [line]
            line.stopped = f"step {n}: Ludii's move {self.sites.pair_text(chosen)} ({desc}) is not legal for us"
            return [line]
        chosen_moves = cands if len(cands) == 1 else self.decide(sim, cands, desc, (rec["chosen"], len(legal)))
        out = []
        for i, move in enumerate(chosen_moves):
            branch = line if i == len(chosen_moves) - 1 else line.branch(sim.copy())
            branch.sim.play(move)
            branch.skipped = self.passed_over(branch.sim, seat)
            out.append(branch)
        return out

    def run_step(self, line: _Line, rec: dict[str, Any], explained: dict[int, str]) -> list[_Line]:
        """One Ludii step of a run (``Game.ludii_steps``): ours are the pairs the actions still
        possible may take at this place of their runs (any free entry of the seat not yet
        matched); the actions that cannot take Ludii's chosen pair drop out, and those whose
        run is complete are played (one reading each)."""
        n, seat, k = rec["step"], rec["mover"] - 1, line.k
        ludii_set = {tuple(p) for p in rec["legal"]}
        options: list[dict[tuple, list[int]]] = []
        for c in line.pending or []:
            opts: dict[tuple, list[int]] = {}
            if k < len(c.entries) and c.entries[k][0] == seat:
                s, act, free = c.entries[k]
                if not free:
                    opts[self.pair(act, seat)] = [k]
                else:
                    for j, (s2, a2, f2) in enumerate(c.entries):
                        if s2 == seat and f2 and j not in c.used:
                            opts.setdefault(self.pair(a2, seat), []).append(j)
            options.append(opts)
        groups: dict[frozenset, list[_Cand]] = {}
        for c, o in zip(line.pending or [], options):
            groups.setdefault(frozenset(o), []).append(c)
        fixed = all(k < len(c.entries) and not c.entries[k][2] for c in line.pending or [])
        # (After a run's opening free steps alone, a choice among fixed steps is the player's own,
        # the move itself: the game's first mover's captures before his first sowing, Kisolo.)
        chose = any(not e[2] for c in line.pending or [] for e in c.entries[:k])
        if k and fixed and chose and len(groups) > 1:
            # Actions that took the same pairs so far but offer different pairs here (a sowing
            # either way from one hole, then its relay laps) are different readings of the
            # run: each is followed on a line of its own, and judged by its own pairs.
            out: list[_Line] = []
            for cands in groups.values():
                branch = line.branch(line.sim.copy())
                branch.pending = [_Cand(c.move, c.entries, set(c.used)) for c in cands]
                branch.k = k
                out.extend(self.run_step(branch, rec, explained))
            return out
        ours_set = {p for o in options for p in o}
        st = Step(n, seat, "agree", note="a step of a run of Ludii's for one action of ours")
        if ours_set != ludii_set:
            st.status = "explained" if n in explained else "differ"
            st.clause = explained.get(n, "")
            st.ludii_only = sorted(self.sites.pair_text(p) for p in ludii_set - ours_set)
            texts = {}
            for c, o in zip(line.pending or [], options):
                for p, js in o.items():
                    if p not in ludii_set:
                        texts[p] = _act_text(c.entries[js[0]][1])
            st.ours_only = sorted(set(texts.values()))
        elif n in explained:
            line.listed.append(n)
        line.out.append(st)
        chosen = tuple(rec["legal"][rec["chosen"]])
        keep = []
        for c, o in zip(line.pending or [], options):
            if chosen in o:
                c.used.add(o[chosen][0])
                keep.append(c)
        if not keep and n in explained:
            st.note = "Ludii's move is not ours: our position stays"
            return [line]
        if not keep:
            desc = (rec.get("legal_desc") or [""] * len(rec["legal"]))[rec["chosen"]]
            line.stopped = f"step {n}: Ludii's move {self.sites.pair_text(chosen)} ({desc}) is not legal for us"
            line.pending = None
            return [line]
        done = [c for c in keep if len(c.entries) == k + 1]
        rest = [c for c in keep if len(c.entries) > k + 1]
        out = []
        for c in done:
            branch = line.branch(line.sim.copy())
            branch.sim.play(c.move)
            branch.skipped = self.passed_over(branch.sim, seat)
            out.append(branch)
        if rest:
            line.pending, line.k = rest, k + 1
            out.append(line)
        return out

    def _side(self, seat: int | None) -> str:
        sides = self.rf.sides
        return sides[seat] if seat is not None and 0 <= seat < len(sides) else f"seat {seat}"

    def _result(self, sim: Any, stopped: str) -> tuple[bool, str]:
        end = self.trace.end or {}
        out = sim.outcome()
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
            res = sim.result() or ()
            mine = {i for i, r in enumerate(res) if r == 1.0}
            return mine == first, f"Ludii over ({ludii}); ours {ours}"
        if status == "cap":
            return out is None, f"Ludii unfinished at the {len(self.trace.steps)}-step cap; ours {ours}"
        return False, f"the trace's end is {status!r}, which the replay cannot judge"


def ludii_options(rf: Any, stem: str | None = None) -> dict[str, Any]:
    """The file's ``[ludii] options``: the readings Ludii plays, each the option of a clause
    whose ``ludii`` text says so. With ``stem``, the file's ``[ludii] trace_options`` for that
    trace go over them (``{ "STEM" = { option = value } }``: a choice Ludii's players made in
    that game, which the file leaves to its players as an option, as Ghingskoot's ways round)."""
    options = dict(_table(rf).get("options") or {})
    per_trace = _table(rf).get("trace_options") or {}
    if not isinstance(options, dict) or not isinstance(per_trace, dict):
        raise LudiiError(f"{rf.path}: [ludii] options: must be a table of option = value")
    extra = per_trace.get(stem) or {} if stem else {}
    if not isinstance(extra, dict):
        raise LudiiError(f"{rf.path}: [ludii] trace_options: {stem!r} must be a table of option = value")
    for name in [*options, *extra]:
        clause = next((c for c in rf.clauses if c.option == name), None)
        if clause is None or not clause.ludii:
            raise LudiiError(f"{rf.path}: [ludii] options: {name!r} must be the option of a clause "
                             "whose ludii text says why Ludii plays it")
    return {**options, **extra}


def replay(trace: Trace, variant: Any, options: dict[str, Any] | None = None, verbose: bool = False,
           sites: SiteMap | None = None, follow: bool = True) -> Report:
    """Replay ``trace`` on ``variant`` (a RulesVariant) and judge each step and the result.
    ``options`` go over the file's ``[ludii] options``; ``follow = False``: on the file itself,
    not the one its ``[ludii] plays`` names (two files whose traces are each other's games)."""
    plays = _table(variant.rules_file).get("plays")
    if plays is not None and follow:
        return _replay_as(trace, variant, plays, verbose)
    options = variant.validate_options({**ludii_options(variant.rules_file, trace.stem),
                                        **(options or {})})
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
    report = replay(trace, other, verbose=verbose, follow=False)
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
