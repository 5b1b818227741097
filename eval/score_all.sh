#!/bin/sh
# Score the three query sets on the shipped home and the FULL home, with FTS5 side by side.
# Usage: eval/score_all.sh SHIPPED_HOME FULL_HOME   (mtgkb of this checkout first on PATH)
here=$(dirname "$0")
eval=${MTGKB_EVAL:?set MTGKB_EVAL to the folder of the shared query sets and score.py}
for set in "$eval/queries-dev.jsonl" "$eval/queries-dev-full.jsonl" "$here/queries-heldout.jsonl"; do
  for home in "$1" "$2"; do
    echo "== $(basename "$set") on $home"
    MTGKB_HOME=$home timeout 900 python "$eval/score.py" "$set" --baseline-fts5 -v
  done
done
