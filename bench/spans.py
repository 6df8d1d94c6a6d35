"""Benchmark: ``sakshi verify-spans`` on 200,000 spans against the plainest possible loop.

It writes, in a temporary folder and from a fixed seed, a DOCS.yaml of 1,000 inline
``text:`` documents (about 3 KB each: receipts, invoices, minutes and e-mails, with "₹",
"é", an emoji here and there and CRLF line endings in some) and a SPANS.jsonl of 200,000
spans over them: mostly codepoint offsets, some byte and utf16 offsets, some search-only
spans, and a few percent deliberately wrong (a typo, a shifted range, a unit mix-up, a
range cutting an emoji or a "₹" in two, an unknown document, a line that is not a span).
Then, interleaved and best of 3, it times two whole processes, stdout to a file:

1. ``python -m sakshi verify-spans DOCS.yaml SPANS.jsonl``;
2. the baseline: a small script that loads DOCS.yaml with ``yaml.CSafeLoader``, then for
   each line ``json.loads``, slices the text by the offsets in their unit (str, UTF-8 or
   UTF-16-LE), or searches when there are none, compares with the quote and writes
   ``{"id": .., "verified": ..}`` with ``json.dumps``. It validates nothing else: where it
   cannot decide (an unknown document, a line that is not a span) it writes null.

Before any time is printed, sakshi's output is checked line by line by id against the
verdict each line was planted with (bench/verdicts.py; first shown to fail an always-green
and an always-red grader's output), and against the baseline's verdict on every line the
baseline could decide; then it
prints both times, spans per second, the ratio sakshi/baseline and the target (at most
1.0x, issue 15: PASS or OVER), on wall time and on CPU time (user + system of each
process, best of the rounds: the fairer figure on a machine shared with other work).
Exit 0 whatever the ratio; exit 1 when the outputs disagree or a process fails.

    python bench/spans.py                         # 1,000 documents, 200,000 spans
    python bench/spans.py --spans 2000 --docs 20  # a smoke run
    python bench/spans.py --dir /tmp/s            # keep the files there (to profile them)
"""

from __future__ import annotations

import argparse
import json
import random
import re
import sys
import tempfile
from collections import Counter
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import yaml
from fakes import (  # bench/ is on sys.path when run as a script
    CLAUSES,
    COMPANIES,
    GOODS,
    PEOPLE,
    PLACES,
    REMARKS,
    date,
    money,
)
from timing import timed
from verdicts import check_verdicts, refuse_constant_graders

TARGET_RATIO = 1.0
DOC_CHARS = 3000

_BASELINE = """\
import json
import sys

import yaml

with open(sys.argv[1], "rb") as f:
    texts = {d["id"]: d["text"] for d in yaml.load(f, Loader=yaml.CSafeLoader)["documents"]}
utf8 = {}
utf16 = {}
write = sys.stdout.write
dumps = json.dumps
with open(sys.argv[2], "rb") as f:
    for line in f:
        span_id = verified = None
        try:
            span = json.loads(line)
            span_id = span.get("id")
            doc = span["doc"]
            text = texts[doc]
            quote = span["quote"]
            start = span.get("char_start")
            if start is None:
                verified = quote in text
            else:
                end = span["char_end"]
                unit = span.get("unit") or "codepoint"
                if unit == "codepoint":
                    verified = text[start:end] == quote
                elif unit == "byte":
                    data = utf8.get(doc)
                    if data is None:
                        data = utf8[doc] = text.encode("utf-8")
                    verified = data[start:end] == quote.encode("utf-8")
                else:
                    data = utf16.get(doc)
                    if data is None:
                        data = utf16[doc] = text.encode("utf-16-le")
                    verified = data[2 * start:2 * end] == quote.encode("utf-16-le")
        except Exception:
            verified = None
        write(dumps({"id": span_id, "verified": verified}) + "\\n")
"""

# --- realistic text ------------------------------------------------------------------

_COMPANIES = COMPANIES
_PEOPLE = PEOPLE
_PLACES = PLACES
_GOODS = GOODS
_SENTENCES = [
    *CLAUSES,
    *REMARKS,
    (
        "The committee noted the résumé of the vendor's site engineer and approved the revised"
        " schedule."
    ),
    "Thanks for the quick turnaround 👍 we will share the signed copy by Friday.",
    "Please find the photographs attached 📎 the damage is on the north face of the crate.",
    "All ok from our side ✅ the lot can be released to production.",
]


