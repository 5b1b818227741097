"""Shared check for blocking restrictions: which blocks a definition text allows, read from
its sentences ("A creature with flying can't be blocked except by creatures with flying
and/or reach"), against the blocks the model allows, over a matrix of attackers and
blockers."""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass

from kb.rules.checks import creature
from kb.rules.claims import Claims
from kb.rules.game import Ability, Game, GameObject
from kb.rules.registry import spec_for

COLOR_WORDS = ("white", "blue", "black", "red", "green")
Test = Callable[[GameObject, GameObject], bool]  # (attacker, blocker) -> bool


@dataclass
class Restriction:
    """One sentence's restriction: for attackers `applies`, a blocker must pass `allowed`."""

    applies: Callable[[GameObject], bool]
    allowed: Test
    quote: str


# blocker profiles: name -> (abilities, colors, types)
PROFILES: dict[str, tuple[tuple[str, ...], set[str], set[str]]] = {
    "a green creature": ((), {"green"}, {"creature"}),
    "a creature with flying": (("flying",), {"green"}, {"creature"}),
    "a creature with reach": (("reach",), {"green"}, {"creature"}),
    "a creature with shadow": (("shadow",), {"green"}, {"creature"}),
    "a creature with horsemanship": (("horsemanship",), {"green"}, {"creature"}),
    "an artifact creature": ((), set(), {"artifact", "creature"}),
    "a black creature": ((), {"black"}, {"creature"}),
    "a red creature": ((), {"red"}, {"creature"}),
    "a white creature": ((), {"white"}, {"creature"}),
}


def _term(term: str, param: str | None) -> Test | None:
    """One blocker description as a test; None when it can't be read."""
    term = term.strip().lower()
    if m := re.fullmatch(r"(?:creatures?|ones) with(?:out)? (\w+)", term):
        word = m.group(1)
        if " without " in f" {term} ":
            return lambda a, b: not b.has(word)
        return lambda a, b: b.has(word)
    if term == "artifact creatures":
        return lambda a, b: b.is_("artifact")
    if (m := re.fullmatch(r"(\w+) creatures", term)) and m.group(1) in COLOR_WORDS:
        color = m.group(1)
        return lambda a, b: color in b.colors
    if re.fullmatch(r"creatures that share a colou?r with it", term):
        return lambda a, b: bool(a.colors & b.colors)
    if re.fullmatch(r"creatures that have the stated quality", term) and param:
        quality = param
        return lambda a, b: quality in b.colors or b.is_(quality)
    return None


def _distribute(blockers: str) -> list[str]:
    """`creatures with flying and/or reach` -> [`creatures with flying`, `creatures with
    reach`]: a bare word after "creatures with X" shares its "creatures with"."""
    terms: list[str] = []
    for part in re.split(r"\s+and/or\s+|\s+or\s+", blockers.strip()):
        lead = re.match(r"(?:creatures?|ones) with(?:out)? ", terms[-1]) if terms else None
        if lead and re.fullmatch(r"[a-z]+", part):
            part = lead.group(0) + part
        terms.append(part)
    return terms


def read_restrictions(claims: Claims, param: str | None = None) -> list[Restriction]:
    """Every "A creature with(out) K can't be blocked [except] by ..." restriction."""
    found = []
    pattern = re.compile(r"\b(?:an? |attacking )?(?:attacking )?creatures? (with|without) "
                         r"([a-z]+) can't be blocked (except )?by (.+?)(?:,|\.|$| and a )",
                         re.I)
    for sentence in claims.sentences:
        for m in pattern.finditer(sentence):
            has, word, except_, blockers = m.group(1), m.group(2).lower(), m.group(3), m.group(4)
            terms = [_term(t, param) for t in _distribute(blockers)]
            if not terms or any(t is None for t in terms):
                continue
            claims.mark(sentence)

            def applies(attacker: GameObject, w: str = word, h: str = has) -> bool:
                return attacker.has(w) == (h.lower() == "with")

            if except_:
                def allowed(a: GameObject, b: GameObject, ts: list = terms) -> bool:
                    return any(t(a, b) for t in ts)
            else:
                def allowed(a: GameObject, b: GameObject, ts: list = terms) -> bool:
                    return not any(t(a, b) for t in ts)
            found.append(Restriction(applies, allowed, sentence))
    return found


def _restricts_blocking(ability: str) -> bool:
    """Whether a keyword limits what its creature can block (shadow)."""
    spec = spec_for(ability)
    return bool(spec and "can_block" in spec.hooks)


def check_blocks(claims: Claims, era: str, name: str, param: str | None = None,
                 attacker_colors: frozenset[str] = frozenset({"red"})) -> list[str] | None:
    """For an attacker with and without `name` and every blocker profile, the text's
    verdict (may it block?) against the model's."""
    restrictions = read_restrictions(claims, param)
    if not restrictions:
        return None
    problems = []
    for with_keyword in (True, False):
        for profile, (abilities, colors, types) in PROFILES.items():
            if any(a != name and _restricts_blocking(a) for a in abilities):
                continue  # its own blocking rules are another keyword's business
            game = Game(era=era)
            own = (Ability(name, param),) if with_keyword else ()
            attacker = creature(game, "Attacker", abilities=own, colors=set(attacker_colors))
            blocker = creature(game, "Blocker", controller=game.opponent(game.active),
                               abilities=abilities, colors=set(colors), types=set(types))
            game.declare_attackers([attacker])
            expected = all(r.allowed(attacker, blocker) for r in restrictions
                           if r.applies(attacker))
            actual = game.can_block(blocker, attacker)
            if expected != actual:
                quote = next((r.quote for r in restrictions if r.applies(attacker)),
                             restrictions[0].quote)
                who = f"a red attacker {'with' if with_keyword else 'without'} {name}"
                problems.append(f'the text says ("{quote}") that {profile} '
                                f"{'can' if expected else 'cannot'} block {who}; the model "
                                f"says it {'can' if actual else 'cannot'}")
    return problems
