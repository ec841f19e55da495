#!/usr/bin/env python3
"""Convert batoulapps/adhan's prayer-time test vectors (Shared/Times/*.json) into one
compact fixture, adhan-authority-vectors.json, for Tests/PrayerTimesTests/Fixtures/.

The vectors are adhan's (MIT licence, Copyright (c) 2016 Batoul Apps); the licence text
travels inside the fixture ("licence") and must stay with it.

What is kept, per vector file: its name and git blob, `params` as adhan wrote them, the
command-line names of the same method/madhab/high-latitude rule for mihrab, `source`
verbatim, `variance` (null when the file has none: adhan's own tests then use 0), and
`times` as ISO dates with 24-hour local "HH:MM" times in params.timezone.

Three files (Doha, London, Makkah) carry no variance: their source lines show the
authority's published times with the +/-1..2 minute edits adhan applied so that its own
output matches exactly ("4:56-1" = published 4:56, vector 4:55). For those, `published`
gives the authority's unedited times, read back from the source lines, and
`publishedTolerance` the tolerance the source note states ("adjusted +/- N minutes").

Usage:
  make_fixture.py [--git-dir DIR] [--commit REV] [--path Shared/Times] [--out FILE]
  make_fixture.py --dir DIR_WITH_JSON --commit SHA   (from a plain copy of the folder)
"""
import argparse
import json
import re
import subprocess
import sys
from datetime import date, datetime
from pathlib import Path

DEFAULT_GIT_DIR = "/work/.mirror/batoulapps+adhan-js/repo"
PRAYERS = ["fajr", "sunrise", "dhuhr", "asr", "maghrib", "isha"]
METHOD = {"MuslimWorldLeague": "mwl", "Egyptian": "egypt", "Karachi": "karachi", "UmmAlQura": "umm-al-qura",
          "Dubai": "dubai", "MoonsightingCommittee": "moonsighting", "NorthAmerica": "isna", "Kuwait": "kuwait",
          "Qatar": "qatar", "Singapore": "singapore", "Tehran": "tehran", "Turkey": "turkey"}
MADHAB = {"Shafi": "shafi", "Hanafi": "hanafi"}
# adhan's test maps any other value (and a missing one) to MiddleOfTheNight.
HLR = {"MiddleOfTheNight": "middle-of-night", "SeventhOfTheNight": "seventh-of-night",
       "TwilightAngle": "twilight-angle"}

LICENCE = """The MIT License (MIT)

Copyright (c) 2016 Batoul Apps

Permission is hereby granted, free of charge, to any person obtaining a copy
of this software and associated documentation files (the "Software"), to deal
in the Software without restriction, including without limitation the rights
to use, copy, modify, merge, publish, distribute, sublicense, and/or sell
copies of the Software, and to permit persons to whom the Software is
furnished to do so, subject to the following conditions:

The above copyright notice and this permission notice shall be included in all
copies or substantial portions of the Software.

THE SOFTWARE IS PROVIDED "AS IS", WITHOUT WARRANTY OF ANY KIND, EXPRESS OR
IMPLIED, INCLUDING BUT NOT LIMITED TO THE WARRANTIES OF MERCHANTABILITY,
FITNESS FOR A PARTICULAR PURPOSE AND NONINFRINGEMENT. IN NO EVENT SHALL THE
AUTHORS OR COPYRIGHT HOLDERS BE LIABLE FOR ANY CLAIM, DAMAGES OR OTHER
LIABILITY, WHETHER IN AN ACTION OF CONTRACT, TORT OR OTHERWISE, ARISING FROM,
OUT OF OR IN CONNECTION WITH THE SOFTWARE OR THE USE OR OTHER DEALINGS IN THE
SOFTWARE.
"""

# Facts about single files that the data alone does not say.
NOTES = {
    "Dubai-Gulf.json": [
        "The times are the awqaf.gov.ae table of 2018 (source lines dated DD/MM/2018) but the "
        "vector dates say 2016, and 2015 for November and December (typos). Kept as published: "
        "a two-year shift moves the Sun by seconds, within the variance of 1.",
    ],
    "Makkah-UmmAlQura.json": [
        "The first source line reads '1/5/15' (M/D/YY); its Hijri date 25/3/1437 is 2016-01-05, "
        "the vector's date: a typo in the note only.",
    ],
    "Ankara-Turkey.json": [
        "Europe/Istanbul is UTC+3 all year since September 2016 (no DST in 2019).",
    ],
}


def hm24(s, where):
    try:
        return datetime.strptime(s.strip(), "%I:%M %p").strftime("%H:%M")
    except ValueError:
        sys.exit(f"{where}: not an 'h:mm AM/PM' time: {s!r}")


def iso(s, where):
    try:
        return date.fromisoformat(s).isoformat()
    except ValueError:
        sys.exit(f"{where}: not an ISO date: {s!r}")


TOKEN = re.compile(r"(\d{1,2}):(\d{2})(?:\s*([ap]m))?([+-]\d)?", re.I)


