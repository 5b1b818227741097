"""The casting and zone keywords (buyback, cycling, kicker, flashback, madness, entwine,
splice, ninjutsu, convoke, dredge, transmute, replicate, forecast, recover, retrace, suspend,
delve, aura swap, transfigure, evoke, prowl, reinforce, rebound, miracle, overload): each
keyword's check on its real definition text (quoted from data/sources/*.txt), on changed
copies of it (an amount, the kind, the trigger, a zone, a duration, the parameter, the cost
rule) and on rewordings of it (older wording, curly quotes, spacing), and the model's
behaviour in a few plain scenarios."""

from __future__ import annotations

import re
from dataclasses import replace

import pytest

from ingest.registry import describe_file, parse_source
from kb.model import Record
from kb.rules.game import Ability, Game
from kb.rules.validate import check_definition
from tests.conftest import CR_FILES, extra_file
from tests.rules_support import (
    FAQ,
    THREAD,
    WIKI,
    assert_mismatch,
    assert_ok,
    assert_rewordings_ok,
    source_text,
)
from tests.rules_support import definition as shared_definition

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

CYCLING = (
    '702.27a Cycling is an activated ability that functions only while the card with cycling '
    'is in a player\'s hand. "Cycling [cost]" means "[Cost], Discard this card: Draw a card." '
    '702.27c Some cards with cycling have abilities that trigger when they\'re cycled. "When '
    'you cycle [this card]" means "When you discard [this card] to pay a cycling cost." These '
    'abilities trigger from whatever zone the card winds up in after it\'s cycled. 702.27d '
    'Typecycling is a variant of the cycling ability. "[Type]cycling [cost]" means "[Cost], '
    'Discard this card: Search your library for a [type] card, reveal it, and put it into your '
    'hand. Then shuffle your library." This type is usually a subtype (as in '
    '"mountaincycling") but can be any card type, subtype, supertype, or combination thereof '
    '(as in "basic landcycling"). 702.27e Typecycling abilities are cycling abilities, and '
    'typecycling costs are cycling costs. Any cards that trigger when a player cycles a card '
    'will trigger when a card is discarded to pay a typecycling cost.')
TRANSMUTE = (
    '702.51a Transmute is an activated ability that functions only while the card with '
    'transmute is in a player\'s hand. "Transmute [cost]" means "[Cost], Discard this card: '
    'Search your library for a card with the same converted mana cost as the discarded card, '
    'reveal that card, and put it into your hand. Then shuffle your library. Activate this '
    'ability only any time you could cast a sorcery."')
TRANSFIGURE = (
    '702.69a Transfigure is an activated ability. "Transfigure [cost]" means "[Cost], Sacrifice '
    'this permanent: Search your library for a creature card with the same converted mana cost '
    'as this permanent and put it onto the battlefield. Then shuffle your library. Activate '
    'this ability only any time you could cast a sorcery."')
REINFORCE = (
    '702.75a Reinforce is an activated ability that functions only while the card with '
    'reinforce is in a player\'s hand. "Reinforce N -- [cost]" means "[Cost], Discard this '
    'card: Put N +1/+1 counters on target creature."')
FORECAST = (
    '702.55a A forecast ability is a special kind of activated ability that can be activated '
    'only from a player\'s hand. It\'s written "Forecast -- [Activated ability]." 702.55b A '
    'forecast ability may be activated only during the upkeep step of the card\'s owner and '
    'only once each turn. The controller of the forecast ability reveals the card with that '
    'ability from his or her hand as the ability is activated.')
RECOVER = (
    '702.57a Recover is a triggered ability that functions only while the card with recover is '
    'in a player\'s graveyard. "Recover [cost]" means "When a creature is put into your '
    'graveyard from the battlefield, you may pay [cost]. If you do, return this card from your '
    'graveyard to your hand. Otherwise, exile this card."')
