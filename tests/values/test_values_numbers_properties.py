"""Property tests for plain numbers: a Decimal written in any style, locale, sign and scale
reads back to itself, and the same figure with one digit changed, the sign flipped or the
scale dropped does not.

The renderers here are an independent model of how people write numbers (they never call
into sakshi): a locale's marks, Western and Indian grouping, spaces of three kinds, the
Swiss apostrophe, signs and accounting brackets, scale words and letters, fractions.
"""

from __future__ import annotations

from decimal import Decimal

from hypothesis import given, settings
from hypothesis import strategies as st

from sakshi.values import FieldDecl, ValueType, check_value

SETTINGS = settings(max_examples=300, deadline=None, derandomize=True)

# A style: its group mark (None: no grouping), its decimal mark, Indian grouping or not.
STYLES: dict[str, tuple[str | None, str, bool]] = {
    "en": (",", ".", False),
    "in": (",", ".", True),
    "de": (".", ",", False),
    "fr": ("\u202f", ",", False),
    "fr-nbsp": ("\u00a0", ",", False),
    "space": (" ", ",", False),
    "space-dot": (" ", ".", False),
    "ch": ("’", ".", False),
    "ch-ascii": ("'", ".", False),
    "plain-dot": (None, ".", False),
    "plain-comma": (None, ",", False),
}
# A locale's own marks (CLDR): its decimal mark and its group mark.
LOCALES: dict[str | None, tuple[str, str]] = {
    None: (".", ","),  # en-IN, the default
    "en-US": (".", ","),
    "de-DE": (",", "."),
    "fr-FR": (",", "\u202f"),
    "de-CH": (".", "’"),
}
_SPACES = frozenset(" \u00a0\u202f")
_APOSTROPHES = frozenset("'’")


def _grouped(whole: str, group: str, indian: bool) -> str:
    if len(whole) <= 3:
        return whole
    head, last = whole[:-3], whole[-3:]
    size = 2 if indian else 3
    parts = []
    while len(head) > size:
        parts.insert(0, head[-size:])
        head = head[:-size]
    return group.join([head, *parts, last])


def render(units: int, places: int, style: str) -> str:
    """``units / 10**places`` (non-negative) written in ``style``."""
    group, decimal, indian = STYLES[style]
    whole, fraction = divmod(units, 10**places)
    text = _grouped(str(whole), group, indian) if group else str(whole)
    if places:
        text += decimal + str(fraction).zfill(places)
    return text


def readable(units: int, places: int, style: str, locale: str | None) -> bool:
    """Whether the model says ``render(...)`` can be only the number it stands for under
    ``locale``: two different marks, a repeated mark, a one-role mark, or the locale's own."""
    group, decimal, _ = STYLES[style]
    mine_decimal, mine_group = LOCALES[locale]
    text = render(units, places, style)
    grouped = group is not None and group in text
    if grouped and places:
        return True
    if grouped:
        assert group is not None
        if group in _APOSTROPHES or text.count(group) > 1 and group not in _SPACES:
            return True
        if group in _SPACES:
            return mine_group in _SPACES
        return group == mine_group
    return not places or decimal == mine_decimal


def _sentence(form: str) -> str:
    return f"The statement records {form} for the period; nothing else"


def _ok(value: str, quote: str, locale: str | None) -> bool:
    fields = {"n": FieldDecl(ValueType.NUMBER)}
    return check_value("n", value, _sentence(quote), fields, locale=locale).ok


figures = st.tuples(st.integers(0, 10**12), st.integers(0, 3))
styles = st.sampled_from(sorted(STYLES))
locales = st.sampled_from(list(LOCALES))


@SETTINGS
@given(figures, locales, st.data())
def test_a_number_reads_back_in_every_style_its_locale_reads(
    figure: tuple[int, int], locale: str | None, data: st.DataObject
) -> None:
    units, places = figure
    fits = [style for style in sorted(STYLES) if readable(units, places, style, locale)]
    value_style, quote_style = data.draw(st.sampled_from(fits)), data.draw(st.sampled_from(fits))
    value, quote = render(units, places, value_style), render(units, places, quote_style)
    assert _ok(value, quote, locale), (value, quote, locale)
    other = render(units + 1, places, value_style)
    if readable(units + 1, places, value_style, locale):
        assert not _ok(other, quote, locale), (other, quote, locale)


