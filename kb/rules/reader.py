"""The clause reader: every sentence of a keyword definition as a structured reading.

`read_clauses(text, name)` splits a definition into its clauses (one per sentence, rule
numbers, "See rule" references and examples left out, as `kb.rules.claims` splits them)
and reads each into a `Reading`:
- `kind`: the ability kinds it states (static, triggered, activated, ...);
- `modality` and `negation`: can / may / must / will, and not / no / never / unless /
  without / except (a negated auxiliary reads as its auxiliary plus `not`);
- `actors`: who (you, an opponent, controller, owner, defending player, each player, ...);
- `actions`: what is done, each verb in one form, its sign kept (gain / lose, put /
  remove, tap / untap, add, less / more, +N/+N / -N/-N);
- `zones`, `amounts` (numbers, P/T changes, mana symbols, counters), `durations`,
  `timing` (when / whenever / at the beginning of, steps and phases, first / last,
  instant / sorcery), `conditions` (if, only if, as long as, unless);
- `words`: every other content word.

Wording that keeps the meaning reads the same: era wording (`kb.era.modernize` plus
"enters the battlefield" -> "enters", "converted mana cost" -> "mana value"), contractions,
"each"/"every", quotes, spacing and line breaks, number words (`two` = `2`), parameter
names (`N` = `X`), inflection (`gains`/`gain`, `targeted`/`target`) and the passive voice
(`can't be the target of spells your opponents control` reads as `spells your opponents
control can't target`: the words "be", "by", "of" and articles carry no meaning here).
A clause with neither a kind, a modality, an action, a trigger nor a defining verb is not
placed (`Clause.placed` False): `validate` reports it as `unread`. A sentence that only
points elsewhere ("See rule 607, ...", "For more information about Auras, see rule 303")
is no clause. A clause that says how cards were printed or which other rules a payment
follows ("Buyback appears on some instants and sorceries", "Paying a spell's kicker cost
follows the rules for paying additional costs") is `informational`: an excerpt may leave
it out.

`Reading.key` is the comparison key: the multiset of every token, so two clauses read the
same exactly when nothing of their meaning differs.
"""

from __future__ import annotations

import re
from collections import Counter
from dataclasses import dataclass, field
from functools import lru_cache

from kb import rulenum
from kb.rules.claims import (
    RULE_LABEL,
    modern,
    normalize_quotes_all,
    sentences,
    unglue,
)

# words that carry no meaning of their own in a rules sentence (articles, "its", forms of
# "be", the passive's "by" and "of", "to": where an object goes is read as a direction,
# `DIRECTION`; "one" reads as "a")
STOP = frozenset({"a", "an", "the", "its", "is", "are", "be", "been", "being", "was", "were",
                  "by", "of", "to", "'s", "s"})
NUMBER_WORDS = {"zero": "0", "one": "a", "two": "2", "three": "3", "four": "4", "five": "5",
                "six": "6", "seven": "7", "eight": "8", "nine": "9", "ten": "10",
                "twice": "2x", "once": "1x"}
IRREGULAR = {"dealt": "deal", "paid": "pay", "chosen": "choose", "chose": "choose",
             "drawn": "draw", "drew": "draw", "taken": "take", "took": "take",
             "given": "give", "gave": "give", "shown": "show", "left": "leave",
             "lost": "lose", "won": "win", "began": "begin", "begun": "begin",
             "became": "become", "came": "come", "put": "put", "cast": "cast",
             "spent": "spend", "split": "split", "dies": "die", "died": "die", "dying": "die",
             "has": "have", "had": "have", "having": "have", "does": "do", "did": "do",
             "done": "do", "its": "its", "this": "this", "plus": "plus", "less": "less",
             "unless": "unless", "as": "as", "us": "us", "always": "always",
             "species": "species", "status": "status", "bonus": "bonus", "various": "various",
             "previous": "previous", "thus": "thus", "whose": "whose", "those": "those",
             "these": "these", "address": "address", "process": "process",
             "is": "is", "was": "was", "every": "each", "cannot": "can't"}
