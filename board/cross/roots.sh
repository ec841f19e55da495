# Sourced by board/cross/toolchain.sh: what makes its two roots (the compiler's and the trixie
# sysroot), and nothing else, so that this file (with enter.sh) is the key of their cache
# (board/cross/cache.sh): a change to how the roots are used does not make them again.

# The project's -dev libraries, as Makefile's BUILD_PKGS, and the C and C++ runtime the Swift
# runtime links against; libqrencode4 (no -dev: hal/qrencode declares what it uses), so that
# build-deb.sh finds the package of its soname for the package's Depends.
cross_dev_pkgs="libc6-dev libgcc-14-dev libstdc++-14-dev libgpiod-dev libi2c-dev libgps-dev libasound2-dev
  libsndfile1-dev libmosquitto-dev libssl-dev libqrencode4"

# debootstrap_once NAME SUITE ROOT INCLUDE: a minbase root, kept once complete.
debootstrap_once() {
    local name=$1 suite=$2 r=$3 include=$4
    [ -f "$r/.complete-debootstrap" ] && return 0
    cross_step "debootstrap $suite into $r (once)"
    # A half-made root is removed without crossing into anything still mounted in it.
    [ -e "$r" ] && rm -rf --one-file-system "$r"
    debootstrap --variant=minbase --include="$include" "$suite" "$r" "$cross_mirror" \
        >"$cross/debootstrap-$name.log" 2>&1 || cross_fail "debootstrap $suite failed (see $cross/debootstrap-$name.log)"
    echo "deb $cross_mirror $suite main" >"$r/etc/apt/sources.list"
    # A mirror that is a snapshot serves sid's Release past its Valid-Until (a week): apt would
    # refuse it. The signature is still checked.
    echo 'Acquire::Check-Valid-Until "false";' >"$r/etc/apt/apt.conf.d/99mihrab-cross"
    cp /etc/resolv.conf "$r/etc/resolv.conf"
    touch "$r/.complete-debootstrap"
}

# in_root ROOT COMMAND...: COMMAND in ROOT, with /proc, /sys and /dev (board/cross/enter.sh).
in_root() { local r=$1; shift; "$cross_root/board/cross/enter.sh" "$r" -- "$@"; }
apt_in() {
    local r=$1; shift
    in_root "$r" env DEBIAN_FRONTEND=noninteractive apt-get -o Dpkg::Use-Pty=0 -o APT::Install-Recommends=0 "$@"
}

make_sysroot() {
    [ -f "$sysroot/.complete" ] && return 0
    debootstrap_once sysroot trixie "$sysroot" ca-certificates
    cross_step "the trixie sysroot: -dev libraries for amd64 and arm64, dpkg-dev, lintian, help2man (once)"
    in_root "$sysroot" dpkg --add-architecture arm64
    # Manual pages and docs left out: a -dev package's gzipped page can differ between its amd64
    # and arm64 builds (libpsl-dev's does), which dpkg refuses for a Multi-Arch: same package.
    printf 'path-exclude=/usr/share/man/*\npath-exclude=/usr/share/doc/*\npath-include=/usr/share/doc/*/copyright\n' \
        >"$sysroot/etc/dpkg/dpkg.cfg.d/mihrab-cross"
    apt_in "$sysroot" update -qq >"$cross/sysroot-apt.log" 2>&1 || cross_fail "apt-get update in the sysroot (see $cross/sysroot-apt.log)"
    local p arm=()
    for p in $cross_dev_pkgs; do arm+=("$p:arm64"); done
    # (-f first: finishes what an interrupted earlier run left half-installed.)
    apt_in "$sysroot" install -y -qq -f >>"$cross/sysroot-apt.log" 2>&1 || true
    apt_in "$sysroot" install -y -qq $cross_dev_pkgs "${arm[@]}" dpkg-dev lintian help2man binutils-aarch64-linux-gnu \
        file tzdata >>"$cross/sysroot-apt.log" 2>&1 || cross_fail "apt-get install in the sysroot (see $cross/sysroot-apt.log)"
    apt_in "$sysroot" clean
    # Where the compiler root mounts the target's Swift runtime (cross_swift).
    mkdir -p "$sysroot/usr/lib/swift" "$sysroot/usr/lib/swift_static" "$sysroot/usr/lib/clang"
    touch "$sysroot/.complete"
}

make_compiler() {
    [ -f "$compiler/.complete" ] && return 0
    debootstrap_once compiler sid "$compiler" ca-certificates,git
    cross_step "Debian's swiftlang in the sid root (once; about 600 MB)"
    apt_in "$compiler" update -qq >"$cross/compiler-apt.log" 2>&1 || cross_fail "apt-get update in the compiler root (see $cross/compiler-apt.log)"
    apt_in "$compiler" install -y -qq swiftlang libc6-dev g++ >>"$cross/compiler-apt.log" 2>&1 ||
        cross_fail "apt-get install swiftlang in the compiler root (see $cross/compiler-apt.log)"
    # The aarch64 runtime: the same version's arm64 packages, unpacked, never installed.
    in_root "$compiler" dpkg --add-architecture arm64
    apt_in "$compiler" update -qq >>"$cross/compiler-apt.log" 2>&1
    local v
    v=$(in_root "$compiler" dpkg-query -W -f='${Version}' swiftlang)
    rm -rf "$compiler/tmp/arm64" && mkdir -p "$compiler/tmp/arm64"
    (cd "$compiler/tmp/arm64" && in_root "$compiler" sh -c "cd /tmp/arm64 && apt-get download -q swiftlang:arm64=$v libswiftlang:arm64=$v") \
        >>"$cross/compiler-apt.log" 2>&1 || cross_fail "apt-get download swiftlang:arm64=$v (see $cross/compiler-apt.log)"
    local rt=$compiler/opt/swift-aarch64
    rm -rf "$rt" "$compiler/tmp/arm64/x" && mkdir -p "$rt" "$compiler/tmp/arm64/x"
    dpkg-deb -x "$compiler"/tmp/arm64/libswiftlang_*_arm64.deb "$compiler/tmp/arm64/x"
    dpkg-deb --fsys-tarfile "$compiler"/tmp/arm64/swiftlang_*_arm64.deb |
        tar -x -C "$compiler/tmp/arm64/x" ./usr/libexec/swift/lib/swift ./usr/libexec/swift/lib/swift_static
    mv "$compiler/tmp/arm64/x/usr/libexec/swift/lib/swift" "$compiler/tmp/arm64/x/usr/libexec/swift/lib/swift_static" "$rt/"
    rm -rf "$compiler/tmp/arm64"
    # The clang resource headers are the compiler's own (its clang is the host's).
    for d in "$rt/swift" "$rt/swift_static"; do
        rm -f "$d/clang"
        ln -s /usr/libexec/swift/lib/swift/clang "$d/clang"
    done
    in_root "$compiler" git config --system url./opt/swift-packages/.insteadOf https://github.com/
    apt_in "$compiler" clean
    touch "$compiler/.complete"
}

