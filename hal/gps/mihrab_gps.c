/* libgps shim. Differences between API 9 and 16 that matter here: fix.time is a
 * timespec from 9 on; altitude is altHAE/altMSL from 9 on ("altitude" is gone);
 * status moved into the fix in 10 (we never read it). */
#include "mihrab_gps.h"
#include "mihrab_dynamic.h"

#include <gps.h>
#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#if GPSD_API_MAJOR_VERSION < 9
#error "libgps API 9 or newer (gpsd 3.20+) is required"
#endif

/* libgps, opened when the first connection to gpsd is (hal/dynamic): a command without a GPS
 * does not load it, nor D-Bus and the rest behind it. Its soname follows the header's API:
 * Debian 12's gpsd 3.22 (API 11) is libgps.so.28, Debian 13's 3.25 (API 14) libgps.so.30;
 * another gpsd names its own with -DMIHRAB_GPS_SONAME. */
#ifndef MIHRAB_GPS_SONAME
#if GPSD_API_MAJOR_VERSION == 11
#define MIHRAB_GPS_SONAME "libgps.so.28"
#elif GPSD_API_MAJOR_VERSION == 14
#define MIHRAB_GPS_SONAME "libgps.so.30"
#else
#error "libgps: the soname of this API is not known here; build with -DMIHRAB_GPS_SONAME=\"libgps.so.N\""
#endif
#endif
MIHRAB_DL_LIB(libgps, MIHRAB_GPS_SONAME);

const char *mihrab_gps_library_error(void) { return mihrab_dl_error(&libgps); }

#if GPSD_API_MAJOR_VERSION >= 14
#define MIHRAB_GPS_STREAM_PARAMS (struct gps_data_t *gpsdata, watch_t flags, const char *d)
#else
#define MIHRAB_GPS_STREAM_PARAMS (struct gps_data_t *gpsdata, unsigned int flags, void *d)
#endif

#define MIHRAB_GPS_FUNCTIONS(F)                                                                       \
    F(int, gps_open, (const char *host, const char *port, struct gps_data_t *gpsdata),                \
      (host, port, gpsdata))                                                                          \
    F(int, gps_close, (struct gps_data_t *gpsdata), (gpsdata))                                        \
    F(int, gps_read, (struct gps_data_t *gpsdata, char *message, int message_len),                    \
      (gpsdata, message, message_len))                                                                \
    F(bool, gps_waiting, (const struct gps_data_t *gpsdata, int timeout), (gpsdata, timeout))         \
    F(int, gps_stream, MIHRAB_GPS_STREAM_PARAMS, (gpsdata, flags, d))                                 \
    F(const char *, gps_errstr, (const int err), (err))

#define FN(ret, name, params, args) MIHRAB_DL_FN(libgps, ret, name, params, args)
MIHRAB_GPS_FUNCTIONS(FN)

/* gpsd's own reports are at most 4096 bytes (GPS_JSON_RESPONSE_MAX in gpsd.h, not
 * public); a longer one is cut, and its coordinates, if cut, are rejected. */
#define MESSAGE_MAX 8192

struct mihrab_gps {
    struct gps_data_t data;
    int open;
    int dead;               /* a read or wait failed: the socket is gone, never write to it */
    unsigned long rejected; /* TPV reports whose coordinates were out of range or malformed */
};

int mihrab_gps_api_major(void) { return GPSD_API_MAJOR_VERSION; }
int mihrab_gps_api_minor(void) { return GPSD_API_MINOR_VERSION; }

mihrab_gps *mihrab_gps_open(const char *host, const char *port, int *err) {
    mihrab_gps *g = calloc(1, sizeof *g);
    if (!g) { if (err) *err = ENOMEM; return NULL; }
    if (mihrab_gps_library_error()) { if (err) *err = ENOSYS; free(g); return NULL; }
    errno = 0;
    if (gps_open(host, port, &g->data) != 0) {
        if (err) *err = errno;
        free(g);
        return NULL;
    }
    g->open = 1;
    return g;
}

int mihrab_gps_watch(mihrab_gps *g) {
    if (!g || !g->open) return -1;
    if (g->dead) return -1;
    if (gps_stream(&g->data, WATCH_ENABLE | WATCH_JSON, NULL) == 0) return 0;
    g->dead = 1;
    return -1;
}

int mihrab_gps_waiting(mihrab_gps *g, int timeout_us) {
    if (!g || !g->open || g->dead) return -1;
    errno = 0;
    if (gps_waiting(&g->data, timeout_us)) return 1;
    /* EINTR: a signal (the daemon's SIGHUP reload) cut the wait short; the connection is fine. */
    if (errno == EINTR) return 0;
    if (errno) { g->dead = 1; return -1; }
    return 0;
}

unsigned long mihrab_gps_rejected(const mihrab_gps *g) { return g ? g->rejected : 0; }

/* The value of "key" in a JSON object is a number as JSON writes it:
 * -?(0|[1-9][0-9]*)(.[0-9]+)?([eE][+-]?[0-9]+)? followed by ',', '}' or white space.
 * libgps converts with strtod-like leniency ("1e" and "12abc" become numbers); a
 * receiver or gpsd that writes such a thing has not given a position. */
