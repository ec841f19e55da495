"""Reads a calendar feed with Python's icalendar library (Debian's python3-icalendar) and
prints the calendar's name (X-WR-CALNAME) on the first line, then each VEVENT as one
tab-separated line: UID, start and end as UTC seconds, SUMMARY.

The start is resolved through the file's own VTIMEZONE, built by the library (`to_tz`), not
through a time zone database looked up by the TZID's name: icalendar 4.x (Debian 12) reads a
known Olson TZID with pytz and never looks at the VTIMEZONE, so a wrong VTIMEZONE would go
unnoticed that way. A TZID without its VTIMEZONE is an error.

Usage: python3 ics_check.py FILE.ics
"""
import sys
from datetime import timezone

import icalendar


def zones(cal):
    out = {}
    for vtz in cal.walk('VTIMEZONE'):
        try:
            tz = vtz.to_tz(lookup_tzid=False)  # icalendar 6: from the components, not by name
        except TypeError:
            tz = vtz.to_tz()  # icalendar 4 and 5: always from the components
        out[str(vtz['TZID'])] = tz
    return out


def instant(prop, tzs):
    dt = prop.dt
    tzid = prop.params.get('TZID')
    if tzid is None:
        if dt.tzinfo is None:
            raise SystemExit('floating time: %s' % prop.to_ical())
        return dt.astimezone(timezone.utc)
    tz = tzs[str(tzid)]
    wall = dt.replace(tzinfo=None)
    if hasattr(tz, 'localize'):  # pytz: of a repeated wall time, its first occurrence (RFC 5545)
        return min(tz.localize(wall, is_dst=True).astimezone(timezone.utc),
                   tz.localize(wall, is_dst=False).astimezone(timezone.utc))
    return wall.replace(tzinfo=tz, fold=0).astimezone(timezone.utc)


def main(path):
    with open(path, 'rb') as f:
        cal = icalendar.Calendar.from_ical(f.read())
    tzs = zones(cal)
    out = sys.stdout.buffer
    out.write(str(cal.get('X-WR-CALNAME', '')).encode('utf-8') + b'\n')
    for ev in cal.walk('VEVENT'):
        start = instant(ev['DTSTART'], tzs)
        end = start + ev['DURATION'].dt
        line = '\t'.join([str(ev['UID']), str(int(start.timestamp())), str(int(end.timestamp())), str(ev['SUMMARY'])])
        out.write(line.encode('utf-8') + b'\n')


if __name__ == '__main__':
    main(sys.argv[1])
