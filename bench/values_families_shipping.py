"""Shipping passages of the values corpus: a freight forwarder's statement in five
currencies (S$, A$, C$, ¥, HK$) and a bill of lading (B/L No. beside Booking No., 4
containers of 33 pallets, gross weight in kg, measurement in CBM) (see values_corpus.py)."""

from __future__ import annotations

from decimal import Decimal

from values_corpus import (
    COUNT,
    CURRENCY,
    DAY_MONTH,
    OTHER_PARTY,
    RIGHT,
    SAME_SENTENCE,
    SEPARATOR,
    UNIT,
    Claim,
    Family,
    Sheet,
)
from values_forms import decimal_text
from values_pools import day
from values_world_forms import cite_date, cite_money, english, fresh, grouped, world_dates
from values_world_pools import CITIES_EU, CITIES_US, cents, company

__all__ = ["SHIPPING"]


def _freight(sheet: Sheet) -> None:
    rng = sheet.rng
    forwarder, _ = company(rng, "")
    ref = f"HKG{rng.randint(1_000_000, 9_999_999)}"
    ocean, dest, customs = cents(rng, 2_000, 40_000), cents(rng, 300, 9_000), cents(rng, 150, 2_500)
    dues, docs = Decimal(rng.randrange(20, 900) * 1000), cents(rng, 200, 3_000)
    s1 = (
        f"{forwarder} Freight Ltd, statement for shipment {ref}: ocean freight"
        f" S${grouped(ocean, places=2)}; destination charges A${grouped(dest, places=2)};"
        f" customs clearance C${grouped(customs, places=2)}; port dues ¥{grouped(dues)};"
        f" documentation fee HK${grouped(docs, places=2)}."
    )
    sheet.text = s1
    cite_money(sheet, RIGHT, "ocean_freight", ocean, s1, ("SGD", "S$"))
    cite_money(sheet, CURRENCY, "ocean_freight", ocean, s1, ("USD", "US$"))
    cite_money(sheet, RIGHT, "destination_charges", dest, s1, ("AUD", "A$"))
    sheet.add(
        CURRENCY, "destination_charges", f"US${grouped(dest, places=2)}", s1, Claim(dest, "USD")
    )
    cite_money(sheet, RIGHT, "customs_clearance", customs, s1, ("CAD", "C$"))
    cite_money(sheet, CURRENCY, "customs_clearance", customs, s1, ("USD", "US$"))
    sheet.right(
        "port_dues",
        fresh(
            sheet,
            (
                f"JPY {grouped(dues)}",
                f"{grouped(dues)} yen",
                f"¥{decimal_text(dues)}",
                f"{decimal_text(dues)} JPY",
            ),
            s1,
        ),
        s1,
        Claim(dues, "JPY"),
    )
    sheet.add(CURRENCY, "port_dues", f"CNY {grouped(dues)}", s1, Claim(dues, "CNY"))
    sheet.right(
        "documentation_fee",
        fresh(sheet, (f"HKD {grouped(docs, places=2)}", f"{docs} HKD", f"HK${docs}"), s1),
        s1,
        Claim(docs, "HKD"),
    )
    sheet.add(CURRENCY, "documentation_fee", f"${grouped(docs, places=2)}", s1, Claim(docs, "USD"))
    sheet.add(CURRENCY, "documentation_fee", f"USD {docs}", s1, Claim(docs, "USD"))


FREIGHT = Family(
    "freight-statement",
    {
        "ocean_freight": {"type": "money", "currency": "SGD", "cues": ["ocean freight"]},
        "destination_charges": {"type": "money", "currency": "AUD", "cues": ["destination"]},
        "customs_clearance": {"type": "money", "currency": "CAD", "cues": ["customs"]},
        "port_dues": {"type": "money", "currency": "JPY", "locale": "ja-JP", "cues": ["port dues"]},
        "documentation_fee": {"type": "money", "cues": ["documentation"]},
    },
    _freight,
    locale="en-US",
    distinct=True,
    peer_units={"documentation_fee": "HKD"},
)


