"""What a keyword definition claims, read from its text: the claims validation holds
against the rules model.

`extract_claims(text, name)` reads, from any source's wording of a keyword rule:
- `kinds`: the ability kinds the text gives it ("Exalted is a triggered ability" ->
  triggered; "represents two static abilities" -> static; keyword actions -> keyword action);
- `parameter`: the parameter shape of its written form (`"Devour N" means` -> `N`;
  `"Cycling [cost]"` -> `[cost]`; `written "Protection from [quality]"` -> `from [quality]`;
  `"Exalted" means` -> `` (none); None when the text shows no written form);
- `triggers`: the trigger events of its quoted meaning, canonical (`attacks alone`, `attacks`,
  `becomes blocked`, `dies`, `upkeep`, `cast`, `cycled`, ...);
- `zones`: every zone the text names; `functions_in`: the zones it says the ability works in;
- `durations`: `until end of turn`, `this combat`, `for the rest of the game`, ...;
- `instances`: what multiple instances do: `redundant` or `separate`;
- `amounts`: every quantity: P/T changes (`+1/+1`), counters (`N +1/+1 counters`, `an age
  counter`), numbers of objects (`N permanents`), life, mana.
Each claim keeps the sentence it came from, so a mismatch can quote the text.

Texts are normalised first, so wording that differs only by era or typography claims the
same: quotes and spacing (`kb.text.display`, plus single and angle quotes), then the
older rules wording (`kb.era.modernize`: "comes into play" -> "enters the battlefield").
Rule numbers, "See rule ..." references and `Example:` passages are not claims.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import asdict, dataclass, field
from functools import lru_cache
from typing import Any

from kb import rulenum
from kb.damage import RunTogether
from kb.era import modernize
from kb.patterns import lazy
from kb.text import CARDINALS, angle_quotes, display, single_to_double

WORD_NUMBERS = {**{word: n for n, word in enumerate(CARDINALS[:11]) if n},
                "a": 1, "an": 1, "no": 0, "additional": 1, "another": 1}
KINDS = ("characteristic-defining", "delayed triggered", "triggered", "activated", "static",
         "evasion", "spell", "mana", "loyalty")
# a rule's own label: at the start of a line or after the end of the previous rule's text
# (never a reference inside a sentence: "rules 601.2b and 601.2e-g")
RULE_LABEL = lazy(rf"(?:^|(?<=\n)|(?<=[.!?\")] ))\s*(?<![\d.]){rulenum.DOTTED}\.?(?=\s|$)")
# a rule reference left in a sentence ("in rules 601.2b and 601.2e-g", "rule 702.4")
REFERENCE = lazy(rf"\s*\b(?:in |of |under )?rules? {rulenum.DOTTED}(?:[-\u2013][a-z0-9]+)?"
                       rf"(?:(?:,| and| or| through|,? and rule) {rulenum.DOTTED}"
                       rf"(?:[-\u2013][a-z0-9]+)?)*")
SEE_RULE = lazy(r"\s*\((?:See|see) [^()]*(?:\([^()]*\)[^()]*)*\)"
                      r"|\s*\bSee rules? [\d.,\s\-a-z]+?(?:\.(?=\s|$)|$)")
EXAMPLE = lazy(r"\bExample:.*", re.S)
QUOTED = lazy(r'"([^"]*)"')
# a sentence ends after . ! ? (also at the end of a quotation: `..."`, masked as ⟦n.⟧)
SENTENCE_END = lazy(r"(?<=[.!?])\s+(?=[A-Z(\"\[\u27e6])"
                          r"|(?<=[.!?]\u27e7)\s+(?=[A-Z(\[\u27e6])")

# canonical trigger events: (pattern over a lower-cased trigger clause, event)
TRIGGERS: tuple[tuple[str, str], ...] = (
    (r"attacks alone", "attacks alone"),
    (r"attacks and (?:isn't|is not) blocked", "attacks and isn't blocked"),
    (r"blocks or becomes blocked", "blocks or becomes blocked"),
    (r"(?:becomes|is) blocked by a creature", "becomes blocked by"),
    (r"becomes blocked", "becomes blocked"),
    (r"\bblocks\b", "blocks"),
    (r"\battacks\b", "attacks"),
    (r"deals combat damage to a player", "deals combat damage to a player"),
    (r"deals (?:combat )?damage", "deals damage"),
    (r"\bupkeeps?\b", "upkeep"),
    (r"end step|\bend of turn\b", "end step"),
    (r"\b(?:is )?dies\b|put into (?:a|your|its owner's) graveyard from the battlefield",
     "dies"),
    (r"put into a graveyard during its resolution", "put into graveyard from stack"),
    (r"enters the battlefield", "enters"),
    (r"\benters\b", "enters"),
    (r"leaves the battlefield", "leaves"),
    (r"\bcycle\b|discard \[?this card\]? to pay (?:a cycling cost|an activation cost of a "
     r"cycling ability)", "cycled"),
    (r"\bcast\b", "cast"),
    (r"last time counter is removed", "last time counter removed"),
    (r"exiled this way", "exiled this way"),
    (r"reveal this card this way", "revealed this way"),
    (r"\bdraw", "draw"),
)
DURATIONS: tuple[tuple[str, str], ...] = (
    (r"until end of turn", "until end of turn"),
    (r"\bthis combat\b", "this combat"),
    (r"until (?:your next turn|the next turn of|its controller's next turn)", "until next turn"),
    (r"for the rest of the game", "for the rest of the game"),
    (r"until you lose control", "until you lose control"),
    (r"(?:for )?as long as", "as long as"),
    (r"\bthis turn\b", "this turn"),
)
ZONE_WORDS: tuple[tuple[str, str], ...] = (
    (r"\bhands?\b", "hand"),
    (r"\blibrar(?:y|ies)\b", "library"),
    (r"\bgraveyards?\b", "graveyard"),
    (r"\bbattlefield\b", "battlefield"),
    (r"\bstack\b", "stack"),
    (r"\bexil(?:e|ed|es|ing)\b", "exile"),
    (r"\bcommand zone\b", "command"),
    (r"\bany zone\b", "any zone"),
    (r"\beverywhere\b", "everywhere"),
)
REDUNDANT = lazy(r"\bredundant\b", re.I)
SEPARATE = lazy(r"\b(?:trigger(?:s|ed)? separately|will trigger separately|works? "
                      r"separately|each (?:one |of them )?(?:applies|apply|works)|all of them "
                      r"apply|(?:is|are) paid separately|each (?:instance )?(?:will )?"
                      r"triggers?\b)", re.I)
COUNT = r"(?:an?|one|two|three|four|five|six|seven|eight|nine|ten|\d+|N|X|that many|no|each)"
PT = r"[+-](?:\d+|N|X)/[+-](?:\d+|N|X)"
COUNTERS = lazy(rf"\b({COUNT})\s+(?:additional\s+)?({PT}|[a-z]+)\s+counters?\b")
PT_CHANGE = lazy(rf"(?<![\w/+-])({PT})(?![\w/])(?!\s+counters?)")
OBJECTS = lazy(rf"\b({COUNT})\s+(?:other\s+|additional\s+)?(permanent|card|creature|"
                     rf"land|spell|cop(?:y|ies)|token)s?\b")
LIFE = lazy(r"\b(that much|\d+|N|X)\s+life\b")
MANA_LESS = lazy(r"(\{[^}]+\})\s+less\b")


@dataclass
class Amount:
    """One quantity a definition states: `unit` is `pt` (`value` +1/+1), `counter` (`value`
    the counter kind), an object noun (`permanent`, `card`, ...), `life` or `mana`."""

    unit: str
    value: str
    count: str
    quote: str
    span: str = ""
    sentence: str = ""  # the sentence in matching form (modern wording)

    def times(self, n: int = 1) -> int:
        """The count as a number, with N/X (and "that many", "each") standing for `n`."""
        return quantity(self.count, n)

    def pt(self, n: int = 1) -> tuple[int, int]:
        """For a `pt` amount: (power change, toughness change), N/X standing for `n`."""
        power, toughness = self.value.split("/")
        return signed(power, n), signed(toughness, n)


@dataclass
class Claims:
    """Everything one definition text claims about one keyword."""

    keyword: str
    kinds: list[str] = field(default_factory=list)
    parameter: str | None = None
    forms: list[str] = field(default_factory=list)
    triggers: list[str] = field(default_factory=list)
    zones: list[str] = field(default_factory=list)
    functions_in: list[str] = field(default_factory=list)
    durations: list[str] = field(default_factory=list)
    instances: str | None = None
    amounts: list[Amount] = field(default_factory=list)
    meaning: list[str] = field(default_factory=list)
    sentences: list[str] = field(default_factory=list)
    quotes: dict[str, str] = field(default_factory=dict)
    originals: dict[str, str] = field(default_factory=dict)  # sentence as written -> matching
    read: set[str] = field(default_factory=set)  # sentences a comparison or check consumed
    found: set[str] = field(default_factory=set)  # the `says` patterns that matched

    def to_dict(self) -> dict[str, Any]:
        """JSON form (what `validate --json` shows as `claims`)."""
        data = asdict(self)
        data["amounts"] = [a.span for a in self.amounts]
        for key in ("meaning", "sentences", "quotes", "forms", "originals", "read", "found"):
            data.pop(key)
        return data

    def find(self, unit: str, value: str | None = None) -> Amount | None:
        """The first amount of a unit (and value): `find("pt")`, `find("counter", "age")`."""
        found = next((a for a in self.amounts if a.unit == unit
                      and (value is None or a.value == value)), None)
        if found is not None:
            self.mark(found.sentence)
        return found

    def all(self, unit: str) -> list[Amount]:
        """Every amount of one unit, in text order."""
        found = [a for a in self.amounts if a.unit == unit]
        for amount in found:
            self.mark(amount.sentence)
        return found

    def says(self, pattern: str) -> str | None:
        """The first sentence (normalised, modern wording) matching a regex, or None."""
        found = next((s for s in self.sentences if re.search(pattern, s, re.I)), None)
        if found is None:
            return None
        self.found.add(pattern)
        return self.mark(found)

    def mark(self, sentence: str) -> str:
        """Note that a check read this sentence (of `sentences`); returns it."""
        self.read.add(sentence)
        return sentence

    def unread(self) -> list[str]:
        """The sentences (as written) that no claim compared and no check read."""
        claimed = {self.originals.get(q, q) for q in self.quotes.values()}
        written = {matching: original for original, matching in self.originals.items()}
        return [written.get(s, s) for s in self.sentences
                if s not in self.read and s not in claimed]

    def quote(self, claim: str) -> str:
        """The sentence a claim was read from (for mismatch messages)."""
        return self.quotes.get(claim, "")


def quantity(count: str, n: int = 1) -> int:
    """`"three"` -> 3, `"N"` -> n, `"that many"` -> n, `"a"` -> 1."""
    count = count.strip().lower()
    if count.isdigit():
        return int(count)
    if count in WORD_NUMBERS:
        return WORD_NUMBERS[count]
    return n


def signed(value: str, n: int = 1) -> int:
    """`+1` -> 1, `-N` -> -n, `+0` -> 0."""
    sign = -1 if value.startswith("-") else 1
    return sign * quantity(value.lstrip("+-"), n)


# --- normalisation ------------------------------------------------------------------------------

# display normalisation plus angle quotes; single-quoted phrases become double-quoted when
# the text has no double quotes
normalize_quotes_all = angle_quotes | display | single_to_double


# a reference wrapped onto a new line ("described in rule\n701.55a is") is no rule label
WRAPPED_REFERENCE = lazy(rf"\b(rules?|and|or|through)[ \t]*\n\s*(?={rulenum.DOTTED})")


def rule_units(text: str) -> list[str]:
    """The rule texts of a definition without their numbers, references and examples."""
    text = WRAPPED_REFERENCE.sub(r"\1 ", normalize_quotes_all(text))
    units = []
    for unit in RULE_LABEL.split(text):
        unit = EXAMPLE.sub("", unit.replace("\n", " "))
        unit = REFERENCE.sub("", SEE_RULE.sub("", unit))
        unit = " ".join(unit.split())
        if unit:
            units.append(unit)
    return units


def sentences(unit: str) -> list[str]:
    """Split a rule text into sentences, never inside a quotation."""
    masked: list[str] = []

    def hide(match: re.Match[str]) -> str:
        masked.append(match.group(0))
        end = "." if match.group(1).rstrip("'\u2019")[-1:] in (".", "!", "?") else ""
        return f"\u27e6{len(masked) - 1}{end}\u27e7"

    hidden = QUOTED.sub(hide, unit)
    parts = SENTENCE_END.split(hidden)
    return [re.sub("\u27e6(\\d+)\\.?\u27e7", lambda m: masked[int(m.group(1))], p).strip()
            for p in parts if p.strip()]


# one wording for what several wordings say (beyond `kb.era.modernize`): mana symbols
# written {o1}, {oG} (2003-2006), "mana used to pay its cost" for "mana spent to cast it",
# contractions, "every" for "each", the passive "be targeted by"
RULES_WORDING = ((lazy(r"\{o([0-9WUBRGXSC]+)\}"), r"{\1}"),
                 (lazy(r"\bmana used to pay (?:its|this spell's) (?:total )?cost\b"),
                  "mana spent to cast it"),
                 (lazy(r"\bis dies\b"), "dies"),
                 (lazy(r"\b(?:cannot|can not)\b"), "can't"),
                 (lazy(r"\b(is|are|does|do|was|were|has|have) not\b"), r"\1n't"),
                 (lazy(r"\bwill not\b"), "won't"),
                 (lazy(r"\bevery\b"), "each"),
                 (lazy(r"\bconverted mana costs?\b"), "mana value"),
                 (lazy(r"\bEvery\b"), "Each"),
                 (lazy(r"\b(can't|can) be targeted by\b"), r"\1 be the target of"))


def modern(sentence: str) -> str:
    """Matching form of a sentence: modern rules wording."""
    text = modernize(sentence)
    for pattern, new in RULES_WORDING:
        text = pattern.sub(new, text)
    return text


# --- extraction ---------------------------------------------------------------------------------

GLUED = r"(can't|can|cannot|is|are|has|and|or)"
MISSING_SPACE = lazy(r"(?<=[a-z])([.?!])(?=[A-Z][a-z])|(?<=[a-z]),(?=[a-z])")
# a closing quotation mark glued to the next word ('graveyard"and "When ...')
GLUED_QUOTE = lazy(r"(?<=[a-z.])([\"'])(?=(?:and|or)\b)")


# characters a conversion lost to "?" (the 2008-05-01 rules: `?Bushido N? means ?...?`,
# `can?t`, `Suspend N?[cost]`): the signature is an apostrophe or an opening quotation mark
LOST_SIGNATURE = lazy(r"[a-z]\?[a-z]|(?:^|[\s(])\?[A-Z\[]|\w \? \[")
LOST = ((lazy(r"(?<=[A-Za-z])\?(?=[a-z])"), "'"),
        (lazy(r"(?<=\w)\?(?=\[)|(?<=\w )\?(?= \[)"), "\u2014"),
        (lazy(r"(?:(?<=^)|(?<=[\s(]))\?(?=\S)"), '"'),
        (lazy(r"(?<=\S)\?(?=[\s).,;:]|$)"), '"'))


def lost_characters(text: str) -> str:
    """Quotation marks, apostrophes and dashes a conversion turned into "?", restored when
    the text shows that damage."""
    if not LOST_SIGNATURE.search(text):
        return text
    for pattern, char in LOST:
        text = pattern.sub(char, text)
    return text


def repair(text: str, damage: list[str]) -> str:
    """Undo the capture damage a parser noticed (`meta['damage']`: "run-together words:
    'secondis' (second is)"), characters lost to "?" and sentences glued together
    ("from.Multiple"), for matching only; the record keeps the text as captured."""
    text = lost_characters(text)
    for note in damage:
        if split := RunTogether.read(note):
            text = split.repair(text)
    text = GLUED_QUOTE.sub(r"\1 ", text)
    return MISSING_SPACE.sub(lambda m: f"{m.group(1) or ','} ", text)


def unglue(text: str, name: str) -> str:
    """Repair capture damage that ran the keyword into the next word ("fearcan't")."""
    return _glued(name).sub(r"\1 \2", text)


@lru_cache(maxsize=1024)
def _glued(name: str) -> re.Pattern[str]:
    return re.compile(rf"\b({re.escape(name)}){GLUED}\b", re.I)


def extract_claims(text: str, name: str, action: bool = False) -> Claims:
    """The claims of one definition text of keyword `name` (`action`: a keyword action)."""
    claims = Claims(keyword=name.lower())
    for original, sentence in _read_sentences(text, name):
        _read_sentence(claims, original, sentence, name)
    if action and not claims.kinds:
        claims.kinds = ["keyword action"]
    claims.kinds = sorted(set(claims.kinds))
    return claims


def _read_sentences(text: str, name: str) -> Iterator[tuple[str, str]]:
    """Each sentence of a text of keyword `name`: as written, and in its matching form."""
    for unit in rule_units(unglue(text, name)):
        for original in sentences(unit):
            yield original, modern(original)


def _read_sentence(claims: Claims, original: str, sentence: str, name: str) -> None:
    claims.sentences.append(sentence)
    claims.originals[original] = sentence
    outside = QUOTED.sub('""', sentence)
    _read_kinds(claims, outside, original, name)
    _read_forms(claims, sentence, original, name)
    for quoted in _meaning_quotes(sentence):
        claims.meaning.append(quoted)
        _read_triggers(claims, quoted, original)
    if _stated_trigger(name).search(outside):  # "Whenever a creature with flanking is ..."
        _read_triggers(claims, outside, original)
    _read_durations(claims, sentence, original)
    _read_zones(claims, sentence, original)
    _read_instances(claims, sentence, original)
    _read_amounts(claims, sentence, original)


@lru_cache(maxsize=1024)
def _subject(name: str) -> re.Pattern[str]:
    names = re.escape(name)
    return re.compile(rf'^(?:"?{names}"?|it|the (?:first|second|third|fourth)(?: and third)?|an? '
                      rf'{names} ability)\b', re.I)


@lru_cache(maxsize=1024)
def _stated_trigger(name: str) -> re.Pattern[str]:
    """A trigger stated outside a quotation, of an object with the keyword."""
    return re.compile(rf"^(?:when|whenever)\s+(?:a|an|this) \w+ with {re.escape(name)}\b", re.I)


def _read_kinds(claims: Claims, outside: str, original: str, name: str) -> None:
    if not _subject(name).search(outside):
        return
    if not re.search(r"\b(?:is|are|represents?)\b", outside, re.I):
        return
    if re.search(r"\b(?:not|neither|nor|isn't|aren't|never)\b", outside, re.I):
        return
    found = re.findall(r"\b(" + "|".join(KINDS) + r")\s+abilit(?:y|ies)\b", outside, re.I)
    for kind in found:
        kind = kind.lower()
        if kind not in claims.kinds:
            claims.kinds.append(kind)
            claims.quotes.setdefault("kind", original)


def _form_shape(form: str, name: str) -> str:
    form = form.strip().rstrip(".,").strip()
    if form.lower().startswith("to "):
        form = form[3:]
    shape = form[len(name):] if form.lower().startswith(name.lower()) else form
    return parameter_shape(shape)


def parameter_shape(shape: str) -> str:
    """A written form's parameter in one spelling: a number variable (`N`, `X`, `[X]`) as
    `n`, any dash with any spacing as ` -- `, lower case."""
    shape = re.sub(r"\s*(?:\u2014|\u2013|--?|(?<=\w)\?(?=\[))\s*", " -- ", shape)
    shape = re.sub(r"(?<![\w\[])\[?[NX]\]?(?![\w\]])", "n", shape)
    return " ".join(shape.lower().split())


@lru_cache(maxsize=1024)
def _form_pattern(name: str) -> re.Pattern[str]:
    return re.compile(r'(?:"([^"]+)"|\b(' + re.escape(name) + r'(?: [\[\]\w]+)*?))'
                      r'(?: on an? [\w ]+?)?\s+means\b', re.I)


def _read_forms(claims: Claims, sentence: str, original: str, name: str) -> None:
    forms = [m.group(1) or m.group(2) for m in _form_pattern(name).finditer(sentence)]
    forms += re.findall(r'\b(?:written|rules text as)\s+"([^"]+)"', sentence, re.I)
    for form in forms:
        if not re.search(r"[A-Za-z\[]", form) or form.lower().startswith(("when", "whenever")):
            continue
        if len(form.split()) > 6:
            continue
        shape = _form_shape(form, name)
        if shape not in claims.forms:
            claims.forms.append(shape)
        named = re.sub(r"^to ", "", form.lower()).startswith(name.lower())
        if claims.parameter is None or (named and "parameter-named" not in claims.quotes):
            if named:
                claims.quotes["parameter-named"] = original
            claims.parameter = shape
            claims.quotes["parameter"] = original


def _meaning_quotes(sentence: str) -> list[str]:
    """Quoted passages that say what something means (the part after `means`)."""
    found = []
    for match in re.finditer(r"\bmeans\s+((?:\"[^\"]*\"(?:\s*,?\s*(?:and\s+)?)?)+)", sentence):
        found += QUOTED.findall(match.group(1))
    return found


def _claim(claims: Claims, values: list[str], prefix: str, value: str, original: str) -> bool:
    """Note a claimed `value` once in `values`, quoting the sentence that first says it (as
    `{prefix}:{value}`); True when it is new."""
    if value in values:
        return False
    values.append(value)
    claims.quotes.setdefault(f"{prefix}:{value}", original)
    return True


def _read_triggers(claims: Claims, quoted: str, original: str) -> None:
    clauses = re.findall(r"\b(?:when|whenever)\b([^,.]*)", quoted, re.I)
    clauses += re.findall(r"\bat (the beginning of [^,.]*|end of turn)", quoted, re.I)
    for clause in clauses:
        _claim(claims, claims.triggers, "trigger", canonical_trigger(clause), original)


def canonical_trigger(clause: str) -> str:
    """A trigger clause as a canonical event name (`this creature attacks` -> `attacks`)."""
    folded = " ".join(clause.lower().split())
    for pattern, event in TRIGGERS:
        if re.search(pattern, folded):
            return event
    folded = re.sub(r"\bthis (?:creature|permanent|card|spell|object|equipment)\b", "~", folded)
    return folded.strip()


def _read_durations(claims: Claims, sentence: str, original: str) -> None:
    folded = sentence.lower()
    for pattern, duration in DURATIONS:
        if re.search(pattern, folded) and _claim(claims, claims.durations, "duration",
                                                 duration, original):
            folded = re.sub(pattern, " ", folded)


def _read_zones(claims: Claims, sentence: str, original: str) -> None:
    folded = sentence.lower()
    for pattern, zone in ZONE_WORDS:
        if re.search(pattern, folded):
            _claim(claims, claims.zones, "zone", zone, original)
    for clause in re.findall(r"\b(?:functions?|works|activated only|can trigger)\b[^,;.]*",
                             QUOTED.sub('""', folded)):
        for pattern, zone in ZONE_WORDS:
            if re.search(pattern, clause):
                _claim(claims, claims.functions_in, "functions", zone, original)


def _read_instances(claims: Claims, sentence: str, original: str) -> None:
    if not re.search(r"\b(?:instances?|multiple|each (?:one|of them))\b", sentence, re.I):
        return
    said = "redundant" if REDUNDANT.search(sentence) else (
        "separate" if SEPARATE.search(sentence) else None)
    if said and claims.instances is None:
        claims.instances = said
        claims.quotes["instances"] = original


# quoted examples ('such as "a card" or "three cards"') illustrate a rule; they claim no amount
SUCH_AS = lazy(r'\bsuch as "[^"]*"(?:,? (?:or|and) "[^"]*")*')


def _read_amounts(claims: Claims, sentence: str, original: str) -> None:
    found: list[tuple[int, Amount]] = []
    sentence = SUCH_AS.sub(lambda m: " " * len(m.group(0)), sentence)
    for match in COUNTERS.finditer(sentence):
        found.append((match.start(), Amount("counter", match.group(2).lower(),
                                            match.group(1), original, match.group(0),
                                            sentence)))
    for match in PT_CHANGE.finditer(sentence):
        found.append((match.start(), Amount("pt", match.group(1), "", original, match.group(0),
                                            sentence)))
    for match in OBJECTS.finditer(sentence):
        if match.group(1).lower() in ("a", "an") and not re.search(
                r"\b(?:draw|draws|sacrifices?|discards?|exiles?|create|search)\s+\S+$",
                sentence[:match.end(1)]):
            continue
        noun = match.group(2).lower().replace("copies", "copy")
        found.append((match.start(), Amount(noun, noun, match.group(1), original,
                                            match.group(0), sentence)))
    for match in LIFE.finditer(sentence):
        found.append((match.start(), Amount("life", "life", match.group(1), original,
                                            match.group(0), sentence)))
    for match in MANA_LESS.finditer(sentence):
        found.append((match.start(), Amount("mana", match.group(1), "less", original,
                                            match.group(0), sentence)))
    claims.amounts += [amount for _, amount in sorted(found, key=lambda pair: pair[0])]


# what a sentence needs, as written, for either claim `claims_about` reads: `_read_kinds`
# "... abilit(y|ies)", `_read_instances` "instance(s)", "multiple", "each" (or "every",
# which `modern` makes "each"); reading a sentence adds none of these
_CLAIM_WORDS = lazy(r"abilit|instance|multiple|each|every", re.I)


@lru_cache(maxsize=16)
def _sentences_of(text: str) -> tuple[str, ...]:
    """The sentences of a ruling's rule texts, split once for every keyword it names."""
    return tuple(s for unit in rule_units(text) for s in sentences(unit))


def may_claim(text: str) -> bool:
    """Whether a text has any word `claims_about` needs to read a claim in it (reading a
    text into sentences only drops and evens out characters between words: a text without
    them as written has no sentence with one)."""
    return _CLAIM_WORDS.search(text) is not None


@lru_cache(maxsize=1024)
def _instances_of(name: str) -> re.Pattern[str]:
    """A ruling's phrase for several instances of keyword `name` on one object ("multiple
    instances of lifelink", "of first strike and trample", "each instance of cascade", "two
    bushido abilities"): the only sentences whose "redundant" or "separately" is said of
    the keyword's instances."""
    return re.compile(rf"\binstances? of (?:the )?(?:\w+(?: \w+)? (?:and|or) )?"
                      rf"{re.escape(name)}\b"
                      rf"|\b{re.escape(name)} abilities\b", re.I)


def claims_about(text: str, name: str) -> Claims | None:
    """What a ruling's sentences that mention keyword `name` claim about its kind or about
    multiple instances (the claims a later rules change can supersede), or None; only these
    two claims are read."""
    if not may_claim(text):  # (half the rulings: not even split into sentences)
        return None
    mentioning = " ".join(s for s in _sentences_of(text)
                          if re.search(rf"\b{re.escape(name)}\b", s, re.I))
    if not _CLAIM_WORDS.search(mentioning):  # (most rulings: no sentence read)
        return None
    # only the two readers of these claims: a search marking its rulings pays for no more
    claims = Claims(keyword=name.lower())
    of_name = _instances_of(name)
    for original, sentence in _read_sentences(mentioning, name):
        _read_kinds(claims, QUOTED.sub('""', sentence), original, name)
        if of_name.search(sentence):  # not "multiple creatures with lifelink ... each"
            _read_instances(claims, sentence, original)
    claims.kinds = sorted(set(claims.kinds))
    return claims if (claims.instances or claims.kinds) else None
