"""The combat, evasion and damage keywords: the game model's behaviour, and each keyword's
check on its real definition text (quoted from data/sources/*.txt and the Comprehensive
Rules) and on changed copies of it."""

from __future__ import annotations

import pytest

from kb.rules.game import Ability, Game, IllegalAction
from kb.rules.validate import check_definition
from tests.rules_support import THREAD, WIKI, assert_mismatch, assert_ok, definition

# keyword-abilities-faq-thread-2012.txt (one line per section; rule numbers as printed)
REACH = ('702.16a Reach is a static ability. 702.16b A creature with flying can\'t be blocked '
         'except by creatures with flying and/or reach. (See rule 509, "Declare Blockers '
         'Step," and rule 702.9, "Flying.") 702.16c Multiple instances of reach on the same '
         'creature are redundant.')
FEAR = ('702.34a Fear is an evasion ability. 702.34b A creature with fear can\'t be blocked '
        'except by artifact creatures and/or black creatures. (See rule 509, "Declare Blockers '
        'Step.") 702.34c Multiple instances of fear on the same creature are redundant.')
INTIMIDATE = ('702.12a Intimidate is an evasion ability. 702.12b A creature with intimidate '
              'can\'t be blocked except by artifact creatures and/or creatures that share a '
              'color with it. (See rule 509, "Declare Blockers Step.") 702.12c Multiple '
              'instances of intimidate on the same creature are redundant.')
HORSEMANSHIP = ('702.29a Horsemanship is an evasion ability. 702.29b A creature with '
                'horsemanship can\'t be blocked by creatures without horsemanship. A creature '
                'with horsemanship can block a creature with or without horsemanship. (See '
                'rule 509, "Declare Blockers Step.") 702.29c Multiple instances of '
                'horsemanship on the same creature are redundant.')
DEFENDER = ("702.3a Defender is a static ability. 702.3b A creature with defender can't attack. "
            "702.3c Multiple instances of defender on the same creature are redundant.")
VIGILANCE = ('702.19a Vigilance is a static ability that modifies the rules for the declare '
             'attackers step. 702.19b Attacking doesn\'t cause creatures with vigilance to tap. '
             '(See rule 508, "Declare Attackers Step.") 702.19c Multiple instances of vigilance '
             'on the same creature are redundant.')
DOUBLE_STRIKE = (
    '702.4a Double strike is a static ability that modifies the rules for the combat damage '
    'step. (See rule 510, "Combat Damage Step.") 702.4b If at least one attacking or blocking '
    'creature has first strike (see rule 702.7) or double strike as the combat damage step '
    'begins, the only creatures that assign combat damage in that step are those with first '
    'strike or double strike. After that step, instead of proceeding to the end of combat '
    'step, the phase gets a second combat damage step. The only creatures that assign combat '
    'damage in that step are the remaining attackers and blockers that had neither first '
    'strike nor double strike as the first combat damage step began, as well as the remaining '
    'attackers and blockers that currently have double strike. After that step, the phase '
    'proceeds to the end of combat step. 702.4c Removing double strike from a creature during '
    'the first combat damage step will stop it from assigning combat damage in the second '
    'combat damage step. 702.4d Giving double strike to a creature with first strike after it '
    'has already dealt combat damage in the first combat damage step will allow the creature '
    'to assign combat damage in the second combat damage step. 702.4e Multiple instances of '
    'double strike on the same creature are redundant.')
DEATHTOUCH = (
    "702.2a Deathtouch is a static ability. 702.2b Any nonzero amount of combat damage "
    "assigned to a creature by a source with deathtouch is considered to be lethal damage, "
    "regardless of that creature's toughness. See rules 510.1c-d. 702.2c A creature with "
    "toughness greater than 0 that's been dealt damage by a source with deathtouch since the "
    "last time state-based actions were checked is destroyed as a state-based action. See rule "
    "704. 702.2d The deathtouch rules function no matter what zone an object with deathtouch "
    "deals damage from. 702.2e If an object changes zones before an effect causes it to deal "
    "damage, its last known information is used to determine whether it had deathtouch. 702.2f "
    "Multiple instances of deathtouch on the same object are redundant.")
