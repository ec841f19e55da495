/* libgpiod shim: v1 and v2 behind one interface. The API is told apart by the
 * header: only v1's <gpiod.h> defines GPIOD_LINE_BULK_MAX_LINES (neither defines
 * a version macro). */
#include "mihrab_gpiod.h"

#include <gpiod.h>
#include <dirent.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

static int fail_errno(int *err) {
    if (err) *err = errno ? errno : EIO;
    return -1;
}

static int bias_valid(int bias) {
    return bias >= MIHRAB_GPIO_BIAS_AS_IS && bias <= MIHRAB_GPIO_BIAS_PULL_DOWN;
}

/* Edges are read this many at a time at most (the kernel queues 16 per line by default). */
#define EDGE_CHUNK 16

static void copy_str(char *dst, size_t len, const char *src) {
    if (!dst || len == 0) return;
    snprintf(dst, len, "%s", src ? src : "");
}

#if defined(GPIOD_LINE_BULK_MAX_LINES)
/* ---------------------------------------------------------------- v1 API */

struct mihrab_gpio_chip { struct gpiod_chip *chip; };
struct mihrab_gpio_line { struct gpiod_line *line; };

int mihrab_gpio_api(void) { return 1; }
const char *mihrab_gpio_library_version(void) { return gpiod_version_string(); }

static mihrab_gpio_chip *wrap_chip(struct gpiod_chip *c, int *err) {
    if (!c) { fail_errno(err); return NULL; }
    mihrab_gpio_chip *w = calloc(1, sizeof *w);
    if (!w) { gpiod_chip_close(c); if (err) *err = ENOMEM; return NULL; }
    w->chip = c;
    return w;
}

mihrab_gpio_chip *mihrab_gpio_chip_open_path(const char *path, int *err) {
    errno = 0;
    return wrap_chip(gpiod_chip_open(path), err);
}

mihrab_gpio_chip *mihrab_gpio_chip_open_label(const char *label, int *err) {
    errno = 0;
    struct gpiod_chip *c = gpiod_chip_open_by_label(label);
    if (!c && errno == 0) errno = ENOENT;
    return wrap_chip(c, err);
}

void mihrab_gpio_chip_close(mihrab_gpio_chip *chip) {
    if (!chip) return;
    gpiod_chip_close(chip->chip);
    free(chip);
}

int mihrab_gpio_chip_describe(mihrab_gpio_chip *chip, char *name, size_t name_len,
                              char *label, size_t label_len, unsigned *num_lines, int *err) {
    if (!chip) { if (err) *err = EINVAL; return -1; }
    copy_str(name, name_len, gpiod_chip_name(chip->chip));
    copy_str(label, label_len, gpiod_chip_label(chip->chip));
    if (num_lines) *num_lines = gpiod_chip_num_lines(chip->chip);
    return 0;
}

int mihrab_gpio_find_line(mihrab_gpio_chip *chip, const char *name, unsigned *offset, int *err) {
    if (!chip || !name) { if (err) *err = EINVAL; return -1; }
    errno = 0;
    struct gpiod_line *l = gpiod_chip_find_line(chip->chip, name);
    if (!l) { if (errno == 0) errno = ENOENT; return fail_errno(err); }
    if (offset) *offset = gpiod_line_offset(l);
    return 0;
}

mihrab_gpio_line *mihrab_gpio_request_output(mihrab_gpio_chip *chip, unsigned offset,
                                             const char *consumer, int active_low,
                                             int initial_value, int *err) {
    if (!chip) { if (err) *err = EINVAL; return NULL; }
    errno = 0;
    struct gpiod_line *l = gpiod_chip_get_line(chip->chip, offset);
    if (!l) { fail_errno(err); return NULL; }
    int flags = active_low ? GPIOD_LINE_REQUEST_FLAG_ACTIVE_LOW : 0;
    if (gpiod_line_request_output_flags(l, consumer, flags, initial_value ? 1 : 0) < 0) {
        fail_errno(err);
        return NULL;
    }
    mihrab_gpio_line *w = calloc(1, sizeof *w);
    if (!w) { gpiod_line_release(l); if (err) *err = ENOMEM; return NULL; }
    w->line = l;
    return w;
}

