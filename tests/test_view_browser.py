"""The evidence view in a real browser: Debian's headless Chromium driven by Playwright.

It grades a few packs (green, red as expected, red when green was expected, one document
holding ``</script>`` and markup), writes the page with ``run context --html`` and
``sakshi view``, loads it from a file:// URL and checks what a person would: standards
mode, no request but the page itself, no script from a document ran, the verdicts and
reasons, the highlights around the exact quotes, the diagnosis of a failed cite, the red
filter (click and key), keyboard navigation between packs, and no sideways scrolling on a
phone-sized screen. Screenshots go to ``<pytest basetemp>/view-browser/`` and are copied
to ``test-artifacts/`` at the repository root.

Skipped, with the reason, when Playwright for Python or Chromium is missing, unless
SAKSHI_REQUIRE_BROWSER=1 (``.ci/run`` sets it): then missing is a failure, so CI cannot
pass without really running it. Playwright's own browser download is never used:
``executable_path`` points at Debian's chromium.
"""

from __future__ import annotations

import json
import os
import shutil
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from sakshi.cli import main
from sakshi.context.turns import bundle_sha256

CHROMIUM = Path(os.environ.get("SAKSHI_CHROMIUM", "/usr/bin/chromium"))
REQUIRED = os.environ.get("SAKSHI_REQUIRE_BROWSER") == "1"
ARTIFACTS = Path(__file__).resolve().parents[1] / "test-artifacts"
# The flags a sandboxed, offline machine needs (no background fetches, no sandbox as root).
ARGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]


def _missing(reason: str) -> None:
    if REQUIRED:
        pytest.fail(f"SAKSHI_REQUIRE_BROWSER=1 but {reason}", pytrace=False)
    pytest.skip(reason, allow_module_level=True)


try:
    from playwright.sync_api import BrowserContext, Page, sync_playwright
except ImportError:
    _missing(
        "Playwright for Python is not installed"
        " (pip install playwright; no browser download needed)"
    )
if not (CHROMIUM.is_file() and os.access(CHROMIUM, os.X_OK)):
    _missing(f"no Chromium at {CHROMIUM} (apt-get install chromium)")

BUNDLE = {"engine": "browser-test"}
MEMO = (
    "Cheque No.: 004512\r\nReturned: Funds Insufficient\n"
    "Payee: Cafe\u0301 Ganesh\nAmount: \u20b9 7,85,000.00\n"
)
HOSTILE = (
    'Note: </script><script>window.__pwned = 1</script><img src=x onerror="window.__pwned = 2">\n'
)
NOTICE = ["Notice dated 05.02.2025\n", "Pay \u20b9 7,85,000/- within 15 days of receipt\n"]
DOCUMENTS = [
    {"id": "memo", "text": MEMO},
    {"id": "notice", "pages": NOTICE},
    {"id": "hostile", "text": HOSTILE},
]


def _pack(
    pack_id: str, values: list[dict[str, Any]], state: str = "live", expect: str = "green"
) -> dict[str, Any]:
    digest = None if state == "none" else bundle_sha256(BUNDLE)
    data: dict[str, Any] = {
        "pack": "sakshi.pack.v1",
        "id": pack_id,
        "title": f"Browser test: {pack_id} </script><b>not bold</b>",
        "engine_state": state,
        "documents": DOCUMENTS,
        "turn": {
            "context_provenance": {"engine_state": state, "bundle_sha256": digest},
            "values": values,
        },
        "expect": expect,
    }
    if state != "none":
        data["bundle"] = BUNDLE
    return data


def _value(field: str, value: str, cite: dict[str, Any] | None) -> dict[str, Any]:
    item: dict[str, Any] = {
        "field": field,
        "value": value,
        "why": f"The document states the {field}.",
    }
    if cite is not None:
        item["cite"] = cite
    return item


