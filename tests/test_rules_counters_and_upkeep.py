"""The counter, upkeep and zone keywords (cumulative upkeep, echo, fading, vanishing, amplify,
modular, sunburst, graft, bloodthirst, devour, persist, undying, unleash, level up, living
weapon, totem armor, scavenge, soulshift, absorb, phasing, changeling, flash, split second,
champion, hideaway): their real definitions (quoted exactly from data/sources/*.txt) validate
`ok`, changed copies (an amount, the kind, the trigger, a zone, a duration, the parameter)
validate `mismatch`, rewordings in another era's wording stay `ok`; the model's behaviour."""

from __future__ import annotations

from collections import Counter

import pytest

from ingest.registry import describe_file, parse_source
from kb.model import Record
from kb.rules.game import Ability, Game
from kb.rules.keywords import fold_name
from kb.rules.validate import check_definition, validate
from tests.conftest import CR_FILES, extra_file, seed_manifest
from tests.rules_support import (
    BLOG,
    THREAD,
    WIKI,
    assert_mismatch,
    assert_mutations_mismatch,
    assert_ok,
    assert_rewordings_ok,
    definition,
    source_text,
)

# keyword-abilities-faq-thread-2012.txt (702.x, one line per section) and
# judge-wiki-keywords-appendix-c.txt (_WIKI), exactly as in the files
ABSORB = (
    '702.62a Absorb is a static ability. "Absorb N" means "If a source would deal damage to this '
    'creature, prevent N of that damage." 702.62b Each absorb ability can prevent only N damage '
    'from any one source at any one time. It will apply separately to damage from other sources, '
    'or to damage dealt by the same source at a different time. 702.62c If an object has multiple '
    'instances of absorb, each applies separately.'
)
AMPLIFY = (
    '702.36a Amplify is a static ability. "Amplify N" means "As this object enters the '
    'battlefield, reveal any number of cards from your hand that share a creature type with it. '
    'This permanent enters the battlefield with N +1/+1 counters on it for each card revealed this'
    " way. You can't reveal this card or any other cards that are entering the battlefield at the "
    'same time as this card." 702.36b If a creature has multiple instances of amplify, each one '
    'works separately.'
)
BLOODTHIRST = (
    '702.52a Bloodthirst is a static ability. "Bloodthirst N" means "If an opponent was dealt '
    'damage this turn, this permanent enters the battlefield with N +1/+1 counters on it." 702.52b'
    ' "Bloodthirst X" is a special form of bloodthirst. "Bloodthirst X" means "This permanent '
    'enters the battlefield with X +1/+1 counters on it, where X is the total damage your '
    'opponents have been dealt this turn." 702.52c If an object has multiple instances of '
    'bloodthirst, each applies separately.'
)
CHAMPION = (
    '702.70a Champion represents two triggered abilities. "Champion an [object]" means "When this '
    'permanent enters the battlefield, sacrifice it unless you exile another [object] you control"'
    ' and "When this permanent leaves the battlefield, return the exiled card to the battlefield '
    'under its owner\'s control." 702.70b The two abilities represented by champion are linked. See'
    ' rule 607, "Linked Abilities." 702.70c A permanent is "championed" by another permanent if '
    'the latter exiles the former as the direct result of a champion ability.'
)
CHAMPION_WIKI = (
    'Champion represents two triggered abilities. "Champion an [object]" means "When this '
    'permanent enters the battlefield, sacrifice it unless you exile another [object] you control"'
    ' and "When this permanent leaves the battlefield, return the exiled card to the battlefield '
    'under its owner\'s control." The two abilities represented by champion are linked. A permanent'
    ' is "championed" by another permanent if the latter exiles the former as the direct result of'
    ' a champion ability.'
)
CHANGELING = (
    '702.71a Changeling is a characteristic-defining ability. "Changeling" means "This object is '
    'every creature type." This ability works everywhere, even outside the game. See rule 604.3. '
    '702.71b Multiple instances of changeling on the same object are redundant.'
)
CUMULATIVE_UPKEEP = (
    '702.22a Cumulative upkeep is a triggered ability that imposes an increasing cost on a '
    'permanent. "Cumulative upkeep [cost]" means "At the beginning of your upkeep, if this '
    'permanent is on the battlefield, put an age counter on this permanent. Then you may pay '
    '[cost] for each age counter on it. If you don\'t, sacrifice it." If [cost] has choices '
    'associated with it, each choice is made separately for each age counter, then either the '
    "entire set of costs is paid, or none of them is paid. Partial payments aren't allowed. "
    'Example: A creature has "Cumulative upkeep {W} or {U}" and two age counters on it. When its '
    "ability next triggers and resolves, the creature's controller puts an age counter on it and "
    'then may pay {W}{W}{W}, {W}{W}{U}, {W}{U}{U}, or {U}{U}{U} to keep the creature on the '
    'battlefield. Example: A creature has "Cumulative upkeep -- Sacrifice a creature" and one age '
    "counter on it. When its ability next triggers and resolves, its controller can't choose the "
    'same creature to sacrifice twice. Either two different creatures must be sacrificed, or the '
    'creature with cumulative upkeep must be sacrificed. 702.22b If a permanent has multiple '
    'instances of cumulative upkeep, each triggers separately. However, the age counters are not '
    'connected to any particular ability; each cumulative upkeep ability will count the total '
    'number of age counters on the permanent at the time that ability resolves. Example: A '
    'creature has two instances of "Cumulative upkeep -- Pay 1 life." The creature currently has '
    'no counters but both cumulative upkeep abilities trigger. When the first ability resolves, '
    'the controller adds a counter and then chooses to pay 1 life. When the second ability '
    'resolves, the controller adds another counter and then chooses to pay an additional 2 life.'
)
CUMULATIVE_UPKEEP_WIKI = (
    'Cumulative upkeep is a triggered ability that imposes an increasing cost on a permanent. '
    '"Cumulative upkeep [cost]" means "At the beginning of your upkeep, if this permanent is on '
    'the battlefield, put an age counter on this permanent. Then you may pay [cost] for each age '
    'counter on it. If you don\'t, sacrifice it." If [cost] has choices associated with it, each '
    'choice is made separately for each age counter, then either the entire set of costs is paid, '
    "or none of them is paid. Partial payments aren't allowed. If a permanent has multiple "
    'instances of cumulative upkeep, each triggers separately. However, the age counters are not '
    'connected to any particular ability; each cumulative upkeep ability will count the total '
    'number of age counters on the permanent at the time that ability resolves.'
)
DEVOUR = (
    '702.80a Devour is a static ability. "Devour N" means "As this object enters the battlefield, '
    'you may sacrifice any number of creatures. This permanent enters the battlefield with N +1/+1'
    ' counters on it for each creature sacrificed this way." 702.80b Some objects have abilities '
    'that refer to the number of creatures the permanent devoured. "It devoured" means "sacrificed'
    ' as a result of its devour ability as it entered the battlefield."'
)
ECHO = (
    '702.28a Echo is a triggered ability. "Echo [cost]" means "At the beginning of your upkeep, if'
    ' this permanent came under your control since the beginning of your last upkeep, sacrifice it'
    ' unless you pay [cost]." 702.28b Urza block cards with the echo ability were printed without '
    'an echo cost. These cards have been given errata in the Oracle card reference; each one now '
    'has an echo cost equal to its mana cost.'
)
ECHO_WIKI = (
    'Echo is a triggered ability. "Echo [cost]" means "At the beginning of your upkeep, if this '
    'permanent came under your control since the beginning of your last upkeep, sacrifice it '
    'unless you pay [cost]."'
)
FADING = (
    '702.30a Fading is a keyword that represents two abilities. "Fading N" means "This permanent '
    'enters the battlefield with N fade counters on it" and "At the beginning of your upkeep, '
    'remove a fade counter from this permanent. If you can\'t, sacrifice the permanent."'
)
FLASH = (
    '702.8a Flash is a static ability that functions in any zone from which you could play the '
    'card it\'s on. "Flash" means "You may play this card any time you could cast an instant." '
    '702.8b Multiple instances of flash on the same object are redundant.'
)
GRAFT = (
    '702.56a Graft represents both a static ability and a triggered ability. "Graft N" means "This'
    ' permanent enters the battlefield with N +1/+1 counters on it" and "Whenever another creature'
    ' enters the battlefield, if this permanent has a +1/+1 counter on it, you may move a +1/+1 '
    'counter from this permanent onto that creature." 702.56b If a creature has multiple instances'
    ' of graft, each one works separately.'
)
HIDEAWAY = (
    '702.73a Hideaway represents a static ability and a triggered ability. "Hideaway" means "This '
    'permanent enters the battlefield tapped" and "When this permanent enters the battlefield, '
    'look at the top four cards of your library. Exile one of them face down and put the rest on '
    "the bottom of your library in any order. The exiled card gains 'Any player who has controlled"
    ' the permanent that exiled this card may look at this card in the exile zone.\'"'
)
LEVEL_UP = (
    '702.85a Level up is an activated ability. "Level up [cost]" means "[Cost]: Put a level '
    'counter on this permanent. Activate this ability only any time you could cast a sorcery." '
    '702.85b Each card printed with a level up ability is known as a leveler card. It has a '
    'nonstandard layout and includes two level symbols that are themselves keyword abilities. See '
    'rule 710, "Leveler Cards."'
)
LEVEL_UP_WIKI = (
    'Level up is an activated ability. "Level up [cost]" means "[Cost]: Put a level counter on '
    'this permanent. Activate this ability only any time you couldcast a sorcery." Each card '
    'printed with a level up ability is known as a leveler card. It has a nonstandard layout and '
    'includes two level symbols that are themselves keyword abilities.'
)
LIVING_WEAPON = (
    '702.90a Living weapon is a triggered ability. "Living weapon" means "When this Equipment '
    'enters the battlefield, put a 0/0 black Germ creature token onto the battlefield, then attach'
    ' this Equipment to it."'
)
MODULAR = (
    '702.41a Modular represents both a static ability and a triggered ability. "Modular N" means '
    '"This permanent enters the battlefield with N +1/+1 counters on it" and "When this permanent '
    'is put into a graveyard from the battlefield, you may put a +1/+1 counter on target artifact '
    'creature for each +1/+1 counter on this permanent." 702.41b If a creature has multiple '
    'instances of modular, each one works separately.'
)
MODULAR_WIKI = (
    'Modular represents both a static ability and a triggered ability. "Modular N" means "This '
    'permanent enters the battlefield with N +1/+1 counters on it" and "When this permanent is put'
    ' into a graveyard from the battlefield, you may put a +1/+1 counter on target artifact '
    'creature for each +1/+1 counter on this permanent." If a creature has multiple instances of '
    'modular, each one works separately.'
)
PERSIST = (
    '702.77a Persist is a triggered ability. "Persist" means "When this permanent is put into a '
    'graveyard from the battlefield, if it had no -1/-1 counters on it, return it to the '
    'battlefield under its owner\'s control with a -1/-1 counter on it."'
)
PERSIST_WIKI = (
    'Persist is a triggered ability. "Persist" means "When this permanent is put into a graveyard '
    'from the battlefield, if it had no -1/-1 counters on it, return it to the battlefield under '
    'its owner\'s control with a -1/-1 counter on it."'
)
PHASING = (
    '702.24a Phasing is a static ability that modifies the rules of the untap step. During each '
    "player's untap step, before the active player untaps his or her permanents, all phased-in "
    'permanents with phasing that player controls "phase out." Simultaneously, all phased-out '
    'permanents that had phased out under that player\'s control "phase in." 702.24b If a permanent'
    ' phases out, its status changes to "phased out." Except for rules and effects that '
    'specifically mention phased-out permanents, a phased-out permanent is treated as though it '
    "does not exist. It can't affect or be affected by anything else in the game. Example: You "
    'control three creatures, one of which is phased out. You cast a spell that says "Draw a card '
    'for each creature you control." You draw two cards. Example: You control a phased-out '
    'creature. You cast Wrath of God, which says "Destroy all creatures. They can\'t be '
    'regenerated." The phased-out creature is not destroyed. 702.24c If a permanent phases in, its'
    ' status changes to "phased in." The game once again treats it as though it exists. 702.24d '
    "The phasing event doesn't actually cause a permanent to change zones or control, even though "
    "it's treated as though it's not on the battlefield and not under its controller's control "
    "while it's phased out. Zone-change triggers don't trigger when a permanent phases in or out. "
    "Counters remain on a permanent while it's phased out. Effects that check a phased-in "
    "permanent's history won't treat the phasing event as having caused the permanent to leave or "
    "enter the battlefield or its controller's control. 702.24e Continuous effects that affect a "
    'phased-out permanent may expire while that permanent is phased out. If so, they will no '
    'longer affect that permanent once it\'s phased in. In particular, effects with "for as long '
    'as" durations that track that permanent (see rule 611.2b) end when that permanent phases out '
    'because they can no longer see it. 702.24f When a permanent phases out, any Auras, Equipment,'
    ' or Fortifications attached to that permanent phase out at the same time. This alternate way '
    'of phasing out is known as phasing out "indirectly." An Aura, Equipment, or Fortification '
    "that phased out indirectly won't phase in by itself, but instead phases in along with the "
    "permanent it's attached to. 702.24g If an object would simultaneously phase out directly and "
    'indirectly, it just phases out indirectly. 702.24h An Aura, Equipment, or Fortification that '
    'phased out directly will phase in attached to the object or player it was attached to when it'
    ' phased out, if that object is still in the same zone or that player is still in the game. If'
    ' not, that Aura, Equipment, or Fortification phases in unattached. State-based actions apply '
    'as appropriate. (See rules 704.5n and 704.5p.) 702.24i Abilities that trigger when a '
    "permanent becomes attached or unattached from an object or player don't trigger when that "
    'permanent phases in or out. 702.24j Phased-out permanents owned by a player who leaves the '
    "game also leave the game. This doesn't trigger zone-change triggers. See rule 800.4. 702.24k "
    'Phased-out tokens cease to exist as a state-based action. See rule 704.5d. 702.24m If an '
    "effect causes a player to skip his or her untap step, the phasing event simply doesn't occur "
    'that turn. 702.24n Multiple instances of phasing on the same permanent are redundant.'
)
SCAVENGE = (
    '702.95a Scavenge is an activated ability that functions only while the card with scavenge is '
    'in a graveyard. "Scavenge [cost]" means "[Cost], Exile this card from your graveyard: Put a '
    'number of +1/+1 counters equal to the power of the card you exiled on target creature. '
    'Activate this ability only any time you could cast a sorcery."'
)
SOULSHIFT = (
    '702.44a Soulshift is a triggered ability. "Soulshift N" means "When this permanent is put '
    'into a graveyard from the battlefield, you may return target Spirit card with converted mana '
    'cost N or less from your graveyard to your hand." 702.44b If a permanent has multiple '
    'instances of soulshift, each triggers separately.'
)
SPLIT_SECOND = (
    '702.59a Split second is a static ability that functions only while the spell with split '
    'second is on the stack. "Split second" means "As long as this spell is on the stack, players '
    'can\'t cast other spells or activate abilities that aren\'t mana abilities." 702.59b Players '
    'may activate mana abilities and take special actions while a spell with split second is on '
    'the stack. Triggered abilities trigger and are put on the stack as normal while a spell with '
    'split second is on the stack. 702.59c Multiple instances of split second on the same spell '
    'are redundant.'
)
SPLIT_SECOND_WIKI = (
    'Split second is a static ability that functions only while the spell with split second is on '
    'the stack. "Split second" means "As long as this spell is onthe stack, players can\'t cast '
    'other spells or activate abilities that aren\'t mana abilities." Players may activate mana '
    'abilities and take special actions while a spell with split second is on the stack. Triggered'
    ' abilities trigger and are put on the stack as normal while a spell with split second is on '
    'the stack. Multiple instances of split second on the same spell are redundant.'
)
SUNBURST = (
    '702.42a Sunburst is a static ability that functions as an object is entering the battlefield '
    'from the stack. "Sunburst" means "If this object is entering the battlefield from the stack '
    'as a creature, it enters the battlefield with a +1/+1 counter on it for each color of mana '
    "spent to cast it. If this object is entering the battlefield from the stack and isn't "
    'entering the battlefield as a creature, it enters the battlefield with a charge counter on it'
    ' for each color of mana spent to cast it." 702.42b Sunburst applies only as the spell is '
    'resolving and only if one or more colored mana was spent on its costs. Mana paid for '
    'additional or alternative costs applies. 702.42c Sunburst can also be used to set a variable '
    "number for another ability. If the keyword is used in this way, it doesn't matter whether the"
    ' ability is on a creature spell or on a noncreature spell. Example: The ability "Modular -- '
    'Sunburst" means "This permanent enters the battlefield with a +1/+1 counter on it for each '
    'color of mana spent to cast it" and "When this permanent is put into a graveyard from the '
    'battlefield, you may put a +1/+1 counter on target artifact creature for each +1/+1 counter '
    'on this permanent." 702.42d If an object has multiple instances of sunburst, each one works '
    'separately.'
)
SUNBURST_WIKI = (
    'Sunburst is a static ability that functions as anobject is entering the battlefield from the '
    'stack. "Sunburst" means "If this object is entering the battlefieldfrom the stack as a '
    'creature, it enters the battlefield with a +1/+1 counter on it for each color of mana spent '
    "to cast it. If this object is entering the battlefield from the stack and isn't entering the "
    'battlefield as a creature, it enters the battlefield with a charge counter on it for each '
    'color of mana spent to cast it." Sunburst applies only as the spell is resolving and only if '
    'one or more colored mana was spent on its costs. Mana paid for additional or alternative '
    'costs applies. Sunburst can also be used to set a variable number for another ability. If the'
    " keyword is used in this way, it doesn't matter whether the ability is on a creature spell or"
    ' on a noncreature spell. If an object has multiple instances of sunburst, each one works '
    'separately.'
)
TOTEM_ARMOR = (
    '702.87a Totem armor is a static ability that appears on some Auras. "Totem armor" means "If '
    'enchanted permanent would be destroyed, instead remove all damage marked on it and destroy '
    'this Aura."'
)
TOTEM_ARMOR_WIKI = (
    'Totem armor is a static ability that appears on some Auras. "Totem armor" means "If enchanted'
    ' permanent would be destroyed, instead remove all damage marked on it and destroy this Aura."'
)
UNDYING = (
    '702.91a Undying is a triggered ability. "Undying" means "When this permanent is put into a '
    'graveyard from the battlefield, if it had no +1/+1 counters on it, return it to the '
    'battlefield under its owner\'s control with a +1/+1 counter on it."'
)
UNLEASH = (
    '702.96a Unleash is a keyword that represents two static abilities. "Unleash" means "You may '
    'have this permanent enter the battlefield with an additional +1/+1 counter on it" and "This '
    'permanent can\'t block as long as it has a +1/+1 counter on it."'
)
VANISHING = (
    '702.61a Vanishing is a keyword that represents three abilities. "Vanishing N" means "This '
    'permanent enters the battlefield with N time counters on it," "At the beginning of your '
    'upkeep, if this permanent has a time counter on it, remove a time counter from it," and "When'
    ' the last time counter is removed from this permanent, sacrifice it." 702.61b Vanishing '
    'without a number means "At the beginning of your upkeep, if this permanent has a time counter'
    ' on it, remove a time counter from it" and "When the last time counter is removed from this '
    'permanent, sacrifice it." 702.61c If a permanent has multiple instances of vanishing, each '
    'works separately.'
)
DEVOUR_BLOG = (
    '502.82a Devour is a static ability. "Devour N" means "As this object comes into play, you '
    'may sacrifice any number of creatures. This permanent comes into play with N +1/+1 counters '
    'on it for each creature sacrificed this way."\n\n502.82b Some objects have abilities that '
    'refer to the number of creatures the permanent devoured. "It devoured" means "sacrificed as '
    'a result of its devour ability as it came into play."'
)


