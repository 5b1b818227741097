"""Affinity (702.39 in 2012, 702.38 in 2009, 502.31 in 2008, 702.41 in 2026): a static ability
that functions while the spell is on the stack. "Affinity for [text]" means "This spell costs
you {1} less to cast for each [text] you control." It reduces only generic mana (the 2008-2012
rules say so; 601.2f in 2026); multiple instances each apply.

The check reads from the text how much each counted object takes off (`{1}`), what is
counted (`[text]`, the keyword's parameter, or a noun such as `permanent`), whose objects
count (`you control`), whether coloured mana is reduced too, where it functions and what
multiple instances do, and casts spells with affinity for artifacts next to three artifacts
of their caster's and permanents of other kinds and of the other player."""

from __future__ import annotations

import re
from collections import Counter

from kb.rules.checks import differ, instance_count
from kb.rules.claims import Claims
from kb.rules.game import Ability, Cost, Game, GameObject, Player
from kb.rules.keywords._casting import CAST
from kb.rules.keywords._mana import paid_for, reduced
from kb.rules.keywords._reduction import apply_to
from kb.rules.registry import Check, Keyword, register

# the written form's [text] (the wiki and the rules) and what the scenario names for it
PLACEHOLDER = r"\[(?:text|quality|type)\]"
SCENARIO_PARAM = "artifacts"
MINE = 3  # artifacts of the caster: the K of the text's "for each"
# the counted phrase takes a second word unless that word begins "you control", "an opponent .."
NOT_WHO = r"(?!(?:you|an|your|each|any|a)\b)"
REDUCE = (rf"\bcosts? (?:you )?((?:\{{[^}}]+\}})+) less to {CAST}(?: it)? for each "
          rf"(?P<what>{PLACEHOLDER}|[\w-]+(?: {NOT_WHO}[\w-]+)?)(?: (?P<who>you|an opponent|your "
          rf"opponents|each opponent|any player|a player|each player) controls?)?")
GENERIC = r"\breduces? (only )?(?:the amount of )?generic (and colou?red )?mana"
COLORED = r"\b(doesn't|does not|does|also) reduce how much colou?red mana"
WHOSE = {"you": "me", "an opponent": "opponent", "your opponents": "opponent",
         "each opponent": "opponent"}


def singular(word: str) -> str:
    """A counted word as a type name: `artifacts` -> `artifact`, `Plains` -> `plains`."""
    word = word.lower().strip()
    if word.endswith("ies"):
        return word[:-3] + "y"
    if word.endswith("s") and not word.endswith(("ss", "plains")):
        return word[:-1]
    return word


def matches(obj: GameObject, kind: str) -> bool:
    """Whether a permanent is of the kind a counted phrase names ("permanent": any)."""
    return kind == "permanent" or obj.is_(kind)


def counted(game: Game, player: Player, kind: str, whose: str) -> int:
    """Permanents of `kind` controlled by `player` ("me"), by an opponent, or by anyone."""
    def owned_right(obj: GameObject) -> bool:
        if whose == "me":
            return obj.controller is player
        if whose == "opponent":
            return obj.controller is not player
        return True
    return sum(1 for obj in game.permanents() if owned_right(obj) and matches(obj, kind))


def cost_change(game: Game, card: GameObject, ability: Ability, cost: Cost) -> None:
    """The model: {1} less for each permanent of the parameter's kind the caster controls,
    taken from generic mana only (each instance applies)."""
    kind = singular(str(ability.param or ""))
    count = counted(game, card.controller or card.owner, kind, "me") if kind else 0
    apply_to(cost, reduced(cost, Cost(generic=count)))


def _read(claims: Claims) -> tuple[str, Cost, str, str, bool] | None:
    """(sentence, mana each counted object takes off, the counted kind as a parameter or a
    type name, whose objects count, coloured mana reduced too) as the text says."""
    sentence = claims.says(REDUCE)
    if sentence is None:
        return None
    match = re.search(REDUCE, sentence, re.I)
    assert match is not None
    what = match.group("what")
    kind = "[text]" if re.fullmatch(PLACEHOLDER, what) else singular(what)
    whose = WHOSE.get((match.group("who") or "").lower(), "anyone")
    return sentence, Cost.parse(match.group(1)), kind, whose, _colored_too(claims)


