/* One small, stable GPIO interface for Swift over libgpiod, whichever API the
 * installed <gpiod.h> has: v1 (libgpiod 1.x) or v2 (libgpiod 2.x). The choice is
 * made at compile time in mihrab_gpiod.c. Every failing call returns NULL or a
 * negative value and stores a positive errno in *err; nothing aborts. */
#ifndef MIHRAB_GPIOD_H
#define MIHRAB_GPIOD_H

#include <stddef.h>
#include <stdint.h>

typedef struct mihrab_gpio_chip mihrab_gpio_chip;
typedef struct mihrab_gpio_line mihrab_gpio_line;

/* 1 or 2: the libgpiod API this shim was compiled against. */
int mihrab_gpio_api(void);
/* The library's own version string, e.g. "1.6.3". */
const char *mihrab_gpio_library_version(void);

/* Open by device path ("/dev/gpiochip0") or by label ("pinctrl-rp1"). */
mihrab_gpio_chip *mihrab_gpio_chip_open_path(const char *path, int *err);
mihrab_gpio_chip *mihrab_gpio_chip_open_label(const char *label, int *err);
void mihrab_gpio_chip_close(mihrab_gpio_chip *chip);

/* The chip's name, label and line count (strings are NUL-terminated, truncated). */
int mihrab_gpio_chip_describe(mihrab_gpio_chip *chip, char *name, size_t name_len,
                              char *label, size_t label_len, unsigned *num_lines, int *err);

/* Offset of the line with this name on the chip; -1 with *err = ENOENT if none. */
int mihrab_gpio_find_line(mihrab_gpio_chip *chip, const char *name, unsigned *offset, int *err);

/* Request one line as an output. value is logical (active-low is applied below). */
mihrab_gpio_line *mihrab_gpio_request_output(mihrab_gpio_chip *chip, unsigned offset,
                                             const char *consumer, int active_low,
                                             int initial_value, int *err);
int mihrab_gpio_line_set(mihrab_gpio_line *line, int value, int *err);
/* 0 or 1 (logical), or -1 with *err set. */
int mihrab_gpio_line_get(mihrab_gpio_line *line, int *err);
/* The bias of an input line. A button that closes to ground wants PULL_UP with
 * active-low; one that closes to 3.3 V wants PULL_DOWN. AS_IS leaves the pin as it is
 * configured (the device tree, an earlier user); DISABLED turns the pull off (an
 * external resistor). */
enum {
    MIHRAB_GPIO_BIAS_AS_IS = 0,
    MIHRAB_GPIO_BIAS_DISABLED = 1,
    MIHRAB_GPIO_BIAS_PULL_UP = 2,
    MIHRAB_GPIO_BIAS_PULL_DOWN = 3,
};

/* One edge of an input line, logical: active = 1 when the line became active (after
 * active-low is applied: a button to ground with active-low pressed gives 1), 0 when
 * it became inactive. timestamp_ns is the kernel's, on CLOCK_MONOTONIC. */
typedef struct {
    int active;
    uint64_t timestamp_ns;
} mihrab_gpio_edge;

/* Request one line as an input with edge detection on both edges. bias is one of
 * MIHRAB_GPIO_BIAS_*. Read it with mihrab_gpio_line_get, release it with
 * mihrab_gpio_line_release. */
mihrab_gpio_line *mihrab_gpio_request_input(mihrab_gpio_chip *chip, unsigned offset,
                                            const char *consumer, int active_low, int bias,
                                            int *err);
/* The file descriptor that becomes readable when an edge is pending (for poll(2)).
 * Owned by the line: do not close it. */
int mihrab_gpio_line_fd(mihrab_gpio_line *line, int *err);
/* Waits up to timeout_ms (negative: without limit) for an edge: 1 pending, 0 timed
 * out, -1 error (EINTR included: the caller decides whether to wait again). */
int mihrab_gpio_line_wait(mihrab_gpio_line *line, int timeout_ms, int *err);
/* Reads up to max pending edges into edges, oldest first; returns how many (at least
 * 1), or -1. Blocks when none is pending: call it once wait or poll says one is. */
int mihrab_gpio_line_read_edges(mihrab_gpio_line *line, mihrab_gpio_edge *edges, size_t max,
                                int *err);

/* Releases the request; the chip stays open. */
void mihrab_gpio_line_release(mihrab_gpio_line *line);

#endif