PACKS = [
    _pack(
        "a-green",
        [
            _value(
                "cheque_no",
                "004512",
                {"doc": "memo", "quote": "Cheque No.: 004512", "char_start": 0, "char_end": 18},
            ),
            _value(
                "amount",
                "\u20b9 7,85,000.00",
                {"doc": "memo", "quote": "Amount: \u20b9 7,85,000.00"},
            ),
            _value(
                "notice",
                "15 days",
                {
                    "doc": "notice",
                    "page": 2,
                    "quote": "within 15 days",
                    "char_start": 17,
                    "char_end": 31,
                    "unit": "utf16",
                },
            ),
        ],
    ),
    _pack(
        "b-red-as-expected",
        [
            _value(
                "payee", "Caf\u00e9 Ganesh", {"doc": "memo", "quote": "Payee: Caf\u00e9 Ganesh"}
            ),
        ],
        expect="red",
    ),
    _pack(
        "c-not-held",
        [
            _value(
                "demand",
                "\u20b9 7,85,000/-",
                {"doc": "notice", "page": 1, "quote": "Pay \u20b9 7,85,000/-"},
            ),
            _value(
                "script",
                "x",
                {"doc": "hostile", "quote": "</script><script>window.__pwned = 1</script>"},
            ),
        ],
    ),
    _pack("d-stubbed", [_value("cheque_no", "", None)], state="stubbed"),
]


@pytest.fixture(scope="module")
def view_file(tmp_path_factory: pytest.TempPathFactory) -> Path:
    root = tmp_path_factory.mktemp("view")
    folder = root / "packs"
    folder.mkdir()
    for data in PACKS:
        (folder / f"{data['id']}.yaml").write_text(json.dumps(data, ensure_ascii=False), "utf-8")
    results, direct, viewed = root / "results.json", root / "direct.html", root / "view.html"
    assert (
        main(
            [
                "run",
                "context",
                str(folder),
                "--format",
                "json",
                "--out",
                str(results),
                "--html",
                str(direct),
            ]
        )
        == 1
    )
    assert main(["view", str(results), "--out", str(viewed)]) == 0
    assert viewed.read_bytes() == direct.read_bytes()
    return viewed


@pytest.fixture(scope="module")
def artifacts(tmp_path_factory: pytest.TempPathFactory) -> Path:
    folder = tmp_path_factory.getbasetemp() / "view-browser"
    folder.mkdir(parents=True, exist_ok=True)
    return folder


@pytest.fixture
def browser(tmp_path: Path) -> Iterator[BrowserContext]:
    with sync_playwright() as pw:
        context = pw.chromium.launch_persistent_context(
            str(tmp_path / "profile"),  # a fresh, empty user-data dir
            executable_path=str(CHROMIUM),
            headless=True,
            args=ARGS,
            viewport={"width": 1100, "height": 900},
        )
        context.set_default_timeout(15_000)
        try:
            yield context
        finally:
            context.close()


def _save(page: Page, artifacts: Path, name: str, full_page: bool = True) -> None:
    shot = artifacts / name
    page.screenshot(path=str(shot), full_page=full_page)
    assert shot.stat().st_size > 10_000
    ARTIFACTS.mkdir(exist_ok=True)
    shutil.copyfile(shot, ARTIFACTS / name)


def _summary(page: Page, pack_id: str) -> Any:
    return page.locator("details.pack > summary", has=page.locator(f".pid:text-is('{pack_id}')"))