int mihrab_gpio_line_set(mihrab_gpio_line *line, int value, int *err) {
    if (!line) { if (err) *err = EINVAL; return -1; }
    errno = 0;
    if (gpiod_line_set_value(line->line, value ? 1 : 0) < 0) return fail_errno(err);
    return 0;
}

int mihrab_gpio_line_get(mihrab_gpio_line *line, int *err) {
    if (!line) { if (err) *err = EINVAL; return -1; }
    errno = 0;
    int v = gpiod_line_get_value(line->line);
    if (v < 0) return fail_errno(err);
    return v;
}

static uint64_t ts_ns(const struct timespec *ts) {
    return (uint64_t)ts->tv_sec * 1000000000ULL + (uint64_t)ts->tv_nsec;
}

/* Kernels before 5.7 stamp uAPI v1 edge events with CLOCK_REALTIME, later ones with
 * CLOCK_MONOTONIC; libgpiod 1.6 hands the kernel's stamp on unchanged. A stamp nearer the
 * realtime clock than the monotonic one is moved onto the monotonic clock (the two are
 * decades apart once the clock is set, so the test cannot mistake one for the other). */
static uint64_t monotonic_stamp(const struct timespec *ts) {
    uint64_t t = ts_ns(ts);
    struct timespec mono, real;
    if (clock_gettime(CLOCK_MONOTONIC, &mono) != 0 || clock_gettime(CLOCK_REALTIME, &real) != 0) return t;
    uint64_t m = ts_ns(&mono), r = ts_ns(&real);
    uint64_t dm = t > m ? t - m : m - t;
    uint64_t dr = t > r ? t - r : r - t;
    if (dr < dm && r > m && t >= r - m) return t - (r - m);
    return t;
}

mihrab_gpio_line *mihrab_gpio_request_input(mihrab_gpio_chip *chip, unsigned offset,
                                            const char *consumer, int active_low, int bias,
                                            int *err) {
    if (!chip || !bias_valid(bias)) { if (err) *err = EINVAL; return NULL; }
    errno = 0;
    struct gpiod_line *l = gpiod_chip_get_line(chip->chip, offset);
    if (!l) { fail_errno(err); return NULL; }
    int flags = active_low ? GPIOD_LINE_REQUEST_FLAG_ACTIVE_LOW : 0;
    switch (bias) {
    case MIHRAB_GPIO_BIAS_DISABLED: flags |= GPIOD_LINE_REQUEST_FLAG_BIAS_DISABLE; break;
    case MIHRAB_GPIO_BIAS_PULL_UP: flags |= GPIOD_LINE_REQUEST_FLAG_BIAS_PULL_UP; break;
    case MIHRAB_GPIO_BIAS_PULL_DOWN: flags |= GPIOD_LINE_REQUEST_FLAG_BIAS_PULL_DOWN; break;
    default: break;
    }
    if (gpiod_line_request_both_edges_events_flags(l, consumer, flags) < 0) {
        fail_errno(err);
        return NULL;
    }
    mihrab_gpio_line *w = calloc(1, sizeof *w);
    if (!w) { gpiod_line_release(l); if (err) *err = ENOMEM; return NULL; }
    w->line = l;
    return w;
}

int mihrab_gpio_line_fd(mihrab_gpio_line *line, int *err) {
    if (!line) { if (err) *err = EINVAL; return -1; }
    errno = 0;
    int fd = gpiod_line_event_get_fd(line->line);
    if (fd < 0) return fail_errno(err);
    return fd;
}

int mihrab_gpio_line_wait(mihrab_gpio_line *line, int timeout_ms, int *err) {
    if (!line) { if (err) *err = EINVAL; return -1; }
    struct timespec ts = { timeout_ms / 1000, (long)(timeout_ms % 1000) * 1000000L };
    errno = 0;
    int r = gpiod_line_event_wait(line->line, timeout_ms < 0 ? NULL : &ts);
    if (r < 0) return fail_errno(err);
    return r > 0 ? 1 : 0;
}

