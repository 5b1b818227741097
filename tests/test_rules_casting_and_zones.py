"""The casting and zone keywords (buyback, cycling, kicker, flashback, madness, entwine,
splice, ninjutsu, convoke, dredge, transmute, replicate, forecast, recover, retrace, suspend,
delve, aura swap, transfigure, evoke, prowl, reinforce, rebound, miracle, overload): each
keyword's check on its real definition text (quoted from data/sources/*.txt), on changed
copies of it (an amount, the kind, the trigger, a zone, a duration, the parameter, the cost
rule) and on rewordings of it (older wording, curly quotes, spacing), and the model's
behaviour in a few plain scenarios."""

from __future__ import annotations

import re

import pytest

from kb.model import Record
from kb.rules.mutations import rewordings
from kb.rules.validate import check_definition
from tests.conftest import DATA

THREAD, WIKI = "keyword-abilities-faq-thread-2012", "judge-wiki-keywords-appendix-c"

# keyword-abilities-faq-thread-2012.txt (rules as printed on each keyword's line)
BUYBACK = (
    '702.25a Buyback appears on some instants and sorceries. It represents two static '
    'abilities that function while the spell is on the stack. "Buyback [cost]" means "You may '
    'pay an additional [cost] as you cast this spell" and "If the buyback cost was paid, put '
    'this spell into its owner\'s hand instead of into that player\'s graveyard as it '
    'resolves." Paying a spell\'s buyback cost follows the rules for paying additional costs '
    'in rules 601.2b and 601.2e-g.')
FLASHBACK = (
    '702.32a Flashback appears on some instants and sorceries. It represents two static '
    'abilities: one that functions while the card is in a player\'s graveyard and the other '
    'that functions while the card is on the stack. "Flashback [cost]" means "You may cast '
    'this card from your graveyard by paying [cost] rather than paying its mana cost" and "If '
    'the flashback cost was paid, exile this card instead of putting it anywhere else any '
    'time it would leave the stack." Casting a spell using its flashback ability follows the '
    'rules for paying alternative costs in rules 601.2b and 601.2e-g.')
KICKER = (
    '702.31a Kicker is a static ability that functions while the spell with kicker is on the '
    'stack. "Kicker [cost]" means "You may pay an additional [cost] as you cast this spell." '
    'Paying a spell\'s kicker cost(s) follows the rules for paying additional costs in rules '
    '601.2b and 601.2e-g. 702.31b The phrase "Kicker [cost 1] and/or [cost 2]" means the same '
    'thing as "Kicker [cost 1], kicker [cost 2]." 702.31c Multikicker is a variant of the '
    'kicker ability. "Multikicker [cost]" means "You may pay an additional [cost] any number '
    'of times as you cast this spell." A multikicker cost is a kicker cost.')

ENTWINE = (
    '702.40a Entwine is a static ability of modal spells (see rule 700.2) that functions while '
    'the spell is on the stack. "Entwine [cost]" means "You may choose all modes of this spell '
    'instead of just one. If you do, you pay an additional [cost]." Using the entwine ability '
    'follows the rules for choosing modes and paying additional costs in rules 601.2b and '
    '601.2e-g. 702.40b If the entwine cost was paid, follow the text of each of the modes in '
    'the order written on the card when the spell resolves.')
EVOKE = (
    '702.72a Evoke represents two abilities: a static ability that functions in any zone from '
    'which the card with evoke can be cast and a triggered ability that functions on the '
    'battlefield. "Evoke [cost]" means "You may cast this card by paying [cost] rather than '
    'paying its mana cost" and "When this permanent enters the battlefield, if its evoke cost '
    'was paid, its controller sacrifices it." Paying a card\'s evoke cost follows the rules '
    'for paying alternative costs in rules 601.2b and 601.2e-g.')
OVERLOAD = (
    '702.94a Overload is a keyword that represents two static abilities: one that functions '
    'from any zone in which the spell with overload can be cast and another that functions '
    'while the card is on the stack. Overload [cost] means "You may choose to pay [cost] '
    'rather than pay this spell\'s mana cost" and "If you chose to pay this spell\'s overload '
    'cost, change its text by replacing all instances of the word \'target\' with the word '
    '\'each.\'" Using the overload ability follows the rules for paying alternative costs in '
    'rules 601.2b and 601.2e-g. 702.94b If a player chooses to pay the overload cost of a '
    'spell, that spell won\'t require any targets.')
