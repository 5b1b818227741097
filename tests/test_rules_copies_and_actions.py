"""The copy, spell, attachment and keyword-action group (storm, gravestorm, epic, ripple,
cascade, conspire, haunt, offering, morph, unearth, equip, fortify, enchant, soulbond; scry,
fateseal, regenerate, clash, proliferate, fight, transform, detain, populate): each real
definition, quoted exactly from data/sources/*.txt, validates `ok`; changed copies of it
(an amount, the kind, the trigger, a zone, a duration, the parameter, the outcome its
sentence states) validate `mismatch`; rewordings (older wording, curly quotes, spacing)
stay `ok`; and the same on every Comprehensive Rules version in ../shared/corpus-extra."""

from __future__ import annotations

import re
from dataclasses import replace

import pytest

from ingest.registry import describe_file, parse_source
from kb.model import Record
from kb.rules.game import Ability, Game
from kb.rules.keywords import fold_name, spec_for
from kb.rules.validate import check_definition, validate
from tests.conftest import CR_FILES, extra_file, seed_manifest
from tests.rules_support import (
    FAQ,
    THREAD,
    WIKI,
    assert_mismatch,
    assert_mutations_mismatch,
    assert_ok,
    assert_rewordings_ok,
    source_text,
)
from tests.rules_support import definition as shared_definition

GROUP = ("storm", "gravestorm", "epic", "ripple", "cascade", "conspire", "haunt", "offering",
         "morph", "unearth", "equip", "fortify", "enchant", "soulbond", "scry", "fateseal",
         "regenerate", "clash", "proliferate", "fight", "transform", "detain", "populate")
# keyword actions only the Comprehensive Rules define (not the shipped sources)
RULES_ACTIONS = ("attach", "counter", "destroy", "sacrifice", "exile", "discard",
                 "tap and untap", "tap", "activate", "cast", "reveal", "exchange")

# quoted from the sources (the thread's lines, the wiki's paragraphs, the 2008 FAQ's rule as
# wrapped in the file joined by single spaces)
CASCADE_WIKI = (
    'Cascade is a triggered ability that functions only while the spell with cascade is on '
    'the stack. "Cascade" means "When you cast this spell, exile cards from the top of your '
    'library until you exile a nonland card whose converted mana cost is less than this '
    "spell's converted mana cost. You may cast that card without paying its mana cost. Then "
    "put all cards exiled this way that weren't cast on the bottom of your library in a "
    'random order." If a spell has multiple instances of cascade, each triggers separately.')
CASCADE_THREAD = (
    '702.83a Cascade is a triggered ability that functions only while the spell with cascade '
    'is on the stack. "Cascade" means "When you cast this spell, exile cards from the top of '
    'your library until you exile a nonland card whose converted mana cost is less than this '
    "spell's converted mana cost. You may cast that card without paying its mana cost. Then "
    "put all cards exiled this way that weren't cast on the bottom of your library in a "
    'random order." 702.83b If a spell has multiple instances of cascade, each triggers '
    'separately.')
CLASH_THREAD = (
    '701.20a To clash, a player reveals the top card of his or her library. That player may '
    'then put that card on the bottom of his or her library. 701.20b "Clash with an opponent"'
    ' means "Choose an opponent. You and that opponent each clash." 701.20c A player wins a '
    'clash if that player revealed a card with a higher converted mana cost than all other '
    'cards revealed in that clash.')
CONSPIRE_WIKI = (
    'Conspire is a keyword that represents two abilities. The first is a static ability that '
    'functions while the spell with conspire is on the stack. The second is a triggered '
    'ability that functions while the spell with conspire is on the stack. "Conspire" means '
    '"As an additional cost to cast this spell, you may tap two untapped creatures you '
    'control that each share a color with it" and "When you cast this spell, if its conspire '
    'cost was paid, copy it. If the spell has any targets, you may choose new targets for the'
    ' copy." If a spell has multiple instances of conspire, each is paid separately and '
    'triggers based on its own payment, not any other instance of conspire.')
CONSPIRE_THREAD = (
    '702.76a Conspire is a keyword that represents two abilities. The first is a static '
    'ability that functions while the spell with conspire is on the stack. The second is a '
    'triggered ability that functions while the spell with conspire is on the stack. '
    '"Conspire" means "As an additional cost to cast this spell, you may tap two untapped '
    'creatures you control that each share a color with it" and "When you cast this spell, if'
    ' its conspire cost was paid, copy it. If the spell has any targets, you may choose new '
    'targets for the copy." Paying a spell\'s conspire cost follows the rules for paying '
    'additional costs in rules 601.2b and 601.2e-g. 702.76b If a spell has multiple instances'
    ' of conspire, each is paid separately and triggers based on its own payment, not any '
    'other instance of conspire.')
