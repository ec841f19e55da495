#!/usr/bin/env python3
"""Writes qibla-fixture.json: the qibla from places across the globe by two independent
references: the spherical great-circle formula (computed here with Python's math, in
the standard form) and the WGS84 geodesic azimuth from geographiclib (Karney).
Run: pip install geographiclib"""
import json, math
from geographiclib.geodesic import Geodesic

KAABA = (21.4225241, 39.8261818)
R = 6371.0088
places = {
    "New York": (40.7128, -74.0060), "London": (51.5074, -0.1278), "Jakarta": (-6.2088, 106.8456),
    "Cairo": (30.0444, 31.2357), "Istanbul": (41.0082, 28.9784), "Karachi": (24.8607, 67.0011),
    "Dhaka": (23.8103, 90.4125), "Lagos": (6.5244, 3.3792), "Sydney": (-33.8688, 151.2093),
    "Tokyo": (35.6762, 139.6503), "Los Angeles": (34.0522, -118.2437), "Sao Paulo": (-23.5505, -46.6333),
    "Cape Town": (-33.9249, 18.4241), "Moscow": (55.7558, 37.6173), "Reykjavik": (64.1466, -21.9426),
    "Tromso": (69.6492, 18.9553), "Anchorage": (61.2181, -149.9003), "Honolulu": (21.3069, -157.8583),
    "Auckland": (-36.8485, 174.7633), "Ushuaia": (-54.8019, -68.3030), "Medina": (24.4672, 39.6112),
    "Jeddah": (21.4858, 39.1925), "Kuala Lumpur": (3.1390, 101.6869), "Toronto": (43.6532, -79.3832),
    "Lima": (-12.0464, -77.0428), "Longyearbyen": (78.2232, 15.6267), "McMurdo": (-77.8419, 166.6863),
    "Papeete": (-17.5516, -149.5585), "Tureia": (-20.7767, -138.5700), "Quito": (-0.1807, -78.4678),
}

def great_circle(lat, lon):
    p1, p2 = math.radians(lat), math.radians(KAABA[0])
    dl = math.radians(KAABA[1] - lon)
    brg = math.degrees(math.atan2(math.sin(dl) * math.cos(p2),
                                  math.cos(p1) * math.sin(p2) - math.sin(p1) * math.cos(p2) * math.cos(dl))) % 360
    c = math.acos(max(-1, min(1, math.sin(p1) * math.sin(p2) + math.cos(p1) * math.cos(p2) * math.cos(dl))))
    return brg, c * R

out = []
for name, (lat, lon) in places.items():
    brg, dist = great_circle(lat, lon)
    g = Geodesic.WGS84.Inverse(lat, lon, *KAABA)
    out.append({"name": name, "lat": lat, "lon": lon, "greatCircle": round(brg, 9), "greatCircleKm": round(dist, 6),
                "geodesic": round(g["azi1"] % 360, 9), "geodesicKm": round(g["s12"] / 1000, 6)})
with open("qibla-fixture.json", "w") as f:
    json.dump(out, f, indent=0)
    f.write("\n")
