"""The build's bounded memo of recent results."""

from __future__ import annotations

from kb.recent import Recent


def test_recent_keeps_what_was_used_lately_within_twice_its_size() -> None:
    memo: Recent[int, str] = Recent(3)
    for n in range(3):
        memo.put(n, str(n))
    assert memo.get(0) == "0"  # found in the new generation: stays
    for n in range(3, 6):
        memo.put(n, str(n))  # the first generation moves to the old one, then a new fills
    assert len(memo) <= 6
    assert memo.get(1) == "1"  # from the old generation, moved to the new one
    for n in range(6, 12):
        memo.put(n, str(n))
    assert memo.get(2) is None and memo.get(11) == "11"
    assert len(memo) <= 6
    memo.clear()
    assert memo.get(11) is None
