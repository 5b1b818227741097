"""Records of one lineage group whose indexed fields are the same (the unchanged versions
of a rule, a glossary entry or a keyword) share one index document: its ID fields hold
every record's id and source, its payload every record; a search gives back each record
it stands for, with the document's score, and a source filter only that source's."""

from __future__ import annotations

import sqlite3
from collections import defaultdict
from pathlib import Path
from typing import Any

import pytest

from kb.build import add_files, ensure_built
from kb.era import modernize
from kb.index import Engine, WordQuery, stems
from tests.conftest import CR_FILES, DATA, MTGJSON_ALA, extra_file
from tests.test_ingest_added import _searches


def _grouped(build: Any) -> list[tuple[str, str, str, str | None, str, int]]:
    """(id, source, title, rule, text, group) of every record of a lineage group of
    several, from the store."""
    db = sqlite3.connect(build.store)
    try:
        rows = db.execute(
            "select r.id, r.source, r.title, r.rule, json_extract(r.data, '$.text'), l.grp"
            " from records r join lineage l using (id) where l.grp in"
            " (select grp from lineage group by grp having count(*) > 1)").fetchall()
    finally:
        db.close()
    return rows


def _document(engine: Engine, record_id: str) -> int:
    (docnum,) = engine._terms.term("id", record_id)  # noqa: SLF001 (the index's own view)
    return docnum


@pytest.fixture(scope="module")
def full_build(large_home: Path) -> Any:
    return ensure_built(DATA, large_home)


def test_unchanged_versions_share_a_document_and_changed_ones_do_not(full_build) -> None:
    rows = _grouped(full_build)
    engine = Engine(full_build.index)
    try:
        doc = {rid: _document(engine, rid) for rid, *_ in rows}
        by_content: dict[tuple[Any, ...], set[int]] = defaultdict(set)
        by_doc: dict[int, set[tuple[Any, ...]]] = defaultdict(set)
        for rid, _source, title, rule, text, grp in rows:
            by_content[(grp, title, rule, text)].add(doc[rid])
            by_doc[doc[rid]].add((grp, modernize(title), rule, modernize(text)))
        # the same text in one group: one document; one document: one indexed text
        assert all(len(docs) == 1 for docs in by_content.values())
        assert all(len(contents) == 1 for contents in by_doc.values())
        shared = [d for d in by_doc if sum(doc[r[0]] == d for r in rows) > 1]
        assert len(shared) > 1000  # four rules versions: most rules unchanged
        assert len(set(doc.values())) < len(rows)
        # two versions of one group whose texts differ as indexed (in today's wording):
        # two documents
        texts: dict[int, dict[tuple[str, str], int]] = defaultdict(dict)
        for rid, _source, title, _rule, text, grp in rows:
            texts[grp].setdefault((modernize(title), modernize(text)), doc[rid])
        changed = [g for g, t in texts.items() if len(t) > 1]
        assert changed and all(len(set(texts[g].values())) == len(texts[g]) for g in changed)
    finally:
        engine.close()


def test_each_version_of_a_shared_document_is_found_by_its_number_and_source(
        full_build) -> None:
    rows = [r for r in _grouped(full_build) if r[3]]
    engine = Engine(full_build.index)
    try:
        doc = {rid: _document(engine, rid) for rid, *_ in rows}
        members: dict[int, list[tuple[str, str]]] = defaultdict(list)
        for rid, source, *_ in rows:
            members[doc[rid]].append((rid, source))
        shared = sorted((d for d, m in members.items()
                         if len({s for _, s in m}) > 1), key=lambda d: members[d][0])
        checked = 0
        for d in shared[::50]:
            rid, source = members[d][0]
            number = next(r[3] for r in rows if r[0] == rid)
            ids = {r["id"] for r in engine.rule(number)}
            assert {m for m, _ in members[d]} <= ids
            for m, s in members[d]:
                only = engine.rule(number, source=s)
                assert m in {r["id"] for r in only}
                assert {r["source"] for r in only} == {s}
            # a word of its text: every version a candidate, with the one score
            record = next(r for r in engine.rule(number, source=source) if r["id"] == rid)
            words = [(stem, 1.0) for stem in dict.fromkeys(stems(record["text"]))][:6]
            found, _ = engine.ranked(WordQuery(words, require_all=True), limit=None)
            scores = {c.record["id"]: c.score for c in found}
            assert {m for m, _ in members[d]} <= scores.keys()
            assert len({scores[m] for m, _ in members[d]}) == 1
            checked += 1
        assert checked >= 10
    finally:
        engine.close()


