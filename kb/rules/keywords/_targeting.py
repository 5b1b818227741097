"""Shared check for targeting restrictions (hexproof, shroud): may a spell controlled by an
opponent, or by the permanent's own controller, target it, by the text and the model?"""

from __future__ import annotations

import re

from kb.rules.checks import creature, differ
from kb.rules.claims import Claims
from kb.rules.game import Ability, Game, GameObject, Player

WHO = {"permanent": r"(?:this permanent|permanent or player)",
       "player": r"(?:on a player means \"you|permanent or player)"}


def spell(game: Game, controller: Player, colors: set[str] | None = None) -> GameObject:
    """An instant in its controller's hand, to target with."""
    return game.create("Bolt", controller=controller, zone="hand", types={"instant"},
                       colors=set(colors or {"red"}))


def _restriction(claims: Claims, holder: str) -> tuple[str, bool] | None:
    """(sentence, only opponents' spells?) of the text's targeting rule for a holder."""
    pattern = WHO[holder] + r"[^.]*?can't be the target of spells or abilities( your " \
                            r"opponents control)?"
    for sentence in claims.sentences:
        match = re.search(pattern, sentence, re.I)
        if match:
            return claims.mark(sentence), bool(match.group(1))
    return None


def check_targets(claims: Claims, era: str, name: str) -> list[str] | None:
    """Spells of an opponent and of its own controller targeting a permanent and a player
    with `name`."""
    problems: list[str] = []
    checked = False
    for holder in ("permanent", "player"):
        found = _restriction(claims, holder)
        if found is None:
            continue
        said, only_opponents = found
        checked = True
        for caster in ("opponent", "controller"):
            game = Game(era=era)
            owner = game.active
            if holder == "permanent":
                target: GameObject | Player = creature(game, "Target", abilities=(name,))
            else:
                owner.abilities.append(Ability(name))
                target = owner
            who = game.opponent(owner) if caster == "opponent" else owner
            expected = caster == "controller" and only_opponents
            actual = game.target_legal(target, spell(game, who))
            problems += differ("who can't target it", said, f"a spell of its {caster} targets "
                               f"a {holder} with {name}", "can target" if expected else
                               "can't target", "can target" if actual else "can't target")
    return problems if checked else None
