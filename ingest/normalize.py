"""Normalisation of source text for display and matching.

Display text keeps the words as printed but evens out typography: curly quotes become
straight, `--` and en/em dashes become one em dash, `_Magic_` italics marks go, runs of
white space collapse. The original lines stay reachable through each record's provenance.
"""

from __future__ import annotations

import re

_QUOTES = str.maketrans({"\u2018": "'", "\u2019": "'", "\u201a": "'", "\u201b": "'",
                         "\u201c": '"', "\u201d": '"', "\u201e": '"', "\u2032": "'",
                         "\u00a0": " ", "\u2009": " ", "\u202f": " ", "\u2212": "-"})
_RANGE = re.compile(r"(?<=\d)\u2013(?=\d)")
_DASH = re.compile(  # an en dash in a letter range (`603.7d–f`) stays as printed
    r"[ \t]*(?:\u2014|(?<!\d[a-z])\u2013|\u2013(?![a-z]\b)"
    r"|(?:(?<=[ \t])|^)--(?=[ \t]|$)|(?<=\w)--(?=\w))[ \t]*", re.M
)
_ITALICS = re.compile(r"(?<![\w_])_([^_\n]+?)_(?![\w_])")
_SPACE = re.compile(r"[ \t\f\v]+")


def normalize_quotes(text: str) -> str:
    """Curly quotes and odd spaces to plain ASCII ones."""
    if text.isascii():  # fast path: every character mapped is non-ASCII
        return text
    return text.translate(_QUOTES)


def strip_italics(text: str) -> str:
    """`_Shards of Alara_` -> `Shards of Alara`."""
    if "_" not in text:  # fast path
        return text
    return _ITALICS.sub(r"\1", text)


def normalize_dashes(text: str) -> str:
    """`Creature -- Angel`, `Creature – Angel` -> `Creature — Angel`; `3–6` -> `3-6`;
    `603.7d–f` stays."""
    if "\u2014" not in text and "\u2013" not in text and "--" not in text:  # fast path
        return text
    return _DASH.sub(" \u2014 ", _RANGE.sub("-", text))


def collapse_space(text: str) -> str:
    """Runs of white space to one space, each line trimmed; blank lines kept single."""
    lines = [_SPACE.sub(" ", line).strip() for line in text.split("\n")]
    return re.sub(r"\n{3,}", "\n\n", "\n".join(lines)).strip()


def normalize(text: str) -> str:
    """Display form of a piece of source text (all of the above)."""
    return collapse_space(normalize_dashes(strip_italics(normalize_quotes(text))))


def fold(text: str) -> str:
    """Matching form: normalised, lower-case, one space between words."""
    return " ".join(normalize(text).lower().split())
