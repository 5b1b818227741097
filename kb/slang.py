"""Players' words for what the rules name otherwise: one table, one rewrite.

A judge hears "can I kill it in response", "I bounce it and recast it", "does it fizzle",
"I blink my creature"; the rules that answer say destroy, return to its owner's hand,
doesn't resolve, exile and return to the battlefield. `SLANG` pairs each player's
expression (with its inflections: "bounced" and "bouncing" are "bounce", "stole" is "steal")
with the rules' words for it, and `rules_wording` rewrites a query into them. Search reads
the rewrite as one more wording of the query: the user's own words keep their weight, and
each slang expression counts as much as one word spread over the rules words it stands for.
A verb's irregular past form is read the same way as its verb ("my opponent drew from an
empty library": draw; "every player lost": lose), the auxiliaries' aside.
Like `kb.era` (the rules' own renames), this is vocabulary and imports only vocabulary
(`kb.lemma`'s irregular verbs): the caller hands in the index's tokenizer, so the
expressions are read as the records' words are.
"""

# No `from __future__ import annotations`: a `NamedTuple` class compiles each field's
# annotation that is a string (a postponed one) at import, a cold search's cost.

import functools
from collections.abc import Callable, Sequence
from typing import NamedTuple, Protocol

from kb.lemma import IRREGULAR_PAST

# (what players say, "|" between spellings of one expression; what the rules say)
SLANG: tuple[tuple[str, str], ...] = (
    ("kill", "destroy dies"),
    ("bounce", "return to its owner's hand"),
    ("blink|flicker", "exile return to the battlefield new object"),
    ("fizzle", "doesn't resolve illegal targets"),
    ("pump|buff", "gets +N/+N until end of turn"),
    ("etb|etbs", "enters"),
    ("ltb", "leaves the battlefield"),
    ("sac|sacs|sacced|saccing", "sacrifice"),
    ("decked|deck out|decked out|mill out|run out of cards",
     "draw a card from a library with no cards in it loses"),
    ("deck", "library"),
    ("top deck|topdeck", "top card of library"),
    ("yard|gy", "graveyard"),
    ("chump|chump block", "block"),
    ("summoning sick|summoning sickness",
     "continuously controlled since their most recent turn began"),
    ("removal", "destroy exile"),
    ("steal", "gain control"),
    ("tutor", "search library"),
    ("wrath|board wipe|sweeper", "destroy all creatures"),
    ("ping|pinger", "deals 1 damage"),
    ("cantrip", "draw a card"),
    ("loot", "draw then discard"),
    ("use", "activate"),
    ("wearing|carrying", "equipped attached"),
    ("swing|swing in", "attack"),
    ("reanimate|revive", "return from graveyard to the battlefield"),
    ("recast", "cast again"),
    ("lifegain", "gain life"),
    ("cmc", "mana value"),
    ("walker|pw", "planeswalker"),
    ("mana dork", "creature mana ability"),
    ("scoop", "concede"),
    ("mull", "mulligan"),
    ("counterspell", "counter target spell"),
    ("respond|in response", "priority"),
    ("swap", "switch exchange"),
    ("already has", "multiple instances"),
    ("trample over|tramples over", "excess damage"),
    ("go first|goes first", "plays first"),
    ("hasty", "haste"),
    ("sorcery speed", "main phase stack is empty any time they could cast a sorcery"),
    ("instant speed", "any time they have priority"),
    ("lki", "last known information"),
    ("sba|sbas", "state-based actions"),
    ("eot", "end of turn end step"),
    ("mv", "mana value"),
    ("for free", "without paying its mana cost"),
    ("alt cost", "alternative cost"),
    ("double block|gang block", "blocked by two or more creatures"),
    ("vanilla", "no abilities"),
    ("dfc|dfcs", "double-faced card"),
    ("mdfc|mdfcs", "modal double-faced card"),
    ("mana rock", "artifact mana ability"),
    ("wear off|go away", "end removed"),
    ("fall off", "attached to an illegal object unattached"),
    ("pro", "protection from"),
    ("burn spell", "spell deals damage"),
    ("death trigger|dies trigger", "dies triggered ability"),
    ("cast trigger", "whenever you cast triggered ability"),
    ("proc", "trigger"),
    ("board", "battlefield"),
    ("land drop", "play a land"),
    ("tap for mana", "activate mana abilities"),
    ("first striker", "creature with first strike"),
    ("double striker", "creature with double strike"),
    ("combat trick", "instant during combat"),
    ("remember", "memory"),
    ("blow up", "destroy"),
    ("edict", "each player sacrifices a creature"),
    ("2hg", "two-headed giant"),
    ("edh", "commander"),
    ("fog", "prevent all combat damage"),
    ("tuck", "put on the bottom of its owner's library"),
    ("rummage", "discard then draw"),
    ("clone", "copy"),
    ("night side|nightside", "back face transformed"),
    ("day side|dayside", "front face"),
    ("plus|minus", "activate loyalty ability"),
    ("pitch", "discard"),
    ("shield|shields", "prevention effect"),
    # plain words the rules also word otherwise (both are the rules' own: "at the same
    # time" and 104.4a "lose simultaneously"; 400.3 "would go to any ... graveyard" and
    # 704.5f "put into its owner's graveyard")
    ("at the same time", "simultaneously"),
    ("go to the graveyard", "put into a graveyard"),
)