CONTRACTIONS = {"can't": ("can", "not"), "won't": ("will", "not"), "don't": ("do", "not"),
                "doesn't": ("do", "not"), "didn't": ("do", "not"), "isn't": ("not",),
                "aren't": ("not",), "wasn't": ("not",), "weren't": ("not",),
                "hasn't": ("have", "not"), "haven't": ("have", "not"),
                "hadn't": ("have", "not"), "couldn't": ("could", "not"),
                "wouldn't": ("would", "not"), "shouldn't": ("should", "not"),
                "it's": ("it",), "that's": ("that",), "they're": ("they",),
                "you're": ("you",), "there's": ("there",)}
# modern wording the 2024 rules shortened, and other renamings the era table leaves out
MORE_MODERN = ((re.compile(r"\b(enter(?:s|ed|ing)?) the battlefield\b", re.I), r"\1"),
               (re.compile(r"\bconverted mana costs?\b", re.I), "mana value"),
               # (kb.era already rewrites "he or she", "his or her", "him or her")
               (re.compile(r"\b(?:he/she|s/he)\b", re.I), "they"),
               (re.compile(r"\bhis/her\b", re.I), "their"),
               (re.compile(r"\bhim/her\b", re.I), "them"),
               (re.compile(r"\bcan not\b", re.I), "can't"),
               (re.compile(r"\b(from [\w' ]{1,40}? )to play\b", re.I), r"\1to the battlefield"),
               (re.compile(r"\bor greater\b", re.I), "or more"),
               (re.compile(r"\band/or\b", re.I), "or"),
               (re.compile(r"\bnon-(?=[a-z])", re.I), "non"),
               (re.compile(r"\beach time\b", re.I), "whenever"),
               (re.compile(r"\bat the start of\b", re.I), "at the beginning of"),
               (re.compile(r"\b(less|more) to play\b", re.I), r"\1 to cast"),
               (re.compile(r"\bactivate this ability only\b", re.I), "activate only"),
               (re.compile(r"\bcast this spell only\b", re.I), "cast only"),
               # capture damage that ran "this" into its noun ("thisspell")
               (re.compile(r"\bthis(spell|card|creature|permanent|object|ability)\b", re.I),
                r"this \1"))
# a line break that does not start a numbered rule ("702.39b The ...")
NOT_A_RULE_START = re.compile(r"\s*\n(?!\s*\d{3}\.\d+[a-z]?\.?\s+[A-Z\"(\u201c\[])\s*")
# nouns capture damage ran a keyword's name into ("The affinityability reduces ...")
GLUED_NOUN = r"abilit(?:y|ies)|costs?|creatures?|spells?|cards?|permanents?"
# a sentence that points to other rules ("See rule 607, ...", "For more information ...")
POINTER = re.compile(r"^\(?(?:see\b|for more information\b)", re.I)
MEANS = re.compile(r"\bmeans?\b|\"")
# a parenthesis that ends a sentence: `... Objects.") Put it onto the stack`
AFTER_PARENTHESIS = re.compile(r"(?<=[.!?]\))\s+(?=[A-Z(])|(?<=[.!?]\"\))\s+(?=[A-Z(])")
EXAMPLE_START = re.compile(r"\bExample:\s*")
INFORMATIONAL = re.compile(r"\b(?:follows? the rules for|appears? on (?:some|all|certain)|"
                           r"(?:were|was) printed|errata|oracle card reference)\b", re.I)
TOKEN = re.compile(r"[+\-\u2212]?(?:\d+|[nx])/[+\-\u2212]?(?:\d+|[nx])"  # P/T change
                   r"|\{[^}]*\}"  # mana symbol
                   r"|\[[^\]]*\]"  # placeholder: [cost], [quality]
                   r"|[+\-\u2212]\d+\b"  # loyalty and other signed numbers
                   r"|[a-z0-9]+(?:'[a-z]+)?", re.I)

KINDS = frozenset({"static", "triggered", "activated", "evasion", "characteristic-defining",
                   "spell", "mana", "loyalty", "keyword"})
MODALS = frozenset({"can", "may", "must", "will", "could", "would", "should", "might"})
NEGATIONS = frozenset({"not", "no", "never", "unless", "without", "except", "neither", "nor",
                       "none", "nothing", "only"})
ACTORS = frozenset({"you", "your", "opponent", "controller", "owner", "player", "defending",
                    "attacking", "they", "their", "them", "teammate", "team", "other",
                    "another", "each", "any", "all", "that"})
ZONES = frozenset({"hand", "library", "graveyard", "battlefield", "stack", "exile",
                   "command", "zone", "top", "bottom", "play", "outside", "sideboard",
                   "face", "up", "down", "onto", "into", "from", "to"})
