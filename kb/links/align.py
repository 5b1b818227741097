"""Matching what text alone left unmatched between two rules versions, by structure.

After the rules of two versions are joined by their texts (`kb.links.lineage`), what is
left is mostly renumbered *and* reworded: the 2009 reorganisation moved 420 State-Based
Effects to 704 State-Based Actions and rewrote most of it. Three passes, repeated while
they find anything:
- **votes**: a rule still unmatched joins the newer rule that most of its subrules went to;
- **headings**: unmatched section headings ("State-Based Effects" / "State-Based
  Actions") join by their words, one to one, best first;
- **neighbours**: under a parent matched in both versions, an unmatched subrule is
  compared only with the newer parent's unmatched subrules that lie between the partners
  of its matched siblings (before and after it), and joins the most similar one at a
  lower bar than text alone needs (`NEIGHBOUR_RATIO`): its place vouches for the rest;
  a subrule moved within its parent (a list reordered) needs more (`SIBLING_RATIO`).
Each pass looks only at unmatched rules, and the neighbours pass only within one parent,
so the work stays near-linear in the size of the versions.
Glossary entries join by term, then a renamed term by its definition (`glossary_pairs`).
"""

from __future__ import annotations

from collections import Counter, defaultdict

from kb.era import obsolete_term
from kb.links.groups import Groups, Text, alike

HEADING_RATIO = 0.6     # words of two unmatched headings that name one rule
NEIGHBOUR_RATIO = 0.3   # text of two unmatched subrules placed alike by their siblings
SIBLING_RATIO = 0.5     # text of two unmatched subrules of one parent, placed otherwise
DEFINITION_RATIO = 0.6  # definitions of two glossary terms that are one entry renamed
ROUNDS = 4


def align(older: list[Text], newer: list[Text], groups: Groups, structure: bool = True) -> None:
    """Join what the texts left unmatched between two versions (see the module doc);
    without `structure` (a document quoting rules, not a rules version) only by votes."""
    for _ in range(ROUNDS if structure else 1):
        joined = _votes(older, newer, groups)
        if structure:
            joined += _headings(older, newer, groups) + _neighbours(older, newer, groups)
        if not joined:
            return


def _source(texts: list[Text]) -> str:
    return texts[0].record.source


def _unmatched(texts: list[Text], other: str, groups: Groups) -> list[Text]:
    return [t for t in texts if not groups.has_source(t.record.id, other)]


def _join_best(scored: list[tuple[float, Text, Text]], groups: Groups) -> int:
    """Join pairs best first, one to one; how many were joined."""
    joined = 0
    for _, old, new in sorted(scored, key=lambda s: (-s[0], s[1].record.id, s[2].record.id)):
        if groups.has_source(old.record.id, new.record.source) \
                or groups.has_source(new.record.id, old.record.source):
            continue
        joined += groups.union(old.record.id, new.record.id)
    return joined


def _votes(older: list[Text], newer: list[Text], groups: Groups) -> int:
    """Join an unmatched rule with the newer rule most of its subrules' partners are under."""
    newer_source = _source(newer)
    parent_of = {t.record.id: t.record.parent for t in newer}
    votes: dict[str, Counter[str]] = defaultdict(Counter)
    for text in older:
        partner = groups.member(text.record.id, newer_source)
        if text.record.parent and partner and parent_of.get(partner):
            votes[text.record.parent][str(parent_of[partner])] += 1
    by_id = {t.record.id: t for t in newer}
    scored = []
    for text in _unmatched(older, newer_source, groups):
        if text.record.id not in votes:
            continue
        (target, count), = votes[text.record.id].most_common(1)
        if target in by_id and count >= 2 and count * 2 > sum(votes[text.record.id].values()):
            scored.append((float(count), text, by_id[target]))
    return _join_best(scored, groups)


def _is_heading(text: Text) -> bool:
    number = text.record.rule or ""
    return len(number) == 3 and number.isdigit()