DETAIN_THREAD = (
    '701.26a Certain spells and abilities can detain a permanent. Until the next turn of the '
    "controller of that spell or ability, that permanent can't attack or block and its "
    "activated abilities can't be activated.")
ENCHANT_THREAD = (
    '702.5a Enchant is a static ability, written "Enchant [object or player]." The enchant '
    'ability restricts what an Aura spell can target and what an Aura can enchant. 702.5b For'
    ' more information on Auras, see rule 303, "Enchantments." 702.5c If an Aura has multiple'
    " instances of enchant, all of them apply. The Aura's target must follow the restrictions"
    ' from all the instances of enchant. The Aura can enchant only objects or players that '
    'match all of its enchant abilities. 702.5d Auras that can enchant a player can target '
    "and be attached to players. Such Auras can't target permanents and can't be attached to "
    'permanents.')
EPIC_THREAD = (
    '702.48a Epic represents two spell abilities, one of which creates a delayed triggered '
    'ability. "Epic" means "For the rest of the game, you can\'t cast spells," and "At the '
    'beginning of each of your upkeeps for the rest of the game, copy this spell except for '
    'its epic ability. If the spell has any targets, you may choose new targets for the '
    'copy." See rule 706.9. 702.48b A player can\'t cast spells once a spell with epic he or '
    'she controls resolves, but effects (such as the epic ability itself) can still put '
    'copies of spells onto the stack.')
EQUIP_THREAD = (
    '702.6a Equip is an activated ability of Equipment cards. "Equip [cost]" means "[Cost]: '
    'Attach this permanent to target creature you control. Activate this ability only any '
    'time you could cast a sorcery." 702.6b For more information about Equipment, see rule '
    '301, "Artifacts." 702.6c If a permanent has multiple instances of equip, any of its '
    'equip abilities may be activated.')
FATESEAL_THREAD = (
    '701.19a To "fateseal N" means to look at the top N cards of an opponent\'s library, put '
    'any number of them on the bottom of that library in any order, and put the rest on top '
    'of that library in any order.')
FIGHT_THREAD = (
    '701.10a A spell or ability may instruct a creature to fight another creature or it may '
    'instruct two creatures to fight each other. Each of those creatures deals damage equal '
    'to its power to the other creature. 701.10b If a creature instructed to fight is no '
    'longer on the battlefield or is no longer a creature, no damage is dealt. If a creature '
    'is an illegal target for a resolving spell or ability that instructs it to fight, no '
    'damage is dealt. 701.10c If a creature fights itself, it deals damage equal to its power'
    " to itself twice. 701.10d The damage dealt when a creature fights isn't combat damage.")
FORTIFY_THREAD = (
    '702.65a Fortify is an activated ability of Fortification cards. "Fortify [cost]" means '
    '"[Cost]: Attach this Fortification to target land you control. Activate this ability '
    'only any time you could cast a sorcery." 702.65b For more information about '
    'Fortifications, see rule 301, "Artifacts." 702.65c If a Fortification has multiple '
    'instances of fortify, any of its fortify abilities may be used.')
GRAVESTORM_THREAD = (
    '702.67a Gravestorm is a triggered ability that functions on the stack. "Gravestorm" '
    'means "When you cast this spell, put a copy of it onto the stack for each permanent that'
    ' was put into a graveyard from the battlefield this turn. If the spell has any targets, '
    'you may choose new targets for any of the copies." 702.67b If a spell has multiple '
    'instances of gravestorm, each triggers separately.')
HAUNT_WIKI = (
    'Haunt is a triggered ability. "Haunt" on a permanent means "When this permanent is put '
    'into a graveyard from the battlefield, exile it haunting target creature." "Haunt" on an'
    ' instant or sorcery spell means "When this spell is put into a graveyard during its '
    'resolution, exile it haunting target creature." Cards that are in the exile zone as the '
    'result of a haunt ability "haunt" the creature targeted by that ability. The phrase '
    '"creature it haunts" refers to the object targeted by the haunt ability, regardless of '
    'whether or not that object is still a creature. Triggered abilities of cards with '
    'hauntthat refer to the haunted creature can trigger in the exile zone.')
HAUNT_THREAD = (
    '702.53a Haunt is a triggered ability. "Haunt" on a permanent means "When this permanent '
    'is put into a graveyard from the battlefield, exile it haunting target creature." '
    '"Haunt" on an instant or sorcery spell means "When this spell is put into a graveyard '
    'during its resolution, exile it haunting target creature." 702.53b Cards that are in the'
    ' exile zone as the result of a haunt ability "haunt" the creature targeted by that '
    'ability. The phrase "creature it haunts" refers to the object targeted by the haunt '
    'ability, regardless of whether or not that object is still a creature. 702.53c Triggered'
    ' abilities of cards with haunt that refer to the haunted creature can trigger in the '
    'exile zone.')
