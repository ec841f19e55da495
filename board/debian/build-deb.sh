#!/usr/bin/env bash
# Builds the Debian package dist/mihrab_VERSION_ARCH.deb with dpkg-dev's own tools (make deb;
# it installs the Debian packages this needs first) and prints its path.
#
#   bash board/debian/build-deb.sh
#
# The binary: swift build with the Swift runtime and Foundation linked statically (a unit has
# no Swift toolchain), stripped as dh_strip strips. The version is BuildInfo.version
# (Sources/mihrab/BuildInfo.swift), which board/debian/changelog's top entry must match; the
# architecture is the build machine's (dpkg --print-architecture: build on an arm64 machine
# for a Raspberry Pi on 64-bit Raspberry Pi OS). The package is staged as debhelper would
# (.build-deb/deb/debian/mihrab), its control file made by dpkg-shlibdeps and dpkg-gencontrol
# from board/debian/control, built by dpkg-deb --root-owner-group, and checked by lintian:
# any error or warning not overridden in board/debian/lintian-overrides fails the build.
# SWIFT=path picks the swift driver.
set -euo pipefail
umask 022

root=$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)
here=$root/board/debian
cd "$root"
swift=${SWIFT:-swift}
scratch=.build-deb
started=$SECONDS

fail() { echo "build-deb: $*" >&2; exit 1; }
step() { echo "build-deb: $* ($((SECONDS - started)) s)"; }
for tool in dpkg-deb dpkg-gencontrol dpkg-shlibdeps dpkg-parsechangelog lintian help2man strip ldd; do
    command -v "$tool" >/dev/null || fail "$tool is not installed (make deb installs what it needs)"
done

# One source of truth for the version: BuildInfo.swift; the changelog must have an entry for it.
version=$(sed -n 's/^[[:space:]]*static let version = "\([^"]*\)".*/\1/p' Sources/mihrab/BuildInfo.swift)
[[ $version =~ ^[0-9][A-Za-z0-9.+~]*$ ]] ||
    fail "no version found in Sources/mihrab/BuildInfo.swift (static let version = \"...\"): '$version'"
logged=$(dpkg-parsechangelog -l "$here/changelog" -S Version)
[[ $logged == "$version" ]] ||
    fail "board/debian/changelog's top entry is $logged but BuildInfo.swift says $version: add an entry (dch -c board/debian/changelog -v $version)"
arch=$(dpkg --print-architecture)
# File dates in the package: the changelog entry's (reproducible builds).
SOURCE_DATE_EPOCH=$(dpkg-parsechangelog -l "$here/changelog" -S Timestamp)
export SOURCE_DATE_EPOCH

# 1. The binary.
step "swift build (release, static Swift runtime and Foundation) into $scratch"
build=(-c release --static-swift-stdlib --scratch-path "$scratch")
"$swift" build "${build[@]}" --product mihrab
binary=$("$swift" build "${build[@]}" --show-bin-path)/mihrab
[[ -x $binary ]] || fail "no binary at $binary"

# 2. The package's tree, as debhelper lays it out: debian/control, debian/changelog and
# debian/mihrab (the root) under .build-deb/deb.
work=$scratch/deb
pkg=$work/debian/mihrab
rm -rf "$work"
mkdir -p "$pkg/DEBIAN"
cp "$here/control" "$here/changelog" "$work/debian/"

install -D -m 755 "$binary" "$pkg/usr/bin/mihrab"
strip --strip-unneeded --remove-section=.comment --remove-section=.note "$pkg/usr/bin/mihrab"
out=$("$pkg/usr/bin/mihrab" version) || fail "the stripped binary does not run: $out"
[[ $out == "mihrab $version"* ]] || fail "the stripped binary says '$out', not mihrab $version"
# Nothing of the toolchain may be loaded at run time: there is no /opt/swift on a unit.
libs=$(ldd "$pkg/usr/bin/mihrab")
if bad=$(grep -E '/opt/swift|libswift|libFoundation|lib_Foundation|libdispatch|libBlocksRuntime|libicu' <<<"$libs"); then
    fail "the binary loads toolchain libraries (not linked statically):"$'\n'"$bad"
fi
grep -q 'not found' <<<"$libs" && fail "the binary needs libraries that are not installed:"$'\n'"$libs"

# The daemon's unit names /usr/bin/mihrab; the kiosk's is rewritten from /usr/local into /usr
# (as make install-kiosk does into PREFIX). Units in /lib/systemd/system (bookworm's place).
install -D -m 644 board/systemd/mihrab.service "$pkg/lib/systemd/system/mihrab.service"
sed -e 's|/usr/local/lib/mihrab/|/usr/lib/mihrab/|' -e 's|/usr/local/share/doc/|/usr/share/doc/|' \
    board/kiosk/mihrab-kiosk.service >"$pkg/lib/systemd/system/mihrab-kiosk.service"
