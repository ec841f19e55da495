# Mihrab: the two commands a person needs are `make run` and `make test`.
# Both install the system packages they need (only those dpkg says are absent).

SWIFT      ?= swift
# libssl-dev: libcrypto (hal/crypto), for signatures, scrypt, hashes and the admin page's certificate.
BUILD_PKGS := libgpiod-dev libi2c-dev libgps-dev libasound2-dev libsndfile1-dev libmosquitto-dev libssl-dev
# mosquitto and its clients: the network tests' real broker, and mosquitto_sub/pub to watch it;
# curl: the admin page's tests over real TLS; openssl: a CA and certificates for the broker's TLS;
# python3-icalendar: a real iCalendar parser reads the calendar feed (Tests/ScreenTests/ics_check.py).
# poppler-utils: pdfinfo and pdftoppm read the printed month's PDF (Tests/ScreenTests).
# libqrencode4: the setup screen's QR code (hal/qrencode, opened when first needed; no -dev package:
# the shim declares what it uses); librsvg2-bin and zbar-tools: rsvg-convert draws each code and
# zbarimg reads it back (Tests/QRCodeTests); libxml2-utils: xmllint checks the avahi service file.
TEST_PKGS  := $(BUILD_PKGS) gpsd gpsd-clients python3-gps python3-pip chromium fonts-noto-core sox mosquitto mosquitto-clients openssl curl python3-icalendar python3-jinja2 poppler-utils \
  libqrencode4 librsvg2-bin zbar-tools libxml2-utils
# The release build links the Swift runtime and Foundation statically (as the package does);
# nothing imports FoundationNetworking, so no libcurl.
RELEASE_PKGS := $(BUILD_PKGS)
# make deb: dpkg-dev's tools, lintian, help2man (the manual page); libqrencode4, opened when first
# needed (build-deb.sh finds the package of each dlopen'ed soname here, for the package's Depends).
DEB_PKGS   := $(RELEASE_PKGS) dpkg-dev lintian help2man libqrencode4
# make bench: strace (system calls per pass), valgrind (instructions; binutils' objcopy for the
# copies it counts), python3 (the daemon's figures).
BENCH_PKGS := $(RELEASE_PKGS) strace valgrind binutils python3
SUDO       := $(shell [ "$$(id -u)" = 0 ] || echo sudo)
BOARD      ?= board/simulated.toml
BENCH_SECONDS ?= 60
# The environment caches outside the clone (Debian's toolchain roots, the rigs' kernels and root
# filesystems; board/cross/cache.sh): exported, so that the scripts run through sudo find them.
MIHRAB_CACHE ?= $(if $(filter 0,$(shell id -u)),/var/cache/mihrab-test,$(HOME)/.cache/mihrab-test)
export MIHRAB_CACHE

.PHONY: all deps test-deps test-prepare build release jakim-years jakim-zones jakim-zones-check release-gpiod2 run test test-quick rig hal-check bench install uninstall install-kiosk uninstall-kiosk deb cross-check repo rig-arm64 boot-arm64 deb-build arm64-prepare cross-check-run verify-unit unit-check clean

all: build

# Installs the Debian packages in $(1) that are not installed yet (waiting for another apt's lock).
define apt_install_missing
	@missing=""; \
	for p in $(1); do \
	  dpkg-query -W -f='$${Status}' $$p 2>/dev/null | grep -q "install ok installed" || missing="$$missing $$p"; \
	done; \
	if [ -n "$$missing" ]; then \
	  echo "Installing system packages:$$missing"; \
	  $(SUDO) env DEBIAN_FRONTEND=noninteractive apt-get update -qq && \
	  $(SUDO) env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends -o DPkg::Lock::Timeout=600 $$missing; \
	fi
endef

deps:
	$(call apt_install_missing,$(BUILD_PKGS))

test-deps:
	$(call apt_install_missing,$(TEST_PKGS))

build: deps
	$(SWIFT) build

# The Swift runtime linked statically: 6 MB less resident memory per process than the shared
# libraries (make bench prints RSS, PSS and private memory), and no /opt/swift on a unit.
# board/release-flags: no module of the binary links Foundation (whose ICU data is 34 MB), not even
# through a dependency's `import Foundation` (TOMLKit's): the link fails if one needs it.
# Linked by lld (the toolchain's; the arm64 cross build's too) without -export-dynamic, which
# the static runtime's link arguments add: a unit has no backtracer to read those 30,000 names,
# and the runtime's start-up walked them (dladdr). Relative relocations packed (DT_RELR, glibc
# 2.36 and later: Debian 12 has it): 15 KB for the loader to read instead of 1.8 MB.
RELEASE_FLAGS := $(shell cat board/release-flags)
release:
	$(call apt_install_missing,$(RELEASE_PKGS))
	$(SWIFT) build -c release --product mihrab --static-swift-stdlib $(RELEASE_FLAGS)

