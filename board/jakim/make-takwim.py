#!/usr/bin/env python3
"""Writes Sources/PrayerTimes/Hijri/JakimTakwimTable.swift: the first day of each Hijri month
in JAKIM's own takwim (Malaysia's official Hijri calendar, by sighting and the MABIMS
criterion), which Kedah's zones' times follow (DerivedTimes).

    board/jakim/make-takwim.py TARIKH_CSV [OUTPUT]

TARIKH_CSV: data/tarikh.csv of the Malaysia Waktu Solat Dataset (github
abualif120/malaysia-waktu-solat-dataset, commit db916d0, CC BY 4.0): `gregorian,hijri,day`,
JAKIM e-Solat's tarikhtakwim, 2000-01-01 to 2027-12-28.
"""
import csv
import datetime
import sys

src = sys.argv[1]
out = sys.argv[2] if len(sys.argv) > 2 else "Sources/PrayerTimes/Hijri/JakimTakwimTable.swift"
epoch = datetime.date(1970, 1, 1)
starts = []  # (hijri year, month, days since 1970)
last = None
for row in csv.DictReader(open(src, encoding="utf-8")):
    g = datetime.date.fromisoformat(row["gregorian"])
    y, m, d = (int(x) for x in row["hijri"].split("-"))
    if last is not None and (g - last).days != 1:
        sys.exit(f"{src}: {row['gregorian']} does not follow {last}")
    last = g
    if d == 1:
        starts.append((y, m, (g - epoch).days))
    elif d > 30:
        sys.exit(f"{src}: {row['gregorian']}: day {d} of a Hijri month")
# Every month follows the one before, 29 or 30 days later.
for (y0, m0, s0), (y1, m1, s1) in zip(starts, starts[1:]):
    if (y1 * 12 + m1) - (y0 * 12 + m0) != 1 or s1 - s0 not in (29, 30):
        sys.exit(f"{src}: month {y1}-{m1} does not follow {y0}-{m0} by 29 or 30 days")
first_y, first_m, first_day = starts[0]
lines = [
    "// Made by board/jakim/make-takwim.py: do not edit.",
    "// JAKIM's takwim, Malaysia's official Hijri calendar: the first day of each month from",
    f"// {first_y}-{first_m:02d} ({epoch + datetime.timedelta(days=first_day)}) to "
    f"{starts[-1][0]}-{starts[-1][1]:02d} ({epoch + datetime.timedelta(days=starts[-1][2])}),",
    "// as JAKIM e-Solat's tarikhtakwim gives it: the Malaysia Waktu Solat Dataset",
    "// (github abualif120/malaysia-waktu-solat-dataset, commit db916d0, data/tarikh.csv), CC BY 4.0.",
    "",
    "enum JakimTakwimTable {",
    f"    /// The Hijri year and month of the first start.",
    f"    static let firstYear = {first_y}, firstMonth = {first_m}",
    "    /// Days since 1970-01-01 of the first start.",
    f"    static let firstDay = {first_day}",
    "    /// Each month's first day, in days after `firstDay`; the last entry starts a month",
    "    /// whose end the takwim does not give.",
    "    static let monthStarts: [UInt16] = [",
]
rel = [s - first_day for _, _, s in starts]
for i in range(0, len(rel), 12):
    lines.append("        " + ", ".join(str(x) for x in rel[i:i + 12]) + ",")
lines += ["    ]", "}", ""]
open(out, "w", encoding="utf-8").write("\n".join(lines))
print(f"wrote {out}: {len(starts)} month starts")
