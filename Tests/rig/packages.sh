# Sourced by rig.sh, boot/boot.sh and kernel.sh: install_missing PACKAGE... installs those of
# Debian's packages that are not installed yet (as root, or through sudo).
install_missing() {
  local p missing="" sudo_=""
  [ "$(id -u)" = 0 ] || sudo_=sudo
  for p in "$@"; do
    dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing="$missing $p"
  done
  [ -n "$missing" ] || return 0
  $sudo_ env DEBIAN_FRONTEND=noninteractive apt-get update -qq
  $sudo_ env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends -o DPkg::Lock::Timeout=600 $missing >/dev/null
}
