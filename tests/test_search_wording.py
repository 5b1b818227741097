"""Query understanding: players' words, names asked alone, pointers to entries."""

from __future__ import annotations

from kb.index import stems, tokens
from kb.search_cards import defined_names
from kb.slang import rules_wording


def test_slang_is_rewritten_in_the_rules_words_whatever_its_inflection() -> None:
    for said in ("I bounce it", "I bounced it", "bouncing it"):
        rewrite = rules_wording(said, tokens)
        assert rewrite is not None and "return to its owner's hand" in rewrite.text
    assert rules_wording("a spell with split second", tokens) is None
    chump = rules_wording("can I chump block with it", tokens)
    assert chump is not None and chump.meanings == ("block",)  # the longest spelling, once
    assert chump.text == "can I block with it"


def test_a_question_in_players_words_finds_the_rule_in_the_rules_words(shipped_searcher) -> None:
    hits = shipped_searcher.search("do I lose if my deck runs out of cards?").hits
    assert any("draw a card from a library with no cards in it" in h.record["text"]
               for h in hits[:3])


def test_players_phrasal_words_are_read_with_their_inflections() -> None:
    # a phrasal verb inflects in its verb, regular or not: "fell off", "goes away"
    for said, rules in (("the aura fell off", "attached to an illegal object"),
                        ("when does damage go away", "end removed"),
                        ("it goes away", "end removed"), ("I got decked", "library with no cards"),
                        ("a pro-red creature", "protection from"),
                        ("my first striker", "creature with first strike")):
        rewrite = rules_wording(said, tokens)
        assert rewrite is not None and rules in rewrite.text, said
    assert rules_wording("the aura falls on", tokens) is None


def test_common_judge_shorthand_reads_as_the_rules_say_it() -> None:
    for said, rules in (("does it blow up artifacts", "destroy"),
                        ("the wrath blew up my land", "destroy"),
                        ("my opponent cast an edict", "sacrifices a creature"),
                        ("life totals in 2HG", "two-headed giant"),
                        ("an EDH deck", "commander"), ("I cast a fog", "prevent all combat"),
                        ("tuck their commander", "bottom of its owner's library"),
                        ("I clone their creature", "copy"),
                        ("can I plus my planeswalker and then minus it", "loyalty ability"),
                        ("do I have to pitch some cards", "discard"),
                        ("a werewolf flipped to its night side", "back face"),
                        ("two prevention shields", "prevention effect")):
        rewrite = rules_wording(said, tokens)
        assert rewrite is not None and rules in rewrite.text, said


def test_judge_shorthand_finds_the_rule(shipped_searcher) -> None:
    # "blow up" is destroy (701.8): the rules never say "blow"
    hits = shipped_searcher.search("what does it mean to blow up a permanent?").hits
    assert {"cr-2026-01-16:keyword:destroy", "cr-2026-01-16:701.8a"} <= {
        h.record["id"] for h in hits[:2]}


def test_a_players_phrasal_verb_finds_the_rule_worded_otherwise(shipped_searcher) -> None:
    # 514.2 says damage "is removed": nothing "goes away" in the rules
    hits = shipped_searcher.search("when does marked damage go away").hits
    assert "cr-2026-01-16:514.2" in [h.record["id"] for h in hits[:3]]


def test_an_irregular_past_form_is_read_as_its_verb_but_an_auxiliarys_is_not() -> None:
    drew = rules_wording("my opponent drew from an empty library", tokens)
    assert drew is not None and drew.meanings == ("draw",)
    assert "opponent draw from" in drew.text
    lost = rules_wording("what if every player lost at the same time", tokens)
    assert lost is not None and lost.meanings == ("lose", "simultaneously")
    assert rules_wording("it got exiled and was countered", tokens) is None


def test_a_question_in_the_past_tense_finds_the_rule_in_the_present(shipped_searcher) -> None:
    # 104.4a: "If all the players remaining in a game lose simultaneously, the game is a draw"
    hits = shipped_searcher.search("what happens if every player lost at the same time?").hits
    assert any("lose simultaneously" in h.record["text"] for h in hits[:3])


