#!/usr/bin/env bash
# make repo: a signed flat apt repository of the trixie packages, for units to install from
# and to be upgraded from (apt upgrade, unattended-upgrades).
#
#   bash board/debian/repo.sh [OUT] [DEB...]     # default: dist/repo, the trixie .debs in dist/
#
# OUT holds the packages, Packages(.gz) and Release made by apt-ftparchive, Release signed
# (InRelease and Release.gpg) with the repository's own OpenPGP key, and that key's public half,
# mihrab-archive-keyring.gpg, for a unit's /usr/share/keyrings. The key is made once (Ed25519,
# no passphrase: the machine that signs is the one to guard) and kept in .build-repo/gnupg (0700,
# ignored by git), or in REPO_GNUPGHOME; keep a copy of it: the units trust only that key.
# A unit: /etc/apt/sources.list.d/mihrab.sources (README: "Updates with apt").
set -euo pipefail
umask 022
root=$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)
cd "$root"
fail() { echo "repo: $*" >&2; exit 1; }
for tool in apt-ftparchive gpg dpkg-deb; do
    command -v "$tool" >/dev/null || fail "$tool is not installed (make repo installs apt-utils and gnupg)"
done

out=${1:-dist/repo}
shift || true
debs=("$@")
if [ ${#debs[@]} = 0 ]; then
    shopt -s nullglob
    debs=(dist/mihrab_*_arm64.deb dist/trixie/mihrab_*_amd64.deb)
    shopt -u nullglob
fi
[ ${#debs[@]} -gt 0 ] || fail "no trixie packages in dist/ (make deb ARCH=arm64, make deb ARCH=amd64 DIST=trixie)"

# The key, once.
export GNUPGHOME=${REPO_GNUPGHOME:-$root/.build-repo/gnupg}
mkdir -p "$GNUPGHOME" && chmod 700 "$GNUPGHOME"
uid="Mihrab packages <mihrab@mihrab.invalid>"
if ! gpg --batch --quiet --list-secret-keys "$uid" >/dev/null 2>&1; then
    echo "repo: making the repository's signing key in $GNUPGHOME (keep a copy: units trust only it)"
    gpg --batch --quiet --passphrase '' --quick-gen-key "$uid" ed25519 sign never
fi

# The packages (one version of each architecture a run; older files in OUT are kept, so that
# apt still finds the version a unit has while it upgrades).
mkdir -p "$out"
for deb in "${debs[@]}"; do
    [ -f "$deb" ] || fail "no package $deb"
    cp "$deb" "$out/"
done
(
    cd "$out"
    apt-ftparchive packages . >Packages
    gzip -9n -c Packages >Packages.gz
    archs=$(for d in ./*.deb; do dpkg-deb -f "$d" Architecture; done | sort -u | tr '\n' ' ')
    tmp=$(mktemp)
    apt-ftparchive -o APT::FTPArchive::Release::Origin=Mihrab -o APT::FTPArchive::Release::Label=Mihrab \
        -o APT::FTPArchive::Release::Suite=stable -o APT::FTPArchive::Release::Codename=trixie \
        -o "APT::FTPArchive::Release::Architectures=${archs% }" \
        -o APT::FTPArchive::Release::Description="Mihrab for Debian 13 and Raspberry Pi OS trixie" \
        release . >"$tmp"
    install -m 644 "$tmp" Release && rm -f "$tmp"
    rm -f InRelease Release.gpg
    gpg --batch --quiet --yes --digest-algo SHA512 --local-user "$uid" --clearsign -o InRelease Release
    gpg --batch --quiet --yes --digest-algo SHA512 --local-user "$uid" --detach-sign -o Release.gpg Release
    gpg --batch --quiet --yes --export "$uid" >mihrab-archive-keyring.gpg
)
echo "repo: $out: $(cd "$out" && ls ./*.deb | sed 's|^\./||' | tr '\n' ' ')signed by $(gpg --batch --quiet --with-colons --list-keys "$uid" 2>/dev/null | awk -F: '/^fpr/ {print $10; exit}')"
