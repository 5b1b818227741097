"""Partner and its variants (702.123 in 2016, 702.124 in 2026: partner, partner -- [text]
(friends forever), partner with [name], choose a Background, Doctor's companion): deck
construction rules of the Commander variant letting two cards be your commander, each variant
with its own requirement of the pair; the deck holds exactly 100 cards with both."""

from __future__ import annotations

import re
from dataclasses import dataclass

from kb.rules.checks import differ
from kb.rules.claims import Claims, quantity
from kb.rules.registry import Check, Keyword, register

DESIGNATE = (r"(?:\"([^\"]+)\" means \"|\bit means \"|\brather than a single legendary "
             r"creature card, )you (?:may|can) designate (\w+) (legendary )?(creature )?cards as "
             r"your commander"
             r"(?: rather than one)? (?:if|as long as) (.+?)(?:\.?\"(?: and |$)|\.$|\. )")
VARIANT = r"\"([^\"]+)\" is a variant of the partner ability"
DISTINCT = (r"\bdifferent partner abilities are distinct from one another and (can't|cannot|can) "
            r"be combined")
EXAMPLE = (r"\byou (can't|cannot|can) designate (\w+) cards as your commander if one of them has "
           r"[\"']([^\"']+)[\"'] and the other has [\"']([^\"']+?)\.?[\"']")
DECK = r"\byour deck must contain exactly (\d+) cards, including its two commanders"


@dataclass(frozen=True)
class Card:
    """A card as deck construction sees it."""

    name: str
    legendary: bool = True
    types: frozenset[str] = frozenset({"creature"})
    subtypes: frozenset[str] = frozenset()
    abilities: tuple[tuple[str, str], ...] = ()  # (variant, its text or name)

    def __str__(self) -> str:
        return (f"{'legendary ' if self.legendary else ''}{' '.join(sorted(self.subtypes))} "
                f"{'/'.join(sorted(self.types))} {self.name}"
                + "".join(f" with {n} {v}".rstrip() for n, v in self.abilities))


def _has(card: Card, variant: str) -> str | None:
    return next((value for name, value in card.abilities if name == variant), None)


def may_pair(variant: str, a: Card, b: Card) -> bool:
    """The reference: may `a` (with `variant`) and `b` be your two commanders?"""
    both_legendary = a.legendary and b.legendary
    if variant in ("partner", "friends forever"):
        return both_legendary and _has(a, variant) is not None and _has(b, variant) is not None
    if variant == "partner -- [text]":
        return both_legendary and _has(a, variant) is not None and _has(a, variant) == _has(
            b, variant)
    if variant == "partner with [name]":
        return both_legendary and _has(a, variant) == b.name and _has(b, variant) == a.name
    if variant == "choose a background":
        return b.legendary and "background" in b.subtypes and "enchantment" in b.types
    if variant == "doctor's companion":
        return both_legendary and b.subtypes == {"time lord", "doctor"} and "creature" in b.types
    return False


def deck_legal(cards: int, commanders: int) -> bool:
    """The reference: a deck with two commanders holds exactly 100 cards, both included."""
    return commanders == 2 and cards == 100


def _c(name: str, variant: str = "", value: str = "", **fields: object) -> Card:
    return Card(name, abilities=((variant, value),) if variant else (), **fields)  # type: ignore


BG = frozenset({"enchantment"})
PAIRS: dict[str, list[tuple[Card, Card]]] = {
    "partner": [(_c("A", "partner"), _c("B", "partner")), (_c("A", "partner"), _c("B")),
                (_c("A", "partner"), _c("B", "partner", legendary=False))],
    "friends forever": [(_c("A", "friends forever"), _c("B", "friends forever")),
                        (_c("A", "friends forever"), _c("B", "partner"))],
    "partner -- [text]": [(_c("A", "partner -- [text]", "survivors"),
                           _c("B", "partner -- [text]", "survivors")),
                          (_c("A", "partner -- [text]", "survivors"),
                           _c("B", "partner -- [text]", "father & son"))],
    "partner with [name]": [(_c("A", "partner with [name]", "B"),
                             _c("B", "partner with [name]", "A")),
                            (_c("A", "partner with [name]", "B"),
                             _c("C", "partner with [name]", "D"))],
    "choose a background": [(_c("A", "choose a background"),
                             _c("B", types=BG, subtypes=frozenset({"background"}))),
                            (_c("A", "choose a background"),
                             _c("B", types=BG, subtypes=frozenset({"background"}),
                                legendary=False)),
                            (_c("A", "choose a background"), _c("B"))],
    "doctor's companion": [(_c("A", "doctor's companion"),
                            _c("B", subtypes=frozenset({"time lord", "doctor"}))),
                           (_c("A", "doctor's companion"),
                            _c("B", subtypes=frozenset({"time lord", "doctor", "human"}))),
                           (_c("A", "doctor's companion"),
                            _c("B", subtypes=frozenset({"doctor"})))],
}


def _variant(name: str) -> str:
    name = " ".join(name.lower().replace("\u2014", "--").split())
    return "partner -- [text]" if name.startswith("partner --") else name