MORPH_WIKI = (
    'Morph is a static ability that functions in any zone from which you could play the card '
    'it\'s on, and the morph effect works any time the card is face down. "Morph [cost]" means'
    ' "You may cast this card as a 2/2 facedown creature, with no text, no name, no subtypes,'
    ' no expansion symbol, and no mana cost by paying {3} rather than paying its mana cost." '
    'To cast a card using its morph ability, turn it face down. It becomes a 2/2 face-down '
    'creature card, with no text, no name, no subtypes, no expansion symbol, and no mana '
    'cost. Any effects or prohibitions that would apply to casting a cardwith these '
    "characteristics (and not the face-up card's characteristics) are applied to casting this"
    " card. These values are the copiable values of that object's characteristics. Put it "
    'onto the stack (as a face-down spell with the same characteristics), and pay {3} rather '
    'than pay its mana cost. This follows the rules for paying alternative costs.You can use '
    'morph to cast a card from any zone from which you could normally play it. When the spell'
    ' resolves, it enters the battlefield with the same characteristics the spell had. The '
    'morph effect applies to the face-down object wherever it is, and it ends when the '
    "permanent is turned face up. You can't cast a card face down if it doesn't have morph. "
    'If you have priority, you may turn a face-down permanent you control face up. This is a '
    "special action; it doesn't use the stack. To do this, show all players what the "
    "permanent's morph cost would be if it were face up, pay that cost, then turn the "
    "permanent face up. (If the permanent wouldn't have a morph cost if it were face up, it "
    "can't be turned face up this way.) The morph effect on it ends, and it regains its "
    'normal characteristics. Any abilities relating to the permanent entering the battlefield'
    " don't trigger when it's turned face up and don't have any effect, because the permanent"
    ' has already entered the battlefield.')
MORPH_THREAD = (
    '702.35a Morph is a static ability that functions in any zone from which you could play '
    'the card it\'s on, and the morph effect works any time the card is face down. "Morph '
    '[cost]" means "You may cast this card as a 2/2 face-down creature, with no text, no '
    'name, no subtypes, no expansion symbol, and no mana cost by paying {3} rather than '
    'paying its mana cost." (See rule 707, "Face-Down Spells and Permanents.") 702.35b To '
    'cast a card using its morph ability, turn it face down. It becomes a 2/2 face-down '
    'creature card, with no text, no name, no subtypes, no expansion symbol, and no mana '
    'cost. Any effects or prohibitions that would apply to casting a card with these '
    "characteristics (and not the face-up card's characteristics) are applied to casting this"
    " card. These values are the copiable values of that object's characteristics. (See rule "
    '613, "Interaction of Continuous Effects," and rule 706, "Copying Objects.") Put it onto '
    'the stack (as a face-down spell with the same characteristics), and pay {3} rather than '
    'pay its mana cost. This follows the rules for paying alternative costs. You can use '
    'morph to cast a card from any zone from which you could normally play it. When the spell'
    ' resolves, it enters the battlefield with the same characteristics the spell had. The '
    'morph effect applies to the face-down object wherever it is, and it ends when the '
    "permanent is turned face up. 702.35c You can't cast a card face down if it doesn't have "
    'morph. 702.35d If you have priority, you may turn a face-down permanent you control face'
    " up. This is a special action; it doesn't use the stack (see rule 115). To do this, show"
    " all players what the permanent's morph cost would be if it were face up, pay that cost,"
    " then turn the permanent face up. (If the permanent wouldn't have a morph cost if it "
    "were face up, it can't be turned face up this way.) The morph effect on it ends, and it "
    'regains its normal characteristics. Any abilities relating to the permanent entering the'
    " battlefield don't trigger when it's turned face up and don't have any effect, because "
    'the permanent has already entered the battlefield. 702.35e See rule 707, "Face-Down '
    'Spells and Permanents," for more information on how to cast cards with morph.')
OFFERING_THREAD = (
    '702.46a Offering is a static ability of a card that functions in any zone from which the'
    ' card can be cast. "[Subtype] offering" means "You may cast this card any time you could'
    ' cast an instant by sacrificing a [subtype] permanent. If you do, the total cost to cast'
    ' this card is reduced by the sacrificed permanent\'s mana cost." 702.46b The permanent is'
    ' sacrificed at the same time the spell is announced (see rule 601.2a). The total cost of'
    " the spell is reduced by the sacrificed permanent's mana cost (see rule 601.2e). 702.46c"
    " Generic mana in the sacrificed permanent's mana cost reduces generic mana in the total "
    "cost to cast the card with offering. Colored mana in the sacrificed permanent's mana "
    'cost reduces mana of the same color in the total cost to cast the card with offering. '
    "Colored mana in the sacrificed permanent's mana cost that doesn't match colored mana in "
    "the colored mana cost of the card with offering, or is in excess of the card's colored "
    'mana cost, reduces that much generic mana in the total cost.')