DREDGE = (
    '702.50a Dredge is a static ability that functions only while the card with dredge is in a '
    'player\'s graveyard. "Dredge N" means "As long as you have at least N cards in your '
    'library, if you would draw a card, you may instead put N cards from the top of your '
    'library into your graveyard and return this card from your graveyard to your hand." '
    '702.50b A player with fewer cards in his or her library than the number required by a '
    'dredge ability can\'t put any of them into his or her graveyard this way.')
NINJUTSU = (
    '702.47a Ninjutsu is an activated ability that functions only while the card with ninjutsu '
    'is in a player\'s hand. "Ninjutsu [cost]" means "[Cost], Reveal this card from your hand, '
    'Return an unblocked attacking creature you control to its owner\'s hand: Put this card '
    'onto the battlefield from your hand tapped and attacking." 702.47b The card with ninjutsu '
    'remains revealed from the time the ability is announced until the ability leaves the '
    'stack. 702.47c A ninjutsu ability may be activated only while a creature on the '
    'battlefield is unblocked (see rule 509.1h). The creature with ninjutsu is put onto the '
    'battlefield unblocked. It will be attacking the same player or planeswalker as the '
    'creature that was returned to its owner\'s hand.')
AURA_SWAP = (
    '702.63a Aura swap is an activated ability of some Aura cards. "Aura swap [cost]" means '
    '"[Cost]: You may exchange this permanent with an Aura card in your hand." 702.63b If '
    'either half of the exchange can\'t be completed, the ability has no effect.')
CONVOKE = (
    '702.49a Convoke is a static ability that functions while the spell with convoke is on the '
    'stack. "Convoke" means "As an additional cost to cast this spell, you may tap any number '
    'of untapped creatures you control. Each creature tapped this way reduces the cost to cast '
    'this spell by {1} or by one mana of any of that creature\'s colors." Using the convoke '
    'ability follows the rules for paying additional costs in rules 601.2b and 601.2e-g. '
    '702.49b Multiple instances of convoke on the same spell are redundant.')
DELVE = (
    '702.64a Delve is a static ability that functions while the spell that has delve is on the '
    'stack. "Delve" means "As an additional cost to cast this spell, you may exile any number '
    'of cards from your graveyard. Each card exiled this way reduces the cost to cast this '
    'spell by {1}." Using the delve ability follows the rules for paying additional costs in '
    'rules 601.2b and 601.2e-g. 702.64b Multiple instances of delve on the same spell are '
    'redundant.')
REPLICATE = (
    '702.54a Replicate is a keyword that represents two abilities. The first is a static '
    'ability that functions while the spell with replicate is on the stack. The second is a '
    'triggered ability that functions while the spell with replicate is on the stack. '
    '"Replicate [cost]" means "As an additional cost to cast this spell, you may pay [cost] '
    'any number of times" and "When you cast this spell, if a replicate cost was paid for it, '
    'copy it for each time its replicate cost was paid. If the spell has any targets, you may '
    'choose new targets for any of the copies." Paying a spell\'s replicate cost follows the '
    'rules for paying additional costs in rules 601.2b and 601.2e-g. 702.54b If a spell has '
    'multiple instances of replicate, each is paid separately and triggers based on the '
    'payments made for it, not any other instance of replicate.')
SPLICE = (
    '702.45a Splice is a static ability that functions while a card is in your hand. "Splice '
    'onto [subtype] [cost]" means "You may reveal this card from your hand as you cast a '
    '[subtype] spell. If you do, copy this card\'s text box onto that spell and pay [cost] as '
    'an additional cost to cast that spell." Paying a card\'s splice cost follows the rules '
    'for paying additional costs in rules 601.2b and 601.2e-g. 702.45b You can\'t choose to use '
    'a splice ability if you can\'t make the required choices (targets, etc.) for that card\'s '
    'instructions. You can\'t splice any one card onto the same spell more than once. If '
    'you\'re splicing more than one card onto a spell, reveal them all at once and choose the '
    'order in which their instructions will be followed. The instructions on the main spell '
    'have to be followed first.')
