"""A value's check on the evidence view (SPEC section 8): does its quote state it?

    check_html(pack_number, value)   the value's type (declared or inferred), its reading,
                                     each mention in the quote with its offsets and reading,
                                     which one states the value (or is the nearest miss), the
                                     value_reason and the hint, and a link to the mention
                                     marked inside the document's highlight
    quote_html(quote, check)         the cite's quote with that mention marked

Every string from the results goes through ``esc`` (``view_text``).
"""

from __future__ import annotations

from sakshi.reports.view_model import ViewMention, ViewValue, ViewValueCheck
from sakshi.reports.view_text import esc

__all__ = ["check_html", "quote_html"]

_SHOWN_MENTIONS = 50  # mentions listed for one value; the rest are counted


def quote_html(quote: str, check: ViewValueCheck | None) -> str:
    """``quote`` escaped, with the mention that states the value (or the nearest miss)
    wrapped in a span of its kind (``mention`` or ``miss``)."""
    pointed = None if check is None else check.pointed
    if pointed is None or not 0 <= pointed.start < pointed.end <= len(quote):
        return esc(quote)
    kind = "mention" if pointed.matched else "miss"
    inner = esc(quote[pointed.start : pointed.end])
    return (
        f'{esc(quote[: pointed.start])}<span class="{kind}">{inner}</span>'
        f"{esc(quote[pointed.end :])}"
    )


def _reading(reading: str | None) -> str:
    return "<em>cannot be read</em>" if reading is None else f"<code>{esc(reading)}</code>"


def _mention_html(mention: ViewMention) -> str:
    tags = []
    if mention.matched:
        tags.append('<span class="tag green">states the value</span>')
    if mention.nearest:
        tags.append('<span class="tag red">nearest: not the value</span>')
    if mention.field is not None:
        tags.append(f'<span class="meta">cue of {esc(mention.field)}</span>')
    if mention.negated:
        tags.append('<span class="meta">negated</span>')
    if mention.bound != "exact":
        tags.append(f'<span class="meta">{esc(mention.bound.replace("_", " "))}</span>')
    return (
        f"<li>[{mention.start}, {mention.end}) <q>{esc(mention.text)}</q> reads "
        f"{_reading(mention.reading)} {' '.join(tags)}</li>"
    )


def _mentions_html(check: ViewValueCheck) -> str:
    if not check.mentions:
        return '<p class="note">The quote holds no mention of this type.</p>'
    items = "".join(_mention_html(mention) for mention in check.mentions[:_SHOWN_MENTIONS])
    more = len(check.mentions) - _SHOWN_MENTIONS
    if more > 0:
        items += f'<li class="meta">and {more} more mentions</li>'
    head = '<p><span class="k">mentions</span> in the quote (codepoints):</p>'
    return f'{head}<ul class="mentions">{items}</ul>'


def check_html(pack_number: int, value: ViewValue) -> str:
    """The value's check as HTML; empty when the value was not checked."""
    check = value.value_check
    if check is None:
        return ""
    kind = esc(check.type) if check.type is not None else "<em>no type</em>"
    source = f' <span class="meta">({esc(check.type_source)})</span>' if check.type_source else ""
    out = [f'<p><span class="k">type</span> {kind}{source} · reads {_reading(check.reading)}</p>']
    if not check.checked:
        out.append('<p class="note">A claim: read by no rule, reported unchecked.</p>')
        return "".join(out)
    if check.ok:
        out.append('<p><span class="tag green">the quote states the value</span>')
    else:
        out.append('<div class="diag"><p><span class="tag red">VALUE_UNSUPPORTED</span> ')
        out.append(f'<span class="code">{esc(check.value_reason or "")}</span>')
        out.append(f": {esc(check.hint)}" if check.hint else "")
    pointed = check.pointed
    if pointed is not None and value.highlight is not None:
        what = "the mention that states it" if pointed.matched else "the nearest mention"
        out.append(f' <a href="#p{pack_number}-v{value.index}-m">show {what} in the document</a>')
    out.append("</p>")
    out.append(_mentions_html(check))
    if not check.ok:
        out.append("</div>")
    return "".join(out)