def _header(rng: random.Random, index: int) -> list[str]:
    kind = index % 4
    party, other = rng.sample(_COMPANIES, 2)
    if kind == 0:
        goods, uom = rng.choice(_GOODS)
        qty = f"{rng.randrange(10, 400)}.{rng.randrange(1000):03d} {uom}"
        return [
            f"{party.upper()} — STORES DEPARTMENT, {rng.choice(_PLACES).upper()}",
            f"GOODS RECEIPT NOTE No. {index}/2024-25",
            "",
            f"Supplier: {other}",
            f"Material: {goods}",
            f"Date of receipt: {date(rng)}",
            f"Quantity received: {qty}",
            f"Invoice value (incl. GST): {money(rng)}",
            f"Inspected by: {rng.choice(_PEOPLE)} (QA)",
            "",
        ]
    if kind == 1:
        lines = [
            f"TAX INVOICE  {party}",
            f"Invoice No.: INV/{rng.randrange(1000, 9999)}/{index:05d}",
            f"Date: {date(rng)}    Buyer: {other}",
            "",
            "Sl.  Description                         Amount",
        ]
        for sl in range(1, rng.randrange(3, 7)):
            goods, _ = rng.choice(_GOODS)
            lines.append(f"{sl:>3}.  {goods:<34}  {money(rng)}")
        return lines + [f"     Total payable                       {money(rng)}", ""]
    if kind == 2:
        people = rng.sample(_PEOPLE, 4)
        return [
            (
                f"MINUTES OF THE PURCHASE COMMITTEE MEETING HELD ON {date(rng)}"
                f" AT {rng.choice(_PLACES).upper()}"
            ),
            f"Present: {', '.join(people)}",
            f"Chair: {people[0]}",
            "",
            f"Item {index % 9 + 1}: award of the annual rate contract to {other} for {money(rng)}.",
            "",
        ]
    return [
        f"From: {rng.choice(_PEOPLE)} <purchase@{party.split()[0].lower().strip('.')}.example.in>",
        f"To: {rng.choice(_PEOPLE)}",
        f"Subject: Re: PO {rng.randrange(1000, 9999)} — dispatch status",
        f"Date: {date(rng)}",
        "",
        "Dear Sir/Madam,",
        "",
    ]


def make_text(rng: random.Random, index: int) -> str:
    """One document of about DOC_CHARS characters; every fifth uses CRLF line endings."""
    lines = _header(rng, index)
    number = 1
    while sum(len(line) + 1 for line in lines) < DOC_CHARS - 120:
        if rng.random() < 0.2:
            lines.append(
                f"  {number}. {rng.choice(_SENTENCES)} Ref. {money(rng)} dated {date(rng)}."
            )
        else:
            lines.append(f"  {number}. {rng.choice(_SENTENCES)}")
        number += 1
    lines += [
        "",
        f"Signed: {rng.choice(_PEOPLE)}, {rng.choice(_PLACES)}, {date(rng)}",
        f"Page 1 of 1 · doc {index}",
    ]
    newline = "\r\n" if index % 5 == 0 else "\n"
    return newline.join(lines) + newline


def docs_yaml(texts: list[str]) -> str:
    """DOCS.yaml as a person writes it: literal blocks, quoted scalars where CRLF must survive."""
    out = ["# generated by bench/spans.py\n", "documents:\n"]
    for index, text in enumerate(texts):
        out.append(f"  - id: doc-{index:04d}\n")
        if "\r" in text:  # a literal block would turn CRLF into LF
            out.append(f"    text: {json.dumps(text, ensure_ascii=False)}\n")
        else:
            body = "".join(f"      {line}\n" if line else "\n" for line in text.split("\n")[:-1])
            out.append(f"    text: |\n{body}")
    return "".join(out)


# --- spans -----------------------------------------------------------------------------

_WORD = re.compile(r"\S+")
_BREAK = re.compile(r"[\r\n]")
_WRONG_KINDS = (
    "typo",
    "shift",
    "unit_mixup",
    "past_end",
    "reversed",
    "not_found",
    "nfd",
    "unknown_doc",
    "split_utf16",
    "split_byte",
    "not_json",
    "not_object",
)