# shards-of-alara-faq-2008.txt (the 2008 rules: cycle triggers work from the graveyard)
CYCLING_2008 = (
    '502.18a Cycling is an activated ability that functions only while the card with cycling '
    'is in a player\'s hand. "Cycling [cost]" means "[Cost], Discard this card: Draw a card." '
    '502.18b Although the cycling ability is playable only if the card is in a player\'s hand, '
    'it continues to exist while the object is in play and in all other zones. Therefore '
    'objects with cycling will be affected by effects that depend on objects having one or '
    'more activated abilities. 502.18c Some cards with cycling have abilities that trigger '
    'when they\'re cycled. "When you cycle [this card]" means "When you discard [this card] to '
    'pay a cycling cost." These abilities trigger from the graveyard.')

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
    """A keyword record as the parsers make them (with the wiki's capture damage)."""
    return shared_definition(title, text, source, era,
                             damage=DAMAGE.get(title, []) if source == WIKI else [])


WIKI_ERA = {"source": WIKI, "era": "2011-01-01"}
REAL = [("Buyback", BUYBACK, {}), ("Buyback", BUYBACK_WIKI, WIKI_ERA),
        ("Flashback", FLASHBACK, {}), ("Flashback", FLASHBACK_WIKI, WIKI_ERA),
        ("Kicker", KICKER, {}), ("Entwine", ENTWINE, {}), ("Evoke", EVOKE, {}),
        ("Evoke", EVOKE_WIKI, WIKI_ERA), ("Overload", OVERLOAD, {}), ("Prowl", PROWL, {}),
        ("Retrace", RETRACE, {}), ("Madness", MADNESS, {}), ("Madness", MADNESS_WIKI, WIKI_ERA),
        ("Rebound", REBOUND, {}), ("Suspend", SUSPEND, {}), ("Miracle", MIRACLE, {}),
        ("Cycling", CYCLING, {}), ("Cycling", CYCLING_2008, {"source": FAQ, "era": "2008-10-01"}),
        ("Transmute", TRANSMUTE, {}), ("Transfigure", TRANSFIGURE, {}),
        ("Reinforce", REINFORCE, {}), ("Forecast", FORECAST, {}), ("Recover", RECOVER, {}),
        ("Dredge", DREDGE, {}), ("Ninjutsu", NINJUTSU, {}), ("Aura Swap", AURA_SWAP, {}),
        ("Convoke", CONVOKE, {}), ("Delve", DELVE, {}), ("Replicate", REPLICATE, {}),
        ("Splice", SPLICE, {})]


@pytest.mark.parametrize(("title", "text", "where"), REAL,
                         ids=[f"{r[0]}-{r[2].get('source', THREAD)[:5]}" for r in REAL])
def test_real_definitions_pass(title, text, where):
    for chunk in re.split(r" (?=\d{3}\.\d+[a-z] )", text):
        assert chunk in source_text(where.get("source", THREAD)), chunk[:60]
    assert_ok(definition(title, text, **where))


@pytest.mark.parametrize(("title", "text", "where"), REAL,
                         ids=[f"{r[0]}-{r[2].get('source', THREAD)[:5]}" for r in REAL])