int mihrab_gpio_line_read_edges(mihrab_gpio_line *line, mihrab_gpio_edge *edges, size_t max,
                                int *err) {
    if (!line || !edges || max == 0) { if (err) *err = EINVAL; return -1; }
    struct gpiod_line_event evs[EDGE_CHUNK];
    unsigned n = max < EDGE_CHUNK ? (unsigned)max : EDGE_CHUNK;
    errno = 0;
    int got = gpiod_line_event_read_multiple(line->line, evs, n);
    if (got < 0) return fail_errno(err);
    for (int i = 0; i < got; i++) {
        edges[i].active = evs[i].event_type == GPIOD_LINE_EVENT_RISING_EDGE ? 1 : 0;
        edges[i].timestamp_ns = monotonic_stamp(&evs[i].ts);
    }
    return got;
}

void mihrab_gpio_line_release(mihrab_gpio_line *line) {
    if (!line) return;
    gpiod_line_release(line->line);
    free(line);
}

#else
/* ---------------------------------------------------------------- v2 API */

struct mihrab_gpio_chip { struct gpiod_chip *chip; };
/* events: the edge buffer, for input lines only (NULL for outputs). */
struct mihrab_gpio_line {
    struct gpiod_line_request *req;
    unsigned offset;
    struct gpiod_edge_event_buffer *events;
};

int mihrab_gpio_api(void) { return 2; }
const char *mihrab_gpio_library_version(void) { return gpiod_api_version(); }

static mihrab_gpio_chip *wrap_chip(struct gpiod_chip *c, int *err) {
    if (!c) { fail_errno(err); return NULL; }
    mihrab_gpio_chip *w = calloc(1, sizeof *w);
    if (!w) { gpiod_chip_close(c); if (err) *err = ENOMEM; return NULL; }
    w->chip = c;
    return w;
}

mihrab_gpio_chip *mihrab_gpio_chip_open_path(const char *path, int *err) {
    errno = 0;
    return wrap_chip(gpiod_chip_open(path), err);
}

/* v2 has no open-by-label: walk /dev/gpiochip* and compare each chip's label. */
mihrab_gpio_chip *mihrab_gpio_chip_open_label(const char *label, int *err) {
    if (!label) { if (err) *err = EINVAL; return NULL; }
    DIR *dir = opendir("/dev");
    if (!dir) { fail_errno(err); return NULL; }
    struct dirent *ent;
    char path[300];
    struct gpiod_chip *found = NULL;
    while (!found && (ent = readdir(dir)) != NULL) {
        if (strncmp(ent->d_name, "gpiochip", 8) != 0) continue;
        snprintf(path, sizeof path, "/dev/%s", ent->d_name);
        struct gpiod_chip *c = gpiod_chip_open(path);
        if (!c) continue;
        struct gpiod_chip_info *info = gpiod_chip_get_info(c);
        if (info && strcmp(gpiod_chip_info_get_label(info), label) == 0) found = c;
        if (info) gpiod_chip_info_free(info);
        if (!found) gpiod_chip_close(c);
    }
    closedir(dir);
    if (!found) { if (err) *err = ENOENT; return NULL; }
    return wrap_chip(found, err);
}

void mihrab_gpio_chip_close(mihrab_gpio_chip *chip) {
    if (!chip) return;
    gpiod_chip_close(chip->chip);
    free(chip);
}

int mihrab_gpio_chip_describe(mihrab_gpio_chip *chip, char *name, size_t name_len,
                              char *label, size_t label_len, unsigned *num_lines, int *err) {
    if (!chip) { if (err) *err = EINVAL; return -1; }
    errno = 0;
    struct gpiod_chip_info *info = gpiod_chip_get_info(chip->chip);
    if (!info) return fail_errno(err);
    copy_str(name, name_len, gpiod_chip_info_get_name(info));
    copy_str(label, label_len, gpiod_chip_info_get_label(info));
    if (num_lines) *num_lines = (unsigned)gpiod_chip_info_get_num_lines(info);
    gpiod_chip_info_free(info);
    return 0;
}