def _phrase(rng: random.Random, text: str, words: list[tuple[int, int]]) -> tuple[int, int]:
    """Codepoint [start, end) of a run of 1-12 words, as a model would quote."""
    first = rng.randrange(len(words))
    last = min(len(words) - 1, first + rng.randrange(0, 12))
    start, end = words[first][0], words[last][1]
    # Stay on one line, as most citations do.
    cut = _BREAK.search(text, start, end)
    return start, (cut.start() if cut else end)


def _in_unit(text: str, start: int, end: int, unit: str) -> tuple[int, int]:
    if unit == "byte":
        a = len(text[:start].encode("utf-8"))
        return a, a + len(text[start:end].encode("utf-8"))
    if unit == "utf16":
        a = len(text[:start].encode("utf-16-le")) // 2
        return a, a + len(text[start:end].encode("utf-16-le")) // 2
    return start, end


def _wrong(
    rng: random.Random, kind: str, doc_id: str, text: str, start: int, end: int
) -> dict[str, Any] | str:
    """A span (or a line) that must not verify, of the given kind."""
    quote = text[start:end]
    if kind == "typo":
        i = rng.randrange(len(quote))
        return {
            "doc": doc_id,
            "quote": quote[:i] + ("x" if quote[i] != "x" else "y") + quote[i + 1 :],
            "char_start": start,
            "char_end": end,
        }
    if kind == "shift":
        return {"doc": doc_id, "quote": quote, "char_start": start + 1, "char_end": end + 1}
    if kind == "unit_mixup":  # codepoint offsets sent as byte offsets
        return {"doc": doc_id, "quote": quote, "char_start": start, "char_end": end, "unit": "byte"}
    if kind == "past_end":
        return {
            "doc": doc_id,
            "quote": quote,
            "char_start": len(text) - 2,
            "char_end": len(text) + 40,
        }
    if kind == "reversed":
        return {"doc": doc_id, "quote": quote, "char_start": end, "char_end": start}
    if kind == "not_found":
        return {"doc": doc_id, "quote": quote + " (as amended)"}
    if kind == "nfd":  # "é" written as e + U+0301 where the document has U+00E9
        return {
            "doc": doc_id,
            "quote": "Soci\u0065\u0301t\u0065\u0301 G\u0065\u0301n\u0065\u0301rale",
        }
    if kind == "unknown_doc":
        return {"doc": doc_id + "-draft", "quote": quote}
    if kind == "split_utf16":  # end between the two halves of a surrogate pair
        where = next((i for i, ch in enumerate(text) if ord(ch) > 0xFFFF), None)
        if where is None:
            return {
                "doc": doc_id,
                "quote": quote,
                "char_start": start,
                "char_end": end,
                "unit": "utf16",
            }
        a, _ = _in_unit(text, where, where + 1, "utf16")
        return {
            "doc": doc_id,
            "quote": text[where - 5 : where],
            "char_start": a - 5,
            "char_end": a + 1,
            "unit": "utf16",
        }
    if kind == "split_byte":  # start inside the three bytes of "₹"
        where = text.find("₹")
        if where == -1:
            return {
                "doc": doc_id,
                "quote": quote,
                "char_start": start,
                "char_end": end,
                "unit": "byte",
            }
        a, _ = _in_unit(text, where, where + 1, "byte")
        return {
            "doc": doc_id,
            "quote": text[where : where + 6],
            "char_start": a + 1,
            "char_end": a + 9,
            "unit": "byte",
        }
    if kind == "not_json":
        return "{doc: " + doc_id + ", quote: " + quote[:10]
    return json.dumps([doc_id, quote], ensure_ascii=False)


@dataclass
class Generated:
    docs_bytes: int
    spans_bytes: int
    ids: list[object]
    planned: Counter[str]
    expected: dict[str, bool]  # each line's verdict by its key (``line_key``)


def line_key(number: int, span_id: object) -> str:
    """A line's key for the check by id: its number and its id as JSON (ids are ints,
    strings or, on a line that is not a span, null), so a line out of place is stray."""
    return f"{number}:{json.dumps(span_id)}"


