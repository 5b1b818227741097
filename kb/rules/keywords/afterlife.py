"""Afterlife N (702.135 since 2019): when this permanent is put into a graveyard from the
battlefield, create N 1/1 white and black Spirit creature tokens with flying."""

from __future__ import annotations

from kb.rules.checks import creature, differ
from kb.rules.claims import Claims
from kb.rules.game import Ability, Event, Game, GameObject
from kb.rules.keywords._common import this_object
from kb.rules.keywords._cov_tokens import Token, make_tokens, read_tokens, tokens_of
from kb.rules.keywords._cov_triggered import meaning
from kb.rules.registry import Check, Keyword, register

SPIRIT = Token(1, 1, ("black", "white"), ("Spirit",), ("creature",), ("flying",))


def _effect(game: Game, source: GameObject, ability: Ability, event: Event) -> None:
    make_tokens(game, source.owner, int(ability.param), SPIRIT)


def _leaves(era: str, how: str) -> list[Token]:
    """My 2/2 with afterlife 3 is destroyed, sacrificed or returned to my hand: the tokens."""
    game = Game(era=era)
    priest = creature(game, "Priest", game.active, abilities=(Ability("afterlife", 3),))
    if how == "destroyed":
        game.destroy(priest)
    elif how == "sacrificed":
        game.sacrifice(priest)
    else:
        game.move(priest, "hand")
    game.resolve_stack()
    return tokens_of(game, game.active)


def check(claims: Claims, era: str) -> list[str] | None:
    """Afterlife 3 destroyed, sacrificed, bounced: the tokens the text describes."""
    text = meaning(claims)
    found = read_tokens(text or "")
    if text is None:
        return None
    if found is None:
        return [f'the text makes tokens the model does not read ("{text}")']
    count, token, phrase = found
    problems = []
    for how in ("destroyed", "sacrificed", "returned to its owner's hand"):
        fires = "dies" in claims.triggers and how != "returned to its owner's hand"
        problems += differ(phrase, text, f"a permanent with afterlife 3 is {how}: tokens",
                           [token] * count if fires else [], _leaves(era, how))
    return problems


register(Keyword(
    name="afterlife",
    kind=("triggered",),
    parameter=("n",),
    trigger=("dies",),
    zones=("graveyard", "battlefield"),
    instances="separate",
    effect=_effect,
    condition=this_object,
    checks=(Check("N 1/1 white and black Spirit tokens with flying when it dies", check),),
))