PROWL = (
    '702.74a Prowl is a static ability that functions on the stack. "Prowl [cost]" means "You '
    'may pay [cost] rather than pay this spell\'s mana cost if a player was dealt combat '
    'damage this turn by a source that, at the time it dealt that damage, was under your '
    'control and had any of this spell\'s creature types." Paying a spell\'s prowl cost '
    'follows the rules for paying alternative costs in rules 601.2b and 601.2e-g.')
RETRACE = (
    '702.79a Retrace appears on some instants and sorceries. It represents a static ability '
    'that functions while the card with retrace is in a player\'s graveyard. "Retrace" means '
    '"You may cast this card from your graveyard by discarding a land card as an additional '
    'cost to cast it." Casting a spell using its retrace ability follows the rules for paying '
    'additional costs in rules 601.2b and 601.2e-g.')

MADNESS = (
    '702.33a Madness is a keyword that represents two abilities. The first is a static ability '
    'that functions while the card with madness is in a player\'s hand. The second is a '
    'triggered ability that functions when the first ability is applied. "Madness [cost]" '
    'means "If a player would discard this card, that player discards it, but may exile it '
    'instead of putting it into his or her graveyard" and "When this card is exiled this way, '
    'its owner may cast it by paying [cost] rather than paying its mana cost. If that player '
    'doesn\'t, he or she puts this card into his or her graveyard." 702.33b Casting a spell '
    'using its madness ability follows the rules for paying alternative costs in rules 601.2b '
    'and 601.2e-g.')
REBOUND = (
    '702.86a Rebound appears on some instants and sorceries. It represents a static ability '
    'that functions while the spell is on the stack and may create a delayed triggered '
    'ability. "Rebound" means "If this spell was cast from your hand, instead of putting it '
    'into your graveyard as it resolves, exile it and, at the beginning of your next upkeep, '
    'you may cast this card from exile without paying its mana cost." 702.86b Casting a card '
    'without paying its mana cost as the result of a rebound ability follows the rules for '
    'paying alternative costs in rules 601.2b and 601.2e-g. 702.86c Multiple instances of '
    'rebound on the same spell are redundant.')
SUSPEND = (
    '702.60a Suspend is a keyword that represents three abilities. The first is a static '
    'ability that functions while the card with suspend is in a player\'s hand. The second and '
    'third are triggered abilities that function in the exile zone. "Suspend N -- [cost]" '
    'means "If you could begin to cast this card by putting it onto the stack from your hand, '
    'you may pay [cost] and exile it with N time counters on it. This action doesn\'t use the '
    'stack," and "At the beginning of your upkeep, if this card is suspended, remove a time '
    'counter from it," and "When the last time counter is removed from this card, if it\'s '
    'exiled, play it without paying its mana cost if able. If you can\'t, it remains exiled. '
    'If you cast a creature spell this way, it gains haste until you lose control of the spell '
    'or the permanent it becomes." 702.60b A card is "suspended" if it\'s in the exile zone, '
    'has suspend, and has a time counter on it.')
MIRACLE = (
    '702.92a Miracle is a static ability linked to a triggered ability (see rule 603.10). '
    '"Miracle [cost]" means "You may reveal this card from your hand as you draw it if it\'s '
    'the first card you\'ve drawn this turn. When you reveal this card this way, you may cast '
    'it by paying [cost] rather than its mana cost."')

# judge-wiki-keywords-appendix-c.txt (2011 wording; capture damage as in the file)
BUYBACK_WIKI = (
    'Buyback represents two static abilities that function while the spell is on the stack. '
    '"Buyback [cost]" means "You may pay an additional [cost] as you cast this spell" and "If '
    'the buyback cost was paid, put this spell into its owner\'s hand instead of into that '
    'player\'s graveyard as it resolves."')
FLASHBACK_WIKI = (
    'Flashback appears on some instants and sorceries. It represents two static abilities: '
    'one that functions while the card is in a player\'s graveyard and the other that '
    'functions while the card is on the stack. "Flashback [cost]" means "You may cast this '
    'card from yourgraveyard by paying [cost] rather than paying its mana cost" and "If the '
    'flashback cost was paid, exile this card instead of putting it anywhere else any time it '
    'would leave the stack."')
EVOKE_WIKI = (
    'Evoke represents two abilities: a static ability that functions in any zone from which '
    'the card with evoke can be cast and a triggered ability that functions on the '
    'battlefield. "Evoke [cost]" means "You may cast this card by paying [cost] rather than '
    'paying its mana cost" and "When thispermanent enters the battlefield, if its evoke cost '
    'was paid, its controller sacrifices it."')