def generate(folder: Path, n_docs: int, n_spans: int, seed: int) -> Generated:
    """Write DOCS.yaml and SPANS.jsonl into ``folder``; deterministic for a seed."""
    rng = random.Random(seed)
    texts = [make_text(rng, index) for index in range(n_docs)]
    docs = docs_yaml(texts).encode("utf-8")
    loaded = yaml.load(docs, Loader=yaml.CSafeLoader)["documents"]
    if [d["text"] for d in loaded] != texts:  # the bench's own YAML must round-trip
        raise AssertionError("DOCS.yaml does not round-trip the generated texts")
    (folder / "DOCS.yaml").write_bytes(docs)
    words = [[m.span() for m in _WORD.finditer(text)] for text in texts]
    ids: list[object] = []
    planned: Counter[str] = Counter()
    expected: dict[str, bool] = {}
    lines: list[str] = []
    for n in range(n_spans):
        index = rng.randrange(n_docs)
        doc_id, text = f"doc-{index:04d}", texts[index]
        start, end = _phrase(rng, text, words[index])
        span_id: object = n + 1 if rng.random() < 0.9 else f"cite-{n + 1:06d}"
        r = rng.random()
        span: dict[str, Any] | str
        if r < 0.035:
            kind = rng.choice(_WRONG_KINDS)
            span = _wrong(rng, kind, doc_id, text, start, end)
            planned[f"wrong:{kind}"] += 1
        else:
            unit = (
                "codepoint"
                if r < 0.66
                else "byte"
                if r < 0.76
                else "utf16"
                if r < 0.86
                else "search"
            )
            planned[unit] += 1
            span = {"doc": doc_id, "quote": text[start:end]}
            if unit != "search":
                a, b = _in_unit(text, start, end, unit)
                span.update(char_start=a, char_end=b)
                if unit != "codepoint" or rng.random() < 0.4:
                    span["unit"] = unit
        if isinstance(span, dict):
            span = {"id": span_id, **span}
            ids.append(span_id)
            # Some producers escape everything outside ASCII; most do not.
            lines.append(json.dumps(span, ensure_ascii=rng.random() < 0.25))
        else:
            ids.append(None)
            lines.append(span)
        expected[line_key(n + 1, ids[-1])] = r >= 0.035  # a planted wrong one must be red
    data = ("\n".join(lines) + "\n").encode("utf-8")
    (folder / "SPANS.jsonl").write_bytes(data)
    return Generated(len(docs), len(data), ids, planned, expected)


# --- timing and checking -----------------------------------------------------------


def compare(
    sakshi_out: Path, plain_out: Path, ids: list[object]
) -> tuple[list[str], Counter[str], int]:
    """(disagreements, sakshi's reasons, lines the baseline could decide)."""
    problems: list[str] = []
    reasons: Counter[str] = Counter()
    s_lines = sakshi_out.read_bytes().splitlines()
    p_lines = plain_out.read_bytes().splitlines()
    if len(s_lines) != len(ids) or len(p_lines) != len(ids):
        return (
            [f"line counts: sakshi {len(s_lines)}, baseline {len(p_lines)}, spans {len(ids)}"],
            reasons,
            0,
        )
    decided = 0
    for number, (s_raw, p_raw, span_id) in enumerate(zip(s_lines, p_lines, ids, strict=True), 1):
        s, p = json.loads(s_raw), json.loads(p_raw)
        reasons[s["reason"]] += 1
        if s["id"] != span_id:
            problems.append(f"line {number}: sakshi id {s['id']!r}, expected {span_id!r}")
        if s["verified"] != (s["reason"] == "OK"):
            problems.append(
                f"line {number}: sakshi verified {s['verified']} with reason {s['reason']}"
            )
        if p["verified"] is None:
            continue
        decided += 1
        if s["verified"] != p["verified"]:
            problems.append(
                f"line {number} (id {span_id!r}): sakshi {s['verified']} ({s['reason']}), "
                f"baseline {p['verified']}"
            )
    return problems, reasons, decided