def test_the_page_in_chromium(browser: BrowserContext, view_file: Path, artifacts: Path) -> None:
    page = browser.new_page()
    requests: list[str] = []
    problems: list[str] = []
    page.on("request", lambda r: requests.append(r.url))
    page.on("pageerror", lambda e: problems.append(f"page error: {e}"))
    page.on("dialog", lambda d: (problems.append(f"dialog: {d.message}"), d.dismiss()))
    page.on(
        "console",
        lambda m: (
            problems.append(f"console {m.type}: {m.text}")
            if m.type in ("error", "warning")
            else None
        ),
    )
    page.goto(view_file.as_uri())

    # The comment on the first line left the page in standards mode; nothing else loaded.
    assert page.evaluate("document.compatMode") == "CSS1Compat"
    assert requests == [view_file.as_uri()]
    assert page.evaluate("typeof window.__pwned") == "undefined"
    assert page.locator("img, b").count() == 0
    assert page.locator(".banner").inner_text().startswith("This view contains document content")

    # Verdicts and reasons, one details per pack, red and not-held packs open.
    packs = page.locator("details.pack")
    assert packs.count() == 4
    verdicts = {
        packs.nth(i).locator(".pid").inner_text(): packs.nth(i).get_attribute("data-verdict")
        for i in range(4)
    }
    assert verdicts == {
        "a-green": "green",
        "b-red-as-expected": "red",
        "c-not-held": "red",
        "d-stubbed": "green",
    }
    assert page.locator("#p3 .tag.notheld").inner_text() == "NOT HELD: expected green"
    assert page.locator("#p3 > summary").inner_text().count("FABRICATED_SPAN") == 1
    assert page.locator("#p2").evaluate("d => d.open") and not page.locator("#p1").evaluate(
        "d => d.open"
    )

    # Open the green pack with the keyboard: j to its header, Enter to open.
    page.keyboard.press("j")
    assert page.evaluate("document.activeElement.parentElement.id") == "p1"
    page.keyboard.press("Enter")
    assert page.locator("#p1").evaluate("d => d.open")
    page.keyboard.press("j")
    assert page.evaluate("document.activeElement.parentElement.id") == "p2"
    page.keyboard.press("k")
    assert page.evaluate("document.activeElement.parentElement.id") == "p1"

    # Highlights: each verified cite's mark holds exactly its quote, and is visible.
    for anchor, quote in [
        ("p1-v0", "Cheque No.: 004512"),
        ("p1-v1", "Amount: \u20b9 7,85,000.00"),
        ("p1-v2", "within 15 days"),
    ]:
        mark = page.locator(f"#{anchor} + mark.hl")
        assert mark.inner_text() == quote
        assert mark.is_visible()
    page.locator("#p1 a[href='#p1-v1']").click()
    assert page.locator("#p1-v1 + mark").is_visible()

    # A failed cite: the diagnosis, and the nearest exact match marked on page 2.
    red_text = page.locator("#p2").inner_text()
    assert (
        "QUOTE_NOT_FOUND" in red_text
        and "it would match after Unicode NFC normalisation" in red_text
    )
    assert "the quote is found on page 2" in page.locator("#p3").inner_text()
    assert page.locator("#p3-v0-near + mark.near").inner_text() == "Pay \u20b9 7,85,000/-"
    assert (
        page.locator("#p3-v1 + mark.hl").inner_text()
        == "</script><script>window.__pwned = 1</script>"
    )

    _save(page, artifacts, "view.png")

    # The red filter: held green packs hide, red and not-held stay; by click and by key.
    page.get_by_label("show only red packs").check()
    assert [p.is_visible() for p in (_summary(page, "a-green"), _summary(page, "d-stubbed"))] == [
        False,
        False,
    ]
    assert (
        _summary(page, "b-red-as-expected").is_visible()
        and _summary(page, "c-not-held").is_visible()
    )
    page.keyboard.press("Escape")
    page.evaluate("document.activeElement.blur()")
    page.keyboard.press("j")  # j skips hidden packs
    assert page.evaluate("document.activeElement.parentElement.id") == "p2"
    page.keyboard.press("r")
    assert not page.locator("#red-only").is_checked() and _summary(page, "a-green").is_visible()
    page.keyboard.press("r")
    assert page.locator("#red-only").is_checked() and not _summary(page, "d-stubbed").is_visible()
    page.keyboard.press("r")

    assert problems == []


def test_the_page_on_a_phone_sized_screen(
    browser: BrowserContext, view_file: Path, artifacts: Path
) -> None:
    page = browser.new_page()
    page.set_viewport_size({"width": 360, "height": 740})
    page.goto(view_file.as_uri())
    page.locator("#p1 > summary").click()
    # Long quotes, hashes and lines wrap: nothing scrolls sideways.
    assert page.evaluate("document.documentElement.scrollWidth") <= 360
    assert page.locator("#p1-v1 + mark.hl").is_visible()
    _save(
        page, artifacts, "view-narrow.png", full_page=False
    )  # the first screen, as a phone shows it
