#!/usr/bin/env bash
# The Debian toolchain for the Debian 13 ("trixie", Raspberry Pi OS since late 2025) packages,
# made once on this x86 machine and cached outside the clone ($MIHRAB_CACHE/cross-KEY, keyed by
# roots.sh, which makes them, and enter.sh: board/cross/cache.sh), so that a fresh clone finds it again; the builds
# and the logs are in .build-cross (ignored by git). Sourced by board/cross/swift.sh, which runs the compiler; run directly, it only
# makes (or checks) the cache:
#
#   bash board/cross/toolchain.sh
#
# Two roots, both made by debootstrap (amd64: no emulation):
#   compiler  Debian sid with Debian's own `swiftlang` (6.2.3): the package set needs
#                          swift-tools-version 6.2 (swift-log, Hummingbird, swift-metrics ...), which
#                          trixie's swiftlang 6.0.3 cannot read. sid's compiler needs glibc 2.42, so it
#                          runs in its own root, never linking against it.
#   sysroot   Debian trixie with the project's -dev libraries for amd64 and arm64
#                          (dpkg --add-architecture arm64): what the binaries link against, so that
#                          they need nothing newer than trixie's glibc 2.41 and trixie's sonames;
#                          also dpkg-dev, lintian and help2man for packaging as trixie does.
# and the aarch64 Swift runtime (lib/swift, lib/swift_static) taken out of sid's swiftlang:arm64
# with dpkg-deb -x, plus one Swift SDK description per target (swift-sdk-ARCH.json).
# CROSS_MIRROR picks the Debian mirror (default deb.debian.org).
set -euo pipefail

cross_root=$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)
cross=$cross_root/.build-cross
cross_mirror=${CROSS_MIRROR:-http://deb.debian.org/debian}
source "$cross_root/board/cross/cache.sh"
cross_cache=$(cache_dir cross board/cross/roots.sh board/cross/enter.sh)
compiler=$cross_cache/compiler
sysroot=$cross_cache/sysroot
cross_fail() { echo "cross: $*" >&2; exit 1; }
cross_step() { echo "cross: $*"; }

# The roots: what makes them is in roots.sh, the key of their cache.
source "$cross_root/board/cross/roots.sh"

# put_file PATH: standard input as PATH, by a rename (a build reading it beside never sees half of it).
put_file() { cat >"$1.$$" && mv -f "$1.$$" "$1"; }

# The Swift SDK descriptions (schema 4.0), inside the compiler root: the sysroot is mounted at
# /sysroot there. -use-ld=lld: Debian's gold and bfd are the host's only. -sdk: SwiftPM 6.2 gives
# the sysroot to clang alone (-Xcc --sysroot), and the Swift frontend then finds no glibc to map.
write_sdks() {
    mkdir -p "$compiler/opt/sdk"
    put_file "$compiler/opt/sdk/toolset.json" <<'JSON'
{ "schemaVersion": "1.0", "swiftCompiler": { "extraCLIOptions": ["-use-ld=lld", "-sdk", "/sysroot"] } }
JSON
    put_file "$compiler/opt/sdk/swift-sdk-arm64.json" <<'JSON'
{
  "schemaVersion": "4.0",
  "targetTriples": {
    "aarch64-unknown-linux-gnu": {
      "sdkRootPath": "/sysroot",
      "swiftResourcesPath": "/sysroot/usr/lib/swift",
      "swiftStaticResourcesPath": "/sysroot/usr/lib/swift_static",
      "toolsetPaths": ["toolset.json"]
    }
  }
}
JSON
    put_file "$compiler/opt/sdk/swift-sdk-amd64.json" <<'JSON'
{
  "schemaVersion": "4.0",
  "targetTriples": {
    "x86_64-pc-linux-gnu": {
      "sdkRootPath": "/sysroot",
      "swiftResourcesPath": "/sysroot/usr/lib/swift",
      "swiftStaticResourcesPath": "/sysroot/usr/lib/swift_static",
      "toolsetPaths": ["toolset.json"]
    }
  }
}
JSON
}

cross_toolchain() {
    [ "$(id -u)" = 0 ] || cross_fail "making the chroots needs root (sudo make deb ARCH=arm64)"
    command -v debootstrap >/dev/null || cross_fail "debootstrap is not installed (the Makefile installs it)"
    mkdir -p "$cross"
    make_sysroot
    make_compiler
    write_sdks
}

# cross_run ROOT COMMAND...: COMMAND in ROOT (compiler or sysroot) as root, in the repo, which is
# mounted there at its own path; in the compiler root also the sysroot (/sysroot, read-only) and
# the machine's mirror of the Swift packages (read-only; git reads github.com from it there too).
cross_run() {
    local r=$1; shift
    local binds=(-b "$cross_root:$cross_root")
    if [ "$r" = "$compiler" ]; then
        binds+=(-b "$sysroot:/sysroot:ro")
        [ ! -d /opt/swift-packages ] || binds+=(-b /opt/swift-packages:/opt/swift-packages:ro)
        # The target's Swift runtime where the driver looks for it with an SDK (it finds
        # swiftrt.o for a static link under the SDK's usr/lib/swift_static, whatever the SDK says).
        if [ -n "${cross_runtime:-}" ]; then
            binds+=(-b "$r$cross_runtime/swift:/sysroot/usr/lib/swift:ro" -b "$r$cross_runtime/swift_static:/sysroot/usr/lib/swift_static:ro")
            # The compiler's clang headers, where the amd64 runtime's relative clang link leads.
            binds+=(-b "$r/usr/libexec/swift/lib/clang:/sysroot/usr/lib/clang:ro")
        fi
    fi
    "$cross_root/board/cross/enter.sh" "$r" "${binds[@]}" -C "$cross_root" \
        ${SOURCE_DATE_EPOCH:+-e SOURCE_DATE_EPOCH=$SOURCE_DATE_EPOCH} ${MIHRAB_ARCH_TESTS:+-e MIHRAB_ARCH_TESTS=$MIHRAB_ARCH_TESTS} -- "$@"
}

# The Swift triple of a Debian architecture.
# (Debian's swiftlang names its amd64 runtime's modules for x86_64-pc-linux-gnu, its arm64 ones for
# aarch64-unknown-linux-gnu: the triple must be the one the modules carry.)
cross_triple() { case $1 in arm64) echo aarch64-unknown-linux-gnu ;; amd64) echo x86_64-pc-linux-gnu ;; *) cross_fail "no target for architecture $1 (arm64 or amd64)" ;; esac; }

# cross_swift ARCH SWIFT-ARGUMENTS...: `swift ARGUMENTS` in the compiler root for ARCH against
# the trixie sysroot (the build folder is the caller's --scratch-path, inside the repo).
cross_swift() {
    local arch=$1 cross_runtime; shift
    case $arch in arm64) cross_runtime=/opt/swift-aarch64 ;; amd64) cross_runtime=/usr/libexec/swift/lib ;; esac
    cross_run "$compiler" swift "$@" --swift-sdks-path /opt/sdk --destination "/opt/sdk/swift-sdk-$arch.json" \
        --triple "$(cross_triple "$arch")"
}

if [ "${BASH_SOURCE[0]}" = "$0" ]; then
    started=$SECONDS
    cross_toolchain
    cross_step "toolchain ready in $cross_cache ($((SECONDS - started)) s)"
fi