MADNESS_WIKI = (
    'Madness is a keyword that represents two abilities. The first is a static ability that '
    'functions while the card with madness is in a player\'s hand. The secondis a triggered '
    'ability that functions when the first ability is applied. "Madness [cost]" means "If a '
    'player would discard this card, that player discards it, but may exile it instead of '
    'putting it into his or her graveyard"and "When this card is exiled this way, its owner '
    'may cast it by paying [cost] rather than paying its mana cost. If that player doesn\'t, '
    'he or she puts this card into his or her graveyard."')
DAMAGE = {"Flashback": ["run-together words: 'yourgraveyard' (your graveyard)"],
          "Evoke": ["run-together words: 'thispermanent' (this permanent)"],
          "Madness": ["run-together words: 'secondis' (second is)"]}


def definition(title: str, text: str, source: str = THREAD, era: str = "2012-10-01") -> Record:
    """A keyword record as the parsers make them."""
    damage = DAMAGE.get(title, []) if source == WIKI else []
    return Record(id=f"{source}:keyword:{title.lower().replace(' ', '-')}", kind="keyword",
                  source=source, title=title, text=text, era=era, date=era,
                  meta={"damage": damage})


WIKI_ERA = {"source": WIKI, "era": "2011-01-01"}
REAL = [("Buyback", BUYBACK, {}), ("Buyback", BUYBACK_WIKI, WIKI_ERA),
        ("Flashback", FLASHBACK, {}), ("Flashback", FLASHBACK_WIKI, WIKI_ERA),
        ("Kicker", KICKER, {}), ("Entwine", ENTWINE, {}), ("Evoke", EVOKE, {}),
        ("Evoke", EVOKE_WIKI, WIKI_ERA), ("Overload", OVERLOAD, {}), ("Prowl", PROWL, {}),
        ("Retrace", RETRACE, {}), ("Madness", MADNESS, {}), ("Madness", MADNESS_WIKI, WIKI_ERA),
        ("Rebound", REBOUND, {}), ("Suspend", SUSPEND, {}), ("Miracle", MIRACLE, {})]


def _source_text(where: dict[str, str]) -> str:
    name = where.get("source", THREAD)
    return " ".join((DATA / "sources" / f"{name}.txt").read_text(encoding="utf-8").split())


@pytest.mark.parametrize(("title", "text", "where"), REAL,
                         ids=[f"{r[0]}-{r[2].get('source', THREAD)[:5]}" for r in REAL])
def test_real_definitions_pass(title, text, where):
    for chunk in re.split(r" (?=\d{3}\.\d+[a-z] )", text):
        assert chunk in _source_text(where), chunk[:60]
    result = check_definition(definition(title, text, **where))
    assert result.status == "ok", result.details
    assert result.details and all(d.startswith("checked: ") for d in result.details)


@pytest.mark.parametrize(("title", "text", "where"), REAL,
                         ids=[f"{r[0]}-{r[2].get('source', THREAD)[:5]}" for r in REAL])
def test_rewordings_stay_ok(title, text, where):
    record = definition(title, text, **where)
    variants = rewordings(record)
    assert {label for label, _ in variants} >= {"curly quotes", "spacing"}
    for label, changed in variants:
        assert check_definition(changed).status == "ok", label