def _colored_too(claims: Claims) -> bool:
    """Whether the text says the reduction also takes coloured mana off ("it does reduce how
    much colored mana", "reduces generic and colored mana"); by default (and by 601.2f) a
    generic reduction reduces generic mana only."""
    colored = claims.says(COLORED)
    if colored is not None:
        said = re.search(COLORED, colored, re.I)
        return said is not None and said.group(1).lower() in ("does", "also")
    generic = claims.says(GENERIC)
    said = re.search(GENERIC, generic, re.I) if generic else None
    return said is not None and bool(said.group(2))


def expected_cost(mana_cost: str, each: Cost, times: int, colored_too: bool) -> int:
    """The mana a spell costing `mana_cost` takes after `times` reductions of `each`; when
    `colored_too`, generic reduction left over comes off coloured mana as well."""
    cost = Cost.parse(mana_cost)
    total = Cost(each.generic * times, Counter({c: n * times for c, n in each.colored.items()}))
    left = reduced(cost, total)
    if colored_too:
        spare = max(total.generic - cost.generic, 0)
        return max(left.mana_value - spare, 0)
    return left.mana_value



def scenario(era: str, mana_cost: str, instances: int) -> tuple[Game, Player, GameObject]:
    """The caster controls three artifacts, two lands and a creature; the other player two
    artifacts; the spell in hand has `instances` instances of affinity for artifacts."""
    game = Game(era=era)
    me, other = game.active, game.opponent(game.active)
    for n in range(MINE):
        game.create(f"Ornithopter {n}", controller=me, types={"artifact"})
    for n in range(2):
        game.create(f"Island {n}", controller=me, types={"land"}, subtypes={"island"})
        game.create(f"Welding Jar {n}", controller=other, types={"artifact"})
    game.create("Bear", controller=me, types={"creature"}, power=2, toughness=2)
    card = game.create("Frogmite", controller=me, zone="hand", types={"sorcery"},
                       mana_cost=mana_cost, colors={"blue"},
                       abilities=[Ability("affinity", SCENARIO_PARAM) for _ in range(instances)])
    return game, me, card


def check(claims: Claims, era: str) -> list[str] | None:
    """Spells with affinity for artifacts ({9}{U} with one and two instances, {2}{U} with
    one) cast by a player with three artifacts: the mana each takes, against the text."""
    read = _read(claims)
    if read is None:
        return None
    sentence, each, kind, whose, colored_too = read
    on_stack = not claims.functions_in or "stack" in claims.functions_in
    problems = []
    for mana_cost, instances in (("{9}{U}", 1), ("{9}{U}", 2), ("{2}{U}", 1)):
        game, me, card = scenario(era, mana_cost, instances)
        objects = counted(game, me, singular(SCENARIO_PARAM) if kind == "[text]" else kind,
                          whose)
        times = objects * instance_count(claims, instances) if on_stack else 0
        expected = expected_cost(mana_cost, each, times, colored_too)
        paid = paid_for(me, game.cast, me, card)
        problems += differ(f"it costs {each.mana_value} less for each counted object",
                           sentence, f"a {mana_cost} spell with {instances} instance(s) of "
                           f"affinity for artifacts, its caster controlling {MINE} artifacts, "
                           "2 lands and a creature, the other player 2 artifacts: mana paid",
                           expected, paid)
    return problems


register(Keyword(
    name="affinity",
    aliases=("affinity for artifacts",),
    kind=("static",),
    parameter=("for [text]",),
    zones=("stack",),
    functions_in=("stack",),
    instances="separate",
    hooks={"cost_change": cost_change},
    checks=(Check("affinity: {1} less for each counted permanent its caster controls",
                  check),),
))
