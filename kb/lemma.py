"""English word forms that a suffix stemmer cannot bring to their base: irregular verbs
and plurals.

Porter's stemmer removes regular endings ("attacked", "attacks" -> "attack") but leaves
"drew", "went", "took", "paid", "lost" apart from "draw", "go", "take", "pay", "lose",
and it splits the -ie verbs ("dies" -> "di", "die" -> "die"). A judge asks
"my creature died, what happens" where the rules say "dies"; a player "drew from an empty
library" where the rules "draw a card". `lemma` gives such a form its base form before the
stemmer runs, so the index and every query stem them alike. Number words are their digits
("zero life" is "0 life").

The table is a closed class of English (the irregular verbs of everyday English, the
irregular plurals, the cardinal numbers), like the function words of `kb.search`, not a
list fitted to queries.
Forms that are also another word of the rules are left out: "left" (the rules' direction:
"the player to their left", "the left half"), "dice" (its singular "die" is also the verb),
"lay" (lie or lay), "leaves" (the verb, not the plural of "leaf"), "lives", "found",
"bound", "ground", "wound", "bit", "hidden" (the "hidden zone"), and the auxiliaries
(compared as written, as function words).
"""

from __future__ import annotations

# base form: its irregular forms (past, past participle, and the odd present forms)
_VERBS = """
arise: arose arisen | awake: awoke awoken | become: became | begin: began begun | bend: bent |
bite: bitten | bleed: bled | blow: blew blown | break: broke broken | breed: bred |
bring: brought | build: built | buy: bought | catch: caught | choose: chose chosen |
cling: clung | come: came | creep: crept | deal: dealt | die: dies died dying | dig: dug |
draw: drew drawn | drink: drank drunk | drive: drove driven | eat: ate eaten |
fall: fell fallen | feed: fed | feel: felt | fight: fought |  flee: fled |
fly: flew flown flies | forbid: forbade forbidden | forget: forgot forgotten |
forgive: forgave forgiven | freeze: froze frozen | get: got gotten | give: gave given |
go: goes went gone | grow: grew grown | hang: hung | hear: heard | hold: held | keep: kept |
kneel: knelt | know: knew known | lead: led | leap: leapt | lend: lent |
lie: lies lying | lose: lost | make: made | mean: meant | meet: met | overcome: overcame |
overtake: overtook overtaken | pay: paid | prove: proven | ride: rode ridden |
ring: rang rung | rise: rose risen | run: ran | say: said | see: saw seen | seek: sought |
sell: sold | send: sent | shake: shook shaken | shine: shone | shoot: shot |
shrink: shrank shrunk | sing: sang sung | show: shown | sink: sank sunk | slay: slew slain |
sleep: slept | slide: slid | speak: spoke spoken | spend: spent | spin: spun | stand: stood |
steal: stole stolen | stick: stuck | sting: stung | strike: struck stricken |
strive: strove striven | swear: swore sworn | sweep: swept | swim: swam swum | swing: swung |
take: took taken | teach: taught | tear: tore torn | tell: told | think: thought |
throw: threw thrown | tie: ties tied tying | undergo: undergoes underwent undergone |
understand: understood | undo: undid undone | uphold: upheld | vie: vies vied vying |
wake: woke woken | wear: wore worn | weave: wove woven | win: won |
withdraw: withdrew withdrawn | withhold: withheld | write: wrote written
"""

# singular: its irregular plurals
_NOUNS = """
child: children | dwarf: dwarves | elf: elves | foot: feet | goose: geese |
half: halves | knife: knives | man: men | mouse: mice | ox: oxen | phenomenon: phenomena |
criterion: criteria | thief: thieves | tooth: teeth | wolf: wolves | woman: women
"""

# number words: the rules write "ten or more poison counters" and "0 or less life", players
# "10 poison" and "zero life" ("one" is left out: it is also a pronoun, "each one")
_NUMBERS = """
0: zero | 2: two | 3: three | 4: four | 5: five | 6: six | 7: seven | 8: eight | 9: nine |
10: ten | 11: eleven | 12: twelve | 13: thirteen | 14: fourteen | 15: fifteen |
16: sixteen | 17: seventeen | 18: eighteen | 19: nineteen | 20: twenty
"""


def _table(text: str) -> dict[str, str]:
    out: dict[str, str] = {}
    for entry in text.split("|"):
        base, _, forms = entry.partition(":")
        for form in forms.split():
            out[form] = base.strip()
    return out


LEMMAS: dict[str, str] = {**_table(_VERBS), **_table(_NOUNS), **_table(_NUMBERS)}


def lemma(word: str) -> str:
    """The base form of an irregular English word form (lower case), else the word:
    "drew" -> "draw", "died" -> "die", "went" -> "go", "elves" -> "elf"."""
    return LEMMAS.get(word, word)
