# Mihrab: the two commands a person needs are `make run` and `make test`.
# Both install the system packages they need (only those dpkg says are absent).

SWIFT      ?= swift
BUILD_PKGS := libgpiod-dev libi2c-dev libgps-dev
TEST_PKGS  := $(BUILD_PKGS) gpsd gpsd-clients python3-gps python3-pip
SUDO       := $(shell [ "$$(id -u)" = 0 ] || echo sudo)
BOARD      ?= board/simulated.toml
RUN_ARGS   ?=

.PHONY: all deps test-deps build release run test hal-check bench clean

all: build

# Installs the Debian packages in $(1) that are not installed yet.
define apt_install_missing
	@missing=""; \
	for p in $(1); do \
	  dpkg-query -W -f='$${Status}' $$p 2>/dev/null | grep -q "install ok installed" || missing="$$missing $$p"; \
	done; \
	if [ -n "$$missing" ]; then \
	  echo "Installing system packages:$$missing"; \
	  $(SUDO) env DEBIAN_FRONTEND=noninteractive apt-get update -qq && \
	  $(SUDO) env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends $$missing; \
	fi
endef

deps:
	$(call apt_install_missing,$(BUILD_PKGS))

test-deps:
	$(call apt_install_missing,$(TEST_PKGS))

build: deps
	$(SWIFT) build

release: deps
	$(SWIFT) build -c release

# Runs Mihrab on the simulated board.
run: release
	$$($(SWIFT) build -c release --show-bin-path)/mihrab run --board $(BOARD) $(RUN_ARGS)

# The whole test suite (Swift Testing and XCTest; Swift Testing runs tests in parallel).
test: test-deps hal-check
	$(SWIFT) test

# The gpiod shim against both libgpiod APIs: Debian's 1.6 (v1) and 2.x built from source (v2).
GPIOD2 := .build-gpiod2
HAL_CC := $(shell command -v cc || command -v gcc || command -v clang)
hal-check: test-deps
	bash hal/tools/build-libgpiod-v2.sh $(GPIOD2)
	$(HAL_CC) -Wall -Wextra -Werror -Ihal/gpiod/include hal/gpiod/mihrab_gpiod.c \
	  hal/tools/check-gpiod-shim.c -lgpiod -o $(GPIOD2)/check-v1 && $(GPIOD2)/check-v1 1
	$(HAL_CC) -Wall -Wextra -Werror -Ihal/gpiod/include -I$(GPIOD2)/include hal/gpiod/mihrab_gpiod.c \
	  hal/tools/check-gpiod-shim.c -L$(GPIOD2)/lib -lgpiod -Wl,-rpath,$(CURDIR)/$(GPIOD2)/lib \
	  -o $(GPIOD2)/check-v2 && $(GPIOD2)/check-v2 2

# Speed and memory, measured by ordo-one/benchmark (never in timed tests).
bench: deps
	$(SWIFT) package --disable-sandbox benchmark --no-progress

clean:
	rm -rf .build