def test_slang_words_count_less_than_the_words_written(shipped_searcher) -> None:
    from kb.search import _spread

    spread = _spread(("return to its owner's hand",), {"bounc", "creatur"})
    assert spread and all(w == 1 / len(spread) for w in spread.values())
    assert _spread(("destroy dies",), {"destroi"}) == {"die": 1.0}  # stems


def test_defined_names_are_read_as_written() -> None:
    rule = {"kind": "rule", "title": "702.128b Embalm",
            "text": 'A token is "embalmed" if it\'s created by a resolving embalm ability.'}
    assert ("embalm",) not in defined_names(rule)
    dredge = {"kind": "rule", "title": "702.52a Dredge", "text": '"Dredge N" means "As long'}
    assert defined_names(dredge) == [("dredge",)]
    entry = {"kind": "glossary", "title": 'Banding, "Bands with Other"', "text": "..."}
    assert defined_names(entry) == [("banding",), ("bands", "with", "other")]


def test_a_keyword_asked_alone_gets_its_definition_not_a_derived_form(shipped_searcher) -> None:
    for query, defined in (("embalm", '"Embalm [cost]" means'), ("dredge 3", '"Dredge N" means'),
                           ("bands with other", '"Bands with other" is')):
        first = shipped_searcher.search(query).hits[0]
        assert defined in first.record["text"], query
        assert first.parts.get("defines") == 1.0
    # a longer question is not a name: no definitions tier
    asked = shipped_searcher.search("can an embalmed token be copied").hits
    assert not any("defines" in h.parts for h in asked)


def test_how_does_a_named_thing_work_asks_for_its_definition(shipped_searcher) -> None:
    # "work" names nothing the rules define: the question is the keyword's name and one
    # asking word, so the keyword's definition comes first (not the Q&A "How does exalted
    # work in Two-Headed Giant games?", which shares every word)
    first = shipped_searcher.search("how does exalted work").hits[0]
    assert first.record["kind"] == "keyword" and first.record["title"] == "Exalted"
    assert first.parts.get("defines") == 1.0
    # more than one asking word is a question about a case, not a definition
    asked = shipped_searcher.search("can I flicker a token and have it come back").hits
    assert not any("defines" in h.parts for h in asked)


def test_an_entry_that_only_names_another_leads_to_it(shipped_searcher) -> None:
    from kb.search_pointers import is_pointer

    entry = {"kind": "glossary", "title": "Swampwalk", "text": "See Landwalk.",
             "refs": ["cr-2026-01-16:keyword:landwalk"]}
    assert is_pointer(entry)
    hits = shipped_searcher.search("swampwalk").hits
    assert hits[0].record["kind"] == "keyword" and hits[0].record["title"] == "Landwalk"
    assert hits[0].context and hits[0].context["title"] == "Swampwalk"


def test_an_entry_that_only_names_another_glossary_entry_leads_to_it(shipped_searcher) -> None:
    """ "APNAP Order: See Active Player, Nonactive Player Order." refers to no rule or
    keyword: the entry it names is a glossary term (a mention link, else its title in the
    same rules version), and it leads there."""
    pointer = shipped_searcher._versions.fetch(  # noqa: SLF001
        ["cr-2026-01-16:glossary:apnap-order"])["cr-2026-01-16:glossary:apnap-order"]
    assert pointer["text"] == "See Active Player, Nonactive Player Order." and not pointer["refs"]
    hit = shipped_searcher.search("APNAP order").hits[0]
    assert hit.record["id"] == "cr-2026-01-16:glossary:active-player-nonactive-player-order"
    assert "See rule 101.4" in hit.record["text"]
    assert hit.context and hit.context["id"] == pointer["id"]
    # "Deal: See Damage." names an entry no link was made to: found by its title
    dealt = shipped_searcher.search("deal").hits[0]
    assert dealt.record["id"] == "cr-2026-01-16:glossary:damage"
    assert dealt.context and dealt.context["title"] == "Deal"


