"""Hostile: a corpus that would blow up, or hide a leaked fact (issue 11, items 9 and 11).

``lines`` is capped (``MAX_SOURCE_LINES``, 1,000,000): a corpus asking for 10**12 lines is
refused at load, exit 2, naming the key, before anything is generated. A fact that appears
in a prompt in another Unicode normalisation form (NFC and NFD), another letter case or a
compatibility form (fullwidth letters) has leaked all the same: ``corpus check`` exit 1.
"""

from __future__ import annotations

import unicodedata
from pathlib import Path

import pytest

from sakshi.cli import main
from sakshi.recovery import corpus
from sakshi.recovery.corpus import MAX_SOURCE_LINES, holds_fact

FACT = "CAFÉ-ŞEHİR-7731"  # precomposed letters: its NFD form differs


def corpus_text(
    *, lines: int | str = 100, prompt: str = "Report the token.", other: str = "Go."
) -> str:
    return f"""\
corpus: sakshi.recovery-corpus.v2
cases:
  - id: c.one
    kind: read-offset
    prompt: "{prompt}"
    source: {{path: notes/big.txt, lines: {lines}, fact_line: 50}}
    fact: "{FACT}"
  - id: c.two
    kind: read-offset
    prompt: "{other}"
    source: {{path: notes/other.txt, lines: 100, fact_line: 60}}
    fact: "ZQ4-LANTERN-0088"
"""


def check(tmp_path: Path, capsys: pytest.CaptureFixture[str], text: str) -> tuple[int, str, str]:
    path = tmp_path / "corpus.yaml"
    path.write_text(text, encoding="utf-8")
    code = main(["corpus", "check", str(path)])
    out, err = capsys.readouterr()
    return code, out, err


@pytest.mark.parametrize("lines", [10**12, MAX_SOURCE_LINES + 1, "1_000_000_000"])
def test_a_source_past_the_line_cap_is_refused_at_load(
    tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
    lines: int | str,
) -> None:
    def never(case_id: str, number: int) -> str:
        raise AssertionError(f"line {number} of {case_id} generated: refused after load")

    monkeypatch.setattr(corpus, "filler_body", never)  # before anything is generated
    code, _, err = check(tmp_path, capsys, corpus_text(lines=lines))
    assert code == 2
    assert "cases[0].source.lines: expected an integer from 1 to 1,000,000" in err


def test_run_recovery_refuses_the_same_corpus(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    corpus = tmp_path / "corpus.yaml"
    corpus.write_text(corpus_text(lines=10**12), encoding="utf-8")
    (tmp_path / "runs").mkdir()
    code = main(["run", "recovery", str(tmp_path / "runs"), "--corpus", str(corpus)])
    assert code == 2
    assert "cases[0].source.lines" in capsys.readouterr().err


def variants() -> dict[str, str]:
    nfd = unicodedata.normalize("NFD", FACT)
    assert nfd != FACT
    return {
        "nfd": nfd,
        "nfd-lower": nfd.lower(),
        "lower": FACT.lower(),
        "casefold": FACT.casefold(),
        "fullwidth": "".join(chr(ord(c) + 0xFEE0) if "!" <= c <= "~" else c for c in FACT),
    }


@pytest.mark.parametrize("form", sorted(variants()))
def test_a_fact_in_a_prompt_in_another_form_is_caught(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], form: str
) -> None:
    leaked = variants()[form]
    assert leaked not in FACT and FACT not in leaked
    code, out, _ = check(tmp_path, capsys, corpus_text(prompt=f"The token is {leaked}."))
    assert code == 1
    assert "c.one: the fact appears in the prompt" in out
    assert FACT not in out and leaked not in out
    code, out, _ = check(tmp_path, capsys, corpus_text(other=f"Psst: {leaked}"))
    assert code == 1
    assert "c.one: the fact appears in the prompt of case c.two" in out


def test_an_honest_corpus_still_checks_clean(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    code, out, _ = check(tmp_path, capsys, corpus_text(prompt="CAFE ŞEHIR is a street."))
    assert (code, out.strip()) == (0, "2 cases, 0 problems")


def test_holds_fact_in_each_form() -> None:
    for leaked in variants().values():
        assert holds_fact(f"x {leaked} y", FACT)
    assert not holds_fact("CAFE-SEHIR-7731", FACT)  # other letters are another text