RAMPAGE = ('702.20a Rampage is a triggered ability. "Rampage N" means "Whenever this creature '
           'becomes blocked, it gets +N/+N until end of turn for each creature blocking it '
           'beyond the first." (See rule 509, "Declare Blockers Step.") 702.20b The rampage '
           'bonus is calculated only once per combat, when the triggered ability resolves. '
           'Adding or removing blockers later in combat won\'t change the bonus. 702.20c If a '
           'creature has multiple instances of rampage, each triggers separately.')
BUSHIDO = ('702.43a Bushido is a triggered ability. "Bushido N" means "Whenever this creature '
           'blocks or becomes blocked, it gets +N/+N until end of turn." (See rule 509, '
           '"Declare Blockers Step.") 702.43b If a creature has multiple instances of bushido, '
           'each triggers separately.')
FRENZY = ('702.66a Frenzy is a triggered ability. "Frenzy N" means "Whenever this creature '
          'attacks and isn\'t blocked, it gets +N/+0 until end of turn." 702.66b If a creature '
          'has multiple instances of frenzy, each triggers separately.')
BATTLE_CRY = ('702.89a Battle cry is a triggered ability. "Battle cry" means "Whenever this '
              'creature attacks, each other attacking creature gets +1/+0 until end of turn." '
              '702.89b If a creature has multiple instances of battle cry, each triggers '
              'separately.')
POISONOUS = ('702.68a Poisonous is a triggered ability. "Poisonous N" means "Whenever this '
             'creature deals combat damage to a player, that player gets N poison counters." '
             '(For information about poison counters, see rule 104.3d.) 702.68b If a creature '
             'has multiple instances of poisonous, each triggers separately.')
PROVOKE = ('702.37a Provoke is a triggered ability. "Provoke" means "Whenever this creature '
           'attacks, you may choose to have target creature defending player controls block '
           'this creature this combat if able. If you do, untap that creature." 702.37b If a '
           'creature has multiple instances of provoke, each triggers separately.')
HEXPROOF = ('702.11a Hexproof is a static ability. 702.11b "Hexproof" on a permanent means '
            '"This permanent can\'t be the target of spells or abilities your opponents '
            'control." 702.11c "Hexproof" on a player means "You can\'t be the target of spells '
            'or abilities your opponents control." 702.11d Multiple instances of hexproof on '
            'the same permanent or player are redundant.')
SHROUD = ('702.17a Shroud is a static ability. "Shroud" means "This permanent or player can\'t '
          'be the target of spells or abilities." 702.17b Multiple instances of shroud on the '
          'same permanent or player are redundant.')
WITHER = ("702.78a Wither is a static ability. Damage dealt to a creature by a source with "
          "wither isn't marked on that creature. Rather, it causes that many -1/-1 counters to "
          "be put on that creature. See rule 119.3. 702.78b If a permanent leaves the "
          "battlefield before an effect causes it to deal damage, its last known information "
          "is used to determine whether it had wither. 702.78c The wither rules function no "
          "matter what zone an object with wither deals damage from. 702.78d Multiple "
          "instances of wither on the same object are redundant.")
# judge-wiki-keywords-appendix-c.txt (capture damage "fearcan't" as in the file)
SHADOW_WIKI = ("Shadow is an evasion ability. A creature with shadow can't be blocked by "
               "creatures without shadow, and a creature without shadow can't be blocked by "
               "creatures with shadow. Multiple instances are redundant.")
FEAR_WIKI = ("Fear is an evasion ability. A creature with fearcan't be blocked except by "
             "artifact creatures and/or black creatures. Multiple instances of fear on the same "
             "creature are redundant.")
INFECT_WIKI = (
    "Infect is a static ability. Damage dealt to a player by a source with infect doesn't "
    "cause that player to lose life. Rather, it causes the player to get that many poison "
    "counters. Damage dealt to a creature by a source with infect isn't marked on that "
    "creature. Rather, it causes that many -1/-1 counters to be put on that creature. If a "
    "permanent leaves the battlefield before an effect causes it to deal damage, its last "
    "known information is used to determine whether it had infect. The infect rules function "
    "no matter what zone an object with infect deals damage from.Multiple instances are "
    "redundant.")
