"""The build benchmark's arithmetic: shares, linearity ratios and verdicts (no timing here)."""

from __future__ import annotations

from bench.build import Row, fastest, table, verdicts


def _row(name: str, topics: int, generator: float, mkdocs: float, peak_mb: float = 0.0) -> Row:
    return Row(name, topics, topics * 20, generator, generator / 2, mkdocs, peak_mb or topics, 0.5)


def test_share_and_ratio_are_computed_against_the_smallest_generated_corpus() -> None:
    rows = [_row("seeds", 10, 1.0, 1.0), _row("100", 100, 1.0, 9.0), _row("200", 200, 3.0, 21.0)]
    lines = table(rows)
    assert lines[1].split()[-5:-3] == ["200.0", "-"]  # seeds: no ratio
    assert lines[2].split()[-7:-3] == ["10.00", "10.0%", "100.0", "1.00"]
    assert lines[3].split()[-7:-3] == ["24.00", "12.5%", "120.0", "1.20"]
    assert lines[3].split()[-3:] == ["200", "1024.0", "0.50"]  # peak MB, KB/topic, beside s
    messages, met = verdicts(rows)
    assert met
    assert messages[0].startswith("generator share at 200 topics 12.5%: meets")


def test_a_large_share_or_a_superlinear_total_misses() -> None:
    share_missed = [_row("100", 100, 1.0, 9.0), _row("200", 200, 11.0, 9.0)]  # 55 %, linear
    assert verdicts(share_missed)[1] is False
    superlinear = [_row("100", 100, 1.0, 9.0), _row("200", 200, 4.0, 26.0)]
    messages, met = verdicts(superlinear)
    assert not met
    assert "1.50: not linear" in messages[1]


def test_peak_memory_growing_faster_than_the_corpus_misses() -> None:
    """Peak memory per topic must stay flat as the corpus grows."""
    flat = [_row("100", 100, 1.0, 9.0, 300.0), _row("200", 200, 2.0, 18.0, 400.0)]
    assert verdicts(flat)[1] is True
    growing = [_row("100", 100, 1.0, 9.0, 300.0), _row("200", 200, 2.0, 18.0, 900.0)]
    messages, met = verdicts(growing)
    assert not met
    assert "1.50: growing" in messages[2]


def test_repeats_keep_each_corpus_fastest_build_across_rounds() -> None:
    """Rounds of every corpus: a slow stretch in one round costs no size its fast build."""
    first = [_row("100", 100, 1.0, 9.0), _row("200", 200, 2.0, 30.0)]
    second = [_row("100", 100, 1.0, 12.0), _row("200", 200, 2.0, 18.0)]
    assert fastest([first, second]) == [first[0], second[1]]
