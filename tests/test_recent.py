"""The build's bounded memo of recent results."""

from __future__ import annotations

from kb.recent import Recent


def test_recent_keeps_what_was_used_lately_within_twice_its_size() -> None:
    memo: Recent[int, str] = Recent(3)
    for n in range(3):
        memo.put(n, str(n))
    assert memo.find(0) == "0"  # found in the new generation: stays
    for n in range(3, 6):
        memo.put(n, str(n))  # the first generation moves to the old one, then a new fills
    assert memo.kept() <= 6
    assert memo.find(1) == "1"  # from the old generation, moved to the new one
    for n in range(6, 12):
        memo.put(n, str(n))
    assert memo.find(2) is None and memo.find(11) == "11"
    assert memo.kept() <= 6
    memo.clear()
    assert memo.find(11) is None