def test_a_pointer_whose_rule_number_is_not_the_rule_it_names_follows_the_name(
        shipped_searcher) -> None:
    """The 2026 glossary's Endure says 'See rule 702.62, "Endure."', but 702.62 is
    Suspend (Endure is 701.63): a question on endure was answered by Suspend's definition
    under Endure's entry. The name decides: the entry leads to the keyword of that name;
    a name within the rule's heading still agrees ("Free-for-All": 806 Free-for-All
    Variant)."""
    from kb.search_pointers import follow

    versions = shipped_searcher._versions  # noqa: SLF001
    ids = ["cr-2026-01-16:glossary:endure", "cr-2026-01-16:glossary:supervillain-rumble"]
    endure, rumble = (versions.fetch(ids)[i] for i in ids)
    assert 'See rule 702.62, "Endure."' in endure["text"]
    followed = follow(endure, versions)
    assert followed and followed.record["id"] == "cr-2026-01-16:keyword:endure"
    followed = follow(rumble, versions)
    assert followed and followed.record["rule"] == "806"
    hits = shipped_searcher.search("My card tells my creature to endure 2, do I get to choose "
                                   "between putting counters on it and making a token?").hits
    assert hits[0].record["id"] == "cr-2026-01-16:keyword:endure"


def test_a_definition_with_a_see_rule_and_term_links_is_a_pointer() -> None:
    from kb.search_pointers import is_pointer

    entry = {"kind": "glossary", "title": "Bestow",
             "text": 'A keyword ability that lets a creature card be cast as an Aura. See rule '
                     '702.103, "Bestow."',
             "refs": ["cr-2026-01-16:702.103", "cr-2026-01-16:keyword:cast"]}
    assert is_pointer(entry)


def test_modernize_rewrites_every_old_phrase_whatever_its_case() -> None:
    from kb.era import EQUIVALENT_PHRASES, modernize

    for old, new in EQUIVALENT_PHRASES:
        assert modernize(f"x {old} y") == f"x {new} y"
        assert modernize(f"x {old.upper()} y").lower() != f"x {old} y"
    assert modernize("Remove target creature from the game.") == "Exile target creature."
    assert modernize("Return it to play.") == "Return it to the battlefield."
    text = "A player's creature deals damage."
    assert modernize(text) is text  # no old wording: the text itself, untouched


def test_shortest_stretch_holding_the_wanted_weight() -> None:
    from kb.search import _shortest

    words = tuple("a control b c d own e control own".split())
    weights = {"control": 1.0, "own": 1.0}
    assert _shortest(words, weights, 2.0) == 2  # "control own" at the end
    assert _shortest(words, weights, 1.0) == 1
    assert _shortest(words, weights, 3.0) > len(words)  # never held
    assert _shortest(words, weights, 0.0) == 0  # nothing wanted (a share of 0)
    assert _shortest(("x", "y"), weights, 1.0) > 2  # no wanted word at all


def test_tied_rulings_of_a_named_card_go_by_how_close_the_words_stand(
        shipped_searcher) -> None:
    hits = shipped_searcher.search("Lich's Mirror when I control it but my opponent owns it",
                                   limit=20).hits
    tied = [h for h in hits if "span" in h.parts]
    assert len(tied) >= 2
    spans = [h.parts["span"] for h in tied if h.score == tied[0].score]
    assert spans == sorted(spans)


def test_an_abbreviation_players_use_finds_the_rules_term(shipped_searcher) -> None:
    first = shipped_searcher.search("what is LKI").hits[0]
    assert first.record["title"] == "Last Known Information"
    assert shipped_searcher.search("what is LKI").did_you_mean is None


def test_enters_the_battlefield_is_also_read_as_the_2024_rules_shorten_it() -> None:
    from kb.era import shortened

    assert shortened("a creature that comes into play with counters") == \
        "a creature that enters with counters"
    assert shortened("Entering the battlefield tapped") == "entering tapped"
    assert shortened("put onto the battlefield") is None  # only the entering verb
    assert shortened("enters with counters") is None


