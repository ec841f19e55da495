#!/usr/bin/env bash
# Builds the Debian package dist/mihrab_VERSION_ARCH.deb with dpkg-dev's own tools (make deb;
# it installs the Debian packages this needs first) and prints its path.
#
#   bash board/debian/build-deb.sh                    # this machine's architecture and release
#   ARCH=arm64 bash board/debian/build-deb.sh         # Debian 13 / Raspberry Pi OS trixie, arm64
#   ARCH=amd64 DIST=trixie bash board/debian/build-deb.sh   # Debian 13, amd64 (dist/trixie/)
#
# The binary: swift build with the Swift runtime and Foundation linked statically (a unit has
# no Swift toolchain), stripped as dh_strip strips. For this machine's release, with the
# machine's Swift (SWIFT=path picks the driver). For trixie, with Debian's own swiftlang in the
# chroots board/cross/toolchain.sh makes and caches in .build-cross (as root), against trixie's
# libraries for ARCH, then packaged inside the trixie root by trixie's dpkg-dev and lintian (the
# script runs itself there); an arm64 binary is run under qemu-aarch64-static where it must run.
# The version is BuildInfo.version (Sources/mihrab/BuildInfo.swift), which board/debian/changelog's
# top entry must match. The package is staged as debhelper would (SCRATCH/deb/debian/mihrab), its
# control file made by dpkg-shlibdeps and dpkg-gencontrol from board/debian/control, built by
# dpkg-deb --root-owner-group, and checked by lintian: any error or warning not overridden in
# board/debian/lintian-overrides fails the build.
set -euo pipefail
umask 022

root=$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)
here=$root/board/debian
cd "$root"
swift=${SWIFT:-swift}
started=$SECONDS
# The release build's flags (board/release-flags: no Foundation linked), as make release's.
read -ra release_flags <<<"$(tr '\n' ' ' <"$root/board/release-flags")"

fail() { echo "build-deb: $*" >&2; exit 1; }
step() { echo "build-deb: $* ($((SECONDS - started)) s)"; }

# Which package: ARCH (default: this machine's), DIST (default: this machine's release for its own
# architecture, trixie for another; trixie is the only other release built).
host_arch=$(dpkg --print-architecture)
arch=${ARCH:-$host_arch}
dist=${DIST:-}
[ -n "$dist" ] || { [ "$arch" = "$host_arch" ] && dist=native || dist=trixie; }
case $dist in native | trixie) ;; *) fail "DIST=$dist: this builds the machine's own release (no DIST) or trixie" ;; esac
[[ $dist != native || $arch == "$host_arch" ]] || fail "ARCH=$arch is built for trixie only (DIST=trixie)"
[[ $arch == amd64 || $arch == arm64 || $dist == native ]] || fail "ARCH=$arch: trixie packages are built for amd64 and arm64"

# For trixie: the binary from Debian's compiler, then this script again inside the trixie root,
# which packages it (MIHRAB_DEB_BINARY set: the binary is built already).
if [ "$dist" = trixie ] && [ -z "${MIHRAB_DEB_BINARY:-}" ]; then
    [ "$(id -u)" = 0 ] || exec sudo --preserve-env=ARCH,DIST,CROSS_MIRROR,MIHRAB_CACHE "$0"
    source "$root/board/cross/toolchain.sh"
    cross_toolchain
    step "swift build for $arch with Debian's swiftlang (release, static Swift runtime and Foundation)"
    cross_swift "$arch" build -c release --static-swift-stdlib --product mihrab --scratch-path ".build-cross/$arch-release" "${release_flags[@]}"
    binary=.build-cross/$arch-release/$(cross_triple "$arch")/release/mihrab
    [[ -x $binary ]] || fail "no binary at $binary"
    # qemu-user for the checks that run an arm64 binary (the host's static build works in a chroot).
    if [ "$arch" = arm64 ]; then
        command -v qemu-aarch64-static >/dev/null || fail "qemu-aarch64-static is not installed (make deb installs qemu-user-static)"
        install -D -m 755 "$(command -v qemu-aarch64-static)" "$sysroot/usr/local/bin/qemu-aarch64-static"
    fi
    cross_run "$sysroot" env MIHRAB_DEB_BINARY="$binary" ARCH="$arch" DIST=trixie bash board/debian/build-deb.sh
    exit
fi