SOURCES = {THREAD: "2012-10-01", WIKI: "2011-01-01", BLOG: "2008-10-01"}
# (title, text, source)
REAL = [
    ("Cumulative Upkeep", CUMULATIVE_UPKEEP, THREAD),
    ("Cumulative upkeep", CUMULATIVE_UPKEEP_WIKI, WIKI),
    ("Echo", ECHO, THREAD), ("Echo", ECHO_WIKI, WIKI),
    ("Fading", FADING, THREAD), ("Vanishing", VANISHING, THREAD),
    ("Persist", PERSIST, THREAD), ("Persist", PERSIST_WIKI, WIKI),
    ("Undying", UNDYING, THREAD),
    ("Devour", DEVOUR, THREAD), ("Devour", DEVOUR_BLOG, BLOG),
    ("Amplify", AMPLIFY, THREAD), ("Bloodthirst", BLOODTHIRST, THREAD),
    ("Graft", GRAFT, THREAD), ("Modular", MODULAR, THREAD), ("Modular", MODULAR_WIKI, WIKI),
    ("Sunburst", SUNBURST, THREAD), ("Sunburst", SUNBURST_WIKI, WIKI),
    ("Unleash", UNLEASH, THREAD),
    ("Soulshift", SOULSHIFT, THREAD), ("Absorb", ABSORB, THREAD),
    ("Totem Armor", TOTEM_ARMOR, THREAD), ("Totem armor", TOTEM_ARMOR_WIKI, WIKI),
    ("Living Weapon", LIVING_WEAPON, THREAD), ("Level Up", LEVEL_UP, THREAD),
    ("Level up", LEVEL_UP_WIKI, WIKI), ("Scavenge", SCAVENGE, THREAD),
    ("Phasing", PHASING, THREAD), ("Changeling", CHANGELING, THREAD), ("Flash", FLASH, THREAD),
    ("Split Second", SPLIT_SECOND, THREAD), ("Split second", SPLIT_SECOND_WIKI, WIKI),
    ("Champion", CHAMPION, THREAD), ("Champion", CHAMPION_WIKI, WIKI),
    ("Hideaway", HIDEAWAY, THREAD),
]
IDS = [f"{title}-{source[:5]}" for title, _, source in REAL]


