"""Awaken N -- [cost] (702.112 in 2015, 702.113 in 2026): you may pay [cost] rather than this
spell's mana cost; if you did, put N +1/+1 counters on target land you control, and that land
becomes a 0/0 Elemental creature with haste that is still a land."""

from __future__ import annotations

import re

from kb.rules.checks import differ
from kb.rules.claims import Claims, quantity
from kb.rules.game import Ability, Cost, Game, GameObject, IllegalAction, Player, StackItem
from kb.rules.keywords._casting import fill_pool, legal
from kb.rules.keywords._cov_permits import PermitModel, permit_check
from kb.rules.keywords._spells import burn_spell
from kb.rules.registry import Check, Keyword, register

MODEL = PermitModel("awaken")
N = 3
EFFECT = (r"if this spell's awaken cost was paid, put (N|X|\w+) ([+-]\d+/[+-]\d+) counters? on "
          r"target (land|creature|permanent) (you control|an opponent controls|you don't "
          r"control)?")
MEANS = r"\bawaken \S+?\s*[-\u2014\u2013]+\s*\[cost\]\"? means\b"
BECOMES = r"that land becomes an? (\d+/\d+) ([\w ]+?) creature(?: with (\w+))?"


def _awaken(game: Game, card: GameObject, ability: Ability, item: StackItem) -> None:
    if not item.paid.get("awaken") or not item.targets:
        return
    land = item.targets[0]
    count, _ = ability.param
    land.counters["+1/+1"] += int(count)
    land.types = land.types | {"creature"}
    land.subtypes = land.subtypes | {"elemental"}
    land.power = land.toughness = 0
    land.abilities.append(Ability("haste"))


def cast_awakened(game: Game, player: Player, card: GameObject, land: GameObject) -> None:
    """Cast a spell for its awaken cost targeting a land you control."""
    if not land.is_("land") or land.controller is not player:
        raise IllegalAction("awaken targets a land you control")
    _, cost = next(a for a in card.abilities if a.name == "awaken").param
    game.cast(player, card, alternative=Cost.parse(cost), paid={"awaken": True},
              targets=(land,))


def scenario(era: str, mine: bool) -> tuple[bool, tuple[int, int] | None, bool, bool, bool]:
    """A sorcery with awaken 3 -- {2}{G} cast for that cost at my (or an opponent's) land:
    (legal, the land's P/T, a creature, has haste, still a land)."""
    game = Game(era=era)
    me = game.active
    land = game.create("Forest", controller=me if mine else game.opponent(me),
                       types={"land"}, subtypes={"forest"})
    card = burn_spell(game, me, "Rise", mana_cost="{4}{G}", types=("sorcery",),
                      abilities=(Ability("awaken", (N, "{2}{G}")),))
    card.effect = None
    fill_pool(me)
    ok = legal(cast_awakened, game, me, card, land)
    game.resolve_stack()
    size = (land.current_power, land.current_toughness) if land.is_("creature") else None
    return ok, size, land.is_("creature"), land.has("haste"), land.is_("land")


def check_effect(claims: Claims, era: str) -> list[str] | None:
    """Awaken 3 at my land and at an opponent's: counters, a 0/0 creature with haste."""
    sentence = claims.says(MEANS)
    if sentence is None:
        return None
    effect = re.search(EFFECT, sentence, re.I)
    if effect is not None:
        claims.found.add(EFFECT)
    becomes = re.search(BECOMES, sentence, re.I)
    still = re.search(r"it's still a land", sentence, re.I) is not None
    count = quantity(effect.group(1), N) if effect else 0
    power, toughness = (int(x) for x in effect.group(2).lstrip("+").split("/+")) \
        if effect else (0, 0)
    problems = []
    for mine in (True, False):
        whose = (effect.group(4) or "").lower() if effect else ""
        ok = effect is None or effect.group(3).lower() in ("land", "permanent") and (
            whose in ("", "you control") if mine else whose in ("", "an opponent controls",
                                                                   "you don't control"))
        expected: tuple[bool, tuple[int, int] | None, bool, bool, bool] = (
            ok, None, False, False, True)
        if ok and effect is not None and becomes is not None:
            base = [int(x) for x in becomes.group(1).split("/")]
            size = (base[0] + count * power, base[1] + count * toughness)
            expected = (True, size, True, (becomes.group(3) or "").lower() == "haste", still)
        problems += differ(f"{effect.group(0)[31:] if effect else 'no awaken effect'}; "
                           f"{becomes.group(0) if becomes else ''}",
                           sentence, f"a sorcery with awaken {N} cast for its awaken cost at "
                           f"{'my' if mine else 'an opponent' + chr(39) + 's'} land: (legal, "
                           "its P/T, a creature, haste, a land)", expected,
                           scenario(era, mine))
    return problems


register(Keyword(
    name="awaken",
    kind=("static", "spell"),
    parameter=("n -- [cost]",),
    zones=("stack",),
    functions_in=("stack",),
    hooks={"as_resolves": _awaken},
    checks=(Check("cast for [cost] rather than its mana cost",
                  permit_check(MODEL, r"awaken \S+?\s*[-\u2014\u2013]+\s*\[cost\]")),
            Check("N +1/+1 counters on a land you control, a 0/0 creature with haste",
                  check_effect)),
))
