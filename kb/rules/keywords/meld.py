"""Meld (701.37 in 2016, 701.42 in 2026), a keyword action: to meld the two cards of a meld
pair, put them onto the battlefield with their back faces up and combined: one permanent
represented by two cards. Only two cards of the same meld pair can be melded (no tokens, no
other cards); objects that can't be melded stay in their current zone.

In the model a meld card names its pair in `notes["meld pair"]` and its half of the melded
back face in `notes["melded"]`; the melded permanent is the first card, with the second in
`notes["represented by"]`."""

from __future__ import annotations

import re
from typing import Any

from kb.rules.checks import differ
from kb.rules.claims import Claims
from kb.rules.game import Ability, Game, GameObject, Player
from kb.rules.keywords._cov_combat import count_word
from kb.rules.registry import Check, Keyword, register

MELDED = {"name": "Hanweir, the Writhing Township", "power": 7, "toughness": 4}


def meld_card(game: Game, name: str, pair: str, zone: str = "exile",
              token: bool = False) -> GameObject:
    """A meld card of the pair `pair` (a token when `token`), in `zone`."""
    card = game.create(name, zone=zone, power=2, toughness=2, token=token)
    card.notes["meld pair"] = pair
    card.notes["melded"] = dict(MELDED)
    return card


def meld(game: Game, player: Player, first: GameObject, second: GameObject) -> bool:
    """Meld two cards: both onto the battlefield as one permanent, the melded back face up;
    objects that can't be melded stay where they are. Returns whether they melded."""
    pair = first.notes.get("meld pair")
    if (first is second or first.token or second.token or not pair
            or pair != second.notes.get("meld pair")):
        return False
    second.owner.zone(second.zone).remove(second)
    second.zone = "battlefield"
    first.notes["enter_under"] = player
    game.move(first, "battlefield")
    for key, value in first.notes["melded"].items():
        setattr(first, key, value)
    first.notes["represented by"] = [first, second]
    return True


def _scenario(era: str, token: bool) -> dict[str, Any]:
    """Meld Hanweir Battlements with Hanweir Garrison (or with a token copy of it)."""
    game = Game(era=era)
    me = game.active
    one = meld_card(game, "Hanweir Battlements", "Hanweir")
    one.abilities.append(Ability("meld"))  # the ability that melds: on one card of the pair
    two = meld_card(game, "Hanweir Garrison", "Hanweir", token=token)
    with_ability = sum(1 for card in (one, two) if card.has("meld"))
    meld(game, me, one, two)
    made = [o for o in game.battlefield if o.name == MELDED["name"]]
    return {"zones": [one.zone, two.zone], "permanents": len(made),
            "cards": len(made[0].notes["represented by"]) if made else 0,
            "with the ability": with_ability}


def check(claims: Claims, era: str) -> list[str] | None:
    """The two cards of a meld pair melded: where they go, as how many permanents, each
    represented by how many cards."""
    sentence = claims.says(r"\bto meld the \w+ cards? in a meld pair, put them\b")
    if sentence is None:
        return None
    put = re.search(r"put them onto the (\w+) with their (back|front) faces up and (combined|"
                    r"separate)", sentence, re.I)
    result = claims.says(r"\bthe resulting permanent is an? \w+ object represented by") or ""
    one = re.search(r"resulting permanent is an? (single|\w+) object represented by (\w+) "
                    r"cards?", result, re.I)
    zone = put.group(1).lower() if put else "?"
    # the scenario melds a meld pair of two cards: as the text says only if it melds "the
    # two cards in a meld pair" and "only two cards ... can be melded"
    counts = [count_word(m.group(1)) for m in re.finditer(
        r"\b(?:to meld the|only) (\w+) cards (?:in a|belonging to the same) meld pair",
        " ".join(s for s in claims.sentences if "meld pair" in s), re.I)]
    combined = put is not None and put.group(3).lower() == "combined" \
        and put.group(2).lower() == "back" and all(n == 2 for n in counts)
    where = claims.says(r"\bappears in an ability on \w+ cards? in a meld pair") or ""
    on = re.search(r"appears in an ability on (\w+) cards? in a meld pair", where, re.I)
    expected = {"zones": [zone, zone], "permanents": 1 if combined else 0,
                "cards": 2 if combined else 0,
                "with the ability": count_word(on.group(1)) if on else "?"}
    if one and combined:
        expected["permanents"] = 1 if one.group(1).lower() == "single" else count_word(
            one.group(1))
        expected["cards"] = count_word(one.group(2))
    return differ("put them onto the " + (put.group(0)[15:] if put else "?") + "; "
                  + (one.group(0) if one else ""), result or sentence,
                  "Hanweir Battlements and Hanweir Garrison (a meld pair) melded from exile: "
                  "their zones, melded permanents, cards representing it, cards of the pair with "
                  "the meld ability", expected,
                  _scenario(era, token=False))


def check_cant(claims: Claims, era: str) -> list[str] | None:
    """A meld card and a token copy of its partner: they can't be melded and stay where
    they are."""
    sentence = claims.says(r"\btokens, cards that aren't meld cards, or meld cards that")
    if sentence is None:
        return None
    word = re.search(r"\bdon't form a meld pair (can't|can) be melded", sentence, re.I)
    stay = claims.says(r"\bthat can't be melded, they\b") or ""
    where = re.search(r"can't be melded, they (stay in their current zone|[^.]+)", stay, re.I)
    melds = word is not None and word.group(1).lower() == "can"
    expected = ["battlefield", "battlefield"] if melds else (
        ["exile", "exile"] if where and where.group(1).lower() == "stay in their current zone"
        else f"({where.group(1) if where else '?'})")
    return differ(f"tokens {word.group(1) if word else '?'} be melded; " + (
        where.group(0) if where else ""), stay or sentence, "Hanweir Battlements and a token "
        "copy of Hanweir Garrison melded from exile: their zones", expected,
        _scenario(era, token=True)["zones"])


register(Keyword(
    name="meld",
    kind=("keyword action",),
    parameter=(),
    zones=("battlefield",),
    checks=(Check("a meld pair onto the battlefield as one permanent", check),
            Check("tokens and other cards can't be melded and stay", check_cant)),
))
