#!/bin/sh
# Score the query sets on the shipped home, the FULL home and (optional) a bigger home, with
# FTS5 side by side.
# Usage: eval/score_all.sh SHIPPED_HOME FULL_HOME [BIG_HOME]   (this checkout's mtgkb on PATH)
# BIG_HOME as measured in README: FULL's data plus 8 more rules versions and 4 MTGJSON sets,
# mtgkb --home BIG ingest $MTGKB_CR_ARCHIVE/{2004-10-01,2006-07-15,2008-07-15,2010-07-16,
#   2014-09-26,2017-04-28,2021-06-09,2024-11-08}.txt $MTGKB_MTGJSON_ARCHIVE/{M10,ZEN,RTR,DOM}.json
here=$(dirname "$0")
eval=${MTGKB_EVAL:?set MTGKB_EVAL to the folder of the shared query sets and score.py}
for set in "$eval/queries-dev.jsonl" "$eval/queries-dev-full.jsonl" "$here/queries-heldout.jsonl" \
           "$here/queries-heldout2.jsonl" "$here/queries-heldout3.jsonl"; do
  for home in "$@"; do
    echo "== $(basename "$set") on $home"
    MTGKB_HOME=$home timeout 900 python "$eval/score.py" "$set" --baseline-fts5 -v
  done
done
