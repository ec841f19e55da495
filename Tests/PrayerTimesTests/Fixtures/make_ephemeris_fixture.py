#!/usr/bin/env python3
"""Writes ephemeris-events.json: true instants of the solar events the prayer-time engine
computes, from an independent high-precision ephemeris (skyfield with JPL DE421 from the
skyfield-data package; works offline). Run: pip install skyfield skyfield-data scipy

Definitions (as the engine uses them, all from the Sun's centre, topocentric, airless):
  transit        upper meridian transit
  sunrise/sunset altitude -0.833 deg (refraction and semi-diameter folded in)
  dawnN / duskN  altitude -N deg before / after transit
  asr1 / asr2    after transit, the altitude at which an object's shadow is its noon
                 shadow plus 1 (or 2) times its length: cot(h) = k + tan(z_noon), where
                 z_noon is the zenith distance at transit.
The output is committed; swift test needs no Python."""
import json, math, random, warnings
from datetime import date, datetime, timezone

warnings.filterwarnings("ignore")
from scipy.optimize import brentq
from skyfield import almanac
from skyfield.api import Loader, wgs84
from skyfield_data import get_skyfield_data_path

load = Loader(get_skyfield_data_path(), expire=False)
ts = load.timescale(builtin=True)
eph = load("de421.bsp")
earth, sun = eph["earth"], eph["sun"]

DAWN = [18.0, 15.0, 19.5]
DUSK = [17.0, 15.0, 18.0]

def cases():
    rng = random.Random(20260320)
    out = [(21.4225, 39.8262, date(2026, 3, 20)), (51.5074, -0.1278, date(2026, 6, 21)),
           (40.7128, -74.006, date(2026, 12, 21)), (-33.8688, 151.2093, date(2026, 1, 15)),
           (64.1466, -21.9426, date(2026, 9, 23)), (-6.2088, 106.8456, date(2026, 4, 10))]
    while len(out) < 540:
        lat = rng.uniform(-60.0, 65.0)
        lon = rng.uniform(-180.0, 180.0)
        d = date(rng.randint(2020, 2030), rng.randint(1, 12), rng.randint(1, 28))
        out.append((round(lat, 4), round(lon, 4), d))
    return out

def unix(t):
    return round(t.utc_datetime().timestamp(), 3)

def solve(case):
    lat, lon, d = case
    topos = wgs84.latlon(lat, lon)
    obs = earth + topos
    def alt(jd):
        return obs.at(ts.tt_jd(jd)).observe(sun).apparent().altaz()[0].degrees
    noon_guess = ts.utc(d.year, d.month, d.day, 12, 0, -lon / 15.0 * 3600.0).tt
    t, y = almanac.find_discrete(ts.tt_jd(noon_guess - 0.6), ts.tt_jd(noon_guess + 0.6),
                                 almanac.meridian_transits(eph, sun, topos))
    uppers = [ti.tt for ti, yi in zip(t, y) if yi == 1]
    transit = min(uppers, key=lambda x: abs(x - noon_guess))
    h_noon = alt(transit)
    ev = {"transit": unix(ts.tt_jd(transit))}

    def cross(target, a, b):
        fa, fb = alt(a) - target, alt(b) - target
        if fa * fb > 0:
            return None
        return unix(ts.tt_jd(brentq(lambda x: alt(x) - target, a, b, xtol=1e-8)))

    morning, evening = (transit - 0.5, transit), (transit, transit + 0.5)
    ev["sunrise"] = cross(-0.833, *morning)
    ev["sunset"] = cross(-0.833, *evening)
    for a in DAWN:
        ev[f"dawn{a:g}"] = cross(-a, *morning)
    for a in DUSK:
        ev[f"dusk{a:g}"] = cross(-a, *evening)
    for k in (1, 2):
        if h_noon <= 0:
            ev[f"asr{k}"] = None
            continue
        z = math.radians(90.0 - h_noon)
        target = math.degrees(math.atan(1.0 / (k + math.tan(z))))
        ev[f"asr{k}"] = cross(target, *evening)
    return {"lat": lat, "lon": lon, "date": d.isoformat(), "events": ev}

if __name__ == "__main__":
    out = {"source": "skyfield + JPL DE421 (skyfield-data), topocentric, airless, Sun centre",
           "cases": [solve(c) for c in cases()]}
    with open("ephemeris-events.json", "w") as f:
        json.dump(out, f, indent=0, separators=(",", ":"))
        f.write("\n")
