"""Recover [cost] (702.57 in 2012, 502.55 in 2008): a triggered ability that functions only
while the card is in a player's graveyard: "When a creature is put into your graveyard from the
battlefield, you may pay [cost]. If you do, return this card from your graveyard to your hand.
Otherwise, exile this card." """

from __future__ import annotations

from kb.rules.checks import creature, differ
from kb.rules.claims import Claims
from kb.rules.game import Ability, Event, Game, GameObject, IllegalAction
from kb.rules.keywords._casting import fill_pool, param_cost, pool_size, read_word, read_zone
from kb.rules.registry import Check, Keyword, register

WHOSE = r"when a creature is put into (your|a|an opponent's|its owner's) graveyard"
PAID = r"if you do, return this card from your graveyard to ([\w' ]+?)\."
OTHERWISE = r"otherwise, (\w+) this card"


def _condition(game: Game, card: GameObject, ability: Ability, event: Event) -> bool:
    died = event.obj
    return (died is not None and died is not card and died.owner is card.owner
            and died.is_("creature") and card.zone == "graveyard")


def _effect(game: Game, card: GameObject, ability: Ability, event: Event) -> None:
    """Pay [cost] to return the card to its owner's hand; otherwise exile it."""
    if card.zone != "graveyard":
        return
    if game.choose(f"recover pay:{card.ident}", True):
        before = pool_size(card.owner)
        try:
            game.pay(card.owner, param_cost(ability))
        except IllegalAction:
            pass
        else:
            card.notes["recover mana"] = before - pool_size(card.owner)
            game.move(card, "hand")
            return
    game.move(card, "exile")


def check(claims: Claims, era: str) -> list[str] | None:
    """A card with recover {2}{B} in its owner's graveyard as that player's creature dies
    (paying, or not) and as an opponent's creature dies."""
    whose, paid, otherwise = (read_word(claims, WHOSE), read_zone(claims, PAID),
                              read_word(claims, OTHERWISE))
    if whose is None or paid is None or otherwise is None:
        return None
    triggered = "dies" in claims.triggers
    problems = []
    for dying, pay in (("own", True), ("own", False), ("opponent", True)):
        game = Game(era=era)
        me = game.active
        card = game.create("Grim Harvest", controller=me, zone="graveyard", types={"instant"},
                           mana_cost="{1}{B}", abilities=(Ability("recover", "{2}{B}"),))
        game.choices[f"recover pay:{card.ident}"] = pay
        owner = me if dying == "own" else game.opponent(me)
        victim = creature(game, "Victim", owner)
        fill_pool(me)
        game.destroy(victim)
        game.resolve_stack()
        fires = triggered and (whose[1] in ("a", "its owner's") or
                               (whose[1] == "your") == (dying == "own"))
        expected = ((paid[1], "3 mana") if pay else (otherwise[1], "0 mana")) if fires else (
            "graveyard", "0 mana")
        actual = (card.zone, f"{card.notes.get('recover mana', 0)} mana")
        problems += differ(f"when a creature is put into {whose[1]} graveyard, pay to return it "
                           f"to the {paid[1]}, otherwise {otherwise[1]} it", paid[0],
                           f"a creature of its {'owner' if dying == 'own' else 'opponent'} "
                           f"dies, recover {'paid' if pay else 'not paid'}: (zone, mana)",
                           expected, actual)
    return problems


register(Keyword(
    name="recover",
    kind=("triggered",),
    parameter=("[cost]",),
    trigger=("dies",),
    zones=("hand", "graveyard", "battlefield", "exile"),
    functions_in=("graveyard",),
    trigger_zones=("graveyard",),
    effect=_effect,
    condition=_condition,
    checks=(Check("recover: a creature dies, pay to return it, otherwise exile it", check),),
))