def test_adding_a_set_to_shared_versions_answers_as_a_whole_build(
        tmp_path_factory: pytest.TempPathFactory, full_build) -> None:
    """The CR versions built, then the MTGJSON set added (an appended segment, or the
    index written whole where the addition touches a shared document): the same searches
    as the build of everything at once."""
    home = tmp_path_factory.mktemp("shared-added")
    add_files(home, [extra_file(path) for path in CR_FILES.values()], DATA)
    messages: list[str] = []
    added = add_files(home, [extra_file(MTGJSON_ALA)], DATA, progress=messages.append).build
    assert any(m.startswith("index: ") for m in messages)
    assert _searches(added) == _searches(full_build)


def test_statistics_count_records_as_an_index_of_one_document_per_record(
        tmp_path_factory: pytest.TempPathFactory, full_build) -> None:
    """BM25's statistics count records, not documents (`kb.index_records`): the record
    count, every term's frequency in every field and every field's total length are
    those of an index of the same records one document each."""
    from kb.index import MATCH_FIELDS
    from tests.whoosh_reference import one_per_record

    twin = one_per_record(full_build.index, tmp_path_factory.mktemp("twin") / "index")
    grouped, single = Engine(full_build.index), Engine(twin)
    try:
        ours, theirs = grouped._layout, single._layout  # noqa: SLF001
        assert ours.shared and not theirs.shared
        assert ours.count == theirs.count == single._reader.doc_count()  # noqa: SLF001
        assert grouped._reader.doc_count() < ours.count  # noqa: SLF001
        leaf = single._reader.leaf_readers()[0][0]  # noqa: SLF001
        checked = 0
        for field in (*MATCH_FIELDS, "defines", "kind", "source", "rule_prefix"):
            assert ours.field_length(field) == theirs.field_length(field), field
            for text in list(leaf.texts(field)):
                assert ours.doc_frequency(field, text) == theirs.doc_frequency(field, text), \
                    (field, text)
                checked += 1
        assert checked > 15_000
    finally:
        grouped.close()
        single.close()


def test_a_damaged_record_counts_file_is_named_in_one_error(
        tmp_path: Path, full_build) -> None:
    import shutil

    from kb.index_files import IndexFileError

    folder = tmp_path / "index"
    shutil.copytree(full_build.index, folder)
    (counts,) = folder.glob("*.records")
    counts.write_bytes(counts.read_bytes()[:200])
    with pytest.raises(IndexFileError, match=r"\.records: cut short"):
        Engine(folder)
    counts.write_bytes(b"")
    with pytest.raises(IndexFileError, match=r"\.records"):
        Engine(folder)