POPULATE_THREAD = (
    '701.27a To populate means to choose a creature token you control and put a token onto '
    "the battlefield that's a copy of that creature token. 701.27b If you control no creature"
    " tokens when instructed to populate, you won't put a token onto the battlefield.")
PROLIFERATE_THREAD = (
    '701.24a To proliferate means to choose any number of permanents and/or players that have'
    ' a counter, then give each exactly one additional counter of a kind that permanent or '
    'player already has. 701.24b If a permanent or player chosen this way has more than one '
    'kind of counter, the player who is proliferating chooses which kind of counter to add. '
    '701.24c To proliferate in a Two-Headed Giant game means to choose any number of '
    'permanents and/or teams that have a counter, then give each exactly one additional '
    'counter of a kind that permanent or team already has. See rule 810, "Two-Headed Giant '
    'Variant."')
REGENERATE_THREAD = (
    '701.12a If the effect of a resolving spell or ability regenerates a permanent, it '
    'creates a replacement effect that protects the permanent the next time it would be '
    'destroyed this turn. In this case, "Regenerate [permanent]" means "The next time '
    '[permanent] would be destroyed this turn, instead remove all damage marked on it and tap'
    ' it. If it\'s an attacking or blocking creature, remove it from combat." 701.12b If the '
    'effect of a static ability regenerates a permanent, it replaces destruction with an '
    'alternate effect each time that permanent would be destroyed. In this case, "Regenerate '
    '[permanent]" means "Instead remove all damage marked on [permanent] and tap it. If it\'s '
    'an attacking or blocking creature, remove it from combat." 701.12c Neither activating an'
    ' ability that creates a regeneration shield nor casting a spell that creates a '
    'regeneration shield is the same as regenerating a permanent. Effects that say that a '
    "permanent can't be regenerated don't prevent such abilities from being activated or such"
    ' spells from being cast; rather, they prevent regeneration shields from having any '
    'effect.')
RIPPLE_THREAD = (
    '702.58a Ripple is a triggered ability that functions only while the card with ripple is '
    'on the stack. "Ripple N" means "When you cast this spell, you may reveal the top N cards'
    ' of your library, or, if there are fewer than N cards in your library, you may reveal '
    'all the cards in your library. If you reveal cards from your library this way, you may '
    'cast any of those cards with the same name as this spell without paying their mana '
    'costs, then put all revealed cards not cast this way on the bottom of your library in '
    'any order." 702.58b If a spell has multiple instances of ripple, each triggers '
    'separately.')
SCRY_THREAD = (
    '701.18a To "scry N" means to look at the top N cards of your library, put any number of '
    'them on the bottom of your library in any order, and put the rest on top of your library'
    ' in any order.')
SOULBOND_THREAD = (
    '702.93a. Soulbond is a keyword that represents two triggered abilities. "Soulbond" means'
    ' "When this creature enters the battlefield, if you control both this creature and '
    'another creature and both are unpaired, you may pair this creature with another unpaired'
    ' creature you control for as long as both remain creatures on the battlefield under your'
    ' control" and "Whenever another creature enters the battlefield under your control, if '
    'you control both that creature and this one and both are unpaired, you may pair that '
    'creature with this creature for as long as both remain creatures on the battlefield '
    'under your control." 702.93b A creature becomes "paired" with another as the result of a'
    ' soulbond ability. Abilities may refer to a paired creature, the creature another '
    'creature is paired with, or whether a creature is paired. An "unpaired" creature is one '
    'that is not paired. 702.93c When the soulbond ability resolves, if either object that '
    'would be paired is no longer a creature, no longer on the battlefield, or no longer '
    'under the control of the player who controls the soulbond ability, neither object '
    'becomes paired. 702.93d A creature can be paired with only one other creature. 702.93e A'
    ' paired creature becomes unpaired if any of the following occur: another player gains '
    "control of it or the creature it's paired with; it or the creature it's paired with "
    "stops being a creature; or it or the creature it's paired with leaves the battlefield.")
STORM_WIKI = (
    'Storm is a triggered ability that functions on the stack. "Storm" means "When you cast '
    'this spell, put a copy of it onto the stack for each other spell that was cast before it'
    ' this turn. If the spell has any targets, you may choose new targets for any of the '
    'copies." If a spell has multiple instances of storm, each triggers separately.')
STORM_THREAD = (
    '702.38a Storm is a triggered ability that functions on the stack. "Storm" means "When '
    'you cast this spell, put a copy of it onto the stack for each other spell that was cast '
    'before it this turn. If the spell has any targets, you may choose new targets for any of'
    ' the copies." 702.38b If a spell has multiple instances of storm, each triggers '
    'separately.')
