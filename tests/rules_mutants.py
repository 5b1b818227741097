"""Edits of REAL keyword definitions that change their meaning, and rewordings that don't.

`meaning_edits(record)` yields (label, edited record) for every kind of change of meaning
that applies to the text: who is affected (you <-> an opponent, controller <-> owner,
defending <-> attacking player), signs (gain <-> lose, +/-, put <-> remove, less <-> more,
tap <-> untap), negations (can <-> can't, does <-> doesn't, may <-> can't, unless <-> if),
an added effect (inside the quoted ability, as a new sentence, as a clause tacked onto a
sentence), a removed clause (each rule, each sentence, the last comma clause of a
sentence), numbers, zones, durations, ability kinds and timing. Each edit is made on the
text as written, on the first (and the last) place that says it in the rules proper (not in
an "Example:" passage or a "(See rule ...)" pointer), never on what a reader extracted.
`rewordings(record)` yields edits that keep the meaning: era wording both ways ("comes into
play", "converted mana cost", "removed from the game", "is put into a graveyard from the
battlefield"), contractions both ways, "each" -> "every", curly and single quotes, line
wrapping, the passive voice ("can't be targeted by"), and sentence order inside a rule.

`sweep(records)` validates every edit and counts, per source group (`cr`: a Comprehensive
Rules text, `seeds`: the other shipped sources): meaning edits caught (`mismatch` or
`unread`), missed (`ok`) or lost (`no-check`), and rewordings flagged.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass, field, replace

from kb.model import Record
from kb.rules.validate import check_definition

Replacement = str | Callable[[re.Match[str]], str]

# (kind, pattern, replacement): the first (and the last) match in the rules text is replaced
MEANING: tuple[tuple[str, str, Replacement], ...] = (
    ("actor", r"\byou control\b", "an opponent controls"),
    ("actor", r"\byour opponents control\b", "you control"),
    ("actor", r"\bits controller\b", "its owner"),
    ("actor", r"\bits owner(?:'s)?\b", lambda m: "its controller" + m.group(0)[9:]),
    ("actor", r"\ban opponent\b", "you"),
    ("actor", r"\beach opponent\b", "each player"),
    ("actor", r"\btarget opponent\b", "target player"),
    ("actor", r"\bdefending player\b", "attacking player"),
    ("actor", r"\battacking player\b", "defending player"),
    ("actor", r"\bAt the beginning of your upkeep\b", "At the beginning of each upkeep"),
    ("actor", r"\byour (hand|graveyard|library)\b", r"an opponent's \1"),
    ("actor", r"\bYou may\b", "An opponent may"),
    ("sign", r"\bgains?\b", lambda m: "loses" if m.group(0) == "gains" else "lose"),
    ("sign", r"\bloses?\b", lambda m: "gains" if m.group(0) == "loses" else "gain"),
    ("sign", r"\+(\d|N|X)/\+(\d|N|X)", r"-\1/-\2"),
    ("sign", r"-(\d|N|X)/-(\d|N|X)", r"+\1/+\2"),
    ("sign", r"\+(\d|N|X)/\+0", r"-\1/-0"),
    ("sign", r"\bless\b", "more"),
    ("sign", r"\bmore\b", "less"),
    ("sign", r"\bgreater\b", "less"),
    ("sign", r"\bput (an?|N|X|one|that many) ([+\-\w/]+) counters? on\b",
     r"remove \1 \2 counter from"),
    ("sign", r"\bremove (an?|one) ([\w+\-/]+) counters? from\b", r"put \1 \2 counter on"),
    ("sign", r"\buntap\b", "tap"),
    ("sign", r"\btap\b", "untap"),
    ("sign", r"\bprevent\b", "double"),
    ("negation", r"\bcan't\b", "can"),
    ("negation", r"\bcan\b(?!')", "can't"),
    ("negation", r"\bdoesn't\b", "does"),
    ("negation", r"\bdon't\b", "do"),
    ("negation", r"\bisn't\b", "is"),
    ("negation", r"\bis\b(?= (?:a|an|the|put|dealt|not)\b)", "isn't"),
    ("negation", r"\bunless\b", "if"),
    ("negation", r"\byou may\b", "you can't"),
    ("negation", r"\bwithout\b", "with"),
    ("negation", r"\bonly\b ", ""),
    ("negation", r"\bany\b", "no"),
    ("number", r"\b(one|two|three)\b(?! of)", lambda m: {"one": "two", "two": "three",
                                                       "three": "four"}[m.group(0)]),
    ("number", r"(?<![\d.])\b([1-9])\b(?!\.\d)(?!/)", lambda m: str(int(m.group(1)) + 1)),
    ("number", r"\{1\}", "{2}"),
    ("number", r"\bN\b(?=[^\"]*\" means)", "2"),
    ("zone", r"\bgraveyard\b", "exile"),
    ("zone", r"\bexile\b(?! zone)", "graveyard"),
    ("zone", r"\bhand\b", "library"),
    ("zone", r"\blibrary\b", "hand"),
    ("zone", r"\btop\b", "bottom"),
    ("zone", r"\bbottom\b", "top"),
    ("zone", r"\bthe battlefield\b", "the command zone"),
    ("zone", r"\bthe stack\b", "the battlefield"),
    ("duration", r"\buntil end of turn\b", "until your next turn"),
    ("duration", r"\bthis turn\b", "this game"),
    ("duration", r"\bfor the rest of the game\b", "until end of turn"),
    ("duration", r"\bas long as\b", "until"),
    ("kind", r"\bstatic abilit", "triggered abilit"),
    ("kind", r"\btriggered abilit", "static abilit"),
    ("kind", r"\bactivated abilit", "static abilit"),
    ("kind", r"\bcharacteristic-defining abilit", "triggered abilit"),
    ("kind", r"\bevasion abilit", "triggered abilit"),
    ("timing", r"\binstant\b", "sorcery"),
    ("timing", r"\bsorcery\b", "instant"),
    ("timing", r"\bupkeep\b", "end step"),
    ("timing", r"\battacks\b", "blocks"),
    ("timing", r"\bblocks\b", "attacks"),
    ("timing", r"\bWhenever\b", "The first time each turn"),
    ("timing", r"\bfirst\b", "last"),
    ("timing", r"\bbefore\b", "after"),
    ("timing", r"\bafter\b", "before"),
    ("timing", r"\bbeginning\b", "end"),
)
EFFECTS = ("Then its controller loses 2 life.", "Then return it to its owner's hand.",
           "Then you draw a card.")
TACKED = ", and each opponent gains 1 life."
# (kind, pattern, replacement) of edits that keep the meaning
REWORDINGS: tuple[tuple[str, str, Replacement], ...] = (
    ("era", r"\benters the battlefield\b", "comes into play"),
    ("era", r"\benters\b(?! the battlefield)", "enters the battlefield"),
    ("era", r"\bon the battlefield\b", "in play"),
    ("era", r"\bmana value\b", "converted mana cost"),
    ("era", r"\bexiles?\b(?! zone)", lambda m: "removes from the game"
     if m.group(0) == "exiles" else "remove from the game"),
    ("era", r"\bdies\b", "is put into a graveyard from the battlefield"),
    ("contraction", r"\bcan't\b", "cannot"),
    ("contraction", r"\bdoesn't\b", "does not"),
    ("contraction", r"\bisn't\b", "is not"),
    ("contraction", r"\bdoes not\b", "doesn't"),
    ("synonym", r"\beach\b", "every"),
    ("synonym", r"\bEach\b", "Every"),
    ("passive", r"\bcan't be the target of\b", "can't be targeted by"),
    ("passive", r"\bcan be the target of\b", "can be targeted by"),
)
# sentence openings that lean on the sentence before (not moved by a reordering)
ANAPHORA = (r"(?:it|its|they|their|this|that|these|those|then|to do so|otherwise|however|"
            r"if (?:it|they|not|so|that|this|you do)|as|in that|each of|doing so|the)\b")
LABEL = re.compile(r"(?m)(?=^\d{3}\.\d+[a-z]?\.? )")
SENTENCE = re.compile(r"(?<=[.!?])(?<!\b[A-Z]\.)\s+(?=[A-Z])")


@dataclass
class Tally:
    """Counts of a sweep, per edit kind: caught / missed / lost for meaning edits, flagged
    for rewordings; `by_group` per source group and kind ((group, kind) -> [caught, all]);
    `misses` and `false_flags` name the edits that went wrong."""

    meaning: Counter[str] = field(default_factory=Counter)
    caught: Counter[str] = field(default_factory=Counter)
    lost: Counter[str] = field(default_factory=Counter)
    rewordings: int = 0
    flagged: int = 0
    by_group: dict[tuple[str, str], list[int]] = field(default_factory=dict)
    misses: list[str] = field(default_factory=list)
    false_flags: list[str] = field(default_factory=list)

    def note(self, group: str, kind: str, caught: bool) -> None:
        """Count one edit of a group."""
        counts = self.by_group.setdefault((group, kind), [0, 0])
        counts[0] += int(caught)
        counts[1] += 1


def rules_spans(text: str) -> list[tuple[int, int]]:
    """The stretches of a definition that state rules: everything but "Example:" passages
    (to the end of their rule) and "(See rule ...)" pointers."""
    hidden = [(m.start(), m.end()) for m in re.finditer(
        r"Example:.*?(?=\n\d{3}\.\d+[a-z]?\.? |\Z)|\((?:See|see) [^()]*\)", text, re.S)]
    spans, start = [], 0
    for begin, end in hidden:
        if begin > start:
            spans.append((start, begin))
        start = max(start, end)
    if start < len(text):
        spans.append((start, len(text)))
    return spans


def _matches(pattern: str, text: str) -> list[re.Match[str]]:
    spans = rules_spans(text)
    return [m for m in re.finditer(pattern, text)
            if any(a <= m.start() and m.end() <= b for a, b in spans)]


def _edit_at(record: Record, match: re.Match[str], new: Replacement, label: str
             ) -> tuple[str, Record] | None:
    replacement = new(match) if callable(new) else match.expand(new)
    text = record.text
    changed = text[:match.start()] + replacement + text[match.end():]
    if changed == text:
        return None
    return label, replace(record, text=changed)


def _edits(record: Record, table: Iterable[tuple[str, str, Replacement]], both: bool
           ) -> Iterator[tuple[str, Record]]:
    for kind, pattern, new in table:
        found = _matches(pattern, record.text)
        places = [found[0], found[-1]] if both and len(found) > 1 else found[:1]
        for number, match in enumerate(places):
            edited = _edit_at(record, match, new, f"{kind}: {pattern}"
                              + (" (last)" if number else ""))
            if edited:
                yield edited


def _units(text: str) -> list[str]:
    return [u for u in LABEL.split(text) if u.strip()]


def _rules_sentences(unit: str) -> list[str]:
    """The sentences of a rule that state rules (no label, example or pointer), outside
    quotations."""
    body = re.sub(r"^\d{3}\.\d+[a-z]?\.? ", "", unit.strip())
    body = re.split(r"\s*Example:", body)[0]
    masked = re.sub(r'"[^"]*"', lambda m: m.group(0).replace(".", "\u2024")
                    .replace("!", "\u2025").replace("?", "\u2026"), body)
    parts = SENTENCE.split(masked)
    out = []
    for part in parts:
        part = part.replace("\u2024", ".").replace("\u2025", "!").replace("\u2026", "?")
        if part.strip() and not re.match(r"\(?See\b", part):
            out.append(part.strip())
    return out


def _added(record: Record) -> Iterator[tuple[str, Record]]:
    text = record.text
    quote = next(iter(_matches(r'\bmeans "([^"]*?)(\.?)"', text)), None)
    if quote is not None:
        for effect in EFFECTS:
            inside = text[:quote.end(1)] + (quote.group(2) or ".") + " " + effect[:-1] + \
                text[quote.end(2):]
            yield f"added effect: in the ability: {effect}", replace(record, text=inside)
    sentences = [s for unit in _units(text) for s in _rules_sentences(unit)]
    if sentences:
        first = sentences[0]
        at = text.find(first) + len(first)
        yield (f"added effect: a sentence: {EFFECTS[0]}",
               replace(record, text=text[:at] + " " + EFFECTS[0] + text[at:]))
        last = sentences[-1]
        if last.endswith(".") and '"' not in last:
            at = text.find(last) + len(last) - 1
            yield (f"added effect: a clause: {TACKED}",
                   replace(record, text=text[:at] + TACKED + text[at + 1:]))


def _removed(record: Record) -> Iterator[tuple[str, Record]]:
    text = record.text
    units = _units(text)
    if len(units) > 1:
        for index, unit in enumerate(units):
            if unit.lstrip().startswith("Example"):
                continue
            rest = "".join(u for i, u in enumerate(units) if i != index)
            if rest.strip():
                yield f"removed clause: rule {unit.strip()[:40]}", replace(record, text=rest)
    for unit in units:
        sentences = _rules_sentences(unit)
        if len(sentences) < 2:
            continue
        for sentence in sentences:
            at = text.find(sentence)
            if at >= 0:
                cut = text[:at] + text[at + len(sentence):].lstrip(" ")
                yield (f"removed clause: sentence {sentence[:40]}",
                       replace(record, text=cut))
        for sentence in sentences:
            comma = sentence.rfind(", ")
            if '"' in sentence or comma < 20 or not sentence.endswith("."):
                continue
            at = text.find(sentence)
            if at >= 0:
                cut = text[:at + comma] + "." + text[at + len(sentence):]
                yield f"removed clause: part {sentence[comma:comma + 40]}", replace(record,
                                                                                  text=cut)
                break


def meaning_edits(record: Record) -> Iterator[tuple[str, Record]]:
    """Every change of meaning that applies to one definition (one edit each)."""
    yield from _edits(record, MEANING, both=True)
    yield from _added(record)
    yield from _removed(record)


def rewordings(record: Record) -> Iterator[tuple[str, Record]]:
    """Edits that keep the meaning of one definition."""
    yield from _edits(record, REWORDINGS, both=False)
    text = record.text
    if '"' in text and "'" not in text.replace("'s", "").replace("n't", ""):
        yield "quotes: single", replace(record, text=text.replace('"', "'"))
    if '"' in text:
        parts = text.split('"')
        curly = parts[0] + "".join(("\u201c" if i % 2 == 0 else "\u201d") + part
                                   for i, part in enumerate(parts[1:]))
        yield "quotes: curly", replace(record, text=curly)
    words = record.text.split(" ")
    if len(words) > 12:
        wrapped = "".join(w + ("\n" if i % 9 == 8 and not re.match(r"\d{3}\.", words[i + 1])
                               else " ") for i, w in enumerate(words[:-1])) + words[-1]
        yield "wrapping: a line break every nine words", replace(record, text=wrapped)
    for unit in _units(record.text):
        sentences = _rules_sentences(unit)
        body = " ".join(sentences)
        if len(sentences) > 1 and body in record.text and not any(
                re.match(ANAPHORA, s, re.I) for s in sentences[1:]):
            swapped = " ".join([sentences[-1], *sentences[:-1]])
            yield ("sentence order: the last sentence of a rule first",
                   replace(record, text=record.text.replace(body, swapped, 1)))
            break


def group_of(record: Record) -> str:
    """`cr` for a Comprehensive Rules text, else `seeds`."""
    return "cr" if record.source.startswith("cr-") else "seeds"


def sweep(records: Iterable[Record], strict: bool = False) -> Tally:
    """Validate every edit of every definition that passes as it stands (`strict`: also as
    `mtgkb validate --strict`, where an unplaced sentence fails)."""
    tally = Tally()
    for record in records:
        if check_definition(record, strict=strict).status != "ok":
            continue
        group = group_of(record)
        for label, edited in meaning_edits(record):
            kind = label.split(":")[0]
            tally.meaning[kind] += 1
            status = check_definition(edited, strict=strict).status
            caught = status in ("mismatch", "unread")
            tally.note(group, kind, caught)
            if caught:
                tally.caught[kind] += 1
            elif status == "no-check":
                tally.lost[kind] += 1
            else:
                tally.misses.append(f"{record.id}: {label}")
        for label, edited in rewordings(record):
            tally.rewordings += 1
            flagged = check_definition(edited, strict=strict).status != "ok"
            tally.note(group, "rewording", flagged)
            if flagged:
                tally.flagged += 1
                tally.false_flags.append(f"{record.id}: {label}")
    return tally
