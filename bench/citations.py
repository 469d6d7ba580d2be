"""How many of the DLP's source references the citation parser reads completely.

    python bench/citations.py [DUMP] [--list complete|partial|unparsed]

Reads the table Sources of the DLP dump (default ../shared/data/dlp/ludiiGames-2020-08-11.sql)
and prints how many references parse completely (every part of the text in a field), partly
(authors, year and title read, the rest kept as a note) and not at all (the full text kept as a
note), and with --list the references of one kind with what was read.
"""
from __future__ import annotations

import argparse
import os
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from archive.importers.citations import citation_parse  # noqa: E402
from archive.importers.sqldump import read_dump_file  # noqa: E402

DUMP = Path(os.environ.get("DLP_DATA_DIR", ROOT.parent / "shared" / "data" / "dlp")) / "ludiiGames-2020-08-11.sql"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("dump", nargs="?", default=str(DUMP))
    parser.add_argument("--list", choices=["complete", "partial", "unparsed"])
    args = parser.parse_args()
    groups: dict[str, list] = {"complete": [], "partial": [], "unparsed": []}
    for _, row in read_dump_file(args.dump).records("Sources"):
        parsed = citation_parse(row["Source"] or "")
        kind = "complete" if parsed.complete else "partial" if parsed.fields else "unparsed"
        groups[kind].append((row["Id"], row["Source"], parsed))
    total = sum(len(g) for g in groups.values())
    print(f"{total} references: {len(groups['complete'])} complete, {len(groups['partial'])} partly read, "
          f"{len(groups['unparsed'])} not read")
    for dlp_id, text, parsed in groups.get(args.list or "", []):
        print(f"\nDLP.Sources.{dlp_id}: {' '.join((text or '').split())}\n  {parsed.fields}")
        if parsed.leftover:
            print(f"  not read: {parsed.leftover}")


if __name__ == "__main__":
    main()
