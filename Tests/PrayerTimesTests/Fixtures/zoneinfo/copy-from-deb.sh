#!/bin/sh
# Copies the TZif files the time-zone tests use from a Debian tzdata package (a .deb, or a
# zoneinfo directory such as an unpacked package's usr/share/zoneinfo) into this directory.
#   sh copy-from-deb.sh tzdata_2026f-0+deb13u1_all.deb
# Links are followed (plain files here). Then update README.md (release, package, checksum).
set -eu
here=$(cd "$(dirname "$0")" && pwd)
src=${1:?usage: copy-from-deb.sh TZDATA.deb | ZONEINFO-DIR}
zones="Africa/Cairo Africa/Casablanca America/New_York America/Nuuk America/Santiago America/St_Johns
Asia/Beirut Asia/Jerusalem Asia/Kathmandu Asia/Riyadh Asia/Tehran Australia/Lord_Howe Australia/Sydney
Europe/Istanbul Europe/London Pacific/Chatham Pacific/Kiritimati"

tmp=
trap '[ -z "$tmp" ] || rm -rf "$tmp"' EXIT
if [ -f "$src" ]; then
    tmp=$(mktemp -d)
    dpkg-deb -x "$src" "$tmp"
    dir=$tmp/usr/share/zoneinfo
    sha256sum "$src" | sed 's|  .*/|  |'
else
    dir=$src
fi
[ -f "$dir/tzdata.zi" ] || { echo "$dir: no tzdata.zi, not a zoneinfo directory" >&2; exit 1; }
echo "tzdata release: $(sed -n 's/^# version //p' "$dir/tzdata.zi")"
for z in $zones; do
    mkdir -p "$here/$(dirname "$z")"
    head -c 4 "$dir/$z" | grep -q TZif || { echo "$dir/$z: not a TZif file" >&2; exit 1; }
    cp -L "$dir/$z" "$here/$z"
    chmod 644 "$here/$z"
done
echo "copied $(echo $zones | wc -w) zones into $here"
