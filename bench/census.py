"""Census of the rules files against the families of the Ludii index (issues 32 to 35).

For each family the issues count (sowing; capture; placement and lines; chess-like; dice and
stick race), the games Ludii encodes (``../shared/oracle/ludii/index.json``, by the family of
their encoding), how many of them have a rules file (``games/rulesets/**.toml``, by the DLP game
id of its ``game`` table) and the issue's target. ``--missing FAMILY`` lists the games of one
family still without a file, with their DLP ids, Ludii encodings and evidence counts, most
evidence first.

    python bench/census.py
    python bench/census.py --missing sow
"""
from __future__ import annotations

import argparse
import json
import sys
import tomllib
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
INDEX = ROOT.parent / "shared" / "oracle" / "ludii" / "index.json"
RULESETS = ROOT / "games" / "rulesets"

# family key: (issue, what it counts, Ludii family prefixes, target)
FAMILIES = {
    "sow": (32, "sowing", ("board/sow/",), 140),
    "capture": (33, "capture: leaping, custodial, hunt, direction, other", (
        "board/war/leaping/", "board/war/custodial", "board/hunt", "board/war/other",
        "board/war/direction/"), 60),
    "line": (33, "placement and lines", ("board/space/line",), 35),
    "chess": (34, "chess-like", ("board/war/replacement/checkmate/", "board/war/replacement/stalemate"), 38),
    "race": (35, "dice and stick race", ("board/race/",), 50),
}


def family_of(ludii_family: str) -> str | None:
    for key, (_issue, _what, prefixes, _target) in FAMILIES.items():
        if any(ludii_family.startswith(prefix) for prefix in prefixes):
            return key
    return None


def games_with_files() -> dict[int, list[str]]:
    found: dict[int, list[str]] = {}
    for path in sorted(RULESETS.rglob("*.toml")):
        with path.open("rb") as handle:
            data = tomllib.load(handle)
        dlp = (data.get("game") or {}).get("dlp")
        if isinstance(dlp, int):
            found.setdefault(dlp, []).append(data.get("key", path.stem))
    return found


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--missing", choices=sorted(FAMILIES), help="list one family's games without a rules file")
    args = parser.parse_args(argv)
    if not INDEX.exists():
        parser.error(f"the Ludii index is not at {INDEX}")
    games = json.loads(INDEX.read_text())["games"]
    files = games_with_files()
    if args.missing:
        rows = [g for g in games if family_of(g["family"]) == args.missing and g.get("dlp_game_id") not in files]
        rows.sort(key=lambda g: (-(g.get("evidence") or 0), g["game"]))
        for g in rows:
            print(f"{g.get('dlp_game_id')!s:>5}  {g['game']:<40} {g['lud']:<60} evidence {g.get('evidence') or 0}")
        print(f"{len(rows)} games of family {args.missing} without a rules file")
        return 0
    print(f"{'family':<8} {'issue':>5} {'encoded':>8} {'with a file':>12} {'target':>7}  met")
    for key, (issue, what, _prefixes, target) in FAMILIES.items():
        members = {g.get("dlp_game_id") for g in games if family_of(g["family"]) == key}
        members.discard(None)
        have = len(members & files.keys())
        print(f"{key:<8} {issue:>5} {len(members):>8} {have:>12} {target:>7}  {'yes' if have >= target else 'no'}   ({what})")
    print(f"rules files: {sum(len(v) for v in files.values())}, DLP games with a file: {len(files)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