# the capture damage the wiki parser notes on these records (meta['damage'])
DAMAGE = {LEVEL_UP_WIKI: ["run-together words: 'couldcast' (could cast)"],
          SUNBURST_WIKI: ["run-together words: 'anobject' (an object)",
                          "run-together words: 'battlefieldfrom' (battlefield from)"]}


def record(title: str, text: str, source: str) -> Record:
    return definition(title, text, source=source, era=SOURCES[source],
                      damage=DAMAGE.get(text, []))


@pytest.mark.parametrize(("title", "text", "source"), REAL, ids=IDS)
def test_real_definitions_are_quoted_exactly_and_pass(title, text, source):
    assert text in source_text(source, fold=False)
    assert_ok(record(title, text, source))


@pytest.mark.parametrize(("title", "text", "source"), REAL, ids=IDS)
def test_every_generic_mutation_is_a_mismatch(title, text, source):
    assert_mutations_mismatch(record(title, text, source))


@pytest.mark.parametrize(("title", "text", "source"), REAL, ids=IDS)
def test_rewordings_in_another_era_stay_ok(title, text, source):
    assert_rewordings_ok(record(title, text, source))


# (title, text, what the text says, a change of it the model must not accept)
CHANGED = [
    ("Cumulative Upkeep", CUMULATIVE_UPKEEP, "put an age counter", "put two age counters"),
    ("Cumulative Upkeep", CUMULATIVE_UPKEEP, "for each age counter on it", "once"),
    ("Cumulative Upkeep", CUMULATIVE_UPKEEP, "If you don't, sacrifice it.", "If you don't, "
     "tap it."),
    ("Cumulative Upkeep", CUMULATIVE_UPKEEP, "beginning of your upkeep", "beginning of each "
     "upkeep"),
    ("Cumulative Upkeep", CUMULATIVE_UPKEEP, "each triggers separately", "they are redundant"),
    ("Echo", ECHO, "since the beginning of your last upkeep", "since the beginning of your "
     "next upkeep"),
    ("Echo", ECHO, "sacrifice it unless", "exile it unless"),
    ("Echo", ECHO, "At the beginning of your upkeep", "At the beginning of your end step"),
    ("Echo", ECHO, "Echo is a triggered ability", "Echo is a static ability"),
    ("Fading", FADING, "N fade counters", "N time counters"),
    ("Fading", FADING, "remove a fade counter", "remove two fade counters"),
    ("Fading", FADING, "If you can't, sacrifice the permanent.", "If you can't, tap it."),
    ("Fading", FADING, '"Fading N"', '"Fading [cost]"'),
    ("Vanishing", VANISHING, "N time counters", "N fade counters"),
    ("Vanishing", VANISHING, "if this permanent has a time counter on it", "if this permanent "
     "has two time counters on it"),
    ("Vanishing", VANISHING, "When the last time counter is removed", "When the last fade "
     "counter is removed"),
    ("Vanishing", VANISHING, "Vanishing without a number means \"At the beginning of your "
     "upkeep, if this permanent has a time counter on it, remove a time counter",
     "Vanishing without a number means \"At the beginning of your upkeep, if this permanent "
     "has a time counter on it, remove two time counters"),
    ("Persist", PERSIST, "return it to the battlefield", "return it to its owner's hand"),
    ("Persist", PERSIST, "under its owner's control", "under your control"),
    ("Persist", PERSIST, "if it had no -1/-1 counters", "if it had no +1/+1 counters"),
    ("Persist", PERSIST, "with a -1/-1 counter on it", "with a +1/+1 counter on it"),
    ("Undying", UNDYING, "with a +1/+1 counter on it", "with two +1/+1 counters on it"),
    ("Undying", UNDYING, "if it had no +1/+1 counters", "if it had no -1/-1 counters"),
    ("Undying", UNDYING, "put into a graveyard from the battlefield", "put into a graveyard "
     "from anywhere"),
    ("Devour", DEVOUR, "sacrifice any number of creatures", "sacrifice any number of lands"),
    ("Devour", DEVOUR, "for each creature sacrificed this way", "for each card in your hand"),
    ("Devour", DEVOUR, "N +1/+1 counters", "N -1/-1 counters"),
    ("Devour", DEVOUR, 'means "sacrificed as a result', 'means "exiled as a result'),
    ("Amplify", AMPLIFY, "share a creature type with it", "share a color with it"),
    ("Amplify", AMPLIFY, "cards from your hand", "cards from your graveyard"),
    ("Amplify", AMPLIFY, "for each card revealed this way", "if you revealed a card"),
    ("Bloodthirst", BLOODTHIRST, "If an opponent was dealt damage", "If a player was dealt "
     "damage"),
    ("Bloodthirst", BLOODTHIRST, "X is the total damage your opponents have been dealt this "
     "turn", "X is the total damage your opponents have been dealt last turn"),
    ("Bloodthirst", BLOODTHIRST, "with X +1/+1 counters", "with N +1/+1 counters"),
    ("Graft", GRAFT, "move a +1/+1 counter", "move two +1/+1 counters"),
    ("Graft", GRAFT, "if this permanent has a +1/+1 counter on it", "if this permanent has "
     "two +1/+1 counters on it"),
    ("Graft", GRAFT, "Whenever another creature enters the battlefield", "Whenever another "
     "creature dies"),
    ("Modular", MODULAR, "on target artifact creature", "on target creature"),
    ("Modular", MODULAR, "for each +1/+1 counter on this permanent", "for each charge counter "
     "on this permanent"),
    ("Modular", MODULAR, "put a +1/+1 counter on target", "put two +1/+1 counters on target"),
    ("Sunburst", SUNBURST, "it enters the battlefield with a charge counter", "it enters the "
     "battlefield with a +1/+1 counter"),
    ("Sunburst", SUNBURST, "a +1/+1 counter on it for each color", "two +1/+1 counters on it "
     "for each color"),
    ("Sunburst", SUNBURST, "functions as an object is entering the battlefield from the stack",
     "functions as an object is entering the battlefield from the graveyard"),
    ("Unleash", UNLEASH, "can't block as long as", "can't attack as long as"),
    ("Unleash", UNLEASH, "has a +1/+1 counter on it", "has two +1/+1 counters on it"),
    ("Unleash", UNLEASH, "with an additional +1/+1 counter", "with an additional -1/-1 "
     "counter"),
    ("Soulshift", SOULSHIFT, "target Spirit card", "target Goblin card"),
    ("Soulshift", SOULSHIFT, "N or less", "N or more"),
    ("Soulshift", SOULSHIFT, "to your hand", "to the battlefield"),
    ("Absorb", ABSORB, "prevent N of that damage", "prevent all of that damage"),
    ("Absorb", ABSORB, "each applies separately", "they are redundant"),
    ("Totem Armor", TOTEM_ARMOR, "would be destroyed", "would be exiled"),
    ("Totem Armor", TOTEM_ARMOR, "destroy this Aura", "exile this Aura"),
    ("Totem Armor", TOTEM_ARMOR, "instead remove all damage marked on it and destroy",
     "instead destroy"),
    ("Living Weapon", LIVING_WEAPON, "0/0 black Germ", "1/1 black Germ"),
    ("Living Weapon", LIVING_WEAPON, "0/0 black Germ", "0/0 green Germ"),
    ("Living Weapon", LIVING_WEAPON, "0/0 black Germ", "0/0 black Phyrexian Germ"),
    ("Living Weapon", LIVING_WEAPON, ", then attach this Equipment to it", ""),
    ("Level Up", LEVEL_UP, "Put a level counter", "Put two level counters"),
    ("Level Up", LEVEL_UP, "Put a level counter", "Put a charge counter"),
    ("Level Up", LEVEL_UP, " Activate this ability only any time you could cast a sorcery.",
     ""),
    ("Scavenge", SCAVENGE, "equal to the power of the card", "equal to the toughness of the "
     "card"),
    ("Scavenge", SCAVENGE, "Exile this card from your graveyard", "Return this card from your "
     "graveyard"),
    ("Scavenge", SCAVENGE, "functions only while the card with scavenge is in a graveyard",
     "functions while the card with scavenge is in a graveyard or a hand"),
    ("Scavenge", SCAVENGE, " Activate this ability only any time you could cast a sorcery.",
     ""),
    ("Phasing", PHASING, 'that player controls "phase out."', 'that player controls "phase '
     'in."'),
    ("Phasing", PHASING, 'under that player\'s control "phase in."', 'under that player\'s '
     'control "phase out."'),
    ("Phasing", PHASING, "Zone-change triggers don't trigger", "Zone-change triggers do "
     "trigger"),
    ("Phasing", PHASING, "treated as though it does not exist", "treated as though it does "
     "exist"),
    ("Changeling", CHANGELING, "every creature type", "every land type"),
    ("Changeling", CHANGELING, "This ability works everywhere, even outside the game.",
     "This ability functions only on the battlefield."),
    ("Flash", FLASH, "any time you could cast an instant", "any time you could cast a "
     "sorcery"),
    ("Split Second", SPLIT_SECOND, "players can't cast other spells", "players can cast "
     "other spells"),
    ("Split Second", SPLIT_SECOND, " that aren't mana abilities.\"", ".\""),
    ("Split Second", SPLIT_SECOND, "functions only while the spell with split second is on the "
     "stack", "functions only while the spell with split second is in a graveyard"),
    ("Champion", CHAMPION, "sacrifice it unless you exile another", "exile it unless you exile "
     "another"),
    ("Champion", CHAMPION, "unless you exile another [object]", "unless you exile an [object]"),
    ("Champion", CHAMPION, "under its owner's control", "under your control"),
    ("Champion", CHAMPION, "When this permanent leaves the battlefield", "When this permanent "
     "attacks"),
    ("Hideaway", HIDEAWAY, "enters the battlefield tapped", "enters the battlefield untapped"),
    ("Hideaway", HIDEAWAY, "Exile one of them face down", "Exile two of them face down"),
    ("Hideaway", HIDEAWAY, "the rest on the bottom of your library", "the rest on the top of "
     "your library"),
    ("Hideaway", HIDEAWAY, "Exile one of them face down", "Exile one of them"),
]