chmod 644 "$pkg/lib/systemd/system/mihrab-kiosk.service"
if grep -n /usr/local "$pkg"/lib/systemd/system/*.service; then fail "a packaged unit still names /usr/local"; fi
install -D -m 755 board/kiosk/mihrab-kiosk "$pkg/usr/lib/mihrab/mihrab-kiosk"
for unit in "$pkg"/lib/systemd/system/*.service; do
    program=$(sed -n 's/^ExecStart=[-@:+!]*\([^ ]*\).*/\1/p' "$unit")
    [[ -x $pkg$program ]] || fail "$(basename "$unit"): ExecStart=$program is not in the package"
done
install -D -m 644 board/systemd/mihrab.sysusers "$pkg/usr/lib/sysusers.d/mihrab.conf"
# The gpio and i2c groups' access to /dev/gpiochip* and /dev/i2c-* (plain Debian gives them
# to root alone; Raspberry Pi OS's own rules agree with these).
install -D -m 644 board/systemd/60-mihrab.rules "$pkg/lib/udev/rules.d/60-mihrab.rules"
install -D -m 644 board/kiosk/mihrab-kiosk.sysusers "$pkg/usr/lib/sysusers.d/mihrab-kiosk.conf"

# /etc: every file a conffile (dpkg keeps local changes on upgrade and asks).
install -D -m 644 board/mihrab.toml "$pkg/etc/mihrab/mihrab.toml"
install -d "$pkg/etc/mihrab/boards"
install -m 644 board/raspberry-pi-4.toml board/raspberry-pi-5.toml board/raspberry-pi-zero-2w.toml \
    board/simulated.toml "$pkg/etc/mihrab/boards/"
install -D -m 644 board/kiosk/kiosk.env "$pkg/etc/mihrab/kiosk.env"
install -D -m 644 board/kiosk/mihrab-kiosk.pam "$pkg/etc/pam.d/mihrab-kiosk"

install -d "$pkg/usr/share/mihrab/sounds"
install -m 644 board/sounds/*.flac "$pkg/usr/share/mihrab/sounds/"

# Documentation. README.md stays uncompressed: the units' Documentation= names it.
doc=$pkg/usr/share/doc/mihrab
install -D -m 644 README.md "$doc/README.md"
install -m 644 "$here/copyright" "$doc/copyright"
gzip -9n -c "$here/changelog" >"$doc/changelog.gz" # a native package: changelog.gz
chmod 644 "$doc/changelog.gz"
install -D -m 644 "$here/lintian-overrides" "$pkg/usr/share/lintian/overrides/mihrab"
install -d "$pkg/usr/share/man/man1"
help2man --no-info --no-discard-stderr --version-string="$version" --section=1 \
    --name="prayer times, qibla and adhan for a wall unit" "$pkg/usr/bin/mihrab" |
    gzip -9n >"$pkg/usr/share/man/man1/mihrab.1.gz"
chmod 644 "$pkg/usr/share/man/man1/mihrab.1.gz"

# 3. Maintainer scripts, conffiles, and the control file.
install -m 755 "$here/postinst" "$here/prerm" "$here/postrm" "$pkg/DEBIAN/"
(cd "$pkg" && find etc -type f | LC_ALL=C sort | sed 's|^|/|') >"$pkg/DEBIAN/conffiles"
# md5sums of every file but the conffiles (dpkg records theirs), as dh_md5sums writes it.
(cd "$pkg" && find . -type f ! -path './DEBIAN/*' ! -path './etc/*' -printf '%P\0' | LC_ALL=C sort -z |
    xargs -0 md5sum) >"$pkg/DEBIAN/md5sums"
chmod 644 "$pkg/DEBIAN/conffiles" "$pkg/DEBIAN/md5sums"
step "dpkg-shlibdeps and dpkg-gencontrol"
(
    cd "$work"
    dpkg-shlibdeps -Tdebian/mihrab.substvars -edebian/mihrab/usr/bin/mihrab
    dpkg-gencontrol -pmihrab -Tdebian/mihrab.substvars -Pdebian/mihrab -fdebian/files
)

# 4. The .deb.
mkdir -p dist
deb=dist/mihrab_${version}_${arch}.deb
step "dpkg-deb --build"
dpkg-deb --root-owner-group --build "$pkg" "$deb" >/dev/null

# 5. lintian: errors and warnings fail the build unless overridden (each override says why).
step "lintian"
lintian_started=$SECONDS
status=0
lintian --display-info --fail-on error,warning "$deb" || status=$?
echo "build-deb: lintian took $((SECONDS - lintian_started)) s"
((status == 0)) || fail "lintian found errors or warnings (not overridden in board/debian/lintian-overrides)"

step "done: $(du -h "$deb" | cut -f1)"
echo "$root/$deb"