_SIGNS = ["-{}", "−{}", "minus {}", "negative {}", "({})"]


@SETTINGS
@given(figures, st.sampled_from(_SIGNS), st.sampled_from(_SIGNS), st.data())
def test_a_negative_number_reads_back_and_never_as_positive(
    figure: tuple[int, int], value_sign: str, quote_sign: str, data: st.DataObject
) -> None:
    units, places = figure
    units += 1  # -0 is 0
    fits = [style for style in sorted(STYLES) if readable(units, places, style, None)]
    value = value_sign.format(render(units, places, data.draw(st.sampled_from(fits))))
    quote = quote_sign.format(render(units, places, data.draw(st.sampled_from(fits))))
    positive = render(units, places, "plain-dot")
    assert _ok(value, quote, None), (value, quote)
    assert not _ok(positive, quote, None), (positive, quote)
    assert not _ok(value, positive, None), (value, positive)


# A scale: its power of ten and how it may follow a figure ({} is the figure).
_SCALES = [
    (3, "{} thousand"), (3, "{}k"), (3, "Rs. {}k"), (5, "{} lakh"), (5, "{} lacs"),
    (5, "₹{}L"), (5, "Rs. {} L"), (6, "{} million"), (6, "{} mn"), (6, "USD {} m"),
    (6, "${}MM"), (6, "EUR {} Mio."), (7, "{} crore"), (7, "{} Cr."), (9, "{} billion"),
    (9, "{}bn"), (9, "USD {} bn"), (9, "$ {}B"), (12, "{} trillion"), (12, "${}tn"),
]  # fmt: skip


@SETTINGS
@given(st.integers(1, 10**6), st.integers(0, 2), st.sampled_from(_SCALES))
def test_a_scaled_figure_reads_back_and_never_without_its_scale(
    units: int, places: int, scale: tuple[int, str]
) -> None:
    power, pattern = scale
    figure = render(units, places, "en")
    whole = Decimal(units) * Decimal(10) ** (power - places)
    value = format(whole.normalize(), "f")
    quote = pattern.format(figure)
    assert _ok(value, quote, None), (value, quote)
    assert not _ok(render(units, places, "plain-dot"), quote, None), quote


_FRACTIONS = [("½", "1/2", "0.5"), ("¼", "1/4", "0.25"), ("¾", "3/4", "0.75")]


@SETTINGS
@given(st.integers(1, 999), st.sampled_from(_FRACTIONS))
def test_a_fraction_joins_its_figure(whole: int, fraction: tuple[str, str, str]) -> None:
    mark, slashed, decimal = fraction
    lakh = format(((whole + Decimal(decimal)) * 10**5).normalize(), "f")
    for quote in (f"{whole}{mark} lakh", f"{whole} {slashed} lakh"):
        assert _ok(lakh, quote, None), (lakh, quote)
        assert not _ok(format(whole * 10**5, "d"), quote, None), quote
    assert _ok(format((Decimal(decimal) * 10**5).normalize(), "f"), f"{mark} lakh", None)


@SETTINGS
@given(st.integers(1, 10**7), st.integers(0, 2), st.sampled_from([3, 5, 6, 7, 9]))
def test_a_declared_scale_multiplies_the_quote_never_the_value(
    units: int, places: int, power: int
) -> None:
    word = {3: "thousand", 5: "lakh", 6: "million", 7: "crore", 9: "billion"}[power]
    fields = {"n": FieldDecl(ValueType.NUMBER, scale=word)}
    figure = render(units, places, "en")
    scaled = format((Decimal(units) * Decimal(10) ** (power - places)).normalize(), "f")
    quote = _sentence(f"(in {word}s) {figure}")
    assert check_value("n", scaled, quote, fields).ok, (scaled, quote)
    assert not check_value("n", figure, quote, fields).ok, (figure, quote)
