#!/usr/bin/env python3
"""Writes gnss-trip.nmea: a 3D fix at the Kaaba's city, a loss of fix, then a 3D fix
in London. Run it again after editing; the output is committed."""

def sentence(body):
    cs = 0
    for ch in body:
        cs ^= ord(ch)
    return f"${body}*{cs:02X}\r\n"

def ddmm(value, pos, neg):
    hemi = pos if value >= 0 else neg
    value = abs(value)
    deg = int(value)
    minutes = (value - deg) * 60
    width = 2 if pos == "N" else 3
    return f"{deg:0{width}d}{minutes:07.4f}", hemi

def epoch(t, lat, lon, alt, fix):
    hh, mm, ss = t // 3600, (t // 60) % 60, t % 60
    stamp = f"{hh:02d}{mm:02d}{ss:02d}.00"
    la, ns = ddmm(lat, "N", "S")
    lo, ew = ddmm(lon, "E", "W")
    if fix:
        return [
            sentence(f"GPGGA,{stamp},{la},{ns},{lo},{ew},1,08,0.9,{alt:.1f},M,0.0,M,,"),
            sentence("GPGSA,A,3,01,02,03,04,05,06,07,08,,,,,1.6,0.9,1.3"),
            sentence(f"GPRMC,{stamp},A,{la},{ns},{lo},{ew},0.0,0.0,200326,,,A"),
        ]
    return [
        sentence(f"GPGGA,{stamp},,,,,0,00,99.9,,M,,M,,"),
        sentence("GPGSA,A,1,,,,,,,,,,,,,99.9,99.9,99.9"),
        sentence(f"GPRMC,{stamp},V,,,,,,,200326,,,N"),
    ]

lines = []
t = 9 * 3600
for _ in range(25):   # Makkah, 277 m (long: a client may connect late)
    lines += epoch(t, 21.4225, 39.8262, 277.0, True); t += 1
for _ in range(6):    # no fix
    lines += epoch(t, 0, 0, 0, False); t += 1
for _ in range(12):   # London, 11 m
    lines += epoch(t, 51.5074, -0.1278, 11.0, True); t += 1

with open("gnss-trip.nmea", "w", newline="") as f:
    f.writelines(lines)