def test_rewordings_stay_ok(title, text, where):
    assert_rewordings_ok(definition(title, text, **where))


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
    ("Cycling", CYCLING, "Discard this card: Draw a card.", "Discard this card: Draw two "
     "cards."),
    ("Cycling", CYCLING, '"[Cost], Discard this card: Draw', '"[Cost]: Draw'),
    ("Cycling", CYCLING, "is in a player's hand", "is on the battlefield"),
    ("Cycling", CYCLING, "from whatever zone the card winds up in after it's cycled",
     "from the graveyard"),
    ("Cycling", CYCLING, '"When you cycle [this card]" means', '"When you cast [this card]" '
     'means'),
    ("Cycling", CYCLING, "reveal it, and put it into your hand", "reveal it, and put it onto "
     "the battlefield"),
    ("Cycling", CYCLING, "Cycling is an activated ability", "Cycling is a static ability"),
    ("Transmute", TRANSMUTE, "with the same converted mana cost", "with greater converted mana "
     "cost"),
    ("Transmute", TRANSMUTE, "and put it into your hand", "and put it into your graveyard"),
    ("Transmute", TRANSMUTE, " Activate this ability only any time you could cast a sorcery.",
     ""),
    ("Transfigure", TRANSFIGURE, "for a creature card", "for a card"),
    ("Transfigure", TRANSFIGURE, "put it onto the battlefield", "put it into your hand"),
    ("Transfigure", TRANSFIGURE, "Transfigure is an activated", "Transfigure is a triggered"),
    ("Reinforce", REINFORCE, "Put N +1/+1 counters", "Put two +1/+1 counters"),
    ("Reinforce", REINFORCE, "Discard this card: Put", "Exile this card: Put"),
    ("Reinforce", REINFORCE, "is in a player's hand", "is in a player's graveyard"),
    ("Reinforce", REINFORCE, '"Reinforce N -- [cost]"', '"Reinforce [cost]"'),
    ("Forecast", FORECAST, "during the upkeep step", "during the draw step"),
    ("Forecast", FORECAST, "of the card's owner", "of the card's opponent"),
    ("Forecast", FORECAST, "only once each turn", "only twice each turn"),
    ("Forecast", FORECAST, "only from a player's hand", "only from a player's graveyard"),
    ("Recover", RECOVER, "return this card from your graveyard to your hand", "return this "
     "card from your graveyard to the battlefield"),
    ("Recover", RECOVER, "Otherwise, exile this card", "Otherwise, sacrifice this card"),
    ("Recover", RECOVER, "put into your graveyard from the battlefield", "put into an "
     "opponent's graveyard from the battlefield"),
    ("Recover", RECOVER, "When a creature is put into your graveyard from the battlefield",
     "When a creature enters the battlefield"),
    ("Dredge", DREDGE, "at least N cards", "at least two cards"),
    ("Dredge", DREDGE, "instead put N cards", "instead put two cards"),
    ("Dredge", DREDGE, "from your graveyard to your hand", "from your graveyard to the "
     "battlefield"),
    ("Dredge", DREDGE, "if you would draw a card", "if you would draw two cards"),
    ("Dredge", DREDGE, '"Dredge N"', '"Dredge [cost]"'),
    ("Ninjutsu", NINJUTSU, "to its owner's hand: Put", "to its owner's library: Put"),
    ("Ninjutsu", NINJUTSU, "from your hand tapped and attacking", "from your hand untapped"),
    ("Ninjutsu", NINJUTSU, "Reveal this card from your hand,", "Reveal this card from your "
     "graveyard,"),
    ("Ninjutsu", NINJUTSU, "Return an unblocked attacking creature", "Return an attacking "
     "creature"),
    ("Ninjutsu", NINJUTSU, "Ninjutsu is an activated ability", "Ninjutsu is a static ability"),
    ("Aura Swap", AURA_SWAP, "with an Aura card in your hand", "with an Aura card in your "
     "graveyard"),
    ("Aura Swap", AURA_SWAP, "the ability has no effect", "the other half still happens"),
    ("Aura Swap", AURA_SWAP, "with an Aura card", "with an Equipment card"),
    ("Aura Swap", AURA_SWAP, '"Aura swap [cost]"', '"Aura swap N"'),
    ("Convoke", CONVOKE, "cast this spell by {1} or", "cast this spell by {2} or"),
    ("Convoke", CONVOKE, " or by one mana of any of that creature's colors", ""),
    ("Convoke", CONVOKE, "you may tap any number of untapped creatures you control. Each "
     "creature tapped this way reduces the cost to cast this spell by {1} or by one mana of "
     "any of that creature's colors.", "for each generic mana in this spell's total cost, you "
     "may tap an untapped creature you control rather than pay that mana."),
    ("Convoke", CONVOKE, "are redundant", "each work separately"),
    ("Delve", DELVE, "cast this spell by {1}", "cast this spell by {2}"),
    ("Delve", DELVE, "cards from your graveyard", "cards from your hand"),
    ("Delve", DELVE, "you may exile any number of cards", "you may sacrifice any number of "
     "cards"),
    ("Delve", DELVE, "Delve is a static ability", "Delve is an activated ability"),
    ("Replicate", REPLICATE, "you may pay [cost] any number of times", "you may pay [cost]"),
    ("Replicate", REPLICATE, "copy it for each time its replicate cost was paid", "copy it "
     "once"),
    ("Replicate", REPLICATE, "When you cast this spell", "When this spell resolves"),
    ("Replicate", REPLICATE, "each is paid separately", "they are redundant"),
    ("Replicate", REPLICATE, "As an additional cost to cast this spell, you may pay [cost] any "
     "number of times", "You may pay [cost] rather than pay this spell's mana cost"),
    ("Splice", SPLICE, "pay [cost] as an additional cost", "pay [cost] rather than its mana "
     "cost as the cost"),
    ("Splice", SPLICE, "reveal this card from your hand as you cast", "reveal this card from "
     "your graveyard as you cast"),
    ("Splice", SPLICE, "splice any one card onto the same spell more than once", "splice any "
     "one card onto the same spell more than twice"),
    ("Splice", SPLICE, '"Splice onto [subtype] [cost]"', '"Splice [cost]"'),
]


