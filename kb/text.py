"""Text cleaning as small composable stages, in the manner of Whoosh's `Tokenizer | Filter`.

A `Stage` is one named step from text to text; `a | b` is a `Pipeline` that runs `a`, then
`b`, and is itself a stage. The project's cleanings are pipelines of the stages here:

- `display`: the words as printed, typography evened out: curly quotes straight, `--` and
  en/em dashes one em dash (`3–6` stays a range: `3-6`), `_Magic_` italics marks gone, runs
  of white space one space, each line trimmed, blank lines kept single;
- `fold`: the matching form: `display`, lower case, one space between words;
- `name_key`: a name as written, curly apostrophes straight and white space single.

Era wording (`comes into play` -> `enters the battlefield`) is the stage `kb.era.modern`, so
`display | modern` reads an old text in today's words. This module is at the bottom of the
project: it imports nothing from `kb` or `ingest`.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from functools import lru_cache

from kb.patterns import lazy

# the words of numbers ("one land", "exactly 100 cards" are numbers too: `str.isdigit`)
CARDINALS = ("zero", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine",
             "ten", "eleven", "twelve", "thirteen", "fourteen", "fifteen", "sixteen",
             "seventeen", "eighteen", "nineteen", "twenty")
NUMBER_WORDS = frozenset((*CARDINALS, "thirty", "forty", "fifty", "hundred", "thousand",
                          "once", "twice", "half"))
# words that deny the word after them: "a source without infect", "neither wither nor
# infect" speak of what the source lacks (the same as written and as stemmed)
DENYING_WORDS = frozenset(("without", "neither", "nor"))
# a sentence that holds one of these (or a word ending in "n't") says what is not
NEGATIONS = DENYING_WORDS | {"no", "not", "never", "non", "none", "nothing", "cannot"}


# the words a question opens with: interrogatives and the auxiliaries of a yes/no question
QUESTION_OPENERS = frozenset((
    "what which who whom whose when where why how whether am is are was were do does did "
    "can could may might must shall should will would has have had what's who's how's"
).split())


# the first person: a player telling their situation (cards' texts say "you", never "I")
FIRST_PERSON = frozenset("i me my mine myself we us our ours i'm i've i'd i'll".split())

# English function words (closed classes: articles and determiners, pronouns, auxiliary
# and modal verbs, question words, common prepositions and conjunctions). Compared as
# written, before stemming.
FUNCTION_WORDS = FIRST_PERSON | QUESTION_OPENERS | frozenset((
    "a an the this that these those some any each every either neither such "
    "you your yours he him his she her hers it its they them their theirs "
    "be been being having doing done "
    "of in on at by for with from to into onto upon about as than then so "
    "and or but nor if because while though although also just there here "
    "it's that's there's"
).split())

# What a question asks for, by the words that give it (as written and inflected): which
# comes first is told by a word of order ("each player, in APNAP order, puts ..."), where
# something goes by a zone's name, when it happens by a step, a phase or a word of time.
ANSWER_WORDS = {
    "order": frozenset(("order", "ordered", "orders", "apnap")),
    "zone": frozenset(("library", "libraries", "hand", "hands", "battlefield", "graveyard",
                       "graveyards", "stack", "exile", "exiled", "exiles", "zone", "zones",
                       "ante")),
    "time": frozenset(("step", "steps", "phase", "phases", "beginning", "during", "before",
                       "after", "until", "immediately", "time", "times", "priority")),
}
# the game a rule says it applies to: "in a Two-Headed Giant game", "in an Archenemy game"
# (a variant's name, capitalised as the rules write names) or "in a multiplayer game" (the
# games of the rules' chapter 8); not "in a two-player game", which is every game's case
_GAME_NAMED = lazy(r"\b[Ii]n an? ((?:[A-Z][\w-]*|multiplayer)(?: [A-Z][\w-]*)*) game\b")


def games_named(text: str) -> list[str]:
    """The games a rule's text says it applies to ("in a Commander game": "Commander").

    >>> games_named("... greater than 0 in a Two-Headed Giant game, the player may ...")
    ['Two-Headed Giant']
    >>> games_named("In a two-player game, the player who plays first skips ...")
    []
    """
    return _GAME_NAMED.findall(text)


_AUXILIARY = r"(?:does|do|did|is|are|was|were|will|would|can|could|should|must|has|have|had)"
_ASKS_FIRST = lazy(r"\b(?:who|whose|which|what)\b.*?\b(first)\b(?=\W*$|[\s,;.?!]+(\w+))",
                   re.IGNORECASE)
_ASKS_WHERE = lazy(rf"\bwhere\s+{_AUXILIARY}\b", re.IGNORECASE)
# "when" opening a clause (after at most three words: "2008 rules: when did ..."), not
# one telling a situation ("when my creature dies, does ...")
_ASKS_WHEN = lazy(rf"(?:^|[,.;:?!]\s*)(?:\w+\s+){{0,3}}?when\s+(?:exactly\s+)?{_AUXILIARY}\b",
                  re.IGNORECASE)


def asks_first(text: str) -> bool:
    """Whether a text asks which comes first: an interrogative before a "first" that ends
    its clause or comes before a function word ("whose go on the stack first?", "who puts
    theirs on the stack first when ..."), not one before what it counts ("which first
    spell", "first strike").

    >>> asks_first("whose go on the stack first?"), asks_first("who has first strike?")
    (True, False)
    """
    found = _ASKS_FIRST.search(text)
    return found is not None and (found.group(2) is None
                                  or found.group(2).lower() in FUNCTION_WORDS)


def answer_asked(text: str) -> str | None:
    """The kind of answer (`ANSWER_WORDS`) a question asks for: "order" (which comes
    first), "zone" ("where" before a verb) or "time" ("when" opening a clause before a
    verb); None for none of them.

    >>> answer_asked("where does a countered spell go?"), answer_asked("X, where X is 2")
    ('zone', None)
    >>> answer_asked("when can I cast it?"), answer_asked("when my creature dies, do I draw?")
    ('time', None)
    """
    if asks_first(text):
        return "order"
    if _ASKS_WHERE.search(text):
        return "zone"
    if _ASKS_WHEN.search(text):
        return "time"
    return None


def is_question(text: str) -> bool:
    """Whether a text is phrased as a question: it ends in a question mark or opens with
    an interrogative or an auxiliary ("is a token a card", "how does exalted work").

    >>> is_question("is a token a card"), is_question("return target creature card")
    (True, False)
    """
    words = text.split()
    return text.rstrip().endswith("?") or bool(words) and \
        words[0].lower().strip("\"'(") in QUESTION_OPENERS


def denied(stems: tuple[str, ...]) -> tuple[str, ...]:
    """A text's stems with each one a denying word stands before marked ("~infect"), so a
    word the text only denies is not found as said.

    >>> denied(("a", "sourc", "without", "infect", "deal", "damag"))
    ('a', 'sourc', 'without', '~infect', 'deal', 'damag')
    """
    if DENYING_WORDS.isdisjoint(stems):
        return stems
    return tuple("~" + stem if i and stems[i - 1] in DENYING_WORDS else stem
                 for i, stem in enumerate(stems))


def negates(words: list[str]) -> bool:
    """Whether words (lower case) say what is not: "a creature without flying", "can't"."""
    return any(w in NEGATIONS or w.endswith(("n't", "n’t")) for w in words)


class Stage:
    """One cleaning step: a named function from text to text; `|` chains stages."""

    def __init__(self, name: str, step: Callable[[str], str]) -> None:
        self.name = name
        self._step = step

    def __call__(self, text: str) -> str:
        return self._step(text)

    def __or__(self, other: Stage) -> Pipeline:
        return Pipeline(*self.stages, *other.stages)

    @property
    def stages(self) -> tuple[Stage, ...]:
        """The single stages this one runs, in order."""
        return (self,)

    def __repr__(self) -> str:
        return f"Stage({self.name!r})"


class Pipeline(Stage):
    """Stages run one after the other (build it with `|`)."""

    def __init__(self, *stages: Stage) -> None:
        self._stages = stages
        super().__init__(" | ".join(s.name for s in stages), self._run)

    def _run(self, text: str) -> str:
        for stage in self._stages:
            text = stage(text)
        return text

    @property
    def stages(self) -> tuple[Stage, ...]:
        return self._stages

    def __repr__(self) -> str:
        return f"Pipeline({self.name!r})"


def stage(name: str) -> Callable[[Callable[[str], str]], Stage]:
    """Decorator: a function from text to text as a named `Stage`."""
    return lambda step: Stage(name, step)


def per_line(inner: Stage) -> Stage:
    """`inner` applied to each line on its own (blank lines collapsed afterwards by
    `lines`)."""
    return Stage(f"per_line({inner.name})",
                 lambda text: "\n".join(inner(line) for line in text.split("\n")))


# --- typography -----------------------------------------------------------------------------

# (character, its ASCII stand-in); str.replace per character present, not str.translate
# (which looks every character of a non-ASCII text up in a dict: ~25 times slower)
_QUOTES = (("\u2018", "'"), ("\u2019", "'"), ("\u201a", "'"), ("\u201b", "'"),
           ("\u201c", '"'), ("\u201d", '"'), ("\u201e", '"'), ("\u2032", "'"),
           ("\u00a0", " "), ("\u2009", " "), ("\u202f", " "), ("\u2212", "-"))
_ANGLE_QUOTES = (("\u00ab", '"'), ("\u00bb", '"'), ("\u2039", "'"), ("\u203a", "'"))
_RANGE = lazy(r"(?<=\d)\u2013(?=\d)")
_DASH = lazy(  # an en dash in a letter range (`603.7d–f`) stays as printed
    r"[ \t]*(?:\u2014|(?<!\d[a-z])\u2013|\u2013(?![a-z]\b)"
    r"|(?:(?<=[ \t])|^)--(?=[ \t]|$)|(?<=\w)--(?=\w))[ \t]*", re.M
)
_ITALICS = lazy(r"(?<![\w_])_([^_\n]+?)_(?![\w_])")
_SPACE = lazy(r"[ \t\f\v]+")
_BLANK_LINES = lazy(r"\n{3,}")


@stage("quotes")
def quotes(text: str) -> str:
    """Curly quotes, primes and odd spaces to plain ASCII ones."""
    if text.isascii():  # fast path: every character mapped is non-ASCII
        return text
    return _replaced(text, _QUOTES)


@stage("angle_quotes")
def angle_quotes(text: str) -> str:
    """Guillemets (`«»`, `‹›`) to straight double and single quotes."""
    if text.isascii():
        return text
    return _replaced(text, _ANGLE_QUOTES)


def _replaced(text: str, pairs: tuple[tuple[str, str], ...]) -> str:
    """Each character of `pairs` present in `text` replaced by its stand-in (no stand-in
    is itself replaced: they are all ASCII)."""
    for char, plain in pairs:
        if char in text:
            text = text.replace(char, plain)
    return text


@stage("apostrophes")
def apostrophes(text: str) -> str:
    """The curly apostrophe `’` to a straight one, nothing else."""
    return text.replace("\u2019", "'")


@stage("italics")
def italics(text: str) -> str:
    """`_Shards of Alara_` -> `Shards of Alara`."""
    if "_" not in text:  # fast path
        return text
    return _ITALICS.sub(r"\1", text)


@stage("dashes")
def dashes(text: str) -> str:
    """`Creature -- Angel`, `Creature – Angel` -> `Creature — Angel`; `3–6` -> `3-6`;
    `603.7d–f` stays."""
    if "\u2014" not in text and "\u2013" not in text and "--" not in text:  # fast path
        return text
    return _DASH.sub(" \u2014 ", _RANGE.sub("-", text))


@stage("lines")
def lines(text: str) -> str:
    """Runs of white space to one space, each line trimmed; blank lines kept single."""
    if "  " in text or "\t" in text or "\f" in text or "\v" in text:  # else no run
        text = _SPACE.sub(" ", text)  # no newline in _SPACE: lines stay lines
    joined = "\n".join(line.strip() for line in text.split("\n"))
    return (_BLANK_LINES.sub("\n\n", joined) if "\n\n\n" in joined else joined).strip()


@stage("words")
def words(text: str) -> str:
    """Every run of white space (newlines too) to one space, ends trimmed."""
    return " ".join(text.split())


@stage("lower")
def lower(text: str) -> str:
    """Lower case."""
    return text.lower()


@stage("single_to_double")
def single_to_double(text: str) -> str:
    """Single-quoted passages as double-quoted ones, when the text has no double quotes; a
    quotation inside a quotation keeps its single quotes ('gains 'Any player ... zone.'' ->
    "gains 'Any player ... zone.'"), and apostrophes (can't, owner's, players') stay."""
    if '"' in text or "'" not in text:
        return text
    out, depth = [], 0
    for index, char in enumerate(text):
        if char != "'":
            out.append(char)
            continue
        before = text[index - 1] if index else " "
        after = text[index + 1] if index + 1 < len(text) else " "
        opens = (before.isspace() or before in "([\u2014-'") and not after.isspace()
        closes = depth > 0 and not before.isspace() and (
            after.isspace() or after in ".,;:!?)]'" or index + 1 == len(text))
        if before.isalnum() and after.isalnum():
            out.append(char)
        elif closes:
            out.append('"' if depth == 1 else "'")
            depth -= 1
        elif opens:
            depth += 1
            out.append('"' if depth == 1 else "'")
        else:
            out.append(char)
    return "".join(out)


# --- the project's cleanings ----------------------------------------------------------------

display = quotes | italics | dashes | lines
fold = display | lower | words
name_key = apostrophes | words


@lru_cache(maxsize=1 << 14)
def normalize(text: str) -> str:
    """Display form of a piece of source text (the `display` pipeline; remembered for the
    texts read lately: the rules versions of one build repeat most of each other's)."""
    return display(text)