def test_plain_words_the_rules_word_otherwise_are_the_rules_own() -> None:
    from pathlib import Path

    rules = " ".join((Path(__file__).parents[1] / "data" / "sources" /
                      "MagicCompRules-2026-01-16.txt").read_text(encoding="utf-8").split())
    same = rules_wording("both players lose at the same time", tokens)
    assert same is not None and same.text == "both players lose simultaneously"
    went = rules_wording("my creature went to the graveyard", tokens)
    assert went is not None and went.text == "my creature put into a graveyard"
    for rules_words in ("lose simultaneously", "put into a graveyard"):
        assert rules_words in rules  # the rules say it so


def test_a_renamed_term_todays_rules_only_quote_is_still_read_as_renamed(shipped_searcher) -> None:
    from kb.era import still_says

    assert not still_says("tribal", 'some older kindred cards were printed with the "tribal" '
                          "card type.")
    assert still_says("removed", "that ability can be removed by another effect.")
    renames = shipped_searcher._engine.renames()
    assert ("tribal", "kindreds") in renames  # 308.3 quotes it; the glossary renames it
    assert not any(old == "removed" for old, _ in renames)  # still used: removed from combat


def test_an_irregular_past_of_a_players_verb_is_read_as_the_verb(shipped_searcher) -> None:
    for said in ("the creature I stole", "the creature I have stolen", "I steal it"):
        rewrite = rules_wording(said, tokens)
        assert rewrite is not None and rewrite.meanings == ("gain control",), said
    swung = rules_wording("I swung with everything", tokens)
    assert swung is not None and swung.text == "I attack with everything"
    went = rules_wording("it has gone to the graveyard", tokens)
    assert went is not None and went.text == "it has put into a graveyard"
    hits = shipped_searcher.search("who controls a creature I stole").hits
    assert any("gain control" in h.record["text"].lower() for h in hits[:5])


def test_target_creature_or_player_is_also_read_as_the_2018_rules_word_it() -> None:
    from pathlib import Path

    from kb.era import shortened

    rules = (Path(__file__).parents[1] / "data" / "sources" /
             "MagicCompRules-2026-01-16.txt").read_text(encoding="utf-8")
    assert "target creature or player" not in rules and "deals 1 damage to any target" in rules
    assert shortened("it deals 3 damage to target creature or player") == \
        "it deals 3 damage to any target"
    assert shortened("target player discards a card") is None