@pytest.mark.parametrize(("title", "text", "old", "new"), CHANGED,
                         ids=[f"{c[0]}-{i}" for i, c in enumerate(CHANGED)])
def test_changed_rules_text_is_a_mismatch(title, text, old, new):
    assert old in text
    assert check_definition(definition(title, text)).status == "ok"
    assert_mismatch(definition(title, text.replace(old, new)))


def test_an_outdated_definition_is_a_mismatch_in_a_later_era():
    """The 2008 cycle-trigger rule ("from the graveyard") fails a 2012 game, and the 2012 rule
    ("from whatever zone") a 2008 one."""
    old = check_definition(definition("Cycling", CYCLING_2008, source=FAQ, era="2012-10-01"))
    assert old.status == "mismatch"
    assert any("trigger from the graveyard" in d for d in old.details), old.details
    new = definition("Cycling", CYCLING, era="2008-10-01")
    assert check_definition(new).status == "mismatch"


@pytest.fixture(scope="module")
def rules_2026() -> dict[str, Record]:
    """The keyword records of the 2026 Comprehensive Rules, by keyword name."""
    source, text = describe_file(extra_file(CR_FILES["2026-01-16"]))
    return {r.title.lower(): r for r in parse_source(source, text) if r.kind == "keyword"}


CHANGED_SINCE_2012 = {"convoke": CONVOKE, "delve": DELVE, "madness": MADNESS,
                      "suspend": SUSPEND, "splice": SPLICE}


@pytest.mark.parametrize("name", sorted(CHANGED_SINCE_2012))
def test_rules_changes_are_modelled_in_history(rules_2026, name):
    """Each version validates in its own era; the 2012 text in a 2026 game and the 2026 text
    in a 2012 game are mismatches (an outdated definition is a genuine finding)."""
    new = rules_2026[name]
    assert check_definition(new).status == "ok"
    old = definition(name.title(), CHANGED_SINCE_2012[name])
    assert check_definition(old).status == "ok"
    assert check_definition(replace(old, era="2026-01-16")).status == "mismatch"
    assert check_definition(replace(new, era="2012-10-01")).status == "mismatch"


