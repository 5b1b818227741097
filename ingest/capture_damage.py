"""Noticing capture damage in text scraped from web pages, without repairing it.

Pages saved as text lose things: card names that were links drop the text after them
(a closing parenthesis, a question mark, the rest of a sentence), mana symbols that were
images vanish or leave `![]()`, line breaks between words disappear ("fearcan't"). The
parsers keep the text as captured and list what they notice in `meta['damage']`; every
finding quotes the text it is about, so a reader can check it against the record.

Each detector is one small function `text -> list[str]` (or with the statistics it needs),
measured on the shipped documents; none of them guesses what the lost text was.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Iterable
from functools import lru_cache

from kb.damage import RunTogether

WORD = re.compile(r"[A-Za-z]+(?:'[a-z]+)?")
QUOTE_WIDTH = 30

# `![]()`: an image (a mana symbol) whose picture the capture lost
_LOST_IMAGE = re.compile(r"!\[\]\(\)")
# an article right before a function word ("has an in its mana cost", "uses the or
# symbols"), or "with in": a word (a mana symbol image) between them was lost
_LOST_WORD = re.compile(r"\b(?:(?:an?|the) (?:in|of|or|on|to|and|is|for|from)|with in)\b", re.I)
# a sentence or clause glued to the next one: "it.Note", "and,at", "cost?A:" (the letter
# before looked behind from the mark, so that the regex engine skips to marks)
_MISSING_SPACE = re.compile(r"[.?!](?<=[a-z][.?!])(?=[A-Z][a-z:])|,(?<=[a-z],)(?=[a-z])")
_SENTENCE_END = re.compile(r"[.?!][\"')\]]*$")
_CAPITALISED = re.compile(r"[A-Z][a-z]+")
_NAME_WORD = re.compile(r"[A-Z][\w'-]*")
_CLOSING = re.compile(r"[.?!:)\]\"']$")


def quote(text: str, start: int, end: int, width: int = QUOTE_WIDTH) -> str:
    """`text[start:end]` with some context either side, on one line."""
    left = max(0, start - width)
    right = min(len(text), end + width)
    snippet = " ".join(text[left:right].split())
    return ("\u2026" if left else "") + snippet + ("\u2026" if right < len(text) else "")


def words(text: str) -> list[str]:
    """The words of a text, lower-cased (`can't` is one word)."""
    return [word.lower() for word in WORD.findall(text)]


# ------------------------------------------------------------------ lost symbols and links

def lost_symbols(text: str) -> list[str]:
    """Mana symbols (images) that the capture dropped: `![]()` marks and gaps they left."""
    found = []
    images = len(_LOST_IMAGE.findall(text))
    if images:
        first = _LOST_IMAGE.search(text)
        assert first is not None
        found.append(f"lost symbols: {images} image(s) left as '![]()' near "
                     f"{quote(text, first.start(), first.end())!r}")
    for match in _LOST_WORD.finditer(text):
        found.append(f"lost symbol: a word is missing in {match.group()!r} "
                     f"({quote(text, match.start(), match.end())!r})")
    return found


def missing_spaces(text: str) -> list[str]:
    """Places where a space after a full stop or comma was lost (`it.Note`, `and,at`)."""
    return [f"missing space: {quote(text, m.start() - 6, m.end() + 6, 0)!r}"
            for m in _MISSING_SPACE.finditer(text)]


def unclosed_parentheses(text: str) -> list[str]:
    """Parentheses opened and never closed: the text after a linked card name was lost."""
    found = []
    depth_starts: list[int] = []
    for index, char in enumerate(text):
        if char == "(":
            depth_starts.append(index)
        elif char == ")" and depth_starts:
            depth_starts.pop()
    for start in depth_starts:
        stop = min(len(text), start + 2 * QUOTE_WIDTH)
        found.append(f"hole: parenthesis never closed: {' '.join(text[start:stop].split())!r}")
    return found


def breaks_off_at_name(question: str) -> list[str]:
    """A question that ends on a capitalised name instead of `?`: its end was lost."""
    tail = question.rstrip()
    last = tail.split()[-1] if tail.split() else ""
    if tail and not _CLOSING.search(tail) and _NAME_WORD.fullmatch(last):
        where = quote(tail, len(tail), len(tail))
        return [f"hole: the question breaks off after a name: {where!r}"]
    return []


def cut_off(text: str) -> list[str]:
    """A paragraph that ends without closing punctuation: the capture cut it short."""
    tail = text.rstrip()
    if tail and not _CLOSING.search(tail):
        return [f"cut off: the text ends mid-sentence: {quote(tail, len(tail), len(tail))!r}"]
    return []


# ------------------------------------------------------------------ missing sentence breaks

class SentenceOpeners:
    """Which capitalised words open sentences in a document, and who is a name there.

    A word is an opener when the document capitalises it after a full stop at least
    twice, uses it in lower case elsewhere, and hardly ever capitalises it mid-sentence
    (after a lower-case word). A name word is a capitalised word the document never
    writes in lower case ("Benalish", "Hero").
    """

    def __init__(self, text: str) -> None:
        tokens = text.split()
        self.lower_as_written = Counter(t for t in WORD.findall(text) if t.islower())
        after_stop: Counter[str] = Counter()
        mid: Counter[str] = Counter()
        for before, token in zip(tokens, tokens[1:], strict=False):
            word = token.strip("\"'(")
            if not _CAPITALISED.fullmatch(word.rstrip(",;")):
                continue
            word = word.rstrip(",;")
            if _SENTENCE_END.search(before):
                after_stop[word] += 1
            elif before.islower() and before.isalpha():
                mid[word] += 1
        self.openers = frozenset(
            word for word, count in after_stop.items()
            if count >= 2 and self.lower_as_written[word.lower()] >= 2 and mid[word] * 2 <= count
        )

    def is_name_word(self, token: str) -> bool:
        """A capitalised word that the document never writes in lower case."""
        return bool(_NAME_WORD.fullmatch(token)) and self.lower_as_written[token.lower()] == 0

    def missing_breaks(self, text: str) -> list[str]:
        """A name directly followed by a sentence opener ("Benalish Hero Creatures in a band").

        The card name was a link; the text after it, up to and including the end of its
        sentence, was lost, and the next sentence follows without a break.
        """
        found = []
        for match in re.finditer(r"(?<![\w'-])([A-Z][\w'-]*) (?=([A-Z][a-z]+)\b)", text):
            name, opener = match.groups()
            if opener in self.openers and self.is_name_word(name):
                found.append(f"hole: no sentence break after a name: "
                             f"{quote(text, match.start(), match.end() + len(opener))!r}")
        return found


# ------------------------------------------------------------------ run-together words

def vocabulary(texts: Iterable[str]) -> frozenset[str]:
    """The lower-cased words of some texts (each distinct word as written lower-cased
    once, not each of its occurrences)."""
    found: set[str] = set()
    for text in texts:
        found.update(map(str.lower, set(WORD.findall(text))))
    return frozenset(found)


@lru_cache(maxsize=8)
def shipped_vocabulary(exclude_format: str) -> frozenset[str]:
    """The words of the shipped seed documents of every format but one.

    A document is not checked against itself: its own run-together words would count
    as known. Empty when the shipped data cannot be found.
    """
    from ingest.source import IngestError, load_manifest, read_text, shipped_data_dir

    try:
        sources = load_manifest(shipped_data_dir())
        return vocabulary(read_text(s.path) for s in sources if s.format != exclude_format)
    except (IngestError, ImportError, OSError):
        return frozenset()


def document_vocabulary(text: str, others: frozenset[str]) -> frozenset[str]:
    """Known words for checking `text`: other documents' words and its own repeated ones."""
    own = Counter(words(text))
    return others | {word for word, count in own.items() if count >= 2}


def split_in_two(token: str, known: frozenset[str]) -> tuple[str, str] | None:
    """`fearcan't` -> (`fear`, `can't`) when the token is unknown but both halves are known.

    Halves have two letters at least (or are `a`); of several splits, the most even one.
    """
    word = token.lower()
    if word in known:
        return None
    splits = [(word[:i], word[i:]) for i in range(1, len(word))
              if word[:i] in known and word[i:] in known
              and (len(word[:i]) > 1 or word[:i] == "a") and len(word[i:]) > 1]
    if not splits:
        return None
    return max(splits, key=lambda pair: min(len(pair[0]), len(pair[1])))


def run_together(text: str, known: frozenset[str]) -> list[str]:
    """Words that lost the space between them ("anobject" = "an object")."""
    found = []
    for token in WORD.findall(text):
        pair = split_in_two(token, known)
        if pair:
            found.append(str(RunTogether(token, *pair)))
    return found
