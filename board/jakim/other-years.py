#!/usr/bin/env python3
"""JAKIM's tables of other years for `make jakim-zones-check`, as prayer_times_YEAR.csv files
in the Malaysia Waktu Solat Dataset's columns (zone,date,day,imsak,subuh,syuruk,dhuha,zohor,
asar,maghrib,isyak; times HH:MM, Malaysia's clock).

    board/jakim/other-years.py REPO OUTDIR [YEAR ...]

REPO: a clone of github ruqqq/prayertimes-database (GPL-3.0; not copied into Mihrab), whose
data/MY/ZONE/YEAR.json are JAKIM e-Solat's times as fetched at the start of each year
(times as UTC instants: Subuh, Syuruk, Zohor, Asar, Maghrib, Isyak). Read with `git show`,
so a bare mirror will do. YEARs: 2022 to 2026 unless given.
"""
import datetime
import json
import os
import subprocess
import sys

repo, outdir = sys.argv[1], sys.argv[2]
years = [int(y) for y in sys.argv[3:]] or list(range(2022, 2027))
os.makedirs(outdir, exist_ok=True)


def git(*args):
    return subprocess.run(["git", "-C", repo, *args], check=True, capture_output=True, text=True).stdout


zones = sorted(p.split("/")[-1] for p in git("ls-tree", "--name-only", "HEAD", "data/MY/").split()
               if not p.endswith(".json") and len(p.split("/")[-1]) == 5)
local = datetime.timedelta(hours=8)
for year in years:
    rows = []
    for zone in zones:
        try:
            data = json.loads(git("show", f"HEAD:data/MY/{zone}/{year}.json"))
        except subprocess.CalledProcessError:
            continue
        days = [d for month in data for d in month] if data and isinstance(data[0], list) else data
        for d in days:
            times = d.get("times") or []
            if len(times) != 6:
                continue
            hm = [(datetime.datetime.fromisoformat(t.replace("Z", "+00:00")) + local).strftime("%H:%M") for t in times]
            date = f"{d['year']:04d}-{d['month']:02d}-{d['date']:02d}"
            rows.append(f"{zone},{date},,,{hm[0]},{hm[1]},,{hm[2]},{hm[3]},{hm[4]},{hm[5]}")
    path = os.path.join(outdir, f"prayer_times_{year}.csv")
    with open(path, "w", encoding="utf-8") as f:
        f.write("zone,date,day,imsak,subuh,syuruk,dhuha,zohor,asar,maghrib,isyak\n" + "\n".join(sorted(rows)) + "\n")
    print(f"wrote {path}: {len(rows)} zone-days")