scratch=.build-deb
[ "$dist" = native ] || scratch=.build-cross/$arch-deb
# What runs a binary of ARCH here (nothing for this machine's own), and the binutils for it.
run=()
tools_prefix=""
if [ "$arch" != "$(uname -m | sed 's/x86_64/amd64/; s/aarch64/arm64/')" ]; then
    run=(qemu-aarch64-static)
    tools_prefix=aarch64-linux-gnu-
fi
for tool in dpkg-deb dpkg-gencontrol dpkg-shlibdeps dpkg-parsechangelog dpkg-architecture lintian help2man "${tools_prefix}strip" ldd "${run[@]}"; do
    command -v "$tool" >/dev/null || fail "$tool is not installed (make deb installs what it needs)"
done

# One source of truth for the version: BuildInfo.swift; the changelog must have an entry for it.
version=$(sed -n 's/^[[:space:]]*static let version = "\([^"]*\)".*/\1/p' Sources/mihrab/BuildInfo.swift)
[[ $version =~ ^[0-9][A-Za-z0-9.+~]*$ ]] ||
    fail "no version found in Sources/mihrab/BuildInfo.swift (static let version = \"...\"): '$version'"
logged=$(dpkg-parsechangelog -l "$here/changelog" -S Version)
[[ $logged == "$version" ]] ||
    fail "board/debian/changelog's top entry is $logged but BuildInfo.swift says $version: add an entry (dch -c board/debian/changelog -v $version)"
# dpkg-shlibdeps and dpkg-gencontrol build for ARCH (the trixie root has its libraries).
eval "$(dpkg-architecture -a"$arch" -s 2>/dev/null)"
export DEB_HOST_ARCH DEB_HOST_GNU_TYPE DEB_HOST_MULTIARCH
# File dates in the package: the changelog entry's (reproducible builds).
SOURCE_DATE_EPOCH=$(dpkg-parsechangelog -l "$here/changelog" -S Timestamp)
export SOURCE_DATE_EPOCH

# 1. The binary (for trixie, built already by Debian's compiler).
if [ -n "${MIHRAB_DEB_BINARY:-}" ]; then
    binary=$MIHRAB_DEB_BINARY
else
    step "swift build (release, static Swift runtime and Foundation) into $scratch"
    build=(-c release --static-swift-stdlib --scratch-path "$scratch" "${release_flags[@]}")
    "$swift" build "${build[@]}" --product mihrab
    binary=$("$swift" build "${build[@]}" --show-bin-path)/mihrab
fi
[[ -x $binary ]] || fail "no binary at $binary"

# 2. The package's tree, as debhelper lays it out: debian/control, debian/changelog and
# debian/mihrab (the root) under .build-deb/deb.
work=$scratch/deb
pkg=$work/debian/mihrab
rm -rf "$work"
mkdir -p "$pkg/DEBIAN"
cp "$here/control" "$here/changelog" "$work/debian/"