# MagicCompRules-2012-10-01.txt / -2008-10-01.txt (not shipped; quoted for these keywords,
# which the shipped sources don't define)
TRAMPLE_2012 = (
    "702.18a Trample is a static ability that modifies the rules for assigning an attacking "
    "creature's combat damage. The ability has no effect when a creature with trample is "
    "blocking or is dealing noncombat damage. 702.18b The controller of an attacking creature "
    "with trample first assigns damage to the creature(s) blocking it. Once all those blocking "
    "creatures are assigned lethal damage, any remaining damage is assigned as its controller "
    "chooses among those blocking creatures and the player or planeswalker the creature is "
    "attacking. 702.18c If an attacking creature with trample is blocked, but there are no "
    "creatures blocking it when damage is assigned, all its damage is assigned to the player "
    "or planeswalker it's attacking. 702.18e Multiple instances of trample on the same "
    "creature are redundant.")
LANDWALK_2012 = (
    '702.13a Landwalk is a generic term that appears within an object\'s rules text as '
    '"[type]walk," where [type] is usually a subtype, but can be the card type land, any land '
    'type, any supertype, or any combination thereof. 702.13b Landwalk is an evasion ability. '
    '702.13c A creature with landwalk is unblockable as long as the defending player controls '
    'at least one land with the specified subtype (as in "islandwalk"), with the specified '
    'supertype (as in "legendary landwalk"), without the specified supertype (as in "nonbasic '
    'landwalk"), or with both the specified supertype and the specified subtype (as in "snow '
    'swampwalk"). 702.13e Multiple instances of the same kind of landwalk on the same creature '
    'are redundant.')
LIFELINK_2008 = ('502.68a Lifelink is a triggered ability. "Lifelink" means "Whenever this '
                 'permanent deals damage, you gain that much life." 502.68b If a permanent has '
                 'multiple instances of lifelink, each triggers separately.')
DEATHTOUCH_2008 = ('502.63a Deathtouch is a triggered ability. "Deathtouch" means "Whenever '
                   'this permanent deals damage to a creature, destroy that creature." 502.63b '
                   'If a permanent has multiple instances of deathtouch, each triggers '
                   'separately.')
PROTECTION_2008 = (
    '502.7a Protection is a static ability, written "Protection from [quality]." 502.7b A '
    'permanent or player with protection can\'t be targeted by spells with the stated quality '
    'and can\'t be targeted by abilities from a source with the stated quality. 502.7c A '
    'permanent or player with protection can\'t be enchanted by Auras that have the stated '
    'quality. 502.7e Any damage that would be dealt by sources that have the stated quality to '
    'a permanent or player that has protection is prevented. 502.7f Attacking creatures with '
    'protection can\'t be blocked by creatures that have the stated quality. 502.7g Multiple '
    'instances of protection from the same quality on the same permanent or player are '
    'redundant.')


def status(title: str, text: str, **kwargs: str) -> str:
    return check_definition(definition(title, text, **kwargs)).status


REAL = [("Reach", REACH, {}), ("Fear", FEAR, {}), ("Intimidate", INTIMIDATE, {}),
        ("Horsemanship", HORSEMANSHIP, {}), ("Defender", DEFENDER, {}),
        ("Vigilance", VIGILANCE, {}), ("Double Strike", DOUBLE_STRIKE, {}),
        ("Deathtouch", DEATHTOUCH, {}), ("Rampage", RAMPAGE, {}), ("Bushido", BUSHIDO, {}),
        ("Frenzy", FRENZY, {}), ("Battle Cry", BATTLE_CRY, {}), ("Poisonous", POISONOUS, {}),
        ("Provoke", PROVOKE, {}), ("Hexproof", HEXPROOF, {}), ("Shroud", SHROUD, {}),
        ("Wither", WITHER, {}), ("Shadow", SHADOW_WIKI, {"source": WIKI, "era": "2011-01-01"}),
        ("Fear", FEAR_WIKI, {"source": WIKI, "era": "2011-01-01"}),
        ("Infect", INFECT_WIKI, {"source": WIKI, "era": "2011-01-01"}),
        ("Trample", TRAMPLE_2012, {"source": "cr-2012-10-01"}),
        ("Landwalk", LANDWALK_2012, {"source": "cr-2012-10-01"}),
        ("Lifelink", LIFELINK_2008, {"source": "cr-2008-10-01", "era": "2008-10-01"}),
        ("Deathtouch", DEATHTOUCH_2008, {"source": "cr-2008-10-01", "era": "2008-10-01"}),
        ("Protection", PROTECTION_2008, {"source": "cr-2008-10-01", "era": "2008-10-01"})]


