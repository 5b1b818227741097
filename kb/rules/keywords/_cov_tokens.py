"""Shared pieces of the keywords that create creature tokens (afterlife, fabricate,
mobilize, ...): a reader of "create N 1/1 white and black Spirit creature tokens with flying"
into the tokens it describes, the model's token maker, and a description of the tokens a
scenario ended with, so that both sides compare in the same terms."""

from __future__ import annotations

import re
from dataclasses import dataclass

from kb.rules.checks import differ
from kb.rules.claims import Claims, quantity
from kb.rules.game import Ability, Event, Game, GameObject, Player
from kb.rules.keywords._common import this_object
from kb.rules.keywords._counters import enter
from kb.rules.registry import Check, Keyword

COLOR_WORDS = ("white", "blue", "black", "red", "green", "colorless")
TOKEN = re.compile(r"\bcreate (N|X|an?|one|two|three|four|\d+) (\d+)/(\d+) ((?:(?:white|blue|"
                   r"black|red|green|colorless)(?:,? (?:and )?)?)+) ([A-Z][a-z]+(?: [A-Z][a-z]+)*)"
                   r" ((?:artifact |enchantment )?creature) tokens?(?: with ([a-z ,]+?))?"
                   r"(?=[.,\"]|$| and | that | then )")


@dataclass(frozen=True)
class Token:
    """What a creature token is: P/T, colours, creature types, card types, keywords."""

    power: int
    toughness: int
    colors: tuple[str, ...]
    subtypes: tuple[str, ...]
    types: tuple[str, ...]
    abilities: tuple[str, ...] = ()


def read_tokens(text: str, n: int = 3) -> tuple[int, Token, str] | None:
    """(how many, the token, the phrase) of the first "create ... creature token(s)" phrase."""
    match = TOKEN.search(text)
    if match is None:
        return None
    colors = tuple(sorted(c for c in COLOR_WORDS if re.search(rf"\b{c}\b", match.group(4))
                          and c != "colorless"))
    subtypes = tuple(sorted(match.group(5).split()))
    types = tuple(sorted(match.group(6).split()))
    abilities = tuple(sorted(a.strip() for a in re.split(r",|\band\b", match.group(7) or "")
                             if a.strip()))
    return (quantity(match.group(1), n),
            Token(int(match.group(2)), int(match.group(3)), colors, subtypes, types, abilities),
            match.group(0))


def make_tokens(game: Game, player: Player, count: int, token: Token,
                **fields: object) -> list[GameObject]:
    """The model creates `count` tokens of a description (entering: `enters` events)."""
    made = []
    for _ in range(count):
        obj = game.create(" ".join(token.subtypes), controller=player, power=token.power,
                          toughness=token.toughness, colors=set(token.colors),
                          subtypes=set(token.subtypes), types=set(token.types),
                          abilities=token.abilities, token=True, **fields)  # type: ignore[arg-type]
        obj.sick = True
        made.append(obj)
        game.emit("enters", obj)
    return made


def describe(obj: GameObject) -> Token:
    """A token on the battlefield in the terms of `Token`."""
    return Token(obj.power, obj.toughness, tuple(sorted(obj.colors)),
                 tuple(sorted(obj.subtypes)), tuple(sorted(obj.types)),
                 tuple(sorted(a.name for a in obj.abilities)))


def tokens_of(game: Game, player: Player | None = None) -> list[Token]:
    """The tokens on the battlefield (of one controller), described, sorted."""
    return sorted((describe(o) for o in game.battlefield
                   if o.token and (player is None or o.controller is player)),
                  key=repr)


def equipment_token_keyword(name: str, token: Token) -> Keyword:
    """The spec of "When this Equipment enters, create <token>, then attach this Equipment
    to it" (for mirrodin!, job select): the model makes `token` and attaches; the check reads
    the token and the attachment from the text."""
    def effect(game: Game, source: GameObject, ability: Ability, event: Event) -> None:
        made = make_tokens(game, source.controller or source.owner, 1, token)
        if source.zone == "battlefield":
            game.attach(source, made[0])

    def scenario(era: str) -> tuple[list[Token], str]:
        game = Game(era=era)
        gear = enter(game, "Gear", game.active, types={"artifact"}, subtypes={"equipment"},
                     abilities=[name])
        holder = gear.attached_to
        return tokens_of(game, game.active), (
            "a token" if isinstance(holder, GameObject) and holder.token else "nothing")

    def check(claims: Claims, era: str) -> list[str] | None:
        text = claims.meaning[0] if claims.meaning else None
        if text is None:
            return None
        found = read_tokens(text)
        attach = re.search(r"then attach this equipment to (it|target creature)", text, re.I)
        if found is None:
            return [f'the text makes tokens the model does not read ("{text}")']
        count, made, phrase = found
        fires = "enters" in claims.triggers
        expected = ([made] * count if fires else [],
                    "a token" if fires and attach and attach.group(1).lower() == "it"
                    else "nothing")
        return differ(phrase + (f", then {attach.group(0)}" if attach else ""), text,
                      f"an Equipment with {name} enters: (tokens, what it is attached to)",
                      expected, scenario(era))

    return Keyword(name=name, kind=("triggered",), parameter=("",), trigger=("enters",),
                   zones=("battlefield",),
                   effect=effect, condition=this_object,
                   checks=(Check("a token, and the Equipment attached to it", check),))
