"""Linking never crashes and stays linear in the length of texts and names (issue 11).

Names of 5,000 characters and texts of a megabyte, made of the shipped documents' own
words: the old regex alternation hit RecursionError at ~490 characters and took minutes
on such texts. Timings are in bench/bench_links.py; here a generous subprocess timeout
only separates "linear" from "wedged".
"""

from __future__ import annotations

import json
import subprocess
import sys

from conftest import DATA, ROOT

from kb.links import Linker
from kb.model import Record

FAQ = DATA / "sources" / "shards-of-alara-faq-2008.txt"


def long_name(size: int, step: int = 7) -> str:
    """A name of about `size` characters from the FAQ's words (each `step`-th),
    capitalised as a card's."""
    words = [w for w in FAQ.read_text().split() if w.isalpha()]
    name, i = [], 0
    while len(" ".join(name)) < size:
        name.append(words[i % len(words)].capitalize())
        i += step
    return " ".join(name)


def test_a_name_of_5000_characters_is_found_without_error():
    name, other = long_name(5000), long_name(5000, step=11).lower()
    card = Record(id="s:card:long", kind="card", source="s", title=name, text="x")
    keyword = Record(id="s:keyword:long", kind="keyword", source="s", title=other,
                     text="", keywords=[other])
    text = (f"If {name} attacks, {other}'s ability, {name.lower()} and {name[:-1]} "
            f"do nothing; {other.upper()} does.")
    ruling = Record(id="s:ruling:1", kind="ruling", source="s", title="r", text=text)
    mentions = Linker([card, keyword, ruling]).mentions(text, ruling)
    # the card only as printed, the keyword in any case; a name cut short is no name
    assert [(m.kind, m.target, len(m.text)) for m in mentions] == [
        ("card", card.id, len(name)), ("keyword", keyword.id, len(other)),
        ("keyword", keyword.id, len(other))]


SCRIPT = r"""
import json, sys
from ingest.registry import parse_source
from ingest.source import load_manifest
from kb.links import build_links
from kb.model import Record
from pathlib import Path

data, name = Path(sys.argv[1]), sys.argv[2]
records = [r for s in load_manifest(data) for r in parse_source(s)]
faq = " ".join((data / "sources" / "shards-of-alara-faq-2008.txt").read_text().split())
numbers = [r.rule for r in records if r.rule]
line = (faq + " " + name + ". ") * (1_000_000 // (len(faq) + len(name)) + 1)
refs = "See rules " + ", ".join(numbers * (1_000_000 // (7 * len(numbers)) + 1)) + "."
big = [Record(id="big:card:long", kind="card", source="big", title=name, text="x"),
       Record(id="big:keyword:long", kind="keyword", source="big", title=name[7:].lower(),
              text="", keywords=[name[7:].lower()]),
       Record(id="big:ruling:1", kind="ruling", source="big", title="r", text=line),
       Record(id="big:ruling:2", kind="ruling", source="big", title="r", text=refs)]
graph = build_links(records + big)
print(json.dumps({"sizes": [len(line), len(refs)], "cards": big[2].cards,
                  "refs": len([ln for ln in graph.links if ln.src == "big:ruling:2"]),
                  "numbers": len(set(numbers))}))
"""


def test_megabyte_texts_and_long_names_link_in_bounded_time():
    name = long_name(5000)
    done = subprocess.run([sys.executable, "-c", SCRIPT, str(DATA), name], cwd=ROOT,
                          capture_output=True, text=True, timeout=300, check=True)
    result = json.loads(done.stdout)
    assert min(result["sizes"]) >= 1_000_000
    assert result["cards"][-1:] == [name]
    assert result["refs"] >= 0.9 * result["numbers"]  # each number cited, linked once
