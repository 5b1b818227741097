#!/usr/bin/env python3
"""Write kb/set_dates.json: the release date of every core set and expansion (and of each
block, its first set's date), read from MTGJSON v3 set files.

    MTGKB_MTGJSON_ARCHIVE=DIR python bench/make_set_dates.py

A query may name an era by a set or block ("Champions of Kamigawa era rules", "in Lorwyn",
"after the Magic 2010 rules change"); a home holds only the few sets a user ingested, so
search (`kb.query_era`) also reads this small table of names, codes and dates. Only those
three facts are kept: no card data.
"""

from __future__ import annotations

import json
import os
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
OUT = ROOT / "kb" / "set_dates.json"
# the kinds of set that mark a rules era (each came with its own rules update)
KINDS = ("core", "expansion")


def main() -> int:
    archive = os.environ.get("MTGKB_MTGJSON_ARCHIVE")
    if not archive or not Path(archive).is_dir():
        print("set MTGKB_MTGJSON_ARCHIVE to a folder of MTGJSON v3 set files", file=sys.stderr)
        return 2
    sets: list[dict[str, str]] = []
    blocks: dict[str, str] = {}
    for path in sorted(Path(archive).glob("*.json")):
        data = json.loads(path.read_text(encoding="utf-8"))
        if data.get("type") not in KINDS or not data.get("releaseDate"):
            continue
        date = data["releaseDate"]
        sets.append({"name": data["name"], "code": data["code"], "date": date})
        if block := data.get("block"):
            blocks[block] = min(blocks.get(block, date), date)
    sets.sort(key=lambda s: (s["date"], s["code"]))
    table = {"sets": sets,
             "blocks": [{"name": n, "date": d}
                        for n, d in sorted(blocks.items(), key=lambda b: b[1])]}
    # one set a line: a reviewable diff when the table is regenerated
    rows = {key: ",\n".join(json.dumps(row, ensure_ascii=False) for row in table[key])
            for key in table}
    OUT.write_text(f'{{"sets": [\n{rows["sets"]}\n], "blocks": [\n{rows["blocks"]}\n]}}\n',
                   encoding="utf-8")
    print(f"{OUT.relative_to(ROOT)}: {len(sets)} sets, {len(blocks)} blocks")
    return 0


if __name__ == "__main__":
    sys.exit(main())
