"""Honesty of the checks: changed copies of a definition that validation must flag, and
rewordings it must not.

`mutations(record)` changes ONE claim of a keyword definition at a time (an amount, the
ability kind, the trigger, a zone, a duration, the parameter, what multiple instances do)
and returns each changed copy; `rewordings(record)` rewrites it in another era's wording,
with other quotes, and with other spacing and line breaks. The tests hold every definition
that validates `ok` to both: each mutation must come out `mismatch`, each rewording `ok`
with the same claims.
"""

from __future__ import annotations

import re
from dataclasses import replace

from kb.era import modernize
from kb.model import Record
from kb.rules.claims import (
    DURATIONS,
    QUOTED,
    RULE_LABEL,
    SEPARATE,
    ZONE_WORDS,
    Amount,
    Claims,
    _form_shape,
    normalize_quotes_all,
)
from kb.rules.keywords import spec_for
from kb.rules.validate import claims_of

NUMBER_WORDS = ("zero", "one", "two", "three", "four", "five", "six", "seven", "eight")
KIND_SWAP = {"static": "triggered", "triggered": "static", "activated": "static",
             "evasion": "static", "characteristic-defining": "static", "spell": "static"}
TRIGGER_SWAPS: tuple[tuple[str, str], ...] = (
    ("attacks alone", "blocks alone"), ("attacks and isn't blocked", "blocks"),
    ("blocks or becomes blocked", "attacks"), ("becomes blocked", "attacks"),
    ("attacks", "blocks"), ("blocks", "attacks"),
    ("deals combat damage to a player", "becomes blocked"), ("deals damage", "becomes blocked"),
    ("enters the battlefield", "becomes blocked"), ("comes into play", "becomes blocked"),
    ("put into a graveyard", "becomes blocked"), ("dies", "becomes blocked"),
    ("leaves the battlefield", "becomes blocked"), ("leaves play", "becomes blocked"),
    ("upkeep", "end step"), ("end step", "upkeep"), ("cast", "cycle"), ("cycle", "cast"),
)
OTHER_DURATIONS = ("until your next turn", "for the rest of the game", "this combat",
                   "until end of turn")
# (today's wording, older wording) that an older rules version would print
OLDER: tuple[tuple[str, str], ...] = (
    ("enters the battlefield", "comes into play"), ("enter the battlefield", "come into play"),
    ("entered the battlefield", "came into play"), ("onto the battlefield", "into play"),
    ("on the battlefield", "in play"), ("from the battlefield", "from play"),
    ("leaves the battlefield", "leaves play"), ("to the battlefield", "to play"),
    ("cast this spell", "play this spell"), ("cast a spell", "play a spell"),
    ("in the exile zone", "in the removed-from-the-game zone"), ("dies", "is put into a "
                                                                        "graveyard from play"),
)


def flat(record: Record) -> str:
    """A definition's text with normalised quotes and single spaces (claims unchanged)."""
    return " ".join(normalize_quotes_all(record.text).split())


def _copy(record: Record, text: str | None, label: str) -> tuple[str, Record] | None:
    if text is None or text == flat(record):
        return None
    return label, replace(record, text=text, meta=dict(record.meta))


def _sub_first(pattern: str, new: str, text: str, flags: int = re.I) -> str | None:
    """`text` with the first match of `pattern` outside its `Example:` passages (which claim
    nothing) replaced, or None when nothing matched there."""
    examples = [(m.start(), _example_end(text, m.end()))
                for m in re.finditer(r"\bExample:", text)]
    for match in re.finditer(pattern, text, flags):
        if any(start <= match.start() < end for start, end in examples):
            continue
        return text[:match.start()] + match.expand(new) + text[match.end():]
    return None


def _example_end(text: str, start: int) -> int:
    """Where an example passage that starts at `start` ends: at the next rule's label."""
    label = RULE_LABEL.search(text, start)
    return label.start() if label else len(text)


def _in_text(pattern: str, new: str, text: str) -> str | None:
    """Replace in the text as written, or else in its modern wording."""
    return _sub_first(pattern, new, text) or _sub_first(pattern, new, modernize(text))


def changed_amount(amount: Amount) -> str | None:
    """The span of an amount with its quantity changed (`+1/+1` -> `+2/+2`, `N` -> `two`)."""
    if amount.unit == "pt":
        if re.search(r"[NX]", amount.span):
            return re.sub(r"[NX]", "1", amount.span)
        return re.sub(r"\d+", lambda m: str(int(m.group(0)) + 1) if m.group(0) != "0" else "0",
                      amount.span)
    count = amount.count.lower()
    if count in ("each", "no", "less") or not amount.span:
        return None
    if count in ("n", "x", "that many", "that much"):
        new = "2" if count == "that much" else "two"
    elif count.isdigit():
        new = str(int(count) + 1)
    elif count in ("a", "an", "one", "additional", "another"):
        new = "two"
    elif count in NUMBER_WORDS:
        new = NUMBER_WORDS[NUMBER_WORDS.index(count) + 1]
    else:
        return None
    span = re.sub(rf"^{re.escape(amount.count)}", new, amount.span)
    if new != "2" and amount.unit != "pt" and not span.endswith("s") and amount.unit != "life":
        span += "s"
    return span