def published_times(name, data, times):
    """The authority's unedited times from a file whose source lines mark adhan's edits
    ("4:56-1": published 4:56, vector 4:55); None for files without such marks."""
    lines = [s for s in data["source"][1:]
             if isinstance(s, str) and not s.lower().startswith("adjusted") and TOKEN.search(s)]
    if not any(re.search(r"\d{2}(?:\s*[ap]m)?[+-]\d\b", s, re.I) for s in lines):
        return None
    out = []
    for line, row in zip(lines, times, strict=True):
        body = line.split("Mecca")[-1] if "Mecca" in line else re.sub(r"^\S+\(\d+\)|^\w+ \d+ \(\w+\)", "", line)
        tokens = TOKEN.findall(body)[-6:]
        if len(tokens) != 6:
            sys.exit(f"{name}: cannot read six times from source line {line!r}")
        rec = {"date": row["date"]}
        for prayer, (h, m, ampm, edit) in zip(PRAYERS, tokens):
            h, m = int(h), int(m)
            if ampm:
                h = h % 12 + (12 if ampm.lower() == "pm" else 0)
            elif prayer in ("asr", "maghrib", "isha") or (prayer == "dhuhr" and h < 11):
                h = h % 12 + 12
            # Check: published + edit must give the vector's time.
            vh, vm = map(int, row[prayer].split(":"))
            if h * 60 + m + int(edit or 0) != vh * 60 + vm:
                sys.exit(f"{name} {row['date']} {prayer}: source {line!r} does not give the vector {row[prayer]}")
            rec[prayer] = f"{h:02d}:{m:02d}"
        out.append(rec)
    return out


def stated_tolerance(source):
    for s in source if isinstance(source, list) else [source]:
        m = re.match(r"adjusted \+/- (\d+) minute", str(s))
        if m:
            return int(m.group(1))
    return None


def convert(name, blob, data):
    p = data["params"]
    where = name
    times = []
    for t in data["times"]:
        row = {"date": iso(t["date"], where)}
        for prayer in PRAYERS:
            row[prayer] = hm24(t[prayer], f"{where} {t['date']} {prayer}")
        times.append(row)
    out = {
        "file": name,
        "blob": blob,
        "params": p,
        "mihrab": {
            "method": METHOD.get(p["method"], "custom"),
            "madhab": MADHAB.get(p.get("madhab"), "shafi"),
            "highLatitudeRule": HLR.get(p.get("highLatitudeRule"), "middle-of-night"),
        },
        "source": data.get("source"),
        "variance": data.get("variance"),
        "times": times,
    }
    published = published_times(name, data, times)
    if published is not None:
        out["published"] = published
        out["publishedTolerance"] = stated_tolerance(data.get("source"))
        edits = sum(a[k] != b[k] for a, b in zip(published, times) for k in PRAYERS)
        out.setdefault("notes", []).append(
            f"No variance: {edits} of {6 * len(times)} times were edited by adhan (+/-1..2 min) from the "
            "published table to equal adhan's own rounded output; `published` holds the unedited times.")
    out.setdefault("notes", []).extend(NOTES.get(name, []))
    if not out["notes"]:
        del out["notes"]
    return out


def git(git_dir, *args):
    return subprocess.run(["git", f"--git-dir={git_dir}", *args], check=True, capture_output=True).stdout


def load(args):
    """[(name, blob, data)], commit, commit date."""
    if args.dir:
        files = sorted(Path(args.dir).glob("*.json"))
        return [(f.name, None, json.loads(f.read_text())) for f in files], args.commit, None
    commit = git(args.git_dir, "rev-parse", args.commit).decode().strip()
    when = git(args.git_dir, "show", "-s", "--format=%cI", commit).decode().strip()
    listing = git(args.git_dir, "ls-tree", commit, args.path.rstrip("/") + "/").decode().splitlines()
    out = []
    for line in sorted(listing, key=lambda l: l.split("\t", 1)[1]):
        meta, path = line.split("\t", 1)
        _, kind, blob = meta.split()
        if kind != "blob" or not path.endswith(".json"):
            continue
        data = json.loads(git(args.git_dir, "show", f"{commit}:{path}"))
        out.append((path.rsplit("/", 1)[-1], blob, data))
    return out, commit, when


def dump(fixture):
    """JSON with one time row per line: small, and diffs stay readable."""
    text = json.dumps(fixture, indent=1, ensure_ascii=False)
    # Fold each {"date": ..., "fajr": ..., ...} object onto one line.
    return re.sub(r'\{\n\s+("date": "[^"]+",(?:\n\s+"\w+": "[^"]*",?)+)\n\s+\}',
                  lambda m: "{" + re.sub(r"\n\s+", " ", m.group(1)) + "}", text) + "\n"


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--git-dir", default=DEFAULT_GIT_DIR, help="adhan-js git directory (default: %(default)s)")
    ap.add_argument("--commit", default="HEAD")
    ap.add_argument("--path", default="Shared/Times")
    ap.add_argument("--dir", help="read *.json from this folder instead of git (give --commit for the record)")
    ap.add_argument("--out", default="/tmp/vectors/adhan-authority-vectors.json")
    args = ap.parse_args()

    files, commit, when = load(args)
    if not files:
        sys.exit("no vector files found")
    converted = [convert(name, blob, data) for name, blob, data in files]
    count = sum(6 * len(f["times"]) for f in converted)
    fixture = {
        "about": "batoulapps/adhan's prayer-time test vectors (Shared/Times), converted by "
                 "make_fixture.py: ISO dates, 24-hour local times (HH:MM) in params.timezone. "
                 "variance: allowed minutes, null where the file has none (adhan's tests use 0). "
                 "Compare like adhan's test: |computed - vector| <= variance.",
        "origin": {
            "repository": "https://github.com/batoulapps/adhan-js",
            "path": args.path,
            "commit": commit,
            "commitDate": when,
            "sameFilesIn": "batoulapps/adhan-swift Tests/Resources/Times (identical blobs)",
        },
        "licence": {"spdx": "MIT", "copyright": "Copyright (c) 2016 Batoul Apps", "text": LICENCE},
        "count": {"files": len(converted), "days": sum(len(f["times"]) for f in converted), "times": count},
        "files": converted,
    }
    Path(args.out).write_text(dump(fixture))
    # Round trip: the written file reads back to the same data.
    assert json.loads(Path(args.out).read_text()) == fixture
    print(f"{args.out}: {len(converted)} files, {count} times, adhan-js {commit}")


if __name__ == "__main__":
    main()
