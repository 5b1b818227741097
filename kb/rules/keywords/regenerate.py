"""Regenerate (701.12 in 2012, 501.5 in 2008), a keyword action. From a resolving spell or
ability: "The next time [permanent] would be destroyed this turn, instead remove all damage
marked on it and tap it. If it's an attacking or blocking creature, remove it from combat."
From a static ability: "Instead remove all damage marked on [permanent] and tap it. ..."
each time it would be destroyed.

In the model, `regenerate` adds a regeneration shield (a one-use replacement effect of
destruction lasting the turn); `regenerate_always` the static ability's replacement."""

from __future__ import annotations

import re

from kb.rules.checks import differ
from kb.rules.claims import Claims
from kb.rules.game import Game, GameObject, Replacement, ZoneChange
from kb.rules.keywords._spells import stocked_game
from kb.rules.registry import Check, Keyword, register


def _shield(game: Game, permanent: GameObject, label: str, uses: int | None,
            until: str) -> Replacement:
    def applies(change: object) -> bool:
        return isinstance(change, ZoneChange) and change.obj is permanent and \
            change.cause == "destroy" and permanent.zone == "battlefield"

    def apply(change: ZoneChange) -> None:
        change.to = "battlefield"
        permanent.damage = 0
        permanent.deathtouched = False
        permanent.tapped = True
        game.remove_from_combat(permanent)
        game.emit("regenerated", permanent)

    return Replacement(label, applies, apply, uses=uses, until=until)


def regenerate(game: Game, permanent: GameObject) -> None:
    """A spell or ability regenerates `permanent`: a shield for the next destruction this
    turn."""
    game.replacements.append(_shield(game, permanent, f"regenerate:{permanent.ident}:"
                                     f"{len(game.log)}", 1, "end of turn"))


def regenerate_always(game: Game, permanent: GameObject) -> None:
    """A static ability regenerates `permanent`: each time it would be destroyed."""
    game.replacements.append(_shield(game, permanent, f"regenerates:{permanent.ident}", None,
                                     ""))


def _combat_case(era: str) -> tuple[str, int, bool, bool, str, str]:
    """A regenerated 2/2 attacker blocked by a 4/4: after combat damage (zone, damage,
    tapped, still attacking); then destroyed again this turn (zone); and a creature
    regenerated on the previous turn, destroyed now (zone)."""
    game = stocked_game(era)
    me, them = game.active, game.opponent(game.active)
    old = game.create("Old troll", controller=me, power=2, toughness=2)
    regenerate(game, old)
    game.next_turn()
    game.next_turn()
    troll = game.create("Troll", controller=me, power=2, toughness=2)
    wall = game.create("Wall", controller=them, power=4, toughness=4)
    game.declare_attackers([troll])
    game.declare_blockers({wall: troll})
    regenerate(game, troll)
    game.combat_damage()
    game.check_state()
    combat = game.combat
    first = (troll.zone, troll.damage, troll.tapped,
             bool(combat and troll in combat.attackers))
    game.destroy(troll)
    game.destroy(old)
    return (*first, troll.zone, old.zone)


def _static_case(era: str) -> tuple[str, str, int, bool]:
    game = stocked_game(era)
    golem = game.create("Golem", controller=game.active, power=2, toughness=5)
    regenerate_always(game, golem)
    golem.damage = 3
    game.destroy(golem)
    first = golem.zone
    golem.damage = 3
    game.destroy(golem)
    return first, golem.zone, golem.damage, golem.tapped


def _effects(sentence: str) -> tuple[bool, bool, bool]:
    """(removes damage, taps it, removes it from combat) as a replacement says."""
    return (re.search(r"remove all damage (?:marked )?(?:on|from) (?:it|\[permanent\])",
                      sentence, re.I) is not None,
            re.search(r"\btaps? it\b", sentence, re.I) is not None,
            re.search(r"remove it from combat", sentence, re.I) is not None)


def check(claims: Claims, era: str) -> list[str] | None:
    """A shield's effect, how many times and how long it works, read from the text."""
    sentence = claims.says(r"time \[permanent\] would be destroyed")
    if sentence is None:
        return None
    when = re.search(r"\b(the next|each|every) time \[permanent\] would be destroyed"
                     r"( this turn)?", sentence, re.I)
    once = when is not None and when.group(1).lower() == "the next"
    this_turn = bool(when and when.group(2))
    damage, taps, combat = _effects(sentence)
    expected = ("battlefield", 0 if damage else 4, taps, not combat,
                "graveyard" if once else "battlefield",
                "graveyard" if this_turn else "battlefield")
    said = [when.group(0) if when else "?", "remove all damage" if damage else "",
            "tap it" if taps else "", "remove it from combat" if combat else ""]
    problems = differ("regenerating it: " + ", ".join(w for w in said if w), sentence,
                      "a regenerated attacker dealt lethal combat damage: (zone, damage, "
                      "tapped, attacking), then destroyed again; one regenerated last turn, "
                      "destroyed now", expected, _combat_case(era))
    always = claims.says(r"\[permanent\]\" means \"instead\b")
    if always:
        damage, taps, _ = _effects(always)
        problems += differ("a static ability regenerates it each time" +
                           (", removing all damage" if damage else "") +
                           (", tapping it" if taps else ""), always,
                           "a permanent a static ability regenerates, dealt 3 damage, destroyed "
                           "twice: (zone, zone, damage, tapped)",
                           ("battlefield", "battlefield", 0 if damage else 3, taps),
                           _static_case(era))
    return problems


register(Keyword(
    name="regenerate",
    aliases=("regeneration",),
    kind=("keyword action",),
    parameter=("[permanent]",),
    durations=("this turn",),
    checks=(Check("a shield: the next destruction this turn replaced, damage removed, "
                  "tapped, out of combat", check),),
))