TRANSFORM_THREAD = (
    '701.25a Only permanents represented by double-faced cards can transform. (See rule 711, '
    '"Double-Faced Cards.") If a spell or ability instructs a player to transform any '
    "permanent that isn't represented by a double-faced card, nothing happens. 701.25b To "
    'transform a permanent, turn it over so that its other face is up. 701.25c Although '
    'transforming a permanent uses the same physical action as turning a permanent face up or'
    ' face down, they are different game actions. Abilities that trigger when a permanent is '
    "turned face down won't trigger when that permanent transforms, and so on.")
UNEARTH_WIKI = (
    'Unearth is an activated ability that functions while the card with unearth is in a '
    'graveyard. "Unearth [cost]" means "[Cost]: Return this card from your graveyard to the '
    'battlefield. It gains haste. Exile it at the beginning of the next end step. If it would'
    ' leave the battlefield, exile it instead of putting it anywhere else. Activate this '
    'ability only any time you could cast a sorcery."')
UNEARTH_THREAD = (
    '702.82a Unearth is an activated ability that functions while the card with unearth is in'
    ' a graveyard. "Unearth [cost]" means "[Cost]: Return this card from your graveyard to '
    'the battlefield. It gains haste. Exile it at the beginning of the next end step. If it '
    'would leave the battlefield, exile it instead of putting it anywhere else. Activate this'
    ' ability only any time you could cast a sorcery."')
UNEARTH_FAQ = (
    '502.84a Unearth is an activated ability that functions while the card is in a graveyard.'
    ' "Unearth [cost]" means "[Cost]: Return this card from your graveyard to play. It gains '
    'haste. Remove it from the game at end of turn. If it would leave play, remove it from '
    'the game instead of putting it anywhere else. Play this ability only any time you could '
    'play a sorcery."')

SOURCE_OF = {"THREAD": (THREAD, "2012-10-01"), "WIKI": (WIKI, "2011-01-01"),
             "FAQ": (FAQ, "2008-10-01")}
DEFINITIONS = {name: value for name, value in globals().items()
               if re.fullmatch(r"[A-Z]+_(?:THREAD|WIKI|FAQ)", name)}


def definition(name: str, text: str | None = None) -> Record:
    """The keyword record of a definition constant (`STORM_THREAD`), as the parsers make it."""
    keyword, where = name.rsplit("_", 1)
    source, era = SOURCE_OF[where]
    title = keyword.replace("_", " ").title()
    number = re.match(r"(\d{3}\.\d+)", DEFINITIONS[name])
    meta = {"number": number.group(1)} if number else {}
    if keyword in ("SCRY", "FATESEAL", "REGENERATE", "CLASH", "PROLIFERATE", "FIGHT",
                   "TRANSFORM", "DETAIN", "POPULATE"):
        meta["keyword_kind"] = "action"
    return shared_definition(title, DEFINITIONS[name] if text is None else text, source, era,
                             keywords=[title.lower()], meta=meta)


def test_the_quotes_are_exact():
    for name, text in DEFINITIONS.items():
        assert text in source_text(SOURCE_OF[name.rsplit("_", 1)[1]][0]), name


@pytest.mark.parametrize("name", sorted(DEFINITIONS))
def test_real_definition_is_ok(name):
    assert_ok(definition(name))