CHANGED = [
    # (title, text, old, new): one edit of each claim the checks read
    ("Buyback", BUYBACK, "pay an additional [cost] as", "pay [cost] rather than paying its mana "
     "cost as"),
    ("Buyback", BUYBACK, "into its owner's hand instead", "into its owner's library instead"),
    ("Buyback", BUYBACK, "two static abilities", "two triggered abilities"),
    ("Buyback", BUYBACK, '"Buyback [cost]" means', '"Buyback N" means'),
    ("Buyback", BUYBACK, "while the spell is on the stack", "while the card is in your hand"),
    ("Flashback", FLASHBACK, "cast this card from your graveyard", "cast this card from your "
     "hand"),
    ("Flashback", FLASHBACK, "by paying [cost] rather than paying its mana cost", "by paying an "
     "additional [cost]"),
    ("Flashback", FLASHBACK, "exile this card instead", "put this card into your hand instead"),
    ("Flashback", FLASHBACK, " any time it would leave the stack", " as it resolves"),
    ("Flashback", FLASHBACK, "two static abilities", "two activated abilities"),
    ("Kicker", KICKER, '"You may pay an additional [cost] as you cast this spell."',
     '"You may pay an additional [cost] any number of times as you cast this spell."'),
    ("Kicker", KICKER, "additional [cost] any number of times", "additional [cost]"),
    ("Kicker", KICKER, '"Kicker [cost]" means "You may pay an additional [cost]',
     '"Kicker [cost]" means "You may pay [cost] rather than pay this spell\'s mana cost'),
    ("Kicker", KICKER, "Kicker is a static ability", "Kicker is an activated ability"),
    ("Entwine", ENTWINE, "you pay an additional [cost]", "you pay [cost] rather than its mana "
     "cost"),
    ("Entwine", ENTWINE, "choose all modes", "choose two modes"),
    ("Entwine", ENTWINE, "while the spell is on the stack", "while the card is in exile"),
    ("Evoke", EVOKE, "its controller sacrifices it", "its controller exiles it"),
    ("Evoke", EVOKE, "When this permanent enters the battlefield", "When this permanent "
     "becomes blocked"),
    ("Evoke", EVOKE, "by paying [cost] rather than paying its mana cost", "by paying an "
     "additional [cost]"),
    ("Overload", OVERLOAD, "with the word \'each.\'", "with the word \'one.\'"),
    ("Overload", OVERLOAD, "choose to pay [cost] rather than pay this spell's mana cost",
     "choose to pay an additional [cost]"),
    ("Overload", OVERLOAD, "two static abilities", "two triggered abilities"),
    ("Prowl", PROWL, "combat damage this turn", "combat damage this game"),
    ("Prowl", PROWL, "was under your control and ", ""),
    ("Prowl", PROWL, " and had any of this spell's creature types", ""),
    ("Prowl", PROWL, "You may pay [cost] rather than pay this spell's mana cost", "You may pay "
     "an additional [cost]"),
    ("Retrace", RETRACE, "from your graveyard by discarding", "from your hand by discarding"),
    ("Retrace", RETRACE, "discarding a land card", "discarding a creature card"),
    ("Retrace", RETRACE, "as an additional cost", "as an alternative cost"),
    ("Retrace", RETRACE, "is in a player's graveyard", "is on the battlefield"),
    ("Madness", MADNESS, "by paying [cost] rather than paying its mana cost", "by paying an "
     "additional [cost]"),
    ("Madness", MADNESS, "he or she puts this card into his or her graveyard", "he or she puts "
     "this card into his or her hand"),
    ("Madness", MADNESS, "that player discards it, but may exile it", "that player discards "
     "it, but exiles it"),
    ("Madness", MADNESS, "When this card is exiled this way", "When this card is cast"),
    ("Madness", MADNESS, "The second is a triggered ability", "The second is a static ability"),
    ("Rebound", REBOUND, "cast from your hand", "cast from your graveyard"),
    ("Rebound", REBOUND, "as it resolves, exile it", "as it resolves, return it to your hand"),
    ("Rebound", REBOUND, "at the beginning of your next upkeep", "at the beginning of your "
     "next end step"),
    ("Rebound", REBOUND, "from exile without paying its mana cost", "from exile by paying its "
     "mana cost"),
    ("Rebound", REBOUND, "are redundant", "each trigger separately"),
    ("Suspend", SUSPEND, "exile it with N time counters", "exile it with two time counters"),
    ("Suspend", SUSPEND, "remove a time counter from it", "remove two time counters from it"),
    ("Suspend", SUSPEND, "if it's exiled, play it", "if it's exiled, you may play it"),
    ("Suspend", SUSPEND, "it gains haste", "it gains flying"),
    ("Suspend", SUSPEND, "At the beginning of your upkeep", "At the beginning of your end step"),
    ("Suspend", SUSPEND, "until you lose control", "until end of turn"),
    ("Suspend", SUSPEND, '"Suspend N -- [cost]"', '"Suspend [cost]"'),
    ("Miracle", MIRACLE, "the first card you've drawn", "the second card you've drawn"),
    ("Miracle", MIRACLE, "by paying [cost] rather than its mana cost", "by paying an "
     "additional [cost]"),
    ("Miracle", MIRACLE, "When you reveal this card this way", "When you draw this card"),
    ("Miracle", MIRACLE, "static ability linked to a triggered", "static ability linked to an "
     "activated"),
]


@pytest.mark.parametrize(("title", "text", "old", "new"), CHANGED,
                         ids=[f"{c[0]}-{i}" for i, c in enumerate(CHANGED)])
def test_changed_rules_text_is_a_mismatch(title, text, old, new):
    assert old in text
    assert check_definition(definition(title, text)).status == "ok"
    result = check_definition(definition(title, text.replace(old, new)))
    assert result.status == "mismatch", result.details
