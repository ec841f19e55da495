#!/usr/bin/env bash
# Runs COMMAND as root inside ROOT (one of board/cross/toolchain.sh's chroots), in a mount
# namespace of its own: /proc, /sys, /dev and the folders bound in exist for COMMAND alone and
# vanish with it, so nothing is ever left mounted inside .build-cross (and no rm of it can reach
# through a bind into the repo or the host), and two builds side by side do not unmount each other's.
#
#   board/cross/enter.sh ROOT [-b FROM:TO[:ro]]... [-C DIR] [-e NAME=VALUE]... -- COMMAND...
#
# -b binds FROM at ROOT/TO (read-only with :ro), in the order given; -C runs COMMAND in DIR (a
# path inside ROOT; default /); -e passes a variable (the environment is otherwise emptied).
set -euo pipefail
if [ "${MIHRAB_ENTER_NS:-}" != 1 ]; then
    MIHRAB_ENTER_NS=1 exec unshare --mount --propagation private "$0" "$@"
fi
root=$1
shift
dir=/
vars=(PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin HOME=/root LANG=C.UTF-8 TERM=dumb)
while [ $# -gt 0 ]; do
    case $1 in
        -b)
            IFS=: read -r from to mode <<<"$2"
            mkdir -p "$root$to"
            mount --bind "$from" "$root$to"
            [ "${mode:-}" != ro ] || mount -o remount,bind,ro "$root$to"
            shift 2 ;;
        -C) dir=$2; shift 2 ;;
        -e) vars+=("$2"); shift 2 ;;
        --) shift; break ;;
        *) echo "enter.sh: unknown option $1" >&2; exit 64 ;;
    esac
done
mount -t proc proc "$root/proc"
mount -t sysfs sys "$root/sys"
mount --bind /dev "$root/dev"
exec chroot "$root" env -i "${vars[@]}" sh -c 'cd "$0" && exec "$@"' "$dir" "$@"