DURATIONS = frozenset({"until", "end", "turn", "rest", "game", "long", "combat", "next",
                       "continuously", "since", "during", "while"})
TIMING = frozenset({"when", "whenever", "at", "beginning", "upkeep", "draw", "step", "phase",
                    "first", "last", "instant", "sorcery", "priority", "time", "before",
                    "after", "resolve", "declare", "then", "precombat", "postcombat",
                    "cleanup", "main", "once"})
CONDITIONS = frozenset({"if", "unless", "only", "as", "instead", "even", "otherwise", "though"})
# verbs of what a clause does: actions on objects and players, and the defining verbs
ACTIONS = frozenset("""
activate add attach attack become block cast change choose control copy counter create
deal destroy discard divide double draw enchant equip exchange exile fight gain get give
leave lose look mill move pay play prevent put regenerate remove reveal sacrifice
search shuffle skip tap untap target transform trigger turn vote win assign apply affect
cause count define enter exist function happen include keep mean modify name refer
represent return reduce replace select separate share spend stay treat use work begin
become choose cost declare dealt die discard enlist exert explore fateseal fortify
investigate manifest meld monstrosity populate proliferate scry surveil venture amass
adapt bolster clash connive detain goad learn plot regenerate support unlock abandon
collect convert discover forage incubate open endure airbend earthbend firebend
waterbend blight behold harness suspect time travel roll flip planeswalk set proceed
check compare note lock attempt end continue consider mean represent appear allow
remain follow phase print instruct perform claim designate write occur cease cancel
resolve stop tempt visit sector alter complete ignore
""".split())
DEFINING = frozenset({"mean", "represent", "is", "are", "refer", "define", "called"})


@dataclass(frozen=True)
class Reading:
    """The structured reading of one clause (see the module docstring)."""

    kind: tuple[str, ...] = ()
    modality: tuple[str, ...] = ()
    negation: tuple[str, ...] = ()
    actors: tuple[str, ...] = ()
    actions: tuple[str, ...] = ()
    zones: tuple[str, ...] = ()
    amounts: tuple[str, ...] = ()
    durations: tuple[str, ...] = ()
    timing: tuple[str, ...] = ()
    conditions: tuple[str, ...] = ()
    words: tuple[str, ...] = ()
    tokens: tuple[str, ...] = ()

    @property
    def key(self) -> str:
        """The comparison key: every token, sorted (a multiset)."""
        return " ".join(sorted(self.tokens))

    def to_dict(self) -> dict[str, list[str]]:
        """JSON form: the non-empty fields."""
        return {name: list(value) for name, value in self.__dict__.items()
                if value and name != "tokens"}


@dataclass(frozen=True)
class Clause:
    """One sentence of a definition: its rule label ("" when unnumbered), the sentence as
    written and its reading."""

    label: str
    text: str
    reading: Reading = field(default_factory=Reading)
    defining: bool = False  # a defining verb ("means", "is") was seen
    example: bool = False  # a sentence of an "Example:" passage

    @property
    def pointer(self) -> bool:
        """Whether the clause points to other rules ("See rule 607, ...")."""
        return bool(POINTER.search(self.text))

    @property
    def informational(self) -> bool:
        """Whether the clause only says how cards were printed or which other rules a
        payment follows (an excerpt of the rules may leave it out)."""
        return self.example or self.pointer or (
            bool(INFORMATIONAL.search(self.text)) and not MEANS.search(self.text))

    @property
    def placed(self) -> bool:
        """Whether the reader placed the clause: it states a kind, a modality, an action,
        a trigger or a definition."""
        r = self.reading
        return bool(r.kind or r.modality or r.actions or self.defining or self.example
                    or self.pointer or {"when", "whenever"} & set(r.timing))

    @property
    def key(self) -> str:
        """The reading's comparison key."""
        return self.reading.key


# words of one meaning in rules text (after inflection is taken off)
SYNONYMS = {"higher": "greater", "lower": "less", "fewer": "less", "larger": "greater",
            "smaller": "less"}