@pytest.mark.parametrize(("title", "text", "old", "new"), CHANGED,
                         ids=[f"{c[0]}:{c[3][:24]}" for c in CHANGED])
def test_changed_definitions_are_mismatches(title, text, old, new):
    assert old in text
    result = assert_mismatch(definition(title, text.replace(old, new, 1)))
    assert all(detail.startswith(("the text", "the scenario")) or ": the text says" in detail
               for detail in result.details), result.details


# --- the model ----------------------------------------------------------------------------------

def _upkeep(game: Game) -> None:
    from kb.rules.keywords._counters import upkeep

    upkeep(game, game.active)


def test_cumulative_upkeep_pays_for_every_age_counter_then_sacrifices():
    game = Game()
    me = game.active
    relic = game.create("Relic", types={"artifact"},
                        abilities=(Ability("cumulative upkeep", "{1}"),))
    paid = []
    for _ in range(4):
        me.pool.clear()
        game.add_mana(me, "{3}")
        _upkeep(game)
        paid.append(3 - sum(me.pool.values()))
    assert paid == [1, 2, 3, 0] and relic.zone == "graveyard"


def test_echo_asks_once_and_sacrifices_when_declined():
    game = Game()
    card = game.create("Echoer", zone="hand", abilities=(Ability("echo", "{1}"),))
    game.move(card, "battlefield")
    game.choices[f"pay:{card.ident}"] = False
    _upkeep(game)
    assert card.zone == "graveyard"