def _rows(out: Path) -> list[tuple[object, object]]:
    """Each output line's (key, verified), keyed as ``line_key`` keys the expected ones."""
    rows: list[tuple[object, object]] = []
    for number, raw in enumerate(out.read_bytes().splitlines(), 1):
        line = json.loads(raw)
        rows.append((line_key(number, line.get("id")), line.get("verified")))
    return rows


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument(
        "--spans", type=int, default=200_000, help="how many spans (default 200000)"
    )
    parser.add_argument("--docs", type=int, default=1000, help="how many documents (default 1000)")
    parser.add_argument(
        "--rounds", type=int, default=3, help="rounds; the best of each is kept (default 3)"
    )
    parser.add_argument("--seed", type=int, default=20260502)
    parser.add_argument(
        "--dir", type=Path, help="write the files here and keep them (default: a temp folder)"
    )
    args = parser.parse_args(argv)
    if args.spans < 1 or args.docs < 1:
        parser.error("--spans and --docs must be at least 1")
    if args.dir is not None:
        args.dir.mkdir(parents=True, exist_ok=True)
        return _run(args.dir, args)
    with tempfile.TemporaryDirectory(prefix="sakshi-bench-spans-") as tmp:
        return _run(Path(tmp), args)


def _run(root: Path, args: argparse.Namespace) -> int:
    gen = generate(root, args.docs, args.spans, args.seed)
    docs, spans = root / "DOCS.yaml", root / "SPANS.jsonl"
    (root / "plain.py").write_text(_BASELINE, encoding="utf-8")
    print(
        f"{args.docs} documents ({gen.docs_bytes / 1e6:.2f} MB), {args.spans} spans "
        f"({gen.spans_bytes / 1e6:.2f} MB), in {root}"
    )
    print("  planned: " + ", ".join(f"{k} {v}" for k, v in sorted(gen.planned.items())))
    for line in refuse_constant_graders(gen.expected, True, False):
        print(f"  {line}")
    sakshi_cmd = [sys.executable, "-m", "sakshi", "verify-spans", str(docs), str(spans)]
    plain_cmd = [sys.executable, str(root / "plain.py"), str(docs), str(spans)]
    sakshi_out, plain_out = root / "sakshi.out.jsonl", root / "plain.out.jsonl"
    best_sakshi = best_plain = cpu_sakshi = cpu_plain = float("inf")
    for round_no in range(1, args.rounds + 1):
        run = timed(sakshi_cmd, sakshi_out)
        if run.code not in (0, 1):
            print(f"sakshi verify-spans failed (exit {run.code}): {run.err}", file=sys.stderr)
            return 1
        base = timed(plain_cmd, plain_out)
        if base.code != 0:
            print(f"the baseline failed (exit {base.code}): {base.err}", file=sys.stderr)
            return 1
        print(
            f"  round {round_no}: sakshi {run.wall:.3f} s (CPU {run.cpu:.3f} s),"
            f" baseline {base.wall:.3f} s (CPU {base.cpu:.3f} s)"
        )
        best_sakshi, best_plain = min(best_sakshi, run.wall), min(best_plain, base.wall)
        cpu_sakshi, cpu_plain = min(cpu_sakshi, run.cpu), min(cpu_plain, base.cpu)
    check = check_verdicts(gen.expected, _rows(sakshi_out), True)
    print(f"  check of the timed verify-spans output by id: {check.describe()}")
    if not check.passed:
        print("sakshi's verdicts are not the planted ones: no time is printed", file=sys.stderr)
        return 1
    problems, reasons, decided = compare(sakshi_out, plain_out, gen.ids)
    print("  sakshi's reasons: " + ", ".join(f"{k} {v}" for k, v in sorted(reasons.items())))
    print(
        f"  verdicts compared on {decided} of {args.spans} lines"
        " (the rest the baseline cannot decide)"
    )
    if problems:
        print(f"the outputs disagree on {len(problems)} line(s):", file=sys.stderr)
        for problem in problems[:20]:
            print(f"  {problem}", file=sys.stderr)
        return 1
    print(
        f"sakshi verify-spans  {best_sakshi:7.3f} s  {args.spans / best_sakshi:9.0f} spans/s"
        f"  (CPU {cpu_sakshi:.3f} s)"
    )
    print(
        f"plain loop           {best_plain:7.3f} s  {args.spans / best_plain:9.0f} spans/s"
        f"  (CPU {cpu_plain:.3f} s)"
    )
    for what, ratio in (("wall", best_sakshi / best_plain), ("CPU", cpu_sakshi / cpu_plain)):
        verdict = "PASS" if ratio <= TARGET_RATIO else "OVER"
        print(f"ratio ({what}) {ratio:.2f}x (target <= {TARGET_RATIO:.1f}x): {verdict}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