def test_rewriting_one_record_of_a_shared_document_answers_as_a_whole_build(
        tmp_path: Path, full_build) -> None:
    """An addition that rewrites one version of an unchanged rule (its document stands
    for several records) writes the document's other records again beside it in the new
    segment (`kb.index._carried`): the statistics, scores and order are those of a whole
    build of the same records."""
    from dataclasses import replace

    from kb.index import (
        _all_records,
        _whoosh_layout,
        append_index,
        build_index,
        indexed_records,
        open_index,
        payload_records,
    )
    from kb.store import KnowledgeBase

    with KnowledgeBase(full_build.store) as kb:
        groups = kb.lineage_groups()
    reader = open_index(full_build.index).reader()
    try:
        layout = _whoosh_layout(reader, full_build.index)
        records = _all_records(reader, layout, [])
        per_doc = layout.per_doc()
        assert per_doc is not None
        shared = next(d for d in range(len(per_doc)) if per_doc[d] >= 3)
        (payload,) = [reader.stored_fields(shared)["payload"]]
    finally:
        reader.close()
    members = [r["id"] for r in payload_records(payload)]
    target = members[1]
    changed = [replace(r, text=r.text + " It gains flanking and deathtouch until end of turn.")
               for r in records if r.id == target]
    build_index(records, tmp_path / "before", group=groups.get)
    assert append_index(tmp_path / "before", tmp_path / "added", changed,
                        group=groups.get) != "rewrite"
    whole = [changed[0] if r.id == target else r for r in records]
    build_index(whole, tmp_path / "whole", group=groups.get)
    added, rebuilt = Engine(tmp_path / "added"), Engine(tmp_path / "whole")
    try:
        ours, theirs = added._layout, rebuilt._layout  # noqa: SLF001
        assert ours.count == theirs.count == len(records)
        for word in ("flank", "deathtouch", "turn", "creatur", "gain"):
            assert ours.doc_frequency("text", word) == theirs.doc_frequency("text", word)
        assert ours.field_length("text") == theirs.field_length("text")
        for engine in (added, rebuilt):  # `order`: each document's `position`, at C speed
            layout, docs = engine._layout, range(engine._reader.doc_count_all())  # noqa: SLF001
            # `position` itself until the rankings had as many candidates as documents
            assert layout.order(len(docs) - 1) == layout.position
            order = layout.order(1)
            assert order is not None and order != layout.position
            assert list(map(order, docs)) == list(map(layout.position, docs))
        for words in (["flank", "deathtouch"], ["gain", "turn"], ["creatur", "attack"]):
            query = WordQuery([(w, 1.0) for w in words])
            found, total = added.ranked(query, limit=40)
            expected, count = rebuilt.ranked(query, limit=40)
            assert total == count
            assert [(c.record["id"], c.score) for c in found] == \
                [(c.record["id"], c.score) for c in expected]
        # every record once, in record order, the rewritten one as rewritten
        live = indexed_records(tmp_path / "added")
        assert [r.id for r in live] == [r.id for r in whole]
        assert next(r for r in live if r.id == target).text == changed[0].text
    finally:
        added.close()
        rebuilt.close()



def test_the_records_of_a_shared_document_are_scored_and_grouped_once_as_each_alone(
        full_build) -> None:
    """Re-ranking scores each shared document's records once (`kb.search._reranked`) and
    groups them at once (`Versions.group`): the same scores and parts as scoring every
    record on its own (no document known), and the same groups, scores, versions and
    lineages as grouping the records one by one, for the eval sets' kinds of query over
    FULL's unchanged versions."""
    from kb.index import Candidate
    from kb.search import ReadQuery, _reranked
    from kb.search_versions import Versions

    engine = Engine(full_build.index)
    versions = Versions(full_build.store, engine)

    def grouped(ranked):  # type: ignore[no-untyped-def]
        return [(g.key, g.score, g.parts, sorted(g.records), g.members, set(g.lineages))
                for g in versions.group(sorted(ranked, key=lambda t: -t[0]))]

    try:
        shared = 0
        for text in ("attacks alone", "how does exalted work with two attackers",
                     "the stack", "what happens when a creature with persist dies",
                     "state-based actions lethal damage", "mana burn"):
            query = ReadQuery.of(text)
            content = list(query.content)
            weights = {s: max(engine.idf(s), 0.1) for s in content}
            ranking = engine.ranking(engine.scores(
                WordQuery(words=[(s, 1.0) for s in content]), None, None), None, None)
            found = engine.candidates(ranking, 120)
            docs = engine.documents(ranking, 120)
            shared += len(found) - len(docs)
            once = _reranked(docs, query, [query], weights, engine.idf)
            each = _reranked([(Candidate(c.record, c.score), [c.record]) for c in found],
                             query, [query], weights, engine.idf)
            by_id = {r["id"]: (s, p) for s, p, records in once for r in records}
            assert [by_id[c.record["id"]] for c in found] == [(s, p) for s, p, _ in each]
            assert grouped(once) == grouped(each)
        assert shared > 100  # the candidates held many records of shared documents
    finally:
        versions.close()
        engine.close()