@pytest.mark.parametrize(("title", "text", "where"), REAL, ids=[r[0] + "-" + str(i)
                                                               for i, r in enumerate(REAL)])
def test_real_definitions_pass(title, text, where):
    assert_ok(definition(title, text, **where))


CHANGED = [
    ("Reach", REACH, "flying and/or reach", "flying"),
    ("Fear", FEAR, "black creatures", "white creatures"),
    ("Intimidate", INTIMIDATE, "except by artifact creatures and/or creatures", "except by "
     "creatures"),
    ("Horsemanship", HORSEMANSHIP, "by creatures without horsemanship",
     "by creatures with horsemanship"),
    ("Defender", DEFENDER, "can't attack", "can attack"),
    ("Vigilance", VIGILANCE, "doesn't cause", "does cause"),
    ("Double Strike", DOUBLE_STRIKE, "as well as the remaining attackers and blockers that "
     "currently have double strike", "but none that have double strike"),
    ("Deathtouch", DEATHTOUCH, "is destroyed", "is tapped"),
    ("Rampage", RAMPAGE, "beyond the first", "including the first"),
    ("Battle Cry", BATTLE_CRY, "each other attacking creature", "each attacking creature"),
    ("Provoke", PROVOKE, "untap that creature", "tap that creature"),
    ("Hexproof", HEXPROOF, "spells or abilities your opponents control.\" 702.11c",
     "spells or abilities.\" 702.11c"),
    ("Shroud", SHROUD, "spells or abilities.\"", "spells or abilities your opponents control.\""),
    ("Infect", INFECT_WIKI, "doesn't cause that player to lose life", "causes that player to "
     "lose life"),
    ("Trample", TRAMPLE_2012, "all its damage is assigned", "none of its damage is assigned"),
    ("Landwalk", LANDWALK_2012, "at least one land", "at least two lands"),
    ("Protection", PROTECTION_2008, "is prevented", "is doubled"),
    ("Lifelink", LIFELINK_2008, "each triggers separately", "they are redundant"),
]


@pytest.mark.parametrize(("title", "text", "old", "new"), CHANGED,
                         ids=[c[0] for c in CHANGED])
def test_changed_rules_text_is_a_mismatch(title, text, old, new):
    assert old in text
    source = {"Trample": "cr-2012-10-01", "Landwalk": "cr-2012-10-01"}.get(title, THREAD)
    era = "2008-10-01" if title in ("Protection", "Lifelink") else "2012-10-01"
    assert status(title, text, source=source, era=era) == "ok"
    assert_mismatch(definition(title, text.replace(old, new), source=source, era=era))


def test_changed_evasion_names_the_blocker_that_differs():
    result = check_definition(definition("Reach", REACH.replace("flying and/or reach",
                                                                "flying")))
    assert any("a creature with reach cannot block a red attacker with flying; the model "
               "says it can" in d for d in result.details)


# --- the game model ------------------------------------------------------------------------------

def fight(attacker_abilities=(), attacker=(2, 2), blockers=((2, 2),), blocker_abilities=(),
          era=""):
    game = Game(era=era)
    a = game.create("A", power=attacker[0], toughness=attacker[1],
                    abilities=attacker_abilities)
    foe = game.opponent(game.active)
    bs = [game.create(f"B{i}", controller=foe, power=p, toughness=t,
                      abilities=blocker_abilities) for i, (p, t) in enumerate(blockers)]
    game.declare_attackers([a])
    game.declare_blockers({b: a for b in bs})
    game.combat_damage()
    return game, a, bs


def test_first_strike_kills_before_the_regular_step():
    _, a, (b,) = fight(("first strike",))
    assert a.zone == "battlefield" and a.damage == 0 and b.zone == "graveyard"
    _, a, (b,) = fight(blocker_abilities=("first strike",))
    assert a.zone == "graveyard" and b.damage == 0


def test_double_strike_deals_damage_twice_and_first_strike_once():
    game, a, _ = fight(("double strike",), (3, 3), ())
    assert game.players[1].life == 14
    game, a, _ = fight(("first strike",), (3, 3), ())
    assert game.players[1].life == 17


