"""The keyword registry: the spec of a keyword (`Keyword`, with its `Check`s), `register`,
and the lookups by name (`spec_for`, `using_forms`, `all_specs`).

Keyword modules (`kb/rules/keywords/<name>.py`) import `Check`, `Keyword` and `register`
from here; the package `kb.rules.keywords` loads them all and hands the filled registry to
the game (`kb.rules.hooks.install`). This module imports no keyword and no game, so nothing
that it reaches imports it back.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator, Mapping
from contextlib import contextmanager
from contextvars import ContextVar
from dataclasses import dataclass, field, replace
from typing import Any

from kb.rules.claims import Claims
from kb.rules.hooks import check_hooks

CheckRun = Callable[[Claims, str], "list[str] | None"]


@dataclass(frozen=True)
class Check:
    """An executable check: a scenario in the model whose expectation is read from the text."""

    name: str
    run: CheckRun


@dataclass(frozen=True)
class Keyword:
    """The spec of one keyword ability or keyword action: what its rules say, and the model."""

    name: str
    kind: tuple[str, ...]
    aliases: tuple[str, ...] = ()
    parameter: tuple[str, ...] = ("",)
    trigger: tuple[str, ...] = ()
    zones: tuple[str, ...] = ()
    functions_in: tuple[str, ...] = ()
    trigger_zones: tuple[str, ...] = ()
    durations: tuple[str, ...] = ()
    instances: str = ""
    hooks: Mapping[str, Callable[..., Any]] = field(default_factory=dict)
    effect: Callable[..., None] | None = None
    condition: Callable[..., bool] | None = None
    checks: tuple[Check, ...] = ()
    history: tuple[tuple[str, Mapping[str, Any]], ...] = ()
    note: str = ""
    before: str = ""  # on an earlier form: the change that replaced it

    @property
    def names(self) -> tuple[str, ...]:
        """The name and every alias."""
        return (self.name, *self.aliases)

    def forms(self) -> list[Keyword]:
        """Today's spec, then each earlier form of its rules, newest first (`before` names
        the change that replaced it)."""
        return [self, *(replace(self, history=(), before=label, **changes)
                        for label, changes in reversed(self.history))]


REGISTRY: dict[str, Keyword] = {}


def fold_name(name: str) -> str:
    """Keyword name as a registry key: lower case, single spaces, no hyphens."""
    return " ".join(re.sub(r"[-_]", " ", name.lower()).split())


def register(spec: Keyword) -> Keyword:
    """Register a keyword spec under its name and aliases (each name only once); its hooks
    and those of its earlier forms must be hooks the engine asks (`kb.rules.hooks.HOOKS`)."""
    for form in spec.forms():
        check_hooks(spec.name, form.hooks)
    for name in spec.names:
        key = fold_name(name)
        if key in REGISTRY and REGISTRY[key] is not spec:
            raise ValueError(f"keyword {name!r} is registered twice")
        REGISTRY[key] = spec
    return spec


_FORMS: ContextVar[Mapping[str, Keyword] | None] = ContextVar("keyword_forms", default=None)


def spec_for(name: str) -> Keyword | None:
    """The spec of a keyword by any of its names (the form `using_forms` put in place, if
    any), or None."""
    key = fold_name(name)
    return (_FORMS.get() or {}).get(key) or REGISTRY.get(key)


def forced(name: str) -> Keyword | None:
    """The form `using_forms` put in place for a name, or None."""
    return (_FORMS.get() or {}).get(fold_name(name))


@contextmanager
def using_forms(*forms: Keyword) -> Iterator[None]:
    """Within the block, `spec_for` answers these forms (earlier rules) for their names."""
    current = dict(_FORMS.get() or {})
    for form in forms:
        current.update({fold_name(name): form for name in form.names})
    token = _FORMS.set(current)
    try:
        yield
    finally:
        _FORMS.reset(token)


def all_specs() -> list[Keyword]:
    """Every registered keyword, once each, by name."""
    return sorted({id(s): s for s in REGISTRY.values()}.values(), key=lambda s: s.name)
