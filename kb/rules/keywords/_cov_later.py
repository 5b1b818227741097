"""Shared model and check of the keywords that exile a card now as a special action and let it
be cast on a later turn (foretell, plot): when the action may be taken and what it costs,
whether the card is face down, and when and for what the card may then be cast, read from
"Any time a player has priority during their turn, that player may pay {2} and exile a card
with foretell from their hand face down ... They may cast that card after the current turn
has ended by paying any foretell cost it has rather than paying that spell's mana cost."."""

from __future__ import annotations

import re
from dataclasses import dataclass

from kb.rules.checks import differ
from kb.rules.claims import Claims, quantity
from kb.rules.game import Ability, Cost, Game, GameObject, IllegalAction, Player
from kb.rules.keywords._casting import fill_pool, pool_size
from kb.rules.keywords._spells import burn_spell

WHEN = (r"\bany time (?:a player|you) (?:has|have) priority(?: during (their|your|an "
        r"opponent's|each) (turn|main phase))?( while the stack is empty)?")
ACTION = (r"(?:that player|you) may (?:pay (\{\d+\}|\[cost\]) and )?exile (?:(an?|one|two|three) "
          r"cards? with \w+|this card) from (?:their|your|a player's) (hand|graveyard|library)"
          r"( face down)?(?: and pay (\{\d+\}|\[cost\]))?")
LATER = (r"\bmay cast (?:that card|it) (?:from exile )?(?:(without paying its mana cost)|by "
         r"paying any (\w+) cost it has rather than paying that spell's mana cost)?\s*"
         r"(?:(during their main phase while the stack is empty) )?(after the current turn has "
         r"ended|during any turn after the turn in which it became \w+|this turn|during the "
         r"current turn)(?: by paying any (\w+) cost it has rather than paying that spell's mana "
         r"cost)?")


@dataclass(frozen=True)
class Later:
    """What a text (or the model) says: the action's timing and cost, the card face down or
    not, and the later cast's timing and cost."""

    own_turn: bool  # the action only during your turn
    main_empty: bool  # the action only in a main phase with an empty stack
    action_cost: str  # "{2}", "[cost]" or ""
    zone: str  # exiled from
    face_down: bool
    cast_cost: str  # "keyword" (its keyword cost), "free", "" (none said)
    cast_later: bool  # only after the turn it was exiled
    cast_main_empty: bool
    cards: int = 1  # how many cards the action exiles


def read_later(claims: Claims) -> tuple[Later, str] | None:
    """A text's special action and later cast; None when it states no such action."""
    sentence = claims.says(ACTION)
    if sentence is None:
        return None
    action = re.search(ACTION, sentence, re.I)
    when = re.search(WHEN, sentence, re.I)
    assert action is not None
    if when:
        claims.found.add(WHEN)
    later_sentence = claims.says(LATER)
    later = re.search(LATER, later_sentence or "", re.I)
    cost = action.group(1) or action.group(5) or ""
    made = re.search(r"\bit becomes an? (\w+) card\b", claims.says(r"\bit becomes an? \w+ card\b")
                     or "", re.I)
    owner = re.search(r"\ban? (\w+) card's owner may cast it\b", later_sentence or "", re.I)
    cast_what = "" if (made and owner and made.group(1).lower() != owner.group(1).lower()) \
        else None
    timing = (later.group(4) or "").lower() if later else ""
    return Later(
        own_turn=bool(when and when.group(1) and when.group(1).lower() in ("their", "your")),
        main_empty=bool(when and (when.group(2) or "").lower() == "main phase"
                        and when.group(3)),
        action_cost=cost.lower(), zone=action.group(3).lower(),
        face_down=bool(action.group(4)), cards=quantity(action.group(2) or "a"),
        cast_cost=cast_what if cast_what is not None else (
            "free" if later.group(1) else "keyword" if (later.group(2) or later.group(5))
            else "") if later else "",
        cast_later=timing.startswith(("after", "during any turn after")),
        cast_main_empty=bool(later and later.group(3))), sentence