def test_damage_assignment_order_and_trample():
    game, a, (b1, b2) = fight(("trample",), (6, 6), ((2, 2), (3, 3)))
    assert b1.zone == b2.zone == "graveyard" and game.players[1].life == 19
    game, a, (b1, b2) = fight((), (4, 4), ((2, 2), (3, 3)))
    assert (b1.zone, b2.damage, game.players[1].life) == ("graveyard", 2, 20)


def test_deathtouch_with_trample_assigns_one_to_each_blocker():
    game, a, blockers = fight(("deathtouch", "trample"), (4, 4), ((5, 5), (5, 5)))
    assert [b.zone for b in blockers] == ["graveyard", "graveyard"]
    assert game.players[1].life == 18


def test_deathtouch_and_lifelink_follow_the_rules_of_their_era():
    for era, life in (("2008-10-01", 26), ("2012-10-01", 23)):
        game = Game(era=era)
        angel = game.create("Angel", power=3, toughness=3, abilities=("lifelink", "lifelink"))
        game.declare_attackers([angel])
        game.declare_blockers({})
        game.combat_damage()
        assert game.active.life == life, era
    assert Game(era="2008-10-01").spec("deathtouch").kind == ("triggered",)
    assert Game().spec("deathtouch").kind == ("static",)


def test_infect_and_poisonous_poison_kills():
    game = Game()
    snake = game.create("Snake", power=5, toughness=5,
                        abilities=("infect", Ability("poisonous", 5)))
    game.declare_attackers([snake])
    game.declare_blockers({})
    game.combat_damage()
    foe = game.players[1]
    assert foe.poison == 10 and foe.life == 20 and foe.lost


def test_banding_band_blocked_together_and_defending_player_assigns():
    game = Game()
    bander = game.create("Bander", power=1, toughness=1, abilities=("banding",))
    bear = game.create("Bear", power=2, toughness=2)
    third = game.create("Third", power=2, toughness=2)
    with pytest.raises(IllegalAction):
        game.declare_attackers([bander, bear, third], bands=[[bander, bear, third]])
    game = Game()
    bander = game.create("Bander", power=1, toughness=1, abilities=("banding",))
    bear = game.create("Bear", power=2, toughness=2)
    wall = game.create("Wall", controller=game.players[1], power=0, toughness=4)
    game.declare_attackers([bander, bear], bands=[[bander, bear]])
    game.declare_blockers({wall: bear})
    assert game.combat.blocked == {bander, bear}
    assert game.damage_chooser(wall) is game.players[0]


def test_protection_targeting_blocking_and_damage():
    game = Game()
    knight = game.create("Knight", power=2, toughness=2,
                         abilities=(Ability("protection", "black"),))
    foe = game.players[1]
    black = game.create("Black", controller=foe, power=3, toughness=3, colors={"black"})
    game.deal_damage(black, knight, 3)
    assert knight.damage == 0
    game.declare_attackers([knight])
    assert not game.can_block(black, knight)
    spell = game.create("Spell", controller=foe, zone="hand", types={"instant"},
                        colors={"black"})
    assert not game.target_legal(knight, spell)


def test_hexproof_and_shroud_targeting():
    game = Game()
    me, foe = game.players
    hexed = game.create("Hexed", abilities=("hexproof",))
    shrouded = game.create("Shrouded", abilities=("shroud",))
    mine = game.create("Mine", zone="hand", types={"instant"})
    theirs = game.create("Theirs", controller=foe, zone="hand", types={"instant"})
    assert game.target_legal(hexed, mine) and not game.target_legal(hexed, theirs)
    assert not game.target_legal(shrouded, mine) and not game.target_legal(shrouded, theirs)


def test_exalted_and_battle_cry_bonuses_end_with_the_turn():
    game = Game()
    hero = game.create("Hero", power=2, toughness=2, abilities=("exalted", "exalted"))
    game.declare_attackers([hero])
    assert (hero.current_power, hero.current_toughness) == (4, 4)
    game.end_turn()
    assert (hero.current_power, hero.current_toughness) == (2, 2)


def test_state_based_actions_counters_annihilate():
    game = Game()
    bear = game.create("Bear", power=2, toughness=2)
    bear.counters["+1/+1"] += 2
    bear.counters["-1/-1"] += 1
    game.check_state()
    assert dict(bear.counters) == {"+1/+1": 1}
