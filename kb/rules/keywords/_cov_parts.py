"""The abilities a keyword represents, in order, as its text counts them ("The first is a
static ability ... The second is a triggered ability ..."), held against the parts the
keyword's model is built of: a text that swaps the kind of one part changes which part is
what even when the set of kinds stays the same."""

from __future__ import annotations

import re
from collections.abc import Callable

from kb.rules.checks import differ
from kb.rules.claims import KINDS, Claims

ORDINALS = ("first", "second", "third", "fourth", "fifth")
PART = re.compile(rf"\bthe ({'|'.join(ORDINALS)}) (?:ability )?is (?:an? )?({'|'.join(KINDS)}) "
                  r"ability", re.I)
# "The first and second are static abilities"
BOTH = re.compile(rf"\bthe ({'|'.join(ORDINALS)}) and ({'|'.join(ORDINALS)}) are "
                  rf"({'|'.join(KINDS)}) abilities", re.I)

# "represents a static ability and a triggered ability"
PAIR = re.compile(rf"\brepresents (?:two abilities: )?an? ({'|'.join(KINDS)}) ability\b[^.]*? "
                  rf"and an? ({'|'.join(KINDS)}) ability", re.I)


def parts(claims: Claims) -> tuple[list[str], str] | None:
    """The kinds of the numbered parts, in order ([] entries for a part named without a
    kind), and the first sentence naming one; None when the text numbers no parts."""
    found: dict[int, str] = {}
    quote = ""
    for sentence in claims.sentences:
        for match in PART.finditer(sentence):
            claims.mark(sentence)
            quote = quote or sentence
            found.setdefault(ORDINALS.index(match.group(1).lower()), match.group(2).lower())
        for match in BOTH.finditer(sentence):
            claims.mark(sentence)
            quote = quote or sentence
            for ordinal in match.group(1, 2):
                found.setdefault(ORDINALS.index(ordinal.lower()), match.group(3).lower())
    if not found:
        for sentence in claims.sentences:
            pair = PAIR.search(sentence)
            if pair:
                claims.mark(sentence)
                claims.found.add(PAIR.pattern)
                return [pair.group(1).lower(), pair.group(2).lower()], sentence
        return None
    claims.found.add(PART.pattern)
    return [found.get(i, "") for i in range(max(found) + 1)], quote


def parts_check(model: tuple[str, ...]) -> Callable[[Claims, str], list[str] | None]:
    """A check: the parts the text numbers are the model's parts, in order."""
    def check(claims: Claims, era: str) -> list[str] | None:
        found = parts(claims)
        if found is None:
            return None
        kinds, quote = found
        actual = [kind if kinds[i] else "" for i, kind in enumerate(model[:len(kinds)])]
        return differ("the abilities it represents are, in order, " + ", ".join(
            k or "(unstated)" for k in kinds), quote, "the parts of the model", kinds, actual)
    return check