def test_did_you_mean_passes_over_only_names_difflib_would_turn_away(shipped_build) -> None:
    """`within_reach` keeps every name difflib's close matches could take: over the
    shipped names, misspellings of them (letters dropped, doubled, swapped) and words of
    the queries give the same close matches with and without it."""
    import difflib
    import json

    from kb.index import NAMES_FILE
    from kb.wording import closest, within_reach

    names = json.loads((shipped_build.index / NAMES_FILE).read_text(encoding="utf-8"))
    words = [w[:i] + w[i + 1:] for w in names[::7] for i in (1, len(w) // 2)]
    words += [w[:2] + w[2] * 2 + w[3:] for w in names[::11]]
    words += [w[:1] + w[2] + w[1] + w[3:] for w in names[::13]]
    words += ["tramples", "mulligan", "planeswalkers", "bounced", "x", "zz", "é"]
    for word in words:
        for cutoff in (0.6, 0.75, 0.9):
            kept = within_reach(word, names, cutoff)
            assert len(kept) < len(names) or not names
            assert difflib.get_close_matches(word, kept, n=5, cutoff=cutoff) == \
                difflib.get_close_matches(word, names, n=5, cutoff=cutoff)
    assert closest("tramples", names) == "trample"


def test_the_snippet_window_is_the_first_with_the_most_distinct_query_words(shipped_build) -> None:
    """`_most_distinct` (one sliding pass) picks the window the definition picks: the first
    place of a wanted word with the most distinct wanted words within the width, over
    the shipped records' texts and words of the evaluation queries."""
    from kb.search import _most_distinct, _text_stems
    from kb.store import KnowledgeBase

    with KnowledgeBase(shipped_build.store) as kb:
        texts = [r.text[:3000] for r in kb.records()][::5]
    wanted = [set(stems(q)) for q in ("exalted attacks alone", "damage to the player",
                                      "creature token counters", "draw a card library")]
    checked = 0
    for text in texts:
        found = _text_stems(text)
        for terms in wanted:
            hits = [i for i, s in enumerate(found) if s in terms]
            for width in (8, 32):
                if hits:
                    checked += 1
                    assert _most_distinct(found, hits, width) == max(
                        hits, key=lambda i: len({found[j] for j in hits
                                                 if i <= j < i + width}))
    assert checked > 1000


def test_swapped_power_and_toughness_finds_the_layer_that_switches_them(
        shipped_searcher) -> None:
    """Players swap power and toughness; the rules switch (613.4d) or exchange them."""
    hits = shipped_searcher.search("My 1/3 got +2/+0 from a pump spell and then my opponent "
                                   "swapped its power and toughness. What is it now?").hits
    assert hits[0].record["rule"] == "613.4d"
    rewrite = rules_wording("can I respond to it", tokens)
    assert rewrite is not None and rewrite.meanings == ("priority",)  # players respond


def test_a_question_is_answered_by_the_rules_a_chapter_lists_not_by_the_chapter(
        shipped_searcher) -> None:
    """"9. Casual Variants" lists "900. General" and "903. Commander": a question with
    those words gets the Commander rules first; the chapter still answers its own name."""
    hits = shipped_searcher.search("How much damage from one general does it take to knock "
                                   "a player out in EDH?").hits
    assert hits[0].record["id"] == "cr-2026-01-16:903"
    assert all(h.record["kind"] != "section" for h in hits[:5])
    named = shipped_searcher.search("casual variants").hits
    assert named[0].record["id"] == "cr-2026-01-16:section:9"


def test_a_question_asking_which_comes_first_is_answered_by_the_rule_saying_the_order(
        shipped_searcher) -> None:
    # 603.3b never says "first" of the players: "each player, in APNAP order, puts ..."
    # is the answer; 603.3, its heading, only says that abilities are put on the stack
    hits = shipped_searcher.search("which player puts their triggered abilities on the "
                                   "stack first when several trigger at once?").hits
    assert hits[0].record["id"] == "cr-2026-01-16:603.3b"


def test_which_comes_first_is_told_from_first_as_a_count_or_a_name() -> None:
    from kb.text import asks_first

    assert asks_first("whose upkeep triggers go on the stack first?")
    assert asks_first("who puts theirs on the stack first when both trigger?")
    assert not asks_first("which creature has first strike?")
    assert not asks_first("Rashmi: my first spell got countered, which mana value counts?")
    assert not asks_first("does the first player draw a card?")


def test_a_question_asking_where_a_card_goes_is_answered_by_the_rule_naming_the_zone(
        shipped_searcher) -> None:
    # 715.3d says where: "exiles it" (715.3a, above it before, only says how it is cast)
    hits = shipped_searcher.search("I cast the adventure half of my card, where does the "
                                   "card go and can I cast the creature later?").hits
    assert hits[0].record["id"] == "cr-2026-01-16:715.3d"


def test_where_is_asked_only_by_where_before_a_verb() -> None:
    from kb.text import answer_asked

    assert answer_asked("my unearthed creature got bounced, where does it actually go?") == "zone"
    assert answer_asked("Where is the card exiled with Hideaway?") == "zone"
    assert answer_asked("deals X damage, where X is the number of cards in your hand") is None


def test_a_question_asking_when_is_answered_by_the_rule_naming_the_step(
        shipped_searcher) -> None:
    # 714.3b: "As a player's precombat main phase begins, that player puts a lore counter
    # on each Saga they control"; 714.3 only says what a lore counter does
    hits = shipped_searcher.search("when does my saga get another lore counter?").hits
    assert hits[0].record["id"] == "cr-2026-01-16:714.3b"


def test_when_is_asked_only_where_when_opens_a_clause_before_a_verb() -> None:
    from kb.text import answer_asked

    assert answer_asked("2008 rules: when did the game check for state-based effects?") == "time"
    assert answer_asked("my opponent drew from an empty library, when exactly do they lose?") \
        == "time"
    assert answer_asked("when my creature dies, does its aura go to the graveyard?") is None


def test_explain_says_what_kind_of_answer_a_question_asks_for(shipped_searcher) -> None:
    from kb.present import format_search

    where = shipped_searcher.search("where does a countered spell go?")
    assert where.answer == "zone" and where.to_json(explain=True)["answer"] == "zone"
    assert "asks for: a zone" in format_search(where, explain=True)
    assert "asks for" not in format_search(where)
    plain = shipped_searcher.search("countered spell")
    assert plain.answer is None and "answer" not in plain.to_json(explain=True)


def test_a_rule_for_a_variant_the_query_does_not_name_ranks_after_the_general_rule(
        shipped_searcher) -> None:
    # 119.4a is 119.4 again "in a Two-Headed Giant game": a question about paying life in
    # an ordinary game asks for 119.4; the variant's own rule has its name counted against it
    hits = shipped_searcher.search("I'm at 2 life, am I allowed to pay 4 life for a card's "
                                   "cost?").hits
    rules = [h.record["rule"] for h in hits]
    assert "119.4" in rules and "119.4a" in rules
    assert rules.index("119.4") < rules.index("119.4a")
    assert "subject" in hits[rules.index("119.4a")].parts
    # named, the variant's rule is the answer
    named = shipped_searcher.search("in Two-Headed Giant can I pay more life than I have?")
    assert named.hits[0].record["rule"] in ("119.4a", "810.9b"), named.hits[0].record["rule"]


def test_the_games_a_rule_applies_to_are_its_subjects() -> None:
    from kb.search_cards import subjects

    rule = {"kind": "rule", "title": "119.4a Life", "id": "cr:119.4a",
            "text": "If a cost or effect allows a player to pay an amount of life greater than "
                    "0 in a Two-Headed Giant game, the player may do so only if their team's "
                    "life total is greater than or equal to the amount of the payment."}
    assert "Two-Headed Giant" in subjects(rule)
    ordinary = {**rule, "text": "In a two-player game, the player who plays first skips "
                                "the draw step of their first turn."}
    assert subjects(ordinary) == subjects({**rule, "text": ""})


def test_a_faq_sections_ruling_is_about_what_the_section_names(shipped_searcher) -> None:
    # the Shards of Alara FAQ files rulings under sections ('Theme: "Death Triggers"',
    # "Grixis Keyword Ability: Unearth"): like a ruling filed under a card or keyword, a
    # query that does not name the section's subject has its words counted against it
    from kb.search_cards import subjects

    ruling = {"id": "shards-of-alara-faq-2008:section:theme-death-triggers:ruling:6",
              "kind": "ruling", "title": 'Theme: "Death Triggers" \u2014 ruling 6',
              "cards": [], "text": "..."}
    assert subjects(ruling) == ["Death Triggers"]
    hits = shipped_searcher.search("it would leave play so it is removed from the game "
                                   "instead of going anywhere else").hits
    filed = next(h for h in hits if h.record["id"] == ruling["id"])
    assert filed.parts["subject"] < filed.parts["proximity"]
    named = shipped_searcher.search("death triggers: it would leave play so it is removed "
                                    "from the game instead").hits
    filed = next(h for h in named if h.record["id"] == ruling["id"])
    assert "subject" not in filed.parts


def test_a_faq_sections_answer_is_about_the_section_not_its_own_question() -> None:
    # a Q&A answer's title is its question: the section it is filed under names its subject
    from kb.search_cards import subjects

    answer = {"id": "keyword-abilities-faq-thread-2012:section:ability-words:qa:1",
              "kind": "qa", "title": "What exactly is an ability word?", "cards": [],
              "text": "Q: What exactly is an ability word?"}
    assert subjects(answer) == ["ability words"]