def test_fading_and_vanishing_count_down_in_their_controllers_upkeeps():
    game = Game()
    fader = game.create("Fader", types={"enchantment"}, abilities=(Ability("fading", 1),))
    vanisher = game.create("Vanisher", types={"enchantment"},
                           abilities=(Ability("vanishing", 2),))
    assert (fader.counters["fade"], vanisher.counters["time"]) == (1, 2)
    _upkeep(game)
    assert (fader.counters["fade"], vanisher.counters["time"]) == (0, 1)
    _upkeep(game)
    assert fader.zone == vanisher.zone == "graveyard"


def test_devour_sacrifices_and_counts_what_it_devoured():
    game = Game()
    for index in range(2):
        game.create(f"Goblin {index}", power=1, toughness=1)
    dragon = game.create("Dragon", zone="hand", power=3, toughness=3,
                         abilities=(Ability("devour", 2),))
    game.move(dragon, "battlefield")
    assert (dragon.counters["+1/+1"], dragon.notes["devoured"]) == (4, 2)
    assert len(game.creatures()) == 1


def test_sunburst_counts_colors_spent_not_mana():
    game = Game()
    me = game.active
    card = game.create("Etched", zone="hand", types={"artifact"}, mana_cost="{3}",
                       abilities=("sunburst",))
    game.add_mana(me, "{G}{G}{R}")
    game.cast(me, card)
    game.resolve_stack()
    assert dict(card.counters) == {"charge": 2}