@dataclass(frozen=True)
class LaterModel:
    """The reference semantics of one keyword of this family."""

    name: str
    rules: Later

    def exile(self, game: Game, player: Player, card: GameObject) -> None:
        """Take the special action: exile `card` (IllegalAction when not allowed now)."""
        rules = self.rules
        if card.zone != rules.zone or card.owner is not player:
            raise IllegalAction(f"{self.name} exiles a card from its owner's {rules.zone}")
        if rules.own_turn and game.active is not player:
            raise IllegalAction(f"{self.name}: only during your turn")
        if rules.main_empty and (game.stack or game.step != "main" or game.combat):
            raise IllegalAction(f"{self.name}: only in your main phase with an empty stack")
        ability = next(a for a in card.abilities if a.name == self.name)
        cost = "{2}" if rules.action_cost == "{2}" else str(ability.param or "")
        game.pay(player, Cost.parse(cost) if rules.action_cost else Cost())
        game.move(card, "exile")
        card.face_down = rules.face_down
        card.notes[f"{self.name} turn"] = game.turn

    def cast(self, game: Game, player: Player, card: GameObject) -> None:
        """Cast the exiled card (IllegalAction when not allowed now)."""
        rules = self.rules
        turn = card.notes.get(f"{self.name} turn")
        if card.zone != "exile" or turn is None or card.owner is not player:
            raise IllegalAction(f"only a card exiled with {self.name}")
        if rules.cast_later and turn == game.turn:
            raise IllegalAction("not until the turn it was exiled has ended")
        if rules.cast_main_empty and not game.sorcery_timing(player):
            raise IllegalAction("only in your main phase with an empty stack")
        ability = next(a for a in card.abilities if a.name == self.name)
        cost = Cost() if rules.cast_cost == "free" else Cost.parse(str(ability.param or ""))
        card.face_down = False
        game.cast(player, card, alternative=cost)


Outcome = tuple[int | None, str, bool]


def _try(game: Game, action: object, *args: object) -> int | None:
    player = args[1]
    assert isinstance(player, Player)
    before = fill_pool(player)
    try:
        action(*args)  # type: ignore[operator]
    except IllegalAction:
        return None
    return before - pool_size(player)


def scenario(era: str, model: LaterModel, when: str) -> tuple[int | None, int | None,
                                                              int | None, bool]:
    """My {3}{R} sorcery with the keyword ({1}{R}{R}) in my hand; the action taken `when` ("my
    main phase", "my turn with a spell on the stack", "an opponent's turn"): (mana the action
    took or None, mana a cast the same turn took or None, mana a cast on my next turn took
    or None, face down in exile)."""
    game = Game(era=era)
    me = game.active
    card = burn_spell(game, me, "Surprise", mana_cost="{3}{R}", types=("sorcery",),
                      abilities=(Ability(model.name, "{1}{R}{R}"),))
    if when == "an opponent's turn":
        game.next_turn()
    elif when == "my turn with a spell on the stack":
        other = burn_spell(game, game.opponent(me), "Bolt")
        fill_pool(game.opponent(me))
        game.cast(game.opponent(me), other)
    action = _try(game, model.exile, game, me, card)
    face_down = card.zone == "exile" and card.face_down
    game.stack.clear()
    same = _try(game, model.cast, game, me, card) if action is not None else None
    if same is None and action is not None:
        while True:
            game.next_turn()
            if game.active is me:
                break
        later = _try(game, model.cast, game, me, card)
    else:
        later = None
    return action, same, later, face_down


WHENS = ("my main phase", "my turn with a spell on the stack", "an opponent's turn")


def expected(rules: Later, when: str) -> tuple[int | None, int | None, int | None, bool]:
    """What the text says the same scenario does."""
    allowed = rules.cards == 1 and not (rules.own_turn and when == "an opponent's turn") and not (
        rules.main_empty and when != "my main phase")
    if not allowed:
        return None, None, None, False
    action = 3 if rules.action_cost == "[cost]" else Cost.parse(rules.action_cost).mana_value
    cast = 0 if rules.cast_cost == "free" else 3 if rules.cast_cost == "keyword" else None
    same = None if rules.cast_later else cast
    later = cast if same is None else None
    return action, same, later, rules.face_down


def check_later(claims: Claims, era: str, model: LaterModel) -> list[str] | None:
    """The special action at three moments, then casts the same turn and on my next turn."""
    found = read_later(claims)
    if found is None:
        return None
    rules, quote = found
    problems = []
    timing = ("during your turn" if rules.own_turn else "") + (
        " in your main phase with an empty stack" if rules.main_empty else "")
    for when in WHENS:
        problems += differ(f"the special action {timing}"
                           f" for {rules.action_cost or 'nothing'}, then cast "
                           f"{'after that turn' if rules.cast_later else 'any time'} for "
                           f"{rules.cast_cost or 'no cost named'}", quote,
                           f"a {{3}}{{R}} sorcery with {model.name} {{1}}{{R}}{{R}}, the action "
                           f"taken "
                           f"in {when}: (mana for the action, for a cast the same turn, on my "
                           "next turn (None: not allowed), face down)",
                           expected(rules, when), scenario(era, model, when))
    return problems