int mihrab_gpio_find_line(mihrab_gpio_chip *chip, const char *name, unsigned *offset, int *err) {
    if (!chip || !name) { if (err) *err = EINVAL; return -1; }
    errno = 0;
    int o = gpiod_chip_get_line_offset_from_name(chip->chip, name);
    if (o < 0) { if (errno == 0) errno = ENOENT; return fail_errno(err); }
    if (offset) *offset = (unsigned)o;
    return 0;
}

mihrab_gpio_line *mihrab_gpio_request_output(mihrab_gpio_chip *chip, unsigned offset,
                                             const char *consumer, int active_low,
                                             int initial_value, int *err) {
    if (!chip) { if (err) *err = EINVAL; return NULL; }
    struct gpiod_line_settings *settings = gpiod_line_settings_new();
    struct gpiod_line_config *lcfg = gpiod_line_config_new();
    struct gpiod_request_config *rcfg = gpiod_request_config_new();
    struct gpiod_line_request *req = NULL;
    mihrab_gpio_line *w = NULL;
    errno = 0;
    if (!settings || !lcfg || !rcfg) { if (errno == 0) errno = ENOMEM; goto out; }
    if (gpiod_line_settings_set_direction(settings, GPIOD_LINE_DIRECTION_OUTPUT) < 0) goto out;
    gpiod_line_settings_set_active_low(settings, active_low ? true : false);
    if (gpiod_line_settings_set_output_value(settings, initial_value ? GPIOD_LINE_VALUE_ACTIVE
                                                                     : GPIOD_LINE_VALUE_INACTIVE) < 0)
        goto out;
    if (gpiod_line_config_add_line_settings(lcfg, &offset, 1, settings) < 0) goto out;
    if (consumer) gpiod_request_config_set_consumer(rcfg, consumer);
    req = gpiod_chip_request_lines(chip->chip, rcfg, lcfg);
    if (!req) goto out;
    w = calloc(1, sizeof *w);
    if (!w) { gpiod_line_request_release(req); errno = ENOMEM; goto out; }
    w->req = req;
    w->offset = offset;
out:
    if (!w) fail_errno(err);
    if (settings) gpiod_line_settings_free(settings);
    if (lcfg) gpiod_line_config_free(lcfg);
    if (rcfg) gpiod_request_config_free(rcfg);
    return w;
}

int mihrab_gpio_line_set(mihrab_gpio_line *line, int value, int *err) {
    if (!line) { if (err) *err = EINVAL; return -1; }
    errno = 0;
    if (gpiod_line_request_set_value(line->req, line->offset,
                                     value ? GPIOD_LINE_VALUE_ACTIVE : GPIOD_LINE_VALUE_INACTIVE) < 0)
        return fail_errno(err);
    return 0;
}

int mihrab_gpio_line_get(mihrab_gpio_line *line, int *err) {
    if (!line) { if (err) *err = EINVAL; return -1; }
    errno = 0;
    enum gpiod_line_value v = gpiod_line_request_get_value(line->req, line->offset);
    if (v == GPIOD_LINE_VALUE_ERROR) return fail_errno(err);
    return v == GPIOD_LINE_VALUE_ACTIVE ? 1 : 0;
}

/* The kernel's event clock is CLOCK_MONOTONIC unless asked otherwise; it is asked for
 * explicitly all the same. No kernel debounce (gpiod_line_settings_set_debounce_period_us):
 * it reports an edge only once the line has been stable for the period, which delays every
 * press, and v1 has nothing like it; Swift's Debouncer does it the same way on both. */