def test_graft_moves_counters_until_none_are_left():
    game = Game()
    grafter = game.create("Grafter", zone="hand", abilities=(Ability("graft", 1),))
    game.move(grafter, "battlefield")
    first = game.create("First", zone="hand", power=1, toughness=1)
    second = game.create("Second", zone="hand", power=1, toughness=1)
    for card in (first, second):
        game.move(card, "battlefield")
        game.resolve_stack()
    assert (first.counters["+1/+1"], second.counters["+1/+1"]) == (1, 0)
    assert grafter.zone == "graveyard"  # a 0/0 without its counter


def test_bloodthirst_reads_damage_dealt_to_opponents_this_turn():
    game = Game()
    them = game.opponent(game.active)
    source = game.create("Bolt", types={"instant"}, zone="exile")
    game.deal_damage(source, them, 3)
    fixed = game.create("Fixed", zone="hand", power=1, toughness=1,
                        abilities=(Ability("bloodthirst", 2),))
    variable = game.create("Variable", zone="hand", power=1, toughness=1,
                           abilities=(Ability("bloodthirst", "X"),))
    for card in (fixed, variable):
        game.move(card, "battlefield")
    assert (fixed.counters["+1/+1"], variable.counters["+1/+1"]) == (2, 3)


def test_totem_armor_saves_the_creature_once():
    game = Game()
    bear = game.create("Bear", power=2, toughness=2)
    aura = game.create("Totem", types={"enchantment"}, subtypes={"aura"},
                       abilities=("totem armor",))
    game.attach(aura, bear)
    game.destroy(bear)
    assert (bear.zone, aura.zone) == ("battlefield", "graveyard")
    game.destroy(bear)
    assert bear.zone == "graveyard"