def _headings(older: list[Text], newer: list[Text], groups: Groups) -> int:
    """Join unmatched headings of rules by their words."""
    olds = [t for t in _unmatched(older, _source(newer), groups) if _is_heading(t)]
    news = [t for t in _unmatched(newer, _source(older), groups) if _is_heading(t)]
    scored = []
    for old in olds:
        for new in news:
            score = alike(old.words, new.words, HEADING_RATIO)
            if score:
                scored.append((score, old, new))
    return _join_best(scored, groups)


def _neighbours(older: list[Text], newer: list[Text], groups: Groups) -> int:
    """Join unmatched subrules placed alike under parents matched in both versions."""
    older_source, newer_source = _source(older), _source(newer)
    children: dict[str, list[Text]] = defaultdict(list)
    for text in newer:
        if text.record.parent:
            children[text.record.parent].append(text)
    siblings: dict[str, list[Text]] = defaultdict(list)
    for text in older:
        if text.record.parent:
            siblings[text.record.parent].append(text)
    scored = []
    for parent, kids in siblings.items():
        new_parent = groups.member(parent, newer_source) if parent in groups else None
        theirs = children.get(new_parent or "", [])
        if not theirs:
            continue
        place = {t.record.id: k for k, t in enumerate(theirs)}
        partners = [place.get(groups.member(t.record.id, newer_source) or "", -1)
                    for t in kids]
        for i, kid in enumerate(kids):
            if partners[i] >= 0:
                continue
            low = max((p for p in partners[:i] if p >= 0), default=-1)
            high = min((p for p in partners[i + 1:] if p >= 0), default=len(theirs))
            for k, new in enumerate(theirs):
                if groups.has_source(new.record.id, older_source):
                    continue
                bar = NEIGHBOUR_RATIO if low < k < high else SIBLING_RATIO
                score = alike(kid.words, new.words, bar)
                if score:
                    scored.append((score, kid, new))
    return _join_best(scored, groups)


def glossary_pairs(older: list[Text], newer: list[Text], groups: Groups) -> None:
    """Join the glossary entries of two versions: same term, else a renamed term whose
    definition is alike (less alike if the terms are: "State-Based Effects" and
    "State-Based Actions"), one to one, best first; else the entry that marks the term
    obsolete ("Mana Burn" of 2008 and "Mana Burn (Obsolete)" of 2009, which says that
    the rule is gone rather than what it was: no definition alike)."""
    by_term = {_term(t): t for t in newer}
    for text in older:
        same = by_term.get(_term(text))
        if same is not None:
            groups.union(text.record.id, same.record.id)
    olds = _unmatched(older, _source(newer), groups)
    news = _unmatched(newer, _source(older), groups)
    scored = []
    for old in olds:
        for new in news:
            named = alike(tuple(_term(old).split()), tuple(_term(new).split()), HEADING_RATIO)
            bar = NEIGHBOUR_RATIO if named else DEFINITION_RATIO
            if min(len(old.words), len(new.words)) >= 4:
                score = alike(old.words, new.words, bar)
                if score:
                    scored.append((score + named, old, new))
    _join_best(scored, groups)
    marked = {term: new for new in _unmatched(newer, _source(older), groups)
              if (said := obsolete_term(str(new.record.title))) is not None
              for term in _terms(said)}
    for old in _unmatched(older, _source(newer), groups):
        successor = marked.get(_term(old))
        if successor is not None and not groups.has_source(successor.record.id,
                                                           _source(older)):
            groups.union(old.record.id, successor.record.id)


def _terms(title: str) -> list[str]:
    """The terms a glossary title names, as `_term` reads them: "Remove from the Game,
    Removed, Removed-from-the-Game Zone" -> three."""
    return [" ".join(t.lower().replace("-", " ").split()) for t in title.split(",")]


def _term(text: Text) -> str:
    return " ".join(str(text.record.meta.get("term") or text.record.title).lower()
                    .replace("-", " ").split())