def test_every_2026_definition_of_the_group_validates(rules_2026):
    group = ["buyback", "cycling", "kicker", "flashback", "madness", "entwine", "splice",
             "ninjutsu", "convoke", "dredge", "transmute", "replicate", "forecast", "recover",
             "retrace", "suspend", "delve", "aura swap", "transfigure", "evoke", "prowl",
             "reinforce", "rebound", "miracle", "overload"]
    results = {name: check_definition(rules_2026[name]) for name in group}
    assert {name: r.status for name, r in results.items() if r.status != "ok"} == {}


# --- the game model ------------------------------------------------------------------------------

def test_flashback_casts_from_the_graveyard_and_exiles():
    from kb.rules.keywords._spells import burn_spell
    from kb.rules.keywords.flashback import cast_with_flashback

    game = Game()
    me = game.active
    card = burn_spell(game, me, "Firebolt", mana_cost="{R}", zone="graveyard",
                      types=("sorcery",), abilities=(Ability("flashback", "{4}{R}"),))
    game.add_mana(me, "{4}{R}")
    cast_with_flashback(game, me, card)
    game.resolve_stack()
    assert (card.zone, game.opponent(me).life, sum(me.pool.values())) == ("exile", 19, 0)


def test_madness_discard_exiles_and_casts_for_the_madness_cost():
    game = Game()
    me = game.active
    card = game.create("Fiery Temper", controller=me, zone="hand", types={"instant"},
                       mana_cost="{1}{R}{R}", abilities=(Ability("madness", "{R}"),))
    game.add_mana(me, "{R}")
    game.discard(card)
    game.resolve_stack()
    assert card.zone == "graveyard" and not me.pool
    assert [e.name for e in game.log if e.obj is card][:3] == ["exiled this way", "discard",
                                                               "cast"]


def test_suspend_counts_down_in_its_owners_upkeeps():
    from kb.rules.keywords.suspend import suspend

    game = Game()
    me = game.active
    card = game.create("Rift Bolt", controller=me, zone="hand", types={"sorcery"},
                       mana_cost="{2}{R}", abilities=(Ability("suspend", (2, "{R}")),))
    game.add_mana(me, "{R}")
    suspend(game, me, card)
    counts = [card.counters["time"]]
    for _ in range(4):
        game.next_turn()
        counts.append(card.counters["time"])
    assert counts == [2, 2, 1, 1, 0] and card.zone == "graveyard"


def test_dredge_replaces_a_draw_only_with_enough_cards_in_the_library():
    game = Game()
    me = game.active
    imp = game.create("Imp", controller=me, zone="graveyard", abilities=(Ability("dredge", 2),))
    game.create("Land", controller=me, zone="library", types={"land"})
    game.draw(me)
    assert imp.zone == "graveyard" and len(me.hand) == 1
    for n in range(3):
        game.create(f"Card {n}", controller=me, zone="library", types={"land"})
    game.draw(me)
    assert imp.zone == "hand" and len(me.library) == 1 and len(me.graveyard) == 2


def test_convoke_and_delve_pay_for_mana_of_the_total_cost():
    from kb.rules.keywords.convoke import cast_convoked
    from kb.rules.keywords.delve import cast_delved

    game = Game()
    me = game.active
    elves = [game.create(f"Elf {n}", colors={"green"}) for n in range(2)]
    card = game.create("Siege Wurm", zone="hand", mana_cost="{5}{G}{G}",
                       abilities=("convoke",))
    game.add_mana(me, "{5}")
    cast_convoked(game, me, card, elves)
    assert all(e.tapped for e in elves) and not me.pool
    pile = [game.create(f"Card {n}", zone="graveyard", types={"land"}) for n in range(3)]
    cruise = game.create("Treasure Cruise", zone="hand", types={"sorcery"},
                         mana_cost="{7}{U}", abilities=("delve",))
    game.add_mana(me, "{4}{U}")
    game.resolve_stack()
    cast_delved(game, me, cruise, pile)
    assert {c.zone for c in pile} == {"exile"} and not me.pool
