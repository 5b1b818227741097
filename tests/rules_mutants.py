"""Edits of REAL keyword definitions that change their meaning, and rewordings that don't.

`meaning_edits(record)` yields (label, edited record) for every kind of change of meaning
that applies to the text: who is affected (you <-> an opponent, controller <-> owner), signs
(gain <-> lose, +/-, put <-> remove, less <-> more), negations (can <-> can't, does <->
doesn't, may <-> must), an added effect, a removed clause (each sentence of a rule that
states what the keyword does), numbers, zones, durations, ability kinds and timing. Each
edit is made on the text as written, wherever it says it, not on the fields the reader
extracts. `rewordings(record)` yields edits that keep the meaning (era wording, contractions,
"each" -> "every", curly quotes, wrapping, passive voice of "can't be the target").

`sweep(records)` validates every edit and counts: meaning edits caught (`mismatch` or
`unread`), missed (`ok`) or lost (`no-check`), and rewordings flagged.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Iterable, Iterator
from dataclasses import dataclass, field, replace

from kb.model import Record
from kb.rules.validate import check_definition

# (kind, pattern, replacement): the first match in the text is replaced
MEANING: tuple[tuple[str, str, str], ...] = (
    ("actor", r"\byou control\b", "an opponent controls"),
    ("actor", r"\bits controller\b", "its owner"),
    ("actor", r"\bits owner(?:'s)?\b", lambda m: "its controller" + m.group(0)[9:]),
    ("actor", r"\ban opponent\b", "you"),
    ("actor", r"\btarget opponent\b", "target player"),
    ("actor", r"\bdefending player\b", "attacking player"),
    ("actor", r"\bAt the beginning of your upkeep\b", "At the beginning of each upkeep"),
    ("actor", r"\byour (hand|graveyard|library)\b", r"an opponent's \1"),
    ("sign", r"\bgains?\b", lambda m: "loses" if m.group(0) == "gains" else "lose"),
    ("sign", r"\bloses?\b", lambda m: "gains" if m.group(0) == "loses" else "gain"),
    ("sign", r"\+(\d|N|X)/\+(\d|N|X)", r"-\1/-\2"),
    ("sign", r"-(\d|N|X)/-(\d|N|X)", r"+\1/+\2"),
    ("sign", r"\+(\d|N|X)/\+0", r"-\1/-0"),
    ("sign", r"\bless\b", "more"),
    ("sign", r"\bput (an?|N|X|one|that many) ([+\-\w/]+) counters? on\b",
     r"remove \1 \2 counter from"),
    ("sign", r"\bremove (an?|one) ([\w+\-/]+) counters? from\b", r"put \1 \2 counter on"),
    ("sign", r"\buntap\b", "tap"),
    ("negation", r"\bcan't\b", "can"),
    ("negation", r"\bcan be\b", "can't be"),
    ("negation", r"\bdoesn't\b", "does"),
    ("negation", r"\bdon't\b", "do"),
    ("negation", r"\bisn't\b", "is"),
    ("negation", r"\bunless\b", "if"),
    ("negation", r"\byou may\b", "you can't"),
    ("negation", r"\bwithout\b", "with"),
    ("number", r"\b(one|two|three)\b(?! of)", lambda m: {"one": "two", "two": "three",
                                                       "three": "four"}[m.group(0)]),
    ("number", r"\{1\}", "{2}"),
    ("number", r"\bN\b(?=[^\"]*\" means)", "2"),
    ("zone", r"\bgraveyard\b", "exile"),
    ("zone", r"\bexile\b(?! zone)", "graveyard"),
    ("zone", r"\bhand\b", "library"),
    ("zone", r"\btop\b", "bottom"),
    ("zone", r"\bbottom\b", "top"),
    ("zone", r"\bthe battlefield\b", "the command zone"),
    ("duration", r"\buntil end of turn\b", "until your next turn"),
    ("duration", r"\bthis turn\b", "this game"),
    ("duration", r"\bfor the rest of the game\b", "until end of turn"),
    ("kind", r"\bstatic ability\b", "triggered ability"),
    ("kind", r"\btriggered ability\b", "static ability"),
    ("kind", r"\bactivated ability\b", "static ability"),
    ("timing", r"\binstant\b", "sorcery"),
    ("timing", r"\bsorcery\b", "instant"),
    ("timing", r"\bupkeep\b", "end step"),
    ("timing", r"\battacks\b", "blocks"),
    ("timing", r"\bblocks\b", "attacks"),
    ("timing", r"\bWhenever\b", "The first time each turn"),
    ("timing", r"\bfirst\b", "last"),
)
ADDED = (" Then its controller loses 2 life.", " Then return it to its owner's hand.")
REWORDINGS: tuple[tuple[str, str, str], ...] = (
    ("era", r"\benters the battlefield\b", "comes into play"),
    ("era", r"\bon the battlefield\b", "in play"),
    ("era", r"\bexiles?\b(?! zone)", lambda m: "removes from the game"
     if m.group(0) == "exiles" else "remove from the game"),
    ("contraction", r"\bcan't\b", "cannot"),
    ("contraction", r"\bdoesn't\b", "does not"),
    ("contraction", r"\bisn't\b", "is not"),
    ("synonym", r"\beach\b", "every"),
    ("quotes", r"\"([^\"]*)\"", "\u201c\\1\u201d"),
    ("wrapping", r"(?<=\w) (?=\w)", "\n"),
    ("passive", r"\bcan't be the target of\b", "can't be targeted by"),
)


@dataclass
class Tally:
    """Counts of a sweep, per edit kind: caught / missed / lost for meaning edits, flagged
    for rewordings; `misses` names the edits that passed."""

    meaning: Counter[str] = field(default_factory=Counter)
    caught: Counter[str] = field(default_factory=Counter)
    lost: Counter[str] = field(default_factory=Counter)
    rewordings: int = 0
    flagged: int = 0
    misses: list[str] = field(default_factory=list)
    false_flags: list[str] = field(default_factory=list)


def _edit(record: Record, pattern: str, new, label: str) -> tuple[str, Record] | None:  # noqa: ANN001
    text = record.text
    changed = re.sub(pattern, new, text, count=1)
    if changed == text:
        return None
    return label, replace(record, text=changed)


def meaning_edits(record: Record) -> Iterator[tuple[str, Record]]:
    """Every change of meaning that applies to one definition (one edit each)."""
    for kind, pattern, new in MEANING:
        edited = _edit(record, pattern, new, f"{kind}: {pattern} -> {new}")
        if edited:
            yield edited
    units = re.split(r"(?m)(?=^\d{3}\.\d+[a-z]\.? )", record.text)
    meaning = next((u for u in units if " means " in u), None)
    if meaning is not None:
        for added in ADDED:
            quoted = re.sub(r'\."(?=[^"]*$)', "." + added + '"', meaning.rstrip(), count=1)
            if quoted != meaning.rstrip():
                yield (f"added effect: {added.strip()}",
                       replace(record, text=record.text.replace(meaning.rstrip(), quoted, 1)))
    for index, unit in enumerate(units):
        if unit.strip() and len(units) > 1 and not unit.lstrip().startswith("Example"):
            rest = "".join(u for i, u in enumerate(units) if i != index)
            if rest.strip():
                yield f"removed clause: {unit.strip()[:50]}", replace(record, text=rest)


def rewordings(record: Record) -> Iterator[tuple[str, Record]]:
    """Edits that keep the meaning of one definition."""
    for kind, pattern, new in REWORDINGS:
        edited = _edit(record, pattern, new, f"{kind}: {pattern}")
        if edited:
            yield edited


def sweep(records: Iterable[Record], strict: bool = False) -> Tally:
    """Validate every edit of every definition that passes as it stands (`strict`: also as
    `mtgkb validate --strict`, where an unplaced sentence fails)."""
    tally = Tally()
    for record in records:
        if check_definition(record, strict=strict).status != "ok":
            continue
        for label, edited in meaning_edits(record):
            kind = label.split(":")[0]
            tally.meaning[kind] += 1
            status = check_definition(edited, strict=strict).status
            if status in ("mismatch", "unread"):
                tally.caught[kind] += 1
            elif status == "no-check":
                tally.lost[kind] += 1
            else:
                tally.misses.append(f"{record.id}: {label}")
        for label, edited in rewordings(record):
            tally.rewordings += 1
            if check_definition(edited, strict=strict).status != "ok":
                tally.flagged += 1
                tally.false_flags.append(f"{record.id}: {label}")
    return tally