def test_living_weapon_germ_by_era():
    for era, kinds in (("2012-10-01", {"germ"}), ("", {"phyrexian", "germ"})):
        game = Game(era=era)
        sword = game.create("Sword", zone="hand", types={"artifact"}, subtypes={"equipment"},
                            abilities=("living weapon",))
        game.move(sword, "battlefield")
        game.put_pending_on_stack()
        game.resolve_top()
        germ = next(o for o in game.battlefield if o.token)
        assert germ.subtypes == kinds and sword.attached_to is germ
        game.check_state()
        assert germ.zone != "battlefield" and sword.attached_to is None


def test_level_up_and_scavenge_are_sorcery_speed_activations():
    from kb.rules.game import IllegalAction
    from kb.rules.keywords.level_up import level_up
    from kb.rules.keywords.scavenge import scavenge

    game = Game()
    me = game.active
    leveler = game.create("Leveler", power=1, toughness=1, abilities=(Ability("level up", "{1}"),))
    card = game.create("Scavenger", zone="graveyard", power=4, toughness=4,
                       abilities=(Ability("scavenge", "{1}"),))
    game.add_mana(me, "{3}")
    level_up(game, leveler)
    with pytest.raises(IllegalAction):  # the stack isn't empty
        scavenge(game, card, leveler)
    game.resolve_stack()
    scavenge(game, card, leveler)
    game.resolve_stack()
    assert dict(leveler.counters) == {"level": 1, "+1/+1": 4} and card.zone == "exile"