# one edit of each definition's claims at a time: (definition, old, new) -> mismatch
CHANGED = [
    ("STORM_THREAD", "for each other spell that was cast before it this turn",
     "for each spell that was cast this turn"),
    ("STORM_THREAD", "for each other spell", "for each permanent"),
    ("STORM_WIKI", "each triggers separately", "they are redundant"),
    ("STORM_THREAD", "When you cast this spell", "When this spell resolves"),
    ("STORM_THREAD", "functions on the stack", "functions on the battlefield"),
    ("GRAVESTORM_THREAD", "for each permanent that was put into a graveyard from the "
     "battlefield this turn", "for each other spell that was cast before it this turn"),
    ("GRAVESTORM_THREAD", "this turn. If", "until your next turn. If"),
    ("EPIC_THREAD", "you can't cast spells", "you can cast spells"),
    ("EPIC_THREAD", "For the rest of the game, you", "Until end of turn, you"),
    ("EPIC_THREAD", " except for its epic ability.", "."),
    ("EPIC_THREAD", "each of your upkeeps", "each upkeep"),
    ("EPIC_THREAD", "each of your upkeeps", "each of your end steps"),
    ("EPIC_THREAD", "two spell abilities", "two static abilities"),
    ("RIPPLE_THREAD", "reveal the top N cards", "reveal the top two cards"),
    ("RIPPLE_THREAD", "top N cards of", "bottom N cards of"),
    ("RIPPLE_THREAD", "with the same name as this spell ", ""),
    ("RIPPLE_THREAD", "not cast this way on the bottom", "not cast this way on the top"),
    ("RIPPLE_THREAD", '"Ripple N"', '"Ripple [cost]"'),
    ("CASCADE_THREAD", "is less than", "is greater than"),
    ("CASCADE_WIKI", "a nonland card", "a card"),
    ("CASCADE_THREAD", "weren't cast on the bottom", "weren't cast on the top"),
    ("CASCADE_THREAD", "Cascade is a triggered ability", "Cascade is a static ability"),
    ("CONSPIRE_THREAD", "tap two untapped", "tap three untapped"),
    ("CONSPIRE_WIKI", "two untapped creatures", "two creatures"),
    ("CONSPIRE_THREAD", " that each share a color with it", ""),
    ("CONSPIRE_THREAD", "if its conspire cost was paid, copy it",
     "if its conspire cost was paid, draw a card"),
    ("HAUNT_THREAD", 'battlefield, exile it haunting', 'battlefield, return it haunting'),
    ("HAUNT_WIKI", "resolution, exile it haunting target creature",
     "resolution, exile it haunting target player"),
    ("HAUNT_THREAD", " during its resolution", ""),
    ("HAUNT_THREAD", "can trigger in the exile zone", "can trigger in the graveyard"),
    ("OFFERING_THREAD", "could cast an instant", "could cast a sorcery"),
    ("OFFERING_THREAD", "sacrificing a [subtype] permanent", "sacrificing a [subtype] creature"),
    ("OFFERING_THREAD", " If you do, the total cost to cast this card is reduced by the "
     "sacrificed permanent's mana cost.", ""),
    ("OFFERING_THREAD", '"[Subtype] offering"', '"[Quality] offering"'),
    ("MORPH_THREAD", "as a 2/2 face-down", "as a 3/3 face-down"),
    ("MORPH_WIKI", "by paying {3} rather", "by paying {2} rather"),
    ("MORPH_THREAD", "no text, no name, no subtypes", "no text, no subtypes"),
    ("MORPH_THREAD", "entering the battlefield don't trigger",
     "entering the battlefield do trigger"),
    ("MORPH_THREAD", "You can't cast a card face down", "You can cast a card face down"),
    ("MORPH_THREAD", "functions in any zone", "functions in the graveyard"),
    ("UNEARTH_THREAD", "It gains haste.", "It gains flying."),
    ("UNEARTH_WIKI", "Exile it at the beginning", "Sacrifice it at the beginning"),
    ("UNEARTH_FAQ", "Remove it from the game at end of turn", "Remove it from the game at the "
     "beginning of your upkeep"),
    ("UNEARTH_THREAD", " If it would leave the battlefield, exile it instead of putting it "
     "anywhere else.", ""),
    ("UNEARTH_THREAD", "could cast a sorcery", "could cast an instant"),
    ("UNEARTH_FAQ", "from your graveyard to play", "from your library to play"),
    ("UNEARTH_THREAD", "Unearth is an activated ability", "Unearth is a triggered ability"),
    ("EQUIP_THREAD", "target creature you control", "target creature"),
    ("EQUIP_THREAD", "target creature you control", "target land you control"),
    ("EQUIP_THREAD", "could cast a sorcery", "could cast an instant"),
    ("EQUIP_THREAD", "any of its equip abilities", "only the first of its equip abilities"),
    ("FORTIFY_THREAD", "target land you control", "target creature you control"),
    ("FORTIFY_THREAD", '"Fortify [cost]"', '"Fortify N"'),
    ("ENCHANT_THREAD", "restricts what an Aura spell can target and what",
     "restricts what"),
    ("ENCHANT_THREAD", "all of them apply", "any one of them applies"),
    ("ENCHANT_THREAD", "Such Auras can't target permanents", "Such Auras can target permanents"),
    ("ENCHANT_THREAD", "Enchant is a static ability", "Enchant is an activated ability"),
    ("SOULBOND_THREAD", "another creature enters the battlefield under your control, if",
     "another creature enters the battlefield, if"),
    ("SOULBOND_THREAD", "When this creature enters the battlefield", "When this creature "
     "attacks"),
    ("SCRY_THREAD", "top N cards of your library", "top N cards of an opponent's library"),
    ("SCRY_THREAD", "look at the top N cards", "look at the top two cards"),
    ("SCRY_THREAD", "look at the top", "look at the bottom"),
    ("SCRY_THREAD", "put the rest on top of", "put the rest on the bottom of"),
    ("FATESEAL_THREAD", "of an opponent's library", "of your library"),
    ("FATESEAL_THREAD", '"fateseal N"', '"fateseal [cost]"'),
    ("REGENERATE_THREAD", "marked on it and tap it.", "marked on it."),
    ("REGENERATE_THREAD", "The next time", "Each time"),
    ("REGENERATE_THREAD", "destroyed this turn, instead", "destroyed, instead"),
    ("REGENERATE_THREAD", "Instead remove all damage marked on [permanent] and tap it",
     "Instead tap it"),
    ("CLASH_THREAD", "a higher converted", "a lower converted"),
    ("CLASH_THREAD", "put that card on the bottom", "put that card on top"),
    ("CLASH_THREAD", "reveals the top card", "reveals the bottom card"),
    ("PROLIFERATE_THREAD", "exactly one additional counter of a kind that permanent",
     "exactly one additional counter of each kind that permanent"),
    ("PROLIFERATE_THREAD", "give each exactly one additional", "give each exactly two "
     "additional"),
    ("PROLIFERATE_THREAD", "permanents and/or players that", "permanents that"),
    ("FIGHT_THREAD", "equal to its power to the other", "equal to its toughness to the other"),
    ("FIGHT_THREAD", "fights isn't combat", "fights is combat"),
    ("FIGHT_THREAD", "itself twice", "itself"),
    ("TRANSFORM_THREAD", "so that its other face is up", "so that it is face down"),
    ("TRANSFORM_THREAD", "won't trigger when that", "will trigger when that"),
    ("TRANSFORM_THREAD", "nothing happens", "it is turned face down"),
    ("DETAIN_THREAD", "can't attack or block", "can't attack"),
    ("DETAIN_THREAD", "the controller of that spell or ability", "its controller"),
    ("DETAIN_THREAD", " and its activated abilities can't be activated", ""),
    ("POPULATE_THREAD", "choose a creature token you control", "choose a creature token"),
    ("POPULATE_THREAD", "choose a creature token you control", "choose a creature you control"),
    ("POPULATE_THREAD", "you won't put", "you put"),
]