mihrab_gpio_line *mihrab_gpio_request_input(mihrab_gpio_chip *chip, unsigned offset,
                                            const char *consumer, int active_low, int bias,
                                            int *err) {
    if (!chip || !bias_valid(bias)) { if (err) *err = EINVAL; return NULL; }
    struct gpiod_line_settings *settings = gpiod_line_settings_new();
    struct gpiod_line_config *lcfg = gpiod_line_config_new();
    struct gpiod_request_config *rcfg = gpiod_request_config_new();
    struct gpiod_edge_event_buffer *events = gpiod_edge_event_buffer_new(EDGE_CHUNK);
    struct gpiod_line_request *req = NULL;
    mihrab_gpio_line *w = NULL;
    enum gpiod_line_bias b = bias == MIHRAB_GPIO_BIAS_DISABLED ? GPIOD_LINE_BIAS_DISABLED
                           : bias == MIHRAB_GPIO_BIAS_PULL_UP ? GPIOD_LINE_BIAS_PULL_UP
                           : bias == MIHRAB_GPIO_BIAS_PULL_DOWN ? GPIOD_LINE_BIAS_PULL_DOWN
                           : GPIOD_LINE_BIAS_AS_IS;
    errno = 0;
    if (!settings || !lcfg || !rcfg || !events) { if (errno == 0) errno = ENOMEM; goto out; }
    if (gpiod_line_settings_set_direction(settings, GPIOD_LINE_DIRECTION_INPUT) < 0) goto out;
    if (gpiod_line_settings_set_edge_detection(settings, GPIOD_LINE_EDGE_BOTH) < 0) goto out;
    if (gpiod_line_settings_set_bias(settings, b) < 0) goto out;
    if (gpiod_line_settings_set_event_clock(settings, GPIOD_LINE_CLOCK_MONOTONIC) < 0) goto out;
    gpiod_line_settings_set_active_low(settings, active_low ? true : false);
    if (gpiod_line_config_add_line_settings(lcfg, &offset, 1, settings) < 0) goto out;
    if (consumer) gpiod_request_config_set_consumer(rcfg, consumer);
    req = gpiod_chip_request_lines(chip->chip, rcfg, lcfg);
    if (!req) goto out;
    w = calloc(1, sizeof *w);
    if (!w) { gpiod_line_request_release(req); errno = ENOMEM; goto out; }
    w->req = req;
    w->offset = offset;
    w->events = events;
    events = NULL;
out:
    if (!w) fail_errno(err);
    if (events) gpiod_edge_event_buffer_free(events);
    if (settings) gpiod_line_settings_free(settings);
    if (lcfg) gpiod_line_config_free(lcfg);
    if (rcfg) gpiod_request_config_free(rcfg);
    return w;
}

int mihrab_gpio_line_fd(mihrab_gpio_line *line, int *err) {
    if (!line) { if (err) *err = EINVAL; return -1; }
    if (!line->events) { if (err) *err = EPERM; return -1; }  /* an output: no edges */
    errno = 0;
    int fd = gpiod_line_request_get_fd(line->req);
    if (fd < 0) return fail_errno(err);
    return fd;
}

int mihrab_gpio_line_wait(mihrab_gpio_line *line, int timeout_ms, int *err) {
    if (!line) { if (err) *err = EINVAL; return -1; }
    if (!line->events) { if (err) *err = EPERM; return -1; }
    errno = 0;
    int r = gpiod_line_request_wait_edge_events(line->req, timeout_ms < 0 ? -1 : (int64_t)timeout_ms * 1000000);
    if (r < 0) return fail_errno(err);
    return r > 0 ? 1 : 0;
}

int mihrab_gpio_line_read_edges(mihrab_gpio_line *line, mihrab_gpio_edge *edges, size_t max,
                                int *err) {
    if (!line || !edges || max == 0) { if (err) *err = EINVAL; return -1; }
    if (!line->events) { if (err) *err = EPERM; return -1; }
    size_t n = max < EDGE_CHUNK ? max : EDGE_CHUNK;
    errno = 0;
    int got = gpiod_line_request_read_edge_events(line->req, line->events, n);
    if (got < 0) return fail_errno(err);
    for (int i = 0; i < got; i++) {
        struct gpiod_edge_event *e = gpiod_edge_event_buffer_get_event(line->events, (unsigned long)i);
        if (!e) { if (err) *err = EIO; return -1; }
        edges[i].active = gpiod_edge_event_get_event_type(e) == GPIOD_EDGE_EVENT_RISING_EDGE ? 1 : 0;
        edges[i].timestamp_ns = gpiod_edge_event_get_timestamp_ns(e);
    }
    return got;
}

void mihrab_gpio_line_release(mihrab_gpio_line *line) {
    if (!line) return;
    gpiod_line_request_release(line->req);
    if (line->events) gpiod_edge_event_buffer_free(line->events);
    free(line);
}
#endif