# verbs that mostly help another ("was countered", "did it", "got exiled"): their past
# forms are not read as the verb
AUXILIARIES = frozenset({"be", "do", "have", "get"})


class Rewrite(NamedTuple):
    """A query in the rules' words, and what each slang expression was rewritten to."""

    text: str
    meanings: tuple[str, ...]


class Word(Protocol):
    """A token of the caller's tokenizer: the word as written (lower case), its span."""

    @property
    def word(self) -> str: ...
    @property
    def start(self) -> int: ...
    @property
    def end(self) -> int: ...


Tokenizer = Callable[[str], Sequence[Word]]


def forms(word: str) -> set[str]:
    """A word's inflections ("bounce": bounces, bounced, bouncing; "sac": sacced; a verb
    of `kb.lemma.IRREGULAR_PAST` its past forms too: "steal": stole, stolen) (not its
    stem: "removal" and "removed" share one, and only the first is slang)."""
    stem = word[:-1] if word.endswith("e") else word
    return {word, word + "s", word + "es", stem + "ed", stem + "ing",
            word + word[-1] + "ed", word + word[-1] + "ing", *IRREGULAR_PAST.get(word, ())}


@functools.cache
def _table(tokenize: Tokenizer) -> dict[str, list[tuple[tuple[frozenset[str], ...], str]]]:
    """A word form -> (the forms of each word of a spelling, rules words), longest
    spellings first (every word of a spelling inflects)."""
    rows = [(tuple(frozenset(forms(t.word)) for t in tokenize(spelling)), rules)
            for said, rules in SLANG for spelling in said.split("|")]
    # any verb's irregular past form is read as its verb too ("drew": draw, "lost": lose),
    # one more wording as slang is, where the index stems them apart (`kb.lemma`)
    rows += [((frozenset(past),), verb) for verb, past in IRREGULAR_PAST.items()
             if verb not in AUXILIARIES]
    table: dict[str, list[tuple[tuple[frozenset[str], ...], str]]] = {}
    for row in sorted(rows, key=lambda row: -len(row[0])):
        for form in row[0][0]:
            table.setdefault(form, []).append(row)
    return table


def is_slang(word: str, tokenize: Tokenizer) -> bool:
    """Whether a word (lower case) begins a player's expression the table knows (so it is
    not a misspelling, even where no record uses it)."""
    return word in _table(tokenize)


def rules_wording(text: str, tokenize: Tokenizer) -> Rewrite | None:
    """The text with every player's expression replaced by the rules' words for it (words
    as `tokenize` reads them), or None when it uses none."""
    words = tokenize(text)
    table = _table(tokenize)
    out: list[str] = []
    meanings: list[str] = []
    at = i = 0
    while i < len(words):
        for said, rules in table.get(words[i].word, ()):
            if len(words) - i >= len(said) and all(
                    t.word in allowed for t, allowed in zip(words[i:], said, strict=False)):
                end = words[i + len(said) - 1].end
                out += [text[at:words[i].start], rules]
                meanings.append(rules)
                at, i = end, i + len(said)
                break
        else:
            i += 1
    if not meanings:
        return None
    return Rewrite("".join(out) + text[at:], tuple(meanings))