@pytest.mark.parametrize(("name", "old", "new"), CHANGED)
def test_changed_definition_is_a_mismatch(name, old, new):
    assert DEFINITIONS[name].count(old) >= 1, old
    assert_mismatch(definition(name, DEFINITIONS[name].replace(old, new, 1)), name, old, new)


def test_every_keyword_has_changed_copies():
    assert {fold_name(name.rsplit("_", 1)[0]) for name, _, _ in CHANGED} == set(GROUP)


@pytest.mark.parametrize("name", sorted(DEFINITIONS))
def test_generic_mutations_and_rewordings(name):
    record = definition(name)
    assert_mutations_mismatch(record, name, some=False)
    assert_rewordings_ok(record, name, labels=())


def test_another_eras_wording_stays_ok():
    older = (UNEARTH_THREAD.replace("to the battlefield", "to play")
             .replace("Exile it", "Remove it from the game").replace("exile it", "remove it "
                                                                       "from the game")
             .replace("leave the battlefield", "leave play"))
    assert check_definition(definition("UNEARTH_THREAD", older)).status == "ok"
    spaced = STORM_THREAD.replace('"', "\u201c", 1).replace(" ", "  ")
    assert check_definition(definition("STORM_THREAD", spaced)).status == "ok"


@pytest.fixture(scope="module")
def rules_records() -> list[Record]:
    """The keyword records of the four Comprehensive Rules versions, of this group and the
    rules-only actions."""
    records = []
    for era in CR_FILES:
        source, text = describe_file(extra_file(CR_FILES[era]))
        records += [r for r in parse_source(source, text) if r.kind == "keyword"
                    and fold_name(r.title) in GROUP + RULES_ACTIONS]
    return records


def test_every_rules_version_validates(rules_records):
    by_era: dict[str, set[str]] = {}
    for record in rules_records:
        result = check_definition(record)
        assert result.status == "ok", (record.id, result.details)
        by_era.setdefault(record.era, set()).add(fold_name(record.title))
    # 2008: no cascade, soulbond, proliferate, fight, transform, detain, populate, exile,
    # discard, activate, cast, reveal, exchange; 2009: cascade and those actions; 2012 and
    # 2026: all
    assert {era: len(names) for era, names in by_era.items()} == {
        "2008-10-01": 16 + 5, "2009-10-01": 17 + 11, "2012-10-01": 23 + 11,
        "2026-01-16": 23 + 11}


def test_rules_only_actions_mutated_and_reworded(rules_records):
    seen = 0
    for record in rules_records:
        if fold_name(record.title) not in RULES_ACTIONS:
            continue
        seen += assert_mutations_mismatch(record, record.id, some=False)
        assert_rewordings_ok(record, record.id, labels=())
    assert seen >= 20


