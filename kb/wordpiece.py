"""BERT's uncased WordPiece tokenizer, as the sentence model was trained with it.

The text is cleaned (control characters dropped, whitespace normalised), lower-cased,
stripped of accents, split at whitespace and around every punctuation character, and
each word is cut into the longest pieces the vocabulary holds ("unearthed" ->
"une", "##arth", "##ed"); a word no pieces spell is "[UNK]". This is the reference
BertTokenizer's algorithm (`tokenize_chinese_chars`: each CJK character is a word).

>>> vocab = {w: i for i, w in enumerate(["[UNK]", "un", "##earth", "##ed", "!"])}
>>> WordPiece(vocab).pieces("Unearthed!")
['un', '##earth', '##ed', '!']
"""

from __future__ import annotations

import unicodedata

MAX_WORD = 100  # longer words are "[UNK]", as in the reference


def _is_punctuation(ch: str) -> bool:
    code = ord(ch)
    if 33 <= code <= 47 or 58 <= code <= 64 or 91 <= code <= 96 or 123 <= code <= 126:
        return True
    return unicodedata.category(ch).startswith("P")


def _is_cjk(code: int) -> bool:
    return (0x4E00 <= code <= 0x9FFF or 0x3400 <= code <= 0x4DBF
            or 0x20000 <= code <= 0x2A6DF or 0x2A700 <= code <= 0x2B73F
            or 0x2B740 <= code <= 0x2B81F or 0x2B820 <= code <= 0x2CEAF
            or 0xF900 <= code <= 0xFAFF or 0x2F800 <= code <= 0x2FA1F)


def basic_words(text: str) -> list[str]:
    """The text's words before WordPiece: cleaned, lower-cased, accents stripped, split at
    whitespace and around punctuation and CJK characters."""
    out: list[str] = []
    word: list[str] = []

    def flush() -> None:
        if word:
            out.append("".join(word))
            word.clear()

    text = unicodedata.normalize("NFD", text.lower())
    for ch in text:
        code = ord(ch)
        if code == 0 or code == 0xFFFD:
            continue
        category = unicodedata.category(ch)
        if category == "Mn":
            continue  # an accent, stripped
        if ch in " \t\n\r" or category == "Zs":
            flush()
        elif category in ("Cc", "Cf"):
            continue
        elif _is_punctuation(ch) or _is_cjk(code):
            flush()
            out.append(ch)
        else:
            word.append(ch)
    flush()
    return out


class WordPiece:
    """Pieces and ids of a text by one vocabulary (a piece -> its id)."""

    def __init__(self, vocab: dict[str, int]) -> None:
        self.vocab = vocab
        self.unknown = vocab["[UNK]"]
        self._cache: dict[str, list[str]] = {}

    @classmethod
    def from_file(cls, path: str) -> WordPiece:
        """The vocabulary of a `vocab.txt`: one piece a line, its id its line number."""
        with open(path, encoding="utf-8") as f:
            return cls({line.rstrip("\n"): i for i, line in enumerate(f)})

    def word_pieces(self, word: str) -> list[str]:
        """A word's pieces, longest first from the left; ["[UNK]"] when none spell it."""
        if (known := self._cache.get(word)) is not None:
            return known
        pieces: list[str] = []
        if len(word) > MAX_WORD:
            pieces = ["[UNK]"]
        start = 0
        while not pieces or pieces[-1] != "[UNK]":
            if start >= len(word):
                break
            end = len(word)
            while end > start:
                piece = word[start:end] if start == 0 else "##" + word[start:end]
                if piece in self.vocab:
                    break
                end -= 1
            if end == start:
                pieces = ["[UNK]"]
                break
            pieces.append(piece)
            start = end
        if len(self._cache) < 200_000:
            self._cache[word] = pieces
        return pieces

    def pieces(self, text: str) -> list[str]:
        """The text's WordPiece pieces."""
        return [p for w in basic_words(text) for p in self.word_pieces(w)]

    def ids(self, text: str, most: int) -> list[int]:
        """The ids the model reads: [CLS], the text's first pieces, [SEP]; at most `most`."""
        ids = [self.vocab.get(p, self.unknown) for p in self.pieces(text)[:most - 2]]
        return [self.vocab["[CLS]"], *ids, self.vocab["[SEP]"]]