def _amounts(record: Record, text: str, claims: Claims) -> list[tuple[str, Record]]:
    found = []
    for amount in claims.amounts:
        if amount.unit not in ("pt", "counter", "life", "permanent", "card", "land"):
            continue
        new = changed_amount(amount)
        if new is None:
            continue
        copy = _copy(record, _in_text(re.escape(amount.span), new, text),
                     f"amount {amount.span!r} -> {new!r}")
        if copy:
            found.append(copy)
    return found


def _kind(record: Record, text: str, claims: Claims) -> tuple[str, Record] | None:
    if not claims.kinds or claims.kinds == ["keyword action"]:
        return None
    pattern = (rf"(\b{re.escape(record.title)}\b(?:\s+\S+){{0,12}}?\s+)"
               r"(static|triggered|activated|evasion|characteristic-defining)(\s+abilit)")
    match = re.search(pattern, text, re.I)
    if not match:
        return None
    new = KIND_SWAP[match.group(2).lower()]
    changed = text[:match.start(2)] + new + text[match.end(2):]
    return _copy(record, changed, f"kind {match.group(2)!r} -> {new!r}")


def _trigger(record: Record, text: str, claims: Claims) -> tuple[str, Record] | None:
    if not claims.triggers:
        return None
    for match in re.finditer(r"\b(when(?:ever)?|at the beginning of)\b([^,.\"]*)", text, re.I):
        clause = match.group(2)
        for old, new in TRIGGER_SWAPS:
            if re.search(rf"\b{re.escape(old)}\b", clause, re.I):
                changed_clause = re.sub(rf"\b{re.escape(old)}\b", new, clause, count=1,
                                        flags=re.I)
                changed = text[:match.start(2)] + changed_clause + text[match.end(2):]
                return _copy(record, changed, f"trigger {old!r} -> {new!r}")
    return None


def _zone(record: Record, text: str, claims: Claims) -> tuple[str, Record] | None:
    zones: list[str | None] = [*(claims.functions_in or claims.zones)] or [None]
    zone = zones[0]
    pattern = dict((z, p) for p, z in ZONE_WORDS).get(zone or "")
    if pattern is None:
        return None
    return _copy(record, _in_text(pattern, "command zone", text),
                 f"zone {zone!r} -> 'command'")


def _duration(record: Record, text: str, claims: Claims) -> tuple[str, Record] | None:
    if not claims.durations:
        return None
    spec = spec_for(record.title)
    allowed = {d for form in spec.forms() for d in form.durations} if spec else set()
    pattern = dict((d, p) for p, d in DURATIONS)[claims.durations[0]]
    new = next(d for d in OTHER_DURATIONS if d not in allowed and d not in claims.durations)
    return _copy(record, _in_text(pattern, new, text),
                 f"duration {claims.durations[0]!r} -> {new!r}")


def _parameter(record: Record, text: str, claims: Claims) -> tuple[str, Record] | None:
    if claims.parameter is None:
        return None
    name = record.title
    for match in QUOTED.finditer(text):
        form = match.group(1)
        if len(form.split()) > 6 or _form_shape(form, name) != claims.parameter:
            continue
        if form.lower().startswith(name.lower()):
            shape = claims.parameter
            new = f"{form[:len(name)]} {'[cost]' if shape.startswith('n') else 'N'}"
        else:
            new = f"{form.rstrip(',.')} N"
        changed = text[:match.start(1)] + new + text[match.end(1):]
        return _copy(record, changed, f"parameter {form!r} -> {new!r}")
    return None


def _instances(record: Record, text: str, claims: Claims) -> tuple[str, Record] | None:
    if claims.instances == "redundant":
        return _copy(record, _sub_first(r"\bare redundant\b", "each work separately", text),
                     "instances redundant -> separate")
    if claims.instances == "separate":
        return _copy(record, _sub_first(SEPARATE.pattern, "are redundant", text),
                     "instances separate -> redundant")
    return None


def mutations(record: Record) -> list[tuple[str, Record]]:
    """(what changed, changed copy) for each claim of the definition that can be changed."""
    text = flat(record)
    claims = claims_of(replace(record, text=text))
    found = _amounts(record, text, claims)
    for make in (_kind, _trigger, _zone, _duration, _parameter, _instances):
        copy = make(record, text, claims)
        if copy:
            found.append(copy)
    return found


def older_wording(text: str) -> str:
    """Today's rules wording rewritten the way the rules said it before 2009."""
    for new, old in OLDER:
        text = re.sub(rf"\b{re.escape(new)}\b", old, text)
    return text


def curly_quotes(text: str) -> str:
    """Straight double quotes as alternating curly ones."""
    parts = text.split('"')
    out = parts[0]
    for index, part in enumerate(parts[1:]):
        out += ("\u201c" if index % 2 == 0 else "\u201d") + part
    return out


def rewrapped(text: str) -> str:
    """Double spaces and a line break every eight words."""
    words = text.split()
    lines = ["  ".join(words[i:i + 8]) for i in range(0, len(words), 8)]
    return "\n".join(lines)


def rewordings(record: Record) -> list[tuple[str, Record]]:
    """The same definition in older wording, other quotes, other spacing."""
    text = flat(record)
    variants = [("older wording", older_wording(text)), ("curly quotes", curly_quotes(text)),
                ("single quotes", text.replace('"', "'")), ("spacing", rewrapped(text))]
    return [(label, replace(record, text=changed, meta=dict(record.meta)))
            for label, changed in variants if changed != text or label == "spacing"]