def lemma(word: str) -> str:
    """One form of a word: lower case, number words as digits, plural and verb endings off
    (`gains` -> `gain`, `targeted` -> `target`, `creatures` -> `creature`)."""
    word = word.lower().replace("\u2212", "-")
    if word in IRREGULAR:
        return IRREGULAR[word]
    if word in NUMBER_WORDS:
        return NUMBER_WORDS[word]
    if len(word) <= 3 or not word.isalpha():
        return word
    for suffix, new in (("ies", "y"), ("ied", "y"), ("sses", "ss"), ("ches", "ch"),
                        ("shes", "sh"), ("xes", "x"), ("ing", ""), ("ed", ""), ("es", "e"),
                        ("s", "")):
        if word.endswith(suffix) and len(word) - len(suffix) >= 3:
            if suffix == "s" and word.endswith(("ss", "us", "is")):
                return word
            stem = word[: len(word) - len(suffix)] + new
            if suffix in ("ing", "ed"):
                stem = _restore(stem)
            return stem
    return word


def _restore(stem: str) -> str:
    """A verb stem after -ed / -ing: `tapp` -> `tap`, `exil` -> `exile`, `caus` -> `cause`."""
    if len(stem) >= 3 and stem[-1] == stem[-2] and stem[-1] not in "lsz":
        return stem[:-1]
    if stem + "e" in _E_VERBS:
        return stem + "e"
    return stem


_E_VERBS = frozenset("""exile cause sacrifice choose use mine remove move become declare
create change reduce replace note compare continue resolve discard promote determine
assemble calculate divide define cycle sacrifice manifest shuffle save pace produce race
place trade leave name raise reveale rule make take give chase force prove escape""".split())


# where an object comes from and goes: "from your graveyard", "into its owner's hand"
ZONE_NAMES = {"hand": "hand", "hands": "hand", "library": "library", "libraries": "library",
              "graveyard": "graveyard", "graveyards": "graveyard", "battlefield": "battlefield",
              "stack": "stack", "exile": "exile", "command": "command", "play": "battlefield"}
DIRECTION = re.compile(r"\b(from|to|into|onto)\s+(?:(?:the|a|an|its|your|their|that|this|"
                       r"each|any|owner's|controller's|player's|opponent's|its owner's|"
                       r"top|bottom|of)\s+){0,4}(hands?|librar(?:y|ies)|graveyards?|"
                       r"battlefield|stack|exile|command|play)\b", re.I)
DIRECTIONS = {"into:hand": "to:hand", "onto:battlefield": "to:battlefield",
              **{f"{way}:{zone}": f"to:{zone}" for way in ("into", "onto")
                 for zone in ZONE_NAMES.values()}}
AMOUNT = re.compile(r"[+\-]?[\dnx]+(?:/[+\-]?[\dnx]+)?x?|\{[^}]*\}|\[[^\]]*\]|counter")
LEXICONS = (KINDS, MODALS, NEGATIONS, ACTORS, ACTIONS, ZONES, DURATIONS, TIMING, CONDITIONS)


KIND_LEMMAS = frozenset(lemma(kind) for kind in KINDS)


def residual(word: str) -> bool:
    """Whether a token is none of the reading's structured sorts (a plain content word)."""
    return not AMOUNT.fullmatch(word) and not any(word in lexicon for lexicon in LEXICONS)


def tokens(sentence: str, name: str = "") -> list[str]:
    """The tokens of one sentence in matching form (see the module docstring); a sentence
    opening with "It" about keyword `name` reads as opening with the name ("It represents
    two static abilities" = "Buyback represents two static abilities")."""
    text = modern(sentence)
    for pattern, new in MORE_MODERN:
        text = pattern.sub(new, text)
    text = text.replace("\u2019", "'").replace("\u2018", "'")
    found: list[str] = []
    for raw in TOKEN.findall(text):
        word = raw.lower().strip("'")
        if word in CONTRACTIONS:
            found += CONTRACTIONS[word]
            continue
        if word.endswith("'s"):
            word = word[:-2]
        if word.endswith("s'"):
            word = word[:-1]
        if re.fullmatch(r"[+\-\u2212]?(?:\d+|[nx])/[+\-\u2212]?(?:\d+|[nx])", word):
            found.append(re.sub(r"[xX]", "n", word.replace("\u2212", "-")))
            continue
        if word in ("x", "n"):
            found.append("n")
            continue
        if word.startswith("[") and re.fullmatch(r"\[[nx]\]", word):
            found.append("n")
            continue
        word = lemma(word)
        word = SYNONYMS.get(word, word)
        if word and word not in STOP:
            found.append(word)
    if name and found[:1] == ["it"]:
        found[:1] = tokens(name)
    found += [f"{way}:{ZONE_NAMES[zone]}" for way, zone in
              ((m.group(1).lower(), m.group(2).lower()) for m in DIRECTION.finditer(text))
              if way in ("from", "to", "into", "onto") and zone in ZONE_NAMES]
    return [DIRECTIONS.get(w, w) for w in found]