def _bill_of_lading(sheet: Sheet) -> None:
    rng = sheet.rng
    (shipper, s_form), (consignee, c_form), (notify, n_form) = (
        company(rng, " GmbH", " B.V.", " S.p.A."),
        company(rng, ", Inc.", " LLC", " Ltd"),
        company(rng, " Customs Brokers Inc.", " Logistics LLC"),
    )
    bl = f"{sheet.pick('MAEU', 'HLCU', 'MSCU', 'CMDU')}{rng.randint(100_000_000, 999_999_999)}"
    booking = f"{rng.randint(100_000_000, 999_999_999)}"
    boxes, pallets = rng.randint(2, 9), rng.randint(11, 60)
    gross = Decimal(rng.randrange(4_000, 28_000) * boxes)
    net = gross - Decimal(rng.randrange(200, 900) * boxes)
    volume = Decimal(rng.randrange(200, 680) * boxes) / 10
    shipped = day(rng, 2020, 2025, small=True)
    goods = sheet.pick("machine parts", "ceramic tiles", "olive oil", "auto spares", "furniture")
    on_board = world_dates(shipped, "en-GB")["long"]
    s1 = f"B/L No. {bl}   Booking No. {booking}   Shipped on board {on_board}"
    s2 = (
        f"Shipper: {shipper}{s_form}, {rng.choice(CITIES_EU)} | Consignee: {consignee}{c_form},"
        f" {rng.choice(CITIES_US)} | Notify Party: {notify}{n_form}"
    )
    s3 = (
        f"{boxes} containers (40' high cube) said to contain {pallets} pallets of {goods};"
        f" gross weight {grouped(gross, places=3)} kg; net weight {grouped(net, places=3)} kg;"
        f" measurement {volume:.3f} CBM"
    )
    sheet.text = f"{s1}\n{s2}\n{s3}"
    sheet.right("bl_number", sheet.pick(bl.lower(), f"{bl[:4]} {bl[4:]}"), s1)
    sheet.add(SAME_SENTENCE, "bl_number", booking, s1)
    sheet.right("booking_number", f"No. {booking}", s1)
    sheet.add(SAME_SENTENCE, "booking_number", bl, s1)
    cite_date(sheet, RIGHT, "onboard_date", shipped, s1, "long", "en-GB")
    cite_date(sheet, DAY_MONTH, "onboard_date", shipped, s1, "long", "en-GB")
    sheet.right("consignee_name", sheet.pick(consignee, f"{consignee}{c_form}".upper()), s2)
    sheet.add(OTHER_PARTY, "consignee_name", f"{notify}{n_form}", s2)
    sheet.add(OTHER_PARTY, "consignee_name", f"{shipper}{s_form}", s2)
    sheet.right(
        "container_count",
        sheet.pick(f"{boxes} Containers", f"{english(boxes)} containers"),
        s3,
        Claim(Decimal(boxes), "containers"),
    )
    sheet.add(COUNT, "container_count", f"{boxes} pallets", s3, Claim(Decimal(boxes), "pallets"))
    sheet.right(
        "pallet_count",
        sheet.pick(f"{pallets} PALLETS", f"{english(pallets)} pallets"),
        s3,
        Claim(Decimal(pallets), "pallets"),
    )
    sheet.add(
        COUNT, "pallet_count", f"{pallets} containers", s3, Claim(Decimal(pallets), "containers")
    )
    sheet.add(
        SAME_SENTENCE,
        "pallet_count",
        f"{english(boxes)} pallets",
        s3,
        Claim(Decimal(boxes), "pallets"),
    )
    mass = Claim(gross, "kg")
    forms = (
        f"{grouped(gross)} kg",
        f"{decimal_text(gross / 1000)} t",
        f"{gross} kilograms",
        f"{decimal_text(gross / 1000)} metric tonnes",
    )
    sheet.right("gross_weight", fresh(sheet, forms, s3), s3, mass)
    sheet.add(UNIT, "gross_weight", f"{grouped(gross)} lb", s3, Claim(gross, "lb"))
    sheet.add(
        SEPARATOR, "gross_weight", f"{decimal_text(gross / 1000)} kg", s3, Claim(gross / 1000, "kg")
    )
    sheet.add(SAME_SENTENCE, "gross_weight", f"{grouped(net)} kg", s3, Claim(net, "kg"))
    sheet.right("net_weight", f"{decimal_text(net / 1000)} t", s3, Claim(net, "kg"))
    cubic = Claim(volume, "CBM")
    sheet.right(
        "volume",
        sheet.pick(f"{decimal_text(volume)} m³", f"{decimal_text(volume)} cubic metres"),
        s3,
        cubic,
    )
    sheet.add(UNIT, "volume", f"{decimal_text(volume)} cubic feet", s3, Claim(volume, "cu ft"))


_BL_ROLES = {"shipper": ["Shipper"], "consignee": ["Consignee"], "notify": ["Notify Party"]}
BILL_OF_LADING = Family(
    "bill-of-lading",
    {
        "bl_number": {"type": "identifier", "cues": ["B/L No."]},
        "booking_number": {"type": "identifier", "cues": ["Booking No."]},
        "onboard_date": {"type": "date"},
        "consignee_name": {"type": "name", "role": "consignee", "roles": _BL_ROLES},
        "container_count": {"type": "quantity", "cues": ["containers"]},
        "pallet_count": {"type": "quantity", "cues": ["pallets"]},
        "gross_weight": {"type": "quantity", "unit": "kg", "cues": ["gross weight"]},
        "net_weight": {"type": "quantity", "unit": "kg", "cues": ["net weight"]},
        "volume": {"type": "quantity", "unit": "CBM", "cues": ["measurement"]},
    },
    _bill_of_lading,
    locale="en-GB",
    distinct=True,
    peer_units={"container_count": "containers", "pallet_count": "pallets"},
)


SHIPPING = (FREIGHT, BILL_OF_LADING)