static int json_number_at(const char *msg, const char *key) {
    const char *p = strstr(msg, key);
    if (!p) return 0;
    p += strlen(key);
    while (*p == ' ' || *p == '\t') p++;
    if (*p != ':') return 0;
    p++;
    while (*p == ' ' || *p == '\t') p++;
    if (*p == '-') p++;
    if (*p == '0') p++;
    else if (*p >= '1' && *p <= '9') { while (*p >= '0' && *p <= '9') p++; }
    else return 0;
    if (*p == '.') {
        p++;
        if (!(*p >= '0' && *p <= '9')) return 0;
        while (*p >= '0' && *p <= '9') p++;
    }
    if (*p == 'e' || *p == 'E') {
        p++;
        if (*p == '+' || *p == '-') p++;
        if (!(*p >= '0' && *p <= '9')) return 0;
        while (*p >= '0' && *p <= '9') p++;
    }
    return *p == ',' || *p == '}' || *p == ' ' || *p == '\t' || *p == '\r' || *p == '\n';
}

static int latlon_acceptable(const char *msg, double lat, double lon) {
    if (!isfinite(lat) || !isfinite(lon)) return 0;
    if (lat < -90.0 || lat > 90.0 || lon < -180.0 || lon > 180.0) return 0;
    /* Only a TPV report carries the fix; its coordinates must be numbers as written. */
    if (strstr(msg, "\"TPV\"") == NULL) return 0;
    return json_number_at(msg, "\"lat\"") && json_number_at(msg, "\"lon\"");
}

int mihrab_gps_read(mihrab_gps *g, mihrab_gps_fix *fix, mihrab_gps_device *device) {
    if (!g || !g->open || g->dead) return -1;
    /* libgps leaves the previous report's `set` bits in place when a read brings a report
     * of another class (SKY, ATT...): without this one fix would be reported again for
     * every report that follows it. */
    g->data.set = 0;
    /* The report as received, to check what libgps parsed leniently. */
    char msg[MESSAGE_MAX];
    msg[0] = '\0';
    if (gps_read(&g->data, msg, (int)sizeof msg) < 0) { g->dead = 1; return -1; }
    msg[sizeof msg - 1] = '\0';
    const struct gps_data_t *d = &g->data;
    int events = 0;
    if (fix && (d->set & (MODE_SET | LATLON_SET | TIME_SET))) {
        const struct gps_fix_t *f = &d->fix;
        memset(fix, 0, sizeof *fix);
        if (d->set & MODE_SET) { fix->mode = f->mode; fix->valid |= MIHRAB_GPS_HAS_MODE; }
        if ((d->set & TIME_SET) && f->time.tv_sec > 0) {
            fix->time_sec = (int64_t)f->time.tv_sec;
            fix->time_nsec = f->time.tv_nsec;
            fix->valid |= MIHRAB_GPS_HAS_TIME;
        }
        if (d->set & LATLON_SET) {
            if (latlon_acceptable(msg, f->latitude, f->longitude)) {
                fix->latitude = f->latitude;
                fix->longitude = f->longitude;
                fix->valid |= MIHRAB_GPS_HAS_LATLON;
            } else if (isfinite(f->latitude) || isfinite(f->longitude)) {
                /* NaN is gpsd's own "not known yet"; anything else unusable is a lie. */
                g->rejected++;
                fix->latitude = f->latitude;   /* for the message only */
                fix->longitude = f->longitude;
                fix->valid |= MIHRAB_GPS_REJECTED_LATLON;
            }
        }
        if ((d->set & ALTITUDE_SET) && isfinite(f->altHAE)) {
            fix->alt_hae = f->altHAE; fix->valid |= MIHRAB_GPS_HAS_ALT_HAE;
        }
        if ((d->set & ALTITUDE_SET) && isfinite(f->altMSL)) {
            fix->alt_msl = f->altMSL; fix->valid |= MIHRAB_GPS_HAS_ALT_MSL;
        }
        if ((d->set & HERR_SET) && isfinite(f->eph)) { fix->eph = f->eph; fix->valid |= MIHRAB_GPS_HAS_EPH; }
        if ((d->set & VERR_SET) && isfinite(f->epv)) { fix->epv = f->epv; fix->valid |= MIHRAB_GPS_HAS_EPV; }
        events |= MIHRAB_GPS_EVENT_FIX;
    }
    if (device && (d->set & DEVICE_SET)) {
        memset(device, 0, sizeof *device);
        snprintf(device->path, sizeof device->path, "%s", d->dev.path);
        device->activated = (d->dev.activated.tv_sec != 0 || d->dev.activated.tv_nsec != 0);
        events |= MIHRAB_GPS_EVENT_DEVICE;
    }
    return events;
}

void mihrab_gps_close(mihrab_gps *g) {
    if (!g) return;
    if (g->open) {
        /* Tell a live gpsd we are going; a dead socket is not written to (it would raise
         * SIGPIPE, which the process ignores, but there is nothing to say). */
        if (!g->dead) (void)gps_stream(&g->data, WATCH_DISABLE, NULL);
        gps_close(&g->data);
    }
    free(g);
}

const char *mihrab_gps_errstr(int err) {
    const char *missing = mihrab_gps_library_error();
    return missing ? missing : gps_errstr(err);
}