def test_absorb_prevents_per_source():
    game = Game()
    wall = game.create("Wall", power=0, toughness=9, abilities=(Ability("absorb", 2),))
    for index in range(2):
        game.deal_damage(game.create(f"S{index}", zone="exile", types={"instant"}), wall, 3)
    assert wall.damage == 2


def test_phasing_is_no_zone_change_and_keeps_counters():
    game = Game()
    me = game.active
    phaser = game.create("Phaser", power=1, toughness=1, abilities=("phasing",))
    phaser.counters["+1/+1"] = 1
    game.next_turn()
    assert phaser in game.battlefield  # the opponent's untap step
    game.next_turn()
    assert phaser not in game.creatures(me) and phaser.phased_out == "directly"
    game.next_turn()
    game.next_turn()
    assert phaser in game.creatures(me) and phaser.counters["+1/+1"] == 1
    assert not [e for e in game.log if e.obj is phaser and e.name in ("enters", "leaves")]


def test_changeling_flash_and_split_second():
    game = Game()
    me, them = game.active, game.opponent(game.active)
    shifter = game.create("Shifter", zone="library", abilities=("changeling",))
    assert game.has_type(shifter, "elf") and not game.has_type(shifter, "forest")
    ambusher = game.create("Ambusher", them, zone="hand", abilities=("flash",))
    bear = game.create("Bear", them, zone="hand")
    assert game.may_cast(them, ambusher) and not game.may_cast(them, bear)
    game.cast(me, game.create("Sudden", zone="hand", types={"sorcery"},
                              abilities=("split second",)))
    assert not game.may_cast(them, ambusher)
    game.resolve_stack()
    assert game.may_cast(them, ambusher)


def test_champion_exiles_until_it_leaves():
    game = Game()
    faerie = game.create("Faerie", power=1, toughness=1, subtypes={"faerie"})
    champ = game.create("Champ", zone="hand", power=3, toughness=3,
                        abilities=(Ability("champion", "faerie"),))
    game.move(champ, "battlefield")
    game.resolve_stack()
    assert faerie.zone == "exile"
    game.destroy(champ)
    game.resolve_stack()
    assert faerie.zone == "battlefield"


def test_hideaway_by_era():
    for era, tapped, looked in (("2012-10-01", True, 4), ("", False, 2)):
        game = Game(era=era)
        me = game.active
        cards = [game.create(f"C{i}", zone="library") for i in range(6)]
        me.library[:] = cards
        land = game.create("Land", zone="hand", types={"land"},
                           abilities=(Ability("hideaway", 2 if not era else None),))
        game.move(land, "battlefield")
        game.resolve_stack()
        assert land.tapped is tapped and cards[0].zone == "exile" and cards[0].face_down
        assert me.library == cards[looked:] + cards[1:looked]


def test_persist_returns_once_with_last_known_information():
    game = Game()
    kithkin = game.create("Kithkin", power=2, toughness=2, abilities=("persist",))
    game.destroy(kithkin)
    game.resolve_stack()
    assert kithkin.zone == "battlefield" and kithkin.current_power == 1
    game.destroy(kithkin)
    game.resolve_stack()
    assert kithkin.zone == "graveyard"


# --- the shipped sources and the Comprehensive Rules ---------------------------------------------

MINE = {"cumulative upkeep", "echo", "fading", "vanishing", "persist", "undying", "devour",
        "amplify", "bloodthirst", "graft", "modular", "sunburst", "unleash", "soulshift",
        "absorb", "totem armor", "umbra armor", "living weapon", "level up", "scavenge",
        "phasing", "changeling", "flash", "split second", "champion", "hideaway"}
# (keyword, the first and the last Comprehensive Rules version here that define it)
NEW_IN_2012 = {"undying", "unleash", "totem armor", "living weapon", "level up", "scavenge"}
GONE_BY_2026 = {"totem armor"}
ONLY_2026 = {"umbra armor"}


@pytest.fixture(scope="module")
def shipped() -> list[Record]:
    records: list[Record] = []
    for source in seed_manifest():
        records += parse_source(source)
    return records


def test_shipped_definitions_of_the_group_validate_ok(shipped):
    report = validate([r for r in shipped if r.kind == "keyword"
                       and fold_name(r.title) in MINE])
    assert Counter(d.status for d in report.definitions) == {"ok": 36}


@pytest.mark.parametrize("era", sorted(CR_FILES))
def test_comprehensive_rules_definitions_of_the_group_validate_ok(era):
    source, text = describe_file(extra_file(CR_FILES[era]))
    records = [r for r in parse_source(source, text)
               if r.kind == "keyword" and fold_name(r.title) in MINE]
    results = [check_definition(r) for r in records]
    expected = MINE - ONLY_2026 - (NEW_IN_2012 if era < "2012" else set())
    if era >= "2026":
        expected = expected - GONE_BY_2026 | ONLY_2026
    assert {r.keyword for r in results} == expected
    assert [r.record for r in results if r.status != "ok"] == []