# Runs Mihrab on the simulated board, in London, a simulated day passing at 60x (RUN_ARGS
# to change: make run RUN_ARGS="--speed 600 --tz Asia/Jakarta --lat -6.2 --lon 106.85").
RUN_ARGS ?= --speed 60 --tz Europe/London --lat 51.5074 --lon -0.1278 --display-power cec
run: release
	$$($(SWIFT) build -c release $(RELEASE_FLAGS) --show-bin-path)/mihrab run --board $(BOARD) $(RUN_ARGS)

# The whole test suite, the real-kernel rig, the second toolchain (Debian's, for the trixie
# packages), then the arm64 package booted and upgraded. After the parallel pass, the tests that
# need real time run one after another in the foreground, and the CPU-heavy steps that need no
# clock run beside them at SCHED_IDLE, on CPU time those tests leave idle (Tests/beside.sh): the
# amd64 package's release build, then the arm64 package (Debian's toolchain, the arm64 unit's
# kernel and root, the build), beside the RealTime pass and the amd64 rig; Debian's toolchain's
# checks (cross-check-run) beside the arm64 boot. The host's packages are installed first: no two
# apt runs meet. Ends with each phase's time (Tests/phase.sh).
test:
	@bash Tests/phase.sh --start
	@bash Tests/phase.sh "packages, the shims' and the unit files' checks" $(MAKE) --no-print-directory test-prepare
	bash Tests/phase.sh "debug build with the tests" $(SWIFT) build --build-tests
	bash Tests/phase.sh "parallel pass (every test but RealTime)" $(SWIFT) test --skip-build --skip RealTime
	MAKE="$(MAKE)" SWIFT="$(SWIFT)" bash Tests/beside.sh
	@bash Tests/phase.sh --report
test-prepare: test-deps hal-check unit-check
	$(call apt_install_missing,$(DEB_PKGS) $(CROSS_PKGS) $(RIG_PKGS))

# The tests without the real-kernel rig (for local iteration). Two passes: the CPU-heavy tests
# in parallel, then the tests that need real time (gpsd, signals, subprocesses on the real
# clock: suites named RealTime...) one at a time, so that nothing can starve them.
test-quick: test-deps hal-check unit-check
	$(SWIFT) build --build-tests
	$(SWIFT) test --skip-build --skip RealTime
	$(SWIFT) test --skip-build --filter RealTime --no-parallel

# The Linux backends against a real kernel under qemu (Tests/rig/rig.sh; its kernel cached outside the clone),
# with the package's binary (libgpiod v1, Debian's) and the same build against v2 (built from
# source): MIHRAB_GPIOD_PREFIX (Package.swift) compiles only the gpiod shim again and relinks,
# in seconds; that binary is kept as $(GPIOD2)/mihrab and the package's is relinked back to v1.
DEB_BUILD = -c release --product mihrab --static-swift-stdlib --scratch-path .build-deb $(RELEASE_FLAGS)
release-gpiod2: deb
	bash hal/tools/build-libgpiod-v2.sh $(GPIOD2)
	MIHRAB_GPIOD_PREFIX=$(CURDIR)/$(GPIOD2) $(SWIFT) build $(DEB_BUILD)
	cp $$($(SWIFT) build $(DEB_BUILD) --show-bin-path)/mihrab $(GPIOD2)/mihrab
	$(SWIFT) build $(DEB_BUILD)

# Then the package itself (make deb) installed with apt into a Debian 12 root filesystem and
# booted under qemu with systemd as PID 1 (Tests/rig/boot/boot.sh). The rig's v1 binary is the
# package's (static Swift runtime), built once for both.
VERSION  := $(shell sed -n 's/^[[:space:]]*static let version = "\([^"]*\)".*/\1/p' Sources/mihrab/BuildInfo.swift)
DEB_ARCH := $(shell dpkg --print-architecture 2>/dev/null)
DEB      := dist/mihrab_$(VERSION)_$(DEB_ARCH).deb
# What rig.sh and boot/boot.sh install when it is missing (make test installs it first).
RIG_PKGS := qemu-system-x86 qemu-system-arm qemu-user-static busybox-static kmod cpio debian-archive-keyring \
  e2fsprogs xz-utils apt-utils gnupg v4l-utils
