# Sourced: the environment caches outside the clone, which a fresh clone on the same machine
# finds again (Debian's toolchain roots, the rigs' kernels and root filesystems). Each is a folder
# $MIHRAB_CACHE/NAME-KEY, KEY the first 16 hex digits of the SHA-256 of the files that make it:
# when one of them changes, a new folder is made and the other NAME-* folders are removed. A
# cache only saves time: without one (an empty MIHRAB_CACHE folder) everything is made anew.
# MIHRAB_CACHE: /var/cache/mihrab-test for root, ~/.cache/mihrab-test for anyone else (the
# Makefile exports it, so that scripts run through sudo find the same folder).
: "${MIHRAB_CACHE:=$([ "$(id -u)" = 0 ] && echo /var/cache/mihrab-test || echo "${XDG_CACHE_HOME:-$HOME/.cache}/mihrab-test")}"

# cache_dir NAME FILE...: prints the cache folder for NAME, made from FILEs (paths from the
# repository's root), creating it and removing NAME's folders of other keys.
cache_dir() {
    local name=$1 top key d; shift
    top=$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)
    key=$( (cd "$top" && cat -- "$@") | sha256sum | cut -c1-16)
    mkdir -p "$MIHRAB_CACHE/$name-$key"
    for d in "$MIHRAB_CACHE/$name"-*; do
        [ "$d" = "$MIHRAB_CACHE/$name-$key" ] || [ ! -d "$d" ] || rm -rf --one-file-system "$d" 2>/dev/null || true
    done
    echo "$MIHRAB_CACHE/$name-$key"
}