def reading(sentence: str, name: str = "") -> tuple[Reading, bool]:
    """The reading of one sentence of keyword `name`'s definition, and whether a defining
    verb was seen."""
    return _reading(sentence, name)


@lru_cache(maxsize=65536)
def _reading(sentence: str, name: str) -> tuple[Reading, bool]:
    words = tokens(sentence, name)
    lowered = f" {modern(sentence).lower()} "
    sorts: dict[str, list[str]] = {name: [] for name in (
        "kind", "modality", "negation", "actors", "actions", "zones", "amounts", "durations",
        "timing", "conditions", "words")}
    for word in words:
        if word in KIND_LEMMAS and re.search(rf"\b{re.escape(word)}\w*\s+abilit", lowered):
            sorts["kind"].append(word)
        elif word in MODALS:
            sorts["modality"].append(word)
        elif word in NEGATIONS:
            sorts["negation"].append(word)
        elif word in ACTORS:
            sorts["actors"].append(word)
        elif word in ACTIONS:
            sorts["actions"].append(word)
        elif word in ZONES or ":" in word:
            sorts["zones"].append(word)
        elif AMOUNT.fullmatch(word):
            sorts["amounts"].append(word)
        elif word in DURATIONS:
            sorts["durations"].append(word)
        elif word in TIMING:
            sorts["timing"].append(word)
        elif word in CONDITIONS:
            sorts["conditions"].append(word)
        else:
            sorts["words"].append(word)
    defining = bool(re.search(r"\b(?:means?|is|are|isn't|aren't|was|were|has|have|"
                              r"represents?|refers? to|called|written)\b", lowered))
    built = Reading(**{name: tuple(values) for name, values in sorts.items()},
                    tokens=tuple(words))
    return built, defining


def read_clauses(text: str, name: str) -> list[Clause]:
    """Every clause of a definition text of keyword `name`, in text order, each with the
    rule label of its unit ("" for an unnumbered text); the sentences of its examples and
    its references to other rules are clauses too (flagged `example`, `pointer`)."""
    text = normalize_quotes_all(unglue(text, name))
    text = NOT_A_RULE_START.sub(" ", text)  # a line break inside a sentence
    text = re.sub(rf"\b({re.escape(name)})({GLUED_NOUN})\b", r"\1 \2", text, flags=re.I)
    found: list[Clause] = []
    labels = [m.group(0).strip().rstrip(".") for m in RULE_LABEL.finditer(text)]
    pieces = RULE_LABEL.split(text)
    if len(pieces) > len(labels):  # text before the first label (or no label at all)
        labels = ["", *labels]
    for label, unit in zip(labels, pieces, strict=False):
        label = label if rulenum.is_number(label) else ""
        parts = EXAMPLE_START.split(" ".join(unit.split()))
        for index, part in enumerate(parts):
            for sentence in (s for piece in AFTER_PARENTHESIS.split(part)
                             for s in sentences(piece)):
                built, defining = reading(sentence, name)
                if built.tokens:
                    found.append(Clause(label, sentence, built, defining, index > 0))
    return found


def split_glued(key: str, vocabulary: frozenset[str]) -> str:
    """A comparison key with each token that is no word of `vocabulary` but two of them
    run together ("hauntthat", "facedown", "onthe": capture damage) split in two."""
    out = []
    for word in key.split():
        if word in vocabulary or not word.isalpha() or len(word) < 5:
            out.append(word)
            continue
        for cut in range(len(word) - 2, 1, -1):
            head, tail = word[:cut], lemma(word[cut:])
            if (head in vocabulary or head in STOP) and (tail in vocabulary or tail in STOP):
                out += [w for w in (head, tail) if w not in STOP]
                break
        else:
            out.append(word)
    return " ".join(sorted(out))


def keys(clauses: list[Clause]) -> Counter[str]:
    """The multiset of the clauses' comparison keys."""
    return Counter(c.key for c in clauses)