rig: deb release-gpiod2
	bash Tests/rig/rig.sh $$($(SWIFT) build $(DEB_BUILD) --show-bin-path)/mihrab $(GPIOD2)/mihrab
	bash Tests/rig/boot/boot.sh $(DEB)

# The gpiod shim against both libgpiod APIs: Debian's 1.6 (v1) and 2.x built from source (v2);
# the ALSA, libsndfile, clock (the loop's futex and signals), MQTT and libcrypto shims compiled with every warning an error.
GPIOD2 := .build-gpiod2
HAL_CC := $(shell command -v cc || command -v gcc || command -v clang)
hal-check: test-deps
	bash hal/tools/build-libgpiod-v2.sh $(GPIOD2)
	$(HAL_CC) -Wall -Wextra -Werror -Ihal/gpiod/include hal/gpiod/mihrab_gpiod.c \
	  hal/tools/check-gpiod-shim.c -lgpiod -o $(GPIOD2)/check-v1 && $(GPIOD2)/check-v1 1
	$(HAL_CC) -Wall -Wextra -Werror -Ihal/gpiod/include -I$(GPIOD2)/include hal/gpiod/mihrab_gpiod.c \
	  hal/tools/check-gpiod-shim.c -L$(GPIOD2)/lib -lgpiod -Wl,-rpath,$(CURDIR)/$(GPIOD2)/lib \
	  -o $(GPIOD2)/check-v2 && $(GPIOD2)/check-v2 2
	$(HAL_CC) -Wall -Wextra -Werror -fsyntax-only -Ihal/dynamic/include -Ihal/alsa/include hal/alsa/mihrab_alsa.c
	$(HAL_CC) -Wall -Wextra -Werror -fsyntax-only -Ihal/dynamic/include -Ihal/sndfile/include hal/sndfile/mihrab_sndfile.c
	$(HAL_CC) -Wall -Wextra -Werror -fsyntax-only -Ihal/clock/include hal/clock/mihrab_clock.c
	$(HAL_CC) -Wall -Wextra -Werror -fsyntax-only -Ihal/cec/include hal/cec/mihrab_cec.c
	$(HAL_CC) -Wall -Wextra -Werror -fsyntax-only -Ihal/dynamic/include hal/dynamic/mihrab_dynamic.c
	$(HAL_CC) -Wall -Wextra -Werror -fsyntax-only -Ihal/dynamic/include -Ihal/gps/include hal/gps/mihrab_gps.c
	$(HAL_CC) -Wall -Wextra -Werror -fsyntax-only -Ihal/dynamic/include -Ihal/i2c/include hal/i2c/mihrab_i2c.c
	$(HAL_CC) -Wall -Wextra -Werror -fsyntax-only -Ihal/dynamic/include -Ihal/mosquitto/include hal/mosquitto/mihrab_mqtt.c
	$(HAL_CC) -Wall -Wextra -Werror -fsyntax-only -Ihal/dynamic/include -Ihal/crypto/include hal/crypto/mihrab_crypto.c
	$(HAL_CC) -Wall -Wextra -Werror -fsyntax-only -Ihal/dynamic/include -Ihal/qrencode/include hal/qrencode/mihrab_qrencode.c