def test_the_versions_saying_the_same_are_judged_by_their_first(full_build) -> None:
    """A question's takes of candidates judge the records sharing a document by its first
    (`Engine.documents`): what is filed under an unnamed subject, the cards named, and
    how many groups they make are as judged over every record, for questions over FULL's
    unchanged versions, cards and rulings."""
    from kb.search import Takes, _cards_named, _unnamed
    from kb.search_versions import Versions

    engine = Engine(full_build.index)
    versions = Versions(full_build.store, engine)
    try:
        shared = 0
        for text in ("how does exalted work with two attackers?",
                     "can Tar Fiend devour a creature that entered at the same time?",
                     "what happens when a creature with persist dies?",
                     "does lifelink use the stack?"):
            said = set(stems(text))
            ranking = engine.ranking(engine.scores(
                WordQuery(words=[(s, 1.0) for s in said]), None, None), None, None)
            found = engine.candidates(ranking, 400)
            firsts = {first.doc: first for first, _ in engine.documents(ranking, 400)}
            shared += len(found) - len(firsts)
            named = _cards_named(list(said), [c.record for c in found], frozenset())
            assert _cards_named(list(said), [c.record for c in firsts.values()],
                                frozenset()) == named
            takes, alone = Takes(), Takes()
            aside = {key for key, c in firsts.items() if _unnamed(c.record, named, takes, said)}
            assert [c.doc in aside for c in found] == \
                [_unnamed(c.record, named, alone, said) for c in found]
            lineages: dict[str, list[str]] = {}
            assert versions.count_groups([c.record for c in firsts.values()], lineages) == \
                versions.count_groups([c.record for c in found], lineages) is not None
        assert shared > 100  # the candidates held many records of shared documents
    finally:
        versions.close()
        engine.close()


def test_candidates_are_the_best_records_however_few_documents_are_read(full_build) -> None:
    """`Engine.candidates` reads as many documents as stand for the records asked for on
    average, more as needed: the records it gives are every record's best `limit` in
    score order, ties in record order (each shared document's records at its score), as
    reading every matching document gives them, with and without a source filter, from a
    fresh ranking or one taken before."""
    from kb.index import payload_records

    engine = Engine(full_build.index)
    try:
        assert engine.records_per_document() > 1.1  # FULL's versions share documents
        for text in ("attacks alone", "the stack", "exalted", "mana burn"):
            for source in (None, "cr-2009-10-01"):
                scores = engine.scores(WordQuery(words=[(s, 1.0) for s in stems(text)]),
                                       None, source)
                every = []
                for docnum, score in scores.items():
                    stored = engine._reader.stored_fields(docnum)  # noqa: SLF001
                    records = payload_records(stored["payload"])
                    positions = engine._layout.record_positions(docnum)  # noqa: SLF001
                    every += [(-score, at, r["id"]) for r, at in
                              zip(records, positions, strict=True)
                              if source is None or r["source"] == source]
                every.sort()
                # one ranking taken again and again (what its takes read stays with it),
                # larger and smaller: each take as a fresh ranking's
                again = engine.ranking(scores, None, source)
                for limit in (7, 30, 1, 120, 30, 400):
                    assert [c.record["id"] for c in engine.candidates(again, limit)] == \
                        [i for _, _, i in every[:limit]], (text, source, limit)
                for limit in (1, 7, 30, 120):
                    ranking = engine.ranking(scores, None, source)
                    taken = engine.candidates(ranking, limit)
                    found = [c.record["id"] for c in taken]
                    assert found == [i for _, _, i in every[:limit]], (text, source, limit)
                    # by document: each one's first, and its records in order
                    firsts = {c.doc: c for c in reversed(taken)}
                    assert [(first.record["id"], first.score, [r["id"] for r in records])
                            for first, records in engine.documents(ranking, limit)] == \
                        [(firsts[d].record["id"], firsts[d].score,
                          [c.record["id"] for c in taken if c.doc == d])
                         for d in dict.fromkeys(c.doc for c in taken)]
    finally:
        engine.close()


