"""Offsets in one segment, converted between bytes, codepoints and UTF-16 units, in time
that does not grow with how far into the segment they point.

The evidence report places every cite's highlight in its segment's display text (the
bytes decoded as UTF-8, a U+FFFD for each undecodable stretch). Decoding the bytes before
each offset anew costs the segment's length per cite, so a thousand cites into a large
document cost a thousand decodes of it. ``Positions`` decodes the segment once, keeping
a checkpoint every ``STEP`` bytes (bytes, codepoints and UTF-16 units before it); each
conversion then decodes at most one step from the nearest checkpoint.

A checkpoint sits where decoding may restart without changing the text: before a byte
that cannot continue a UTF-8 sequence, or after three continuation bytes (no sequence
holds more). So decoding up to a checkpoint and from it gives exactly the whole decode.
"""

from __future__ import annotations

from bisect import bisect_right
from dataclasses import dataclass, field

from sakshi.spans import OffsetUnit, Segment

__all__ = ["STEP", "Positions"]

STEP = 4096  # bytes between checkpoints: the most any one conversion decodes


def _is_continuation(byte: int) -> bool:
    return 0x80 <= byte < 0xC0


def _restart_point(data: bytes, at: int) -> int:
    """The nearest position at or before ``at`` where decoding may restart."""
    for point in range(at, max(at - 4, 0), -1):
        if point == len(data) or not _is_continuation(data[point]):
            return point
        if point >= 3 and all(_is_continuation(byte) for byte in data[point - 3 : point]):
            return point
    return at


def _display(data: bytes) -> str:
    return data.decode("utf-8", "replace")


@dataclass
class Positions:
    """Conversions for one segment; checkpoints are built on first use."""

    segment: Segment
    step: int = STEP  # at least 4: a checkpoint is found within 3 bytes of where it is looked for
    _bytes: list[int] = field(default_factory=list)
    _chars: list[int] = field(default_factory=list)
    _units: list[int] = field(default_factory=list)

    def _build(self) -> None:
        data = self.segment.data
        start = chars = units = 0
        while True:
            self._bytes.append(start)
            self._chars.append(chars)
            self._units.append(units)
            if start >= len(data):
                return
            end = _restart_point(data, min(start + self.step, len(data)))
            if end <= start:  # cannot happen with a step above 4; never loop in place
                end = min(start + self.step, len(data))
            text = _display(data[start:end])
            chars += len(text)
            units += len(text.encode("utf-16-le", "surrogatepass")) // 2
            start = end

    def _step(self, marks: list[int], value: int) -> tuple[int, str]:
        """The checkpoint at or before ``value`` (on ``marks``) and the text of its step."""
        if not self._bytes:
            self._build()
        index = max(0, bisect_right(marks, value) - 1)
        start = self._bytes[index]
        end = self._bytes[index + 1] if index + 1 < len(self._bytes) else len(self.segment.data)
        return index, _display(self.segment.data[start:end])

    def char_of_byte(self, offset: int) -> int:
        """Codepoints of the display text before byte ``offset``."""
        if not self._bytes:
            self._build()
        offset = max(0, offset)
        index = max(0, bisect_right(self._bytes, offset) - 1)
        start = self._bytes[index]
        return self._chars[index] + len(_display(self.segment.data[start:offset]))

    def byte_of(self, offset: int, unit: OffsetUnit) -> int:
        """The byte where ``offset`` (in ``unit``, into the display text) falls."""
        offset = max(0, offset)
        if unit is OffsetUnit.BYTE:
            return offset
        if not self._bytes:
            self._build()
        if unit is OffsetUnit.UTF16:
            index, text = self._step(self._units, offset)
            wanted = 2 * (offset - self._units[index])
            encoded = text.encode("utf-16-le", "surrogatepass")[:wanted]
            count = len(encoded.decode("utf-16-le", "replace"))
        else:
            index, text = self._step(self._chars, offset)
            count = offset - self._chars[index]
        return self._bytes[index] + len(text[:count].encode("utf-8", "replace"))
