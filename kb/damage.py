"""Capture-damage notes as typed values: what a parser noticed in a record's text.

Parsers list what they notice in `meta['damage']` as one line of text per note (readable in
reports and in the store); a note that a reader acts on is a dataclass here that writes that
line and reads it back, so the wording is defined in one place. Today one kind is read
back: run-together words (`'secondis' (second is)`), which validation splits again before it
reads a definition.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from kb.patterns import lazy

_RUN_TOGETHER = lazy(r"run-together words: [\"'](.+?)[\"'] \((\S+) (\S+)\)$")


@dataclass(frozen=True)
class RunTogether:
    """Two words that lost the space between them: `token` is `first` + `second`
    (lower-cased halves; `token` as written)."""

    token: str
    first: str
    second: str

    def __str__(self) -> str:
        return f"run-together words: {self.token!r} ({self.first} {self.second})"

    @classmethod
    def read(cls, note: str) -> RunTogether | None:
        """The note as a RunTogether, None for a note of another kind."""
        match = _RUN_TOGETHER.match(note)
        return cls(*match.groups()) if match else None

    def repair(self, text: str) -> str:
        """`text` with the token split again where it stands as a word (its case kept)."""
        first = self.token[:len(self.first)]
        return re.sub(rf"\b{re.escape(self.token)}\b", f"{first} {self.token[len(first):]}",
                      text)
