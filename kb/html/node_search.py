"""Run a written site's offline search (`static/search.js`) under Node, as a page would.

For the tests and `bench/bench_html.py`: loads `search-index.js` and the engine, then
answers queries, loading the index's shards from disk as a browser loads the scripts.
Returns the load time of the index and, per query, the hits and the time taken.
"""

from __future__ import annotations

import json
import shutil
import subprocess
from pathlib import Path
from typing import Any

RUNNER = r"""
const fs = require("fs"), vm = require("vm"), path = require("path");
const [site, queries] = [process.argv[1], JSON.parse(fs.readFileSync(0, "utf8"))];
globalThis.window = globalThis;
const run = (p) => vm.runInThisContext(fs.readFileSync(path.join(site, p), "utf8"));
const now = () => Number(process.hrtime.bigint()) / 1e6;
run("static/search.js");
let start = now();
run("search-index.js");
const engine = new MTGKB_ENGINE.Engine(globalThis.MTGKB_SEARCH, (p, done) => { run(p); done(); });
MTGKB_ENGINE.current = engine;
const out = { load_ms: now() - start, answers: [] };
for (const [query, versionLabel, max] of queries) {
  const found = engine.meta.versions.find((v) => v[1] === versionLabel);
  start = now();
  engine.search(query, { version: found ? found[0] : -1, max: max || 10 }, (r) => {
    out.answers.push({ query: query, ms: now() - start, total: r.total,
                       suggestion: r.suggestion, hits: r.hits.map((h) => ({
                         title: h.title, kind: h.kind, source: h.source, url: h.url,
                         versions: h.versions })) });
  });
}
process.stdout.write(JSON.stringify(out));
"""


def node_binary() -> str | None:
    """The path of Node.js, or None."""
    return shutil.which("node") or shutil.which("nodejs")


def run_queries(site: Path, queries: list[tuple[str, str, int]], timeout: float = 120
                ) -> dict[str, Any]:
    """`{load_ms, answers: [{query, ms, total, suggestion, hits}]}` for (query, rules
    version label or "", hits wanted) triples, run in one fresh Node process."""
    node = node_binary()
    if node is None:
        raise FileNotFoundError("node is not installed")
    done = subprocess.run([node, "-e", RUNNER, str(site)], input=json.dumps(queries),
                          capture_output=True, text=True, timeout=timeout, check=True)
    result: dict[str, Any] = json.loads(done.stdout)
    return result