def test_every_document_stores_the_stems_search_reads_in_its_records(full_build) -> None:
    """The stems a document stores (`Candidate.stems`) are those search would read in each
    of its records (`kb.search._read_stems`: its title, and its text's first
    `STEMS_SCAN` characters, in today's wording), for every document of FULL, shared
    ones included, so proximity gives the same with them as without."""
    from kb.index import STEMS_SCAN, open_index, payload_records
    from kb.search import _read_stems

    reader = open_index(full_build.index).reader()
    try:
        long_texts = shared = 0
        for docnum in range(reader.doc_count_all()):
            stored = reader.stored_fields(docnum)
            if not stored:
                continue
            title, text = stored["stems"]
            records = payload_records(stored["payload"])
            shared += len(records) > 1
            for record in records:
                long_texts += len(record["text"]) > STEMS_SCAN
                assert tuple(title.split()) == _read_stems(record["title"]), record["id"]
                assert tuple(text.split()) == _read_stems(record["text"][:STEMS_SCAN]), \
                    record["id"]
        assert shared > 100 and long_texts > 0
    finally:
        reader.close()


def test_a_search_remembers_its_candidates_stems_as_read(full_build) -> None:
    """What a search keeps of its candidates' stems (`kb.search.remember_stems`) is what
    reading each part gives, and the hits are the same when search reads every part."""
    import kb.search as search

    searcher = search.Searcher(full_build.index)
    try:
        queries = ("what happens when a creature with persist dies",
                   "can I respond to a spell with split second", "comes into play tapped")
        search._BUILT_STEMS.clear()
        with_built = [searcher.search(q).to_json(explain=True) for q in queries]
        assert len(search._BUILT_STEMS) > 50
        for part, found in list(search._BUILT_STEMS.items()):  # (as the build wrote them)
            assert (tuple(found.split()) if isinstance(found, str) else found) == \
                search._read_stems(part)
            assert search._part_stems(part) == search._read_stems(part)
        search._BUILT_STEMS.clear()
        remember = search.remember_stems
        search.remember_stems = lambda found, docs=None: None  # type: ignore[assignment]
        try:
            read = [searcher.search(q).to_json(explain=True) for q in queries]
        finally:
            search.remember_stems = remember  # type: ignore[assignment]
        assert not search._BUILT_STEMS
        assert read == with_built
    finally:
        searcher.close()


def test_a_takes_lineages_are_read_once_per_document(full_build: Any) -> None:
    """A take's lineages are read for the first record of each document
    (`Engine.documents`), and every record of the document is grouped by that lineage
    (`Versions.group`): for the candidates of real queries on four rules versions, it is
    the lineage the store gives each record alone, with fewer lookups than records where
    versions share documents."""
    from kb.search import Searcher

    searcher = Searcher(full_build.index)
    engine, versions = searcher._engine, searcher._versions  # noqa: SLF001
    looked: list[int] = []
    read = versions.lineages

    def counting(ids: list[str]) -> dict[str, list[str]]:
        looked.append(len(ids))
        return read(ids)

    versions.lineages = counting  # type: ignore[method-assign]
    try:
        shared = 0
        for text in ("exalted", "attacks alone", "mana burn", "the legend rule"):
            ranking = engine.ranking(engine.scores(
                WordQuery(words=[(s, 1.0) for s in stems(text)])))
            found = engine.candidates(ranking, 200)
            docs = engine.documents(ranking, 200)
            lineages: dict[str, list[str]] = {}
            looked.clear()
            versions.read_lineages([first.record for first, _ in docs], lineages)
            assert sum(looked) == len(docs) == len({c.doc for c in found})
            alone = read([c.record["id"] for c in found])
            assert [[alone.get(r["id"], []) for r in records] for _, records in docs] == \
                [[lineages[first.record["id"]]] * len(records) for first, records in docs]
            shared += len(found) - sum(looked)
        assert shared > 100  # versions that share a document were not looked up
    finally:
        searcher.close()