install -D -m 755 "$binary" "$pkg/usr/bin/mihrab"
"${tools_prefix}strip" --strip-unneeded --remove-section=.comment --remove-section=.note "$pkg/usr/bin/mihrab"
out=$("${run[@]}" "$pkg/usr/bin/mihrab" version) || fail "the stripped binary does not run: $out"
[[ $out == "mihrab $version"* ]] || fail "the stripped binary says '$out', not mihrab $version"
# Nothing of the toolchain may be loaded at run time: there is no /opt/swift on a unit.
if [ ${#run[@]} = 0 ]; then
    libs=$(ldd "$pkg/usr/bin/mihrab")
else
    libs=$("${run[@]}" "/lib/ld-linux-aarch64.so.1" --list "$pkg/usr/bin/mihrab")
fi
if bad=$(grep -E '/opt/swift|libswift|libFoundation|lib_Foundation|libdispatch|libBlocksRuntime|libicu' <<<"$libs"); then
    fail "the binary loads toolchain libraries (not linked statically):"$'\n'"$bad"
fi
grep -q 'not found' <<<"$libs" && fail "the binary needs libraries that are not installed:"$'\n'"$libs"

# The daemon's unit names /usr/bin/mihrab; the kiosk's is rewritten from /usr/local into /usr
# (as make install-kiosk does into PREFIX). Units in /lib/systemd/system on bookworm, in
# /usr/lib/systemd/system on trixie (merged /usr: where trixie's debhelper puts them).
lib=lib
[ "$dist" = native ] || lib=usr/lib
units=$pkg/$lib/systemd/system
install -D -m 644 board/systemd/mihrab.service "$units/mihrab.service"
sed -e 's|/usr/local/lib/mihrab/|/usr/lib/mihrab/|' -e 's|/usr/local/share/doc/|/usr/share/doc/|' \
    board/kiosk/mihrab-kiosk.service >"$units/mihrab-kiosk.service"
chmod 644 "$units/mihrab-kiosk.service"
if grep -n /usr/local "$units"/*.service; then fail "a packaged unit still names /usr/local"; fi
install -D -m 755 board/kiosk/mihrab-kiosk "$pkg/usr/lib/mihrab/mihrab-kiosk"
install -m 644 board/kiosk/display-power.bash "$pkg/usr/lib/mihrab/display-power.bash"
for unit in "$units"/*.service; do
    program=$(sed -n 's/^ExecStart=[-@:+!]*\([^ ]*\).*/\1/p' "$unit")
    [[ -x $pkg$program ]] || fail "$(basename "$unit"): ExecStart=$program is not in the package"
done
install -D -m 644 board/systemd/mihrab.sysusers "$pkg/usr/lib/sysusers.d/mihrab.conf"
# The gpio and i2c groups' access to /dev/gpiochip* and /dev/i2c-* (plain Debian gives them
# to root alone; Raspberry Pi OS's own rules agree with these).
install -D -m 644 board/systemd/60-mihrab.rules "$pkg/$lib/udev/rules.d/60-mihrab.rules"
install -D -m 644 board/kiosk/mihrab-kiosk.sysusers "$pkg/usr/lib/sysusers.d/mihrab-kiosk.conf"

# /etc: every file a conffile (dpkg keeps local changes on upgrade and asks).
install -D -m 644 board/mihrab.toml "$pkg/etc/mihrab/mihrab.toml"
install -d "$pkg/etc/mihrab/boards"
install -m 644 board/raspberry-pi-4.toml board/raspberry-pi-5.toml board/raspberry-pi-zero-2w.toml \
    board/simulated.toml "$pkg/etc/mihrab/boards/"
install -D -m 644 board/kiosk/kiosk.env "$pkg/etc/mihrab/kiosk.env"
install -D -m 644 board/kiosk/mihrab-kiosk.pam "$pkg/etc/pam.d/mihrab-kiosk"
# The admin page announced on the LAN (_https._tcp, port 8443) by avahi-daemon (Recommends:), which
# also makes the unit answer as HOST.local; avahi-daemon reads it when it appears.
install -D -m 644 board/avahi/mihrab.service "$pkg/etc/avahi/services/mihrab.service"

install -d "$pkg/usr/share/mihrab/sounds"
install -m 644 board/sounds/*.flac "$pkg/usr/share/mihrab/sounds/"
# GeoNames' places (CC BY 4.0: board/debian/copyright), read by `mihrab places` and the setup page.
install -m 644 board/places/places.tsv "$pkg/usr/share/mihrab/places.tsv"

# Documentation. README.md stays uncompressed: the units' Documentation= names it.
doc=$pkg/usr/share/doc/mihrab
install -D -m 644 README.md "$doc/README.md"
install -m 644 "$here/copyright" "$doc/copyright"
gzip -9n -c "$here/changelog" >"$doc/changelog.gz" # a native package: changelog.gz
chmod 644 "$doc/changelog.gz"
# Only the overrides of tags this release's lintian knows (trixie's dropped some of bookworm's:
# an override of an unknown tag is itself an error), each with the comment above it.
install -d "$pkg/usr/share/lintian/overrides"
lintian-explain-tags --list-tags | awk 'NR == FNR { known[$1] = 1; next }
    /^#/ || /^$/ { held = held $0 "\n"; next }
    { tag = $2; if (tag in known) printf "%s%s\n", held, $0; held = "" }' - "$here/lintian-overrides" \
    >"$pkg/usr/share/lintian/overrides/mihrab"
chmod 644 "$pkg/usr/share/lintian/overrides/mihrab"
install -d "$pkg/usr/share/man/man1"
program=$pkg/usr/bin/mihrab
if [ ${#run[@]} != 0 ]; then # help2man runs the program: an arm64 one through qemu
    program=$work/bin/mihrab
    mkdir -p "$work/bin"
    printf '#!/bin/sh\nexec %s %s "$@"\n' "${run[*]}" "$pkg/usr/bin/mihrab" >"$program"
    chmod 755 "$program"
fi
help2man --no-info --no-discard-stderr --version-string="$version" --section=1 \
    --name="prayer times, qibla and adhan for a wall unit" "$program" |
    gzip -9n >"$pkg/usr/share/man/man1/mihrab.1.gz"
chmod 644 "$pkg/usr/share/man/man1/mihrab.1.gz"

# 3. Maintainer scripts, conffiles, and the control file.
install -m 755 "$here/postinst" "$here/prerm" "$here/postrm" "$pkg/DEBIAN/"
(cd "$pkg" && find etc -type f | LC_ALL=C sort | sed 's|^|/|') >"$pkg/DEBIAN/conffiles"
# md5sums of every file but the conffiles (dpkg records theirs), as dh_md5sums writes it.
(cd "$pkg" && find . -type f ! -path './DEBIAN/*' ! -path './etc/*' -printf '%P\0' | LC_ALL=C sort -z |
    xargs -0 md5sum) >"$pkg/DEBIAN/md5sums"
chmod 644 "$pkg/DEBIAN/conffiles" "$pkg/DEBIAN/md5sums"
# The libraries the HAL shims open when first needed (hal/dynamic: dlopen, so dpkg-shlibdeps does
# not see them): their sonames, as the binary names them (libgps's differs between releases), to
# the packages of this root that hold them (libasound2 or libasound2t64, libgps28 or libgps30,
# ...), into ${mihrab:Dlopen}. A soname no package holds fails the build: the package would
# install without a library it needs.
step "the dlopen'ed libraries' packages"
dlopen_depends=""
mapfile -t dlopen_sonames < <(grep -aoE 'lib(mosquitto|sndfile|asound|gps|i2c|gpiod|crypto|qrencode)\.so\.[0-9]+' "$binary" | LC_ALL=C sort -u)
((${#dlopen_sonames[@]} > 0)) || fail "no dlopen'ed library named in $binary (hal/dynamic's sonames)"
for soname in "${dlopen_sonames[@]}"; do
    file=""
    for dir in "/usr/lib/$DEB_HOST_MULTIARCH" "/lib/$DEB_HOST_MULTIARCH"; do
        [ -e "$dir/$soname" ] && { file=$dir/$soname; break; }
    done
    [ -n "$file" ] || fail "$soname (opened by the binary) is not installed here for $arch: install its package"
    owner=$(dpkg-query -S "$file" 2>/dev/null | head -n1 | cut -d: -f1) || true
    [ -n "$owner" ] || fail "no package holds $file ($soname)"
    echo "build-deb: $soname: $owner"
    dlopen_depends+="${dlopen_depends:+, }$owner"
done
# The kiosk's screen power (board/kiosk/display-power.bash): wlopm and wlr-randr, into
# ${mihrab:KioskSuggests}, for trixie and later only. Debian 12 has no wlopm, and its cage (0.1.4)
# no output management for wlr-randr to use. The release is the root's that builds the package
# (for DIST=trixie, the trixie root's).
kiosk_suggests="wlopm, wlr-randr"
[[ $(. /etc/os-release && echo "${VERSION_CODENAME:-}") == bookworm ]] && kiosk_suggests=""
echo "build-deb: the kiosk suggests: ${kiosk_suggests:-nothing more (bookworm)}"
step "dpkg-shlibdeps and dpkg-gencontrol"
(
    cd "$work"
    dpkg-shlibdeps -Tdebian/mihrab.substvars -edebian/mihrab/usr/bin/mihrab
    echo "mihrab:Dlopen=$dlopen_depends" >>debian/mihrab.substvars
    echo "mihrab:KioskSuggests=$kiosk_suggests" >>debian/mihrab.substvars
    dpkg-gencontrol -pmihrab -Tdebian/mihrab.substvars -Pdebian/mihrab -fdebian/files
)

# 4. The .deb.
# arm64 (trixie only) and this machine's own release in dist/; amd64 for trixie in dist/trixie/.
out=dist
[[ $dist == native || $arch == arm64 ]] || out=dist/$dist
mkdir -p "$out"
deb=$out/mihrab_${version}_${arch}.deb
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