# one edit of each Comprehensive Rules action (2012 text) -> mismatch
RULES_CHANGED = [
    ("attach", "can't be attached to an object it couldn't", "can be attached to an object it "
     "couldn't"),
    ("attach", "already attached to, the effect does nothing", "already attached to, the "
     "effect moves it"),
    ("counter", "It doesn't resolve", "It does resolve"),
    ("counter", "into its owner's graveyard", "into its owner's hand"),
    ("counter", "doesn't get a", "does get a"),
    ("destroy", "to its owner's graveyard", "to its owner's hand"),
    ("destroy", "A regeneration effect replaces a destruction event",
     "A regeneration effect doesn't replace a destruction event"),
    ("sacrifice", "its controller moves it", "its owner moves it"),
    ("sacrifice", "to its owner's graveyard", "to its controller's graveyard"),
    ("sacrifice", "To sacrifice a permanent", "To sacrifice two permanents"),
    ("exile", "to the exile zone", "to its owner's graveyard"),
    ("discard", "from its owner's hand", "from its owner's library"),
    ("tap and untap", "Only untapped permanents can be tapped",
     "Only tapped permanents can be tapped"),
    ("tap and untap", "turn it sideways", "turn it upside down"),
    ("activate", "Only an object's controller", "Only an object's owner"),
    ("activate", "put it onto the stack and pay its costs", "put it onto the stack"),
    ("cast", "take it from the zone it's in", "take it from your hand"),
    ("reveal", "doesn't cause it to leave", "does cause it to leave"),
    ("reveal", "to all players", "to one player"),
    ("exchange", "no part of the exchange occurs", "the possible part of the exchange occurs"),
    ("exchange", "the exchange effect does nothing", "the exchange effect swaps them anyway"),
    ("exchange", "the other player's previous life total", "half the other player's previous "
     "life total"),
]


@pytest.mark.parametrize(("name", "old", "new"), RULES_CHANGED)
def test_changed_rules_action_is_a_mismatch(rules_records, name, old, new):
    record = next(r for r in rules_records if r.era == "2012-10-01"
                  and fold_name(r.title) == name)
    assert old in record.text
    changed = replace(record, text=record.text.replace(old, new, 1))
    assert check_definition(changed).status == "mismatch", (name, old, new)


def test_outdated_definitions_are_findings(rules_records):
    """A definition of one rules version held against the rules of another era: the rules
    changes in `history` make it a mismatch (proliferate 2019, offering 2026, epic's kind)."""
    by_id = {r.id: r for r in rules_records}
    for old, era in (("cr-2012-10-01:keyword:proliferate", "2026-01-16"),
                     ("cr-2026-01-16:keyword:proliferate", "2012-10-01"),
                     ("cr-2012-10-01:keyword:offering", "2026-01-16"),
                     ("cr-2009-10-01:keyword:epic", "2012-10-01")):
        assert check_definition(replace(by_id[old], era=era)).status == "mismatch", old


def test_shipped_definitions_of_the_group():

    records = [r for source in seed_manifest() for r in parse_source(source)]
    report = validate([r for r in records if r.kind != "keyword"
                       or fold_name(r.title) in GROUP])
    statuses = {d.record: d.status for d in report.definitions}
    assert len(statuses) == 31
    assert set(statuses.values()) == {"ok"}


# --- the model itself --------------------------------------------------------------------------

def test_storm_copies_the_spell_per_earlier_spell():
    from kb.rules.keywords._spells import burn_spell, cast_and_resolve, stocked_game

    game = stocked_game("")
    me, them = game.active, game.opponent(game.active)
    for index in range(2):
        cast_and_resolve(game, me, burn_spell(game, me, f"Spell {index}"))
    cast_and_resolve(game, me, burn_spell(game, me, "Grapeshot", abilities=("storm",)))
    assert them.life == 20 - 2 - 3


def test_equip_attaches_at_sorcery_speed_only():
    from kb.rules.keywords._attach import attempt

    assert attempt("", "equip", "my creature") == (1, True)
    assert attempt("", "equip", "my creature", "combat") == (None, False)
    assert attempt("", "fortify", "my land", instance=1) == (3, True)


def test_regeneration_shield_keeps_a_destroyed_creature():
    from kb.rules.keywords.regenerate import regenerate

    game = Game()
    troll = game.create("Troll", power=2, toughness=2)
    troll.damage = 1
    regenerate(game, troll)
    assert game.destroy(troll) == "battlefield"
    assert (troll.damage, troll.tapped) == (0, True)
    assert game.destroy(troll) == "graveyard"


def test_proliferate_follows_the_rules_of_its_era():
    from kb.rules.keywords.proliferate import proliferate

    for era, charge in (("2012-10-01", 1), ("2026-01-16", 2)):
        game = Game(era=era)
        hydra = game.create("Hydra", power=1, toughness=1)
        hydra.counters.update({"+1/+1": 2, "charge": 1})
        proliferate(game, game.active)
        assert hydra.counters["charge"] == charge
        assert hydra.counters["+1/+1"] == 3


def test_specs_name_the_group():
    for name in GROUP + RULES_ACTIONS:
        spec = spec_for(name)
        assert spec is not None and spec.checks, name
    assert spec_for("megamorph") is spec_for("morph")
    assert Ability("storm").name == "storm"