def _named(condition: str) -> str:
    """The variant an old-style rule ("... if each has a "partner with [name]" ability ...")
    is about: the ability its condition names."""
    found = re.match(r"each (?:of them )?has (?:a )?[\"']?([\w ]+?(?: \[name\])?)[\"']?"
                     r"(?: ability|\.|$)", condition.lower())
    return found.group(1) if found else "partner"


def text_pairs(variant: str, legendary: bool, creature: bool, condition: str, a: Card,
               b: Card) -> bool:
    """What a variant's "means" sentence says of the pair."""
    condition = re.sub(r"[\"']", "", condition.lower().replace("\u2014", "--"))
    if legendary and not (a.legendary and b.legendary) and "this card" not in condition:
        return False
    if creature and not ("creature" in a.types and "creature" in b.types):
        return False
    each = re.match(r"each (?:of them )?has (?:the same )?(?:a )?([\w ]+?|partner -- \[text\]|"
                    r"partner with \[name\])(?: ability)?( with the others name)?\.?$",
                    condition.strip())
    if each:
        named = _variant(each.group(1))
        if each.group(2):
            return _has(a, named) == b.name and _has(b, named) == a.name
        if named == "partner -- [text]":
            return _has(a, named) is not None and _has(a, named) == _has(b, named)
        return _has(a, named) is not None and _has(b, named) is not None
    other = re.match(r"one of them is this card and the other is an? (legendary )?([\w ]+?) "
                     r"(enchantment|creature)(?: card)?( that has no other creature types)?\.?$",
                     condition.strip())
    if other:
        kinds = set(other.group(2).lower().split())
        words = set(" ".join(b.subtypes).split())
        fits = (not other.group(1) or b.legendary) and other.group(3) in b.types
        if other.group(4):
            return fits and words == kinds
        return fits and kinds <= words
    return False


def may_mix(a: Card, b: Card) -> bool:
    """The reference: two cards with different partner abilities are never a pair."""
    return any(may_pair(name, a, b) and _has(b, name) is not None for name, _ in a.abilities)


def _mixed(claims: Claims) -> list[str]:
    """"Different partner abilities ... cannot be combined": partner with partner with."""
    sentence = claims.says(DISTINCT)
    if sentence is None:
        return []
    rule = re.search(DISTINCT, sentence, re.I)
    example = re.search(EXAMPLE, claims.says(EXAMPLE) or "", re.I)
    assert rule is not None
    if example is not None and (example.group(3).lower(), example.group(4).lower()) != (
            "partner", "partner with [name]"):
        return [f'the text\'s example combines "{example.group(3)}" and "{example.group(4)}" '
                f'("{sentence}"), abilities the model doesn\'t know']
    forbidden = rule.group(1).lower() != "can" and (
        example is None or (example.group(1).lower() != "can"
                            and quantity(example.group(2)) == 2))
    a = _c("A", "partner")
    b = _c("B", "partner with [name]", "A")
    return differ(rule.group(0) + (f"; {example.group(0)}" if example else ""), sentence,
                  f"{a} and {b} as commanders", not forbidden, may_mix(a, b))


def check(claims: Claims, era: str) -> list[str] | None:
    """Each variant's pairs of cards, and decks of 99, 100 and 101 cards."""
    found = [(s, m) for s in claims.sentences for m in re.finditer(DESIGNATE, s, re.I)]
    if not found:
        return None
    claims.found.add(DESIGNATE)
    problems = []
    for sentence, match in found:
        claims.mark(sentence)
        variant = _variant(match.group(1) or _named(match.group(5)))
        pairs = PAIRS.get(variant)
        if pairs is None:
            problems.append(f'the text defines the partner variant "{variant}" ("{sentence}"), '
                            "one the model doesn't know")
            continue
        for a, b in pairs:
            expected = quantity(match.group(2)) == 2 and text_pairs(
                variant, bool(match.group(3)), bool(match.group(4)), match.group(5), a, b)
            problems += differ(f"{variant}: {match.group(2)} commanders if {match.group(5)}",
                               sentence,
                               f"{variant}: {a} and {b} as commanders", expected,
                               may_pair(variant, a, b))
    problems += _mixed(claims)
    for sentence in claims.sentences:
        for named in re.findall(VARIANT, sentence, re.I):
            claims.mark(sentence)
            if _variant(named) not in PAIRS:
                problems.append(f'the text names "{named}" a partner variant ("{sentence}"), '
                                "one the model doesn't know")
    deck = re.search(DECK, claims.says(DECK) or "", re.I)
    size = quantity(deck.group(1)) if deck else None
    for cards in (99, 100, 101):
        problems += differ(f"a deck of exactly {size} cards", deck.group(0) if deck else "",
                           f"a deck of {cards} cards with two commanders", cards == size,
                           deck_legal(cards, 2))
    return problems


register(Keyword(
    name="partner",
    aliases=("partner with", "friends forever", "choose a background", "doctor's companion"),
    kind=("static",),
    parameter=("", "with [name]", "-- [text]", "choose a background", "doctor's companion",
               "friends forever"),
    trigger=("enters",),
    durations=("as long as",),
    zones=("command", "hand", "library", "battlefield"),
    checks=(Check("the pairs of commanders each partner ability allows; 100-card decks", check),),
))
