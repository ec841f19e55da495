/* One small, stable GPIO interface for Swift over libgpiod, whichever API the
 * installed <gpiod.h> has: v1 (libgpiod 1.x) or v2 (libgpiod 2.x). The choice is
 * made at compile time in mihrab_gpiod.c. Every failing call returns NULL or a
 * negative value and stores a positive errno in *err; nothing aborts. */
#ifndef MIHRAB_GPIOD_H
#define MIHRAB_GPIOD_H

#include <stddef.h>

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
/* Releases the request; the chip stays open. */
void mihrab_gpio_line_release(mihrab_gpio_line *line);

#endif
