#!/usr/bin/env bash
# Builds libgpiod v2 (libgpiod.so.3, its <gpiod.h> and a pkg-config file) into DEST from
# the C library that PyPI's `gpiod` source distribution carries: Debian 12 and
# Raspberry Pi OS bookworm ship only libgpiod 1.6 (the v1 API).
# Usage: build-libgpiod-v2.sh DEST   (idempotent: does nothing when DEST is complete)
set -euo pipefail
dest=${1:?usage: build-libgpiod-v2.sh DEST}
version=2.5.0   # the Python binding's version; it vendors libgpiod 2.3
sha256=53ae5a1f14d6388c155b591ca0fc0cfa73b44d4f6d8d117e8a9e68f5902d187a

if [ -f "$dest/lib/libgpiod.so.3" ] && [ -f "$dest/include/gpiod.h" ]; then exit 0; fi
mkdir -p "$dest/src" "$dest/lib/pkgconfig" "$dest/include"
tarball="$dest/src/gpiod-$version.tar.gz"
if [ ! -f "$tarball" ]; then
  python3 -m pip download --quiet --no-deps --no-binary :all: "gpiod==$version" -d "$dest/src"
fi
echo "$sha256  $tarball" | sha256sum --check --quiet
tar -xzf "$tarball" -C "$dest/src"
src="$dest/src/gpiod-$version"
libver=$(cat "$src/libgpiod-version.txt")
${CC:-cc} -shared -fPIC -O2 -D_GNU_SOURCE -DGPIOD_API_VERSION_STR="\"$libver\"" \
  -I"$src/include" -I"$src/lib" -Wl,-soname,libgpiod.so.3 \
  -o "$dest/lib/libgpiod.so.3" "$src"/lib/*.c
ln -sf libgpiod.so.3 "$dest/lib/libgpiod.so"
cp "$src/include/gpiod.h" "$dest/include/gpiod.h"
cat > "$dest/lib/pkgconfig/libgpiod.pc" <<PC
prefix=$(cd "$dest" && pwd)
libdir=\${prefix}/lib
includedir=\${prefix}/include
Name: libgpiod
Description: libgpiod v2 built from the gpiod $version source distribution
Version: $libver
Libs: -L\${libdir} -lgpiod
Cflags: -I\${includedir}
PC
echo "libgpiod $libver built in $dest"
