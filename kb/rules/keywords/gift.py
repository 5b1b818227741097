"""Gift a [something] (702.174 since 2024): as an additional cost you may choose an opponent
(promise the gift); if you did, the chosen player gets what the gift names (a Food, a card,
a tapped Fish, an extra turn, a Treasure, an Octopus)."""

from __future__ import annotations

import re

from kb.rules.checks import differ
from kb.rules.claims import Claims, quantity
from kb.rules.game import Ability, Game, GameObject, IllegalAction, Player, StackItem
from kb.rules.keywords._cov_library import stock
from kb.rules.keywords._cov_parts import parts_check
from kb.rules.keywords._spells import cast_paid
from kb.rules.registry import Check, Keyword, register

# the reference: what each gift gives the chosen player
# (token name, tapped, power, toughness, colors) or ("card",) / ("extra turn",)
GIFTS: dict[str, tuple[object, ...]] = {
    "a food": ("Food", False, 0, 0, ()), "a card": ("card",),
    "a tapped fish": ("Fish", True, 1, 1, ("blue",)), "an extra turn": ("extra turn",),
    "a treasure": ("Treasure", False, 0, 0, ()), "an octopus": ("Octopus", False, 8, 8, ("blue",)),
}
MEANS = r"\"gift ([\w ]+?)\" means the effect is \"([^\"]+)\""
CHOOSE = (r"\bthe first ability is always \"as an additional cost to cast this spell, you may "
          r"choose (an opponent|a player|another player|you)\.?\"")
EFFECT = (r"^(the chosen player|you|each player|each opponent) (creates?|draws?|takes?) "
          r"(an?|one|two|three|\d+) (tapped )?(?:(\d+)/(\d+) )?(?:(white|blue|black|red|green) )?"
          r"(\w+)(?: creature)?(?: (?:tokens?|cards?|turns?))?")


def _give(game: Game, item: StackItem) -> None:
    chosen = item.paid.get("gift to")
    if chosen is None:
        return
    what = GIFTS[str(next(a for a in item.source.abilities if a.name == "gift").param)]
    if what[0] == "card":
        game.draw(chosen)
    elif what[0] == "extra turn":
        chosen.counters["extra turns"] += 1
    else:
        name, tapped, power, toughness, colors = what
        token = game.create(str(name), controller=chosen, power=int(str(power)),
                            toughness=int(str(toughness)), colors=set(colors),  # type: ignore
                            types={"creature"} if power else {"artifact"}, token=True)
        token.tapped = bool(tapped)


def cast_promising(game: Game, card: GameObject, to: Player | None) -> None:
    """Cast a spell with gift, promising the gift to `to` (an opponent) or to no one."""
    me = game.active
    if to is me:
        raise IllegalAction("a gift is promised to an opponent")
    cast_paid(game, me, card, paid={"gift to": to})


def scenario(era: str, gift: str, to: str) -> tuple[object, ...]:
    """A sorcery with gift `gift`, promised to `to` ("opponent", "me", ""): (legal, what the
    opponent got, what I got): each (tokens as (name, tapped, P, T, colors), cards drawn,
    extra turns)."""
    game = Game(era=era)
    me, them = game.active, game.opponent(game.active)
    for player in (me, them):
        stock(game, player, 3)
    card = game.create("Present", controller=me, zone="hand", types={"sorcery"},
                       mana_cost="{1}{G}", abilities=(Ability("gift", gift),), effect=_give)
    chosen = {"opponent": them, "me": me}.get(to)
    try:
        cast_promising(game, card, chosen)
    except IllegalAction:
        return (False,)
    hands = {p: len(p.hand) for p in (me, them)}
    game.resolve_stack()
    return (True, *(_got(game, p, hands[p]) for p in (them, me)))


def _got(game: Game, player: Player, hand: int) -> tuple[object, ...]:
    tokens = sorted((o.name.lower(), o.tapped, o.power, o.toughness, tuple(sorted(o.colors)))
                    for o in game.battlefield if o.token and o.controller is player)
    return tuple(tokens), len(player.hand) - hand, player.counters["extra turns"]


def expected(effect: str, who_may: str, gift: str, to: str) -> tuple[object, ...]:
    """What the text says the same cast gives."""
    if to == "me" and who_may not in ("a player", "you"):
        return (False,)
    if to == "opponent" and who_may == "you":
        return (False,)
    match = re.search(EFFECT, effect, re.I)
    got: dict[str, list[object]] = {"them": [(), 0, 0], "me": [(), 0, 0]}
    if match and to:
        who = match.group(1).lower()
        count = quantity(match.group(3))
        receivers = {"the chosen player": ["them" if to == "opponent" else "me"], "you": ["me"],
                     "each player": ["them", "me"], "each opponent": ["them"]}[who]
        verb, noun = match.group(2).lower(), match.group(8).lower()
        for receiver in receivers:
            if verb.startswith("draw"):
                got[receiver][1] = count
            elif verb.startswith("take"):
                got[receiver][2] = count
            else:
                colors = (match.group(7).lower(),) if match.group(7) else ()
                token = (noun, bool(match.group(4)), int(match.group(5) or 0),
                         int(match.group(6) or 0), colors)
                got[receiver][0] = tuple([token] * count)
    return (True, tuple(got["them"]), tuple(got["me"]))


def check(claims: Claims, era: str) -> list[str] | None:
    """Each gift the text defines, promised to an opponent, to no one, and to myself."""
    gifts = [(s, m) for s in claims.sentences for m in re.finditer(MEANS, s, re.I)]
    if not gifts:
        return None
    claims.found.add(MEANS)
    chooser = re.search(CHOOSE, claims.says(CHOOSE) or "", re.I)
    who_may = chooser.group(1).lower() if chooser else "an opponent"
    problems = []
    for sentence, match in gifts:
        claims.mark(sentence)
        gift = match.group(1).lower()
        if gift not in GIFTS:
            problems.append(f'the text defines "gift {gift}" ("{sentence}"), a gift the model '
                            "doesn't know")
            continue
        for to in ("opponent", "", "me"):
            problems += differ(f'"gift {gift}" gives: {match.group(2)}', sentence,
                               f"a sorcery with gift {gift} promised to "
                               f"{to or 'no one'}: (legal, what the opponent got, what I got)",
                               expected(match.group(2), who_may, gift, to),
                               scenario(era, gift, to))
    return problems


register(Keyword(
    name="gift",
    kind=("static", "triggered"),
    parameter=("a [something]",),
    trigger=("enters",),
    zones=("battlefield", "stack"),
    functions_in=("stack", "battlefield"),
    checks=(Check("each gift, promised or not", check),
            Check("its two abilities", parts_check(("static", "triggered")))),
))
