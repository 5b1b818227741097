"""The keyword framework: one module per keyword or keyword action, each registering a spec.

HOW TO ADD A KEYWORD (read this, then copy `exalted.py` or `flying.py`)

1. Create `kb/rules/keywords/<name>.py`, named after the keyword (`battle_cry.py`,
   `cumulative_upkeep.py`, `level_up.py`). Files starting with `_` are shared helpers, not
   keywords. Every module here is imported (in name order) when the package is imported.

2. In it, `from kb.rules.registry import Check, Keyword, register` (never from this
   package: the registry lives in `kb/rules/registry.py`, so no keyword imports the package
   that loads it) and call `register(Keyword(...))` once. The fields, all read by
   `kb.rules.validate`:
   - `name`: the keyword, lower case, as the sources write it ("battle cry");
   - `aliases`: every other name the sources use for it ("bands with other", "swampwalk");
   - `kind`: its ability kinds as its rule states them: any of "static", "triggered",
     "activated", "evasion", "characteristic-defining", "spell", "delayed triggered",
     or "keyword action" for 701.x/501.x actions. The claims read from a definition must
     equal this set (when the text states a kind at all);
   - `parameter`: the accepted parameter shapes of its written form, as
     `kb.rules.claims` reads them: `("",)` no parameter (`"Exalted" means`), `("n",)`,
     `("[cost]",)`, `("from [quality]",)`, `("n -- [cost]",)` (lower case, dashes as `--`);
     `()` when the rules never write it with "means" (flying);
   - `trigger`: the canonical trigger events (`kb.rules.claims.TRIGGERS`: "attacks",
     "attacks alone", "becomes blocked", "dies", "upkeep", "cast", ...) its text may name;
     for a triggered ability the engine also fires its `effect` on these events;
   - `zones`: every zone its rules may name; `functions_in`: the zones where the text may
     say it functions ("hand" for cycling); `trigger_zones`: where its triggered part
     works in the model (default: the battlefield);
   - `durations`: the durations its text may state ("until end of turn", "this combat");
   - `instances`: "redundant" or "separate" (what multiple instances do), "" if unstated;
   - `history`: the earlier forms of its rules, oldest first, each `(what changed, the
     values before the change)`: `(("M2010: lifelink became static", {"kind":
     ("triggered",), ...}),)` (lifelink was triggered until M2010). No dates: when a change
     happened is read from the documents (`kb.rules.history`: the first rules version that
     shows it). A definition passes when it agrees with the current form or with an earlier
     one that no earlier version in the same validation has already left behind;
   - the model: `hooks` ({hook name: function}, the questions the engine asks, listed in
     `kb.rules.hooks.HOOKS`; a name not there raises at registration), and for triggered
     abilities `effect(game, source, ability, event)` plus an optional
     `condition(game, source, ability, event) -> bool`;
   - `checks`: at least one `Check(name, run)`.

3. A check is `run(claims, era) -> list[str] | None`: it reads the expected outcome from the
   claims of ONE definition text (`claims.find("pt")` -> the "+1/+1" the text says,
   `claims.find("counter", "+1/+1").times(n)`, `claims.find("permanent")`,
   `claims.durations`, `claims.triggers`, `claims.instances`, `claims.says(regex)`), builds
   a scenario in `kb.rules.game.Game(era=era)` with the keyword's ability on objects it
   creates (`kb.rules.checks.creature`, `game.create(...)`), runs it, and returns the
   differences between what the text says and what the model did (use
   `kb.rules.checks.differ`, which quotes the text), `[]` when they agree, or None when the
   text states nothing this check can read. Rules for honest checks:
   - never type the expected outcome into the check: a definition that said "+2/+2" must
     fail it. Use N values other than 1 and 2 (e.g. 3) so that "N" and a constant can't
     agree by chance;
   - find a sentence by its stable part and read the outcome from its variable part: look
     for "Attacking ... cause creatures with vigilance to tap" and then read "doesn't" or
     "does", rather than searching for "doesn't cause" (a text saying "does cause" would
     then only make the check not apply, and pass);
   - let the trigger event gate the outcome (`"attacks" in claims.triggers`), so a text that
     names another trigger expects nothing in your scenario and fails.
   Shared helper modules (`kb/rules/keywords/_*.py`; reuse them, don't copy them):
   - `_common.py`: "this creature" trigger conditions, P/T pumps, the P/T-bonus check;
   - `_evasion.py`: who may block whom, read from "can't be blocked [except] by ...";
   - `_targeting.py`: who may target a permanent or player (hexproof, shroud);
   - `_damage_kind.py`: poison / -1/-1 counters from damage (infect, wither);
   - `_counters.py`: upkeeps, adding/removing counters, "enters with N ... counters" readers;
   - `_dies_return.py`: return-from-the-graveyard-with-a-counter model and check (persist);
   - `_mana.py`: `paid_for` (mana an action took from a full pool), `reduced` (cost less
     a cost, 601.2f);
   - `_casting.py`: full pool and `spending`, `legal`, cost-rule and zone readers of the
     casting keywords (buyback, flashback, kicker, madness, suspend, ...);
   - `_reduction.py`: paying part of a cost with payers (convoke, delve), `apply_to` a Cost;
   - `_spells.py`: burn spells, casting with their mana, "for each ... this turn" counts,
     trigger clauses, copy-count checks (storm, ripple, cascade, ...);
   - `_library.py`: library order, top/bottom, look-and-arrange checks (scry, fateseal);
   - `_search.py`: "search your library for a card with the same mana value" (transmute);
   - `_attach.py`: attach abilities and their check (equip, fortify);
   - `_zone_actions.py`: "move it from ... to its owner's ..." readers and checks (destroy,
     sacrifice, exile, discard, counter);
   - `_cov_permits.py`: casting another way (`PermitModel`, `permit_check`): from which
     zones, for which cost, with which extra part (sacrifice, tap, return a creature,
     discard a card), reduced by what, where the card goes from the stack, under which
     condition (aftermath, jump-start, harmonize, emerge, warp, mayhem, bestow, ...);
   - `_cov_later.py`: a special action that exiles a card now and the cast on a later turn
     (foretell, plot); `_cov_modal.py`: modes with costs (spree, tiered);
   - `_cov_parts.py`: "The first is a static ability ... the second is a triggered ability"
     held against the parts of the model, in order;
   - `_cov_speed.py`: a player's speed (start your engines!, max speed);
   - `_face_down.py`: face-down cards and permanents (708): turning a card face down and
     up, the "It becomes a 2/2 face-down creature card with ..." reader and the checks of
     manifest and cloak (disguise, manifest dread);
   - `_variants.py`: the casual variants' decks (scheme, planar, Attraction, Contraption)
     and roles (the archenemy, the planar controller), kept per game;
   - `_attractions.py`: Attractions, opening one, rolling to visit (open an Attraction,
     roll to visit your Attractions, visit).
   A double-faced object is `transform.double_faced` (convert, craft, daybound, meld).
   Earlier forms change the model too: while validation tries an earlier form it is the
   spec the game uses (`using_forms`), so lifelink triggers per instance when a 2008 text is
   checked against its earlier form; `Game(forms={"lifelink": spec.forms()[1]})` does the
   same in a test.

4. Honesty: `kb.rules.mutations.mutations(record)` changes one claim at a time (an amount,
   the kind, the trigger, a zone, a duration, the parameter, the instances rule) and
   `rewordings(record)` rewrites the text in 2008 wording, other quotes and spacing; every
   mutation of a passing definition must be a `mismatch`, every rewording `ok`.

5. Tests: add the keyword's real definition sentences (copied from `data/sources/*.txt`,
   quoted exactly) to a `tests/test_rules_<group>.py`, build `kb.model.Record(kind="keyword",
   title=<name>, text=<definition>, ...)` and assert `validate([record])` says `ok` and that
   a mutated copy (an amount, the kind, the trigger, a zone, a duration, the parameter)
   says `mismatch`. `tests/test_rules_validate.py` also validates every keyword record
   parsed from the shipped sources and runs the generic mutations over each of them, so a
   keyword whose checks don't read its amounts from the text fails there.

   `tests/test_rules_combat.py` is a worked example (real texts, and `CHANGED`: one edit of
   each text that its check must catch).

6. Run `python -m pytest tests/test_rules_*.py` and `ruff check kb/rules` (with the
   project's virtual environment's python).
"""

from __future__ import annotations

import importlib
import pkgutil

from kb.rules.history import form_of
from kb.rules.hooks import install
from kb.rules.registry import (
    REGISTRY,
    Check,
    CheckRun,
    Keyword,
    all_specs,
    fold_name,
    forced,
    register,
    spec_for,
    using_forms,
)

__all__ = ["REGISTRY", "Check", "CheckRun", "Keyword", "all_specs", "fold_name", "forced",
           "register", "spec_for", "spec_in", "using_forms"]


def spec_in(name: str, era: str) -> Keyword | None:
    """The spec a game of `era` uses: the form validation is trying, else the form in force
    in that era by the dates learned from the documents (`kb.rules.history`)."""
    found = forced(name)
    if found is not None:
        return found
    spec = REGISTRY.get(fold_name(name))
    return form_of(spec, era) if spec is not None else None


def _load_all() -> None:
    for info in sorted(pkgutil.iter_modules(__path__), key=lambda i: i.name):
        if not info.name.startswith("_"):
            importlib.import_module(f"{__name__}.{info.name}")


install(spec_in)
_load_all()