# Speed and memory, measured by ordo-one/benchmark (never in timed tests).
# Install on a unit from source (as root): binary, unit, default config, board files, the mihrab
# user. The unit file names the package's paths (/usr/bin/mihrab, /usr/share/doc/mihrab): they
# are rewritten into PREFIX. `make deb` builds the Debian package instead (board/debian).
PREFIX ?= /usr/local
install: release
	install -D -m 755 $$($(SWIFT) build -c release --show-bin-path)/mihrab $(DESTDIR)$(PREFIX)/bin/mihrab
	install -d $(DESTDIR)/etc/systemd/system
	sed -e 's|^ExecStart=/usr/bin/mihrab |ExecStart=$(PREFIX)/bin/mihrab |' \
	  -e 's|^Documentation=file:///usr/share/doc/|Documentation=file://$(PREFIX)/share/doc/|' \
	  board/systemd/mihrab.service >$(DESTDIR)/etc/systemd/system/mihrab.service
	chmod 644 $(DESTDIR)/etc/systemd/system/mihrab.service
	install -D -m 644 board/systemd/mihrab.sysusers $(DESTDIR)/usr/lib/sysusers.d/mihrab.conf
	install -D -m 644 board/systemd/60-mihrab.rules $(DESTDIR)/etc/udev/rules.d/60-mihrab.rules
	install -d $(DESTDIR)/etc/mihrab/boards
	install -m 644 board/raspberry-pi-4.toml board/raspberry-pi-5.toml board/raspberry-pi-zero-2w.toml \
	  board/simulated.toml $(DESTDIR)/etc/mihrab/boards/
	[ -e $(DESTDIR)/etc/mihrab/mihrab.toml ] || install -m 644 board/mihrab.toml $(DESTDIR)/etc/mihrab/mihrab.toml
	install -D -m 644 README.md $(DESTDIR)$(PREFIX)/share/doc/mihrab/README.md
	install -d $(DESTDIR)$(PREFIX)/share/mihrab/sounds
	install -m 644 board/sounds/*.flac $(DESTDIR)$(PREFIX)/share/mihrab/sounds/
	install -m 644 board/places/places.tsv $(DESTDIR)$(PREFIX)/share/mihrab/places.tsv
	if [ -z "$(DESTDIR)" ]; then \
	  getent group gpio >/dev/null || groupadd --system gpio; \
	  getent group i2c >/dev/null || groupadd --system i2c; \
	  getent group audio >/dev/null || groupadd --system audio; \
	  if command -v systemd-sysusers >/dev/null; then systemd-sysusers mihrab.conf 2>/dev/null || systemd-sysusers; \
	  else getent passwd mihrab >/dev/null || useradd --system --home-dir /var/lib/mihrab --shell /usr/sbin/nologin \
	    --groups gpio,i2c,audio mihrab; fi; \
	  command -v systemctl >/dev/null && systemctl daemon-reload || true; \
	  command -v udevadm >/dev/null && udevadm control --reload-rules && \
	    udevadm trigger --action=change --subsystem-match=gpio --subsystem-match=i2c-dev || true; \
	  echo "Installed. Edit /etc/mihrab/mihrab.toml, then: systemctl enable --now mihrab"; \
	fi

uninstall:
	rm -f $(DESTDIR)$(PREFIX)/bin/mihrab $(DESTDIR)/etc/systemd/system/mihrab.service $(DESTDIR)/usr/lib/sysusers.d/mihrab.conf \
	  $(DESTDIR)/etc/udev/rules.d/60-mihrab.rules
	rm -rf $(DESTDIR)$(PREFIX)/share/mihrab/sounds $(DESTDIR)$(PREFIX)/share/mihrab/places.tsv

# The wall screen (as root): the kiosk unit (its wrapper's path under PREFIX), the wrapper, the
# mihrab-kiosk user and its PAM stack, and /etc/mihrab/kiosk.env (the page's URL) when absent.
# Needs Debian's cage and chromium (README: the wall screen as a kiosk).
install-kiosk:
	install -D -m 755 board/kiosk/mihrab-kiosk $(DESTDIR)$(PREFIX)/lib/mihrab/mihrab-kiosk
	install -m 644 board/kiosk/display-power.bash $(DESTDIR)$(PREFIX)/lib/mihrab/display-power.bash
	install -d $(DESTDIR)/etc/systemd/system
	sed -e 's|/usr/local/lib/mihrab/|$(PREFIX)/lib/mihrab/|' -e 's|/usr/local/share/doc/|$(PREFIX)/share/doc/|' \
	  board/kiosk/mihrab-kiosk.service >$(DESTDIR)/etc/systemd/system/mihrab-kiosk.service
	chmod 644 $(DESTDIR)/etc/systemd/system/mihrab-kiosk.service
	install -D -m 644 board/kiosk/mihrab-kiosk.sysusers $(DESTDIR)/usr/lib/sysusers.d/mihrab-kiosk.conf
	install -D -m 644 board/kiosk/mihrab-kiosk.pam $(DESTDIR)/etc/pam.d/mihrab-kiosk
	install -d $(DESTDIR)/etc/mihrab
	[ -e $(DESTDIR)/etc/mihrab/kiosk.env ] || install -m 644 board/kiosk/kiosk.env $(DESTDIR)/etc/mihrab/kiosk.env
	if [ -z "$(DESTDIR)" ]; then \
	  if command -v systemd-sysusers >/dev/null; then systemd-sysusers mihrab-kiosk.conf; \
	  else for g in video render input audio; do getent group $$g >/dev/null || groupadd --system $$g; done; \
	    getent passwd mihrab-kiosk >/dev/null || useradd --system --user-group --home-dir /var/lib/mihrab-kiosk \
	    --shell /usr/sbin/nologin --groups video,render,input,audio mihrab-kiosk; fi; \
	  command -v systemctl >/dev/null && systemctl daemon-reload || true; \
	  command -v cage >/dev/null || echo "cage is not installed: apt install cage"; \
	  command -v chromium >/dev/null || command -v chromium-browser >/dev/null || \
	    echo "chromium is not installed: apt install chromium (chromium-browser on Raspberry Pi OS)"; \
	  echo "Installed. The page's URL is in /etc/mihrab/kiosk.env. Then: systemctl enable --now mihrab-kiosk"; \
	fi

uninstall-kiosk:
	rm -f $(DESTDIR)$(PREFIX)/lib/mihrab/mihrab-kiosk $(DESTDIR)$(PREFIX)/lib/mihrab/display-power.bash \
	  $(DESTDIR)/etc/systemd/system/mihrab-kiosk.service \
	  $(DESTDIR)/usr/lib/sysusers.d/mihrab-kiosk.conf $(DESTDIR)/etc/pam.d/mihrab-kiosk

# The Debian package, dist/mihrab_VERSION_ARCH.deb (board/debian/build-deb.sh): the daemon with
# the Swift runtime and Foundation linked statically, its unit enabled on installation, the
# kiosk's files (not enabled), checked by lintian. For this machine's architecture and release:
# build on a Debian 12 arm64 machine for a Raspberry Pi on 64-bit Raspberry Pi OS.
# Install: apt install ./mihrab_*.deb
#
# make deb ARCH=arm64 (or ARCH=amd64 DIST=trixie): the package for Debian 13 / Raspberry Pi OS
# trixie, built on this x86 machine with Debian's own swiftlang (board/cross/toolchain.sh makes
# the chroots once, as root, in the cache outside the clone): dist/mihrab_VERSION_arm64.deb,
# dist/trixie/mihrab_VERSION_amd64.deb.
ARCH ?=
DIST ?=
CROSS_PKGS := debootstrap qemu-user-static util-linux dpkg-dev
deb:
	$(call apt_install_missing,$(DEB_PKGS) $(if $(ARCH)$(DIST),$(CROSS_PKGS)))
	ARCH=$(ARCH) DIST=$(DIST) SWIFT=$(SWIFT) bash board/debian/build-deb.sh

# The second toolchain (Tests/cross/check.sh): the product built with Debian's swiftlang for
# aarch64 against trixie; the arm64 binary run under qemu-aarch64-static (version, a year of times
# for five places and a simulated day's record, byte for byte equal to this machine's build); the
# test targets that depend on the processor (PrayerTimes, Geo, Compass, HAL, Drivers) built the
# same way and run under qemu-aarch64-static. The x86 build it compares with is the Debian 12
# package's (make deb). The arm64 package is made first, from the build the check then runs;
# cross-check-run is the check alone, on what is built.
cross-check: deb
	$(call apt_install_missing,$(CROSS_PKGS))
	$(MAKE) deb ARCH=arm64
	$(MAKE) cross-check-run
cross-check-run:
	bash Tests/cross/check.sh $$($(SWIFT) build -c release --static-swift-stdlib --scratch-path .build-deb --show-bin-path)/mihrab

# make repo: dist/repo, a signed flat apt repository of the trixie packages in dist/
# (board/debian/repo.sh; its key is made once in .build-repo/gnupg: keep a copy).
repo:
	$(call apt_install_missing,apt-utils gnupg)
	bash board/debian/repo.sh

# The arm64 package for trixie, installed from a signed repository into a trixie arm64 root,
# booted under qemu-system-aarch64 with systemd and checked as the amd64 one is (make rig),
# then upgraded with apt to a newer build 100 s before an iqamah (Tests/rig/boot/boot.sh --upgrade).
DEB_ARM64 := dist/mihrab_$(VERSION)_arm64.deb
rig-arm64:
	$(MAKE) deb ARCH=arm64
	$(MAKE) boot-arm64
boot-arm64:
	bash Tests/rig/boot/boot.sh $(DEB_ARM64) --upgrade

# Beside make test's tests that need real time (Tests/beside.sh): the amd64 package's release
# build (make deb then only packages it), and what the arm64 unit needs before its package
# (Debian's toolchain, then its kernel and root filesystem; Tests/rig/boot/boot.sh --prepare).
deb-build:
	$(call apt_install_missing,$(RELEASE_PKGS))
	$(SWIFT) build $(DEB_BUILD)
arm64-prepare:
	$(call apt_install_missing,$(CROSS_PKGS) $(RIG_PKGS))
	bash Tests/rig/boot/boot.sh --prepare arm64

# The unit file passes systemd's own checks (verify, and an offline security score of at most
# 2.5) and keeps what the daemon needs (board/systemd/check-unit.sh; installs systemd's tools
# when missing). unit-check builds nothing (/bin/true stands in for the binary); verify-unit
# checks against the release binary. unit-check also checks the wall screen's unit and the
# command its wrapper builds (board/kiosk/check-kiosk.sh; stand-ins when cage or chromium is absent).
unit-check:
	$(call apt_install_missing,systemd)
	bash board/systemd/check-unit.sh
	bash board/kiosk/check-kiosk.sh

verify-unit: release
	$(call apt_install_missing,systemd)
	bash board/systemd/check-unit.sh $$($(SWIFT) build -c release --show-bin-path)/mihrab

# The daemon's figures (Benchmarks/daemon.py): idle (screen on, no client) CPU, wakeups and where
# its RSS lies; CPU share at 25 and 100 Hz with an event stream open, lateness of its passes
# alone and beside a CPU hog on every core, system calls per pass, memory, and memory over a
# simulated year. Last, instructions counted by callgrind (Benchmarks/instructions.sh): a
# day-schedule with local times beside adhan-swift's, a year of mihrab times as JSON by part,
# and the year's calendar feed. Ours are built with the release's flags, as mihrab is: the
# modules they share are not compiled again (adhan-swift's needs Foundation, which they refuse).
bench: release
	$(call apt_install_missing,$(BENCH_PKGS))
	$(SWIFT) package --disable-sandbox benchmark --no-progress
	python3 Benchmarks/daemon.py $$($(SWIFT) build -c release --show-bin-path)/mihrab $(BENCH_SECONDS)
	$(SWIFT) build -c release --product ScheduleInstructions --static-swift-stdlib $(RELEASE_FLAGS)
	$(SWIFT) build -c release --product FeedInstructions --static-swift-stdlib $(RELEASE_FLAGS)
	$(SWIFT) build -c release --product AdhanInstructions --static-swift-stdlib
	bash Benchmarks/instructions.sh $$($(SWIFT) build -c release --show-bin-path)

# JAKIM's zones' reference points fitted to its own 2026 table (../shared/reference/authority/jakim)
# and, zone by zone where that still meets the goal on 2026, to its 2024 and 2025 tables too;
# written as Sources/PrayerTimes/Zones/JakimZone+{Table,North,South,Borneo}.swift. jakim-zones-check
# fits again, fails if the source differs, and reports each zone's figures per year, 2022 to 2026.
# JAKIM's tables of other years: github ruqqq/prayertimes-database at a fixed commit, fetched into
# .build (GPL-3.0, not copied into the tree) and converted by board/jakim/other-years.py;
# JAKIM_YEARS= a folder of prayer_times_YEAR.csv instead.
JAKIM_YEARS_REPO ?= https://github.com/ruqqq/prayertimes-database
JAKIM_YEARS_COMMIT = a474760e4d012b779ce0f4748a7d682060ede37a
JAKIM_YEARS ?= .build/jakim-years
JAKIM_FIT = $$($(SWIFT) build -c release --show-bin-path)/fit-reference-points --years $(JAKIM_YEARS) --pool 2024 --pool 2025
jakim-years:
	@if [ ! -f $(JAKIM_YEARS)/prayer_times_2026.csv ]; then \
	  rm -rf .build/prayertimes-database && git init -q --bare .build/prayertimes-database && \
	  git -C .build/prayertimes-database fetch -q --depth 1 $(JAKIM_YEARS_REPO) $(JAKIM_YEARS_COMMIT) && \
	  git -C .build/prayertimes-database update-ref HEAD $(JAKIM_YEARS_COMMIT) && \
	  python3 board/jakim/other-years.py .build/prayertimes-database $(JAKIM_YEARS); fi
jakim-zones: jakim-years
	$(SWIFT) build -c release --product fit-reference-points
	$(JAKIM_FIT)
jakim-zones-check: jakim-years
	$(SWIFT) build -c release --product fit-reference-points
	$(JAKIM_FIT) --check --verify 2022 --verify 2023 --verify 2024 --verify 2025 --verify 2026

clean:
	rm -rf .build
