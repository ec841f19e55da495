/* libgps shim. Differences between API 9 and 16 that matter here: fix.time is a
 * timespec from 9 on; altitude is altHAE/altMSL from 9 on ("altitude" is gone);
 * status moved into the fix in 10 (we never read it). */
#include "mihrab_gps.h"

#include <gps.h>
#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#if GPSD_API_MAJOR_VERSION < 9
#error "libgps API 9 or newer (gpsd 3.20+) is required"
#endif

struct mihrab_gps { struct gps_data_t data; int open; };

int mihrab_gps_api_major(void) { return GPSD_API_MAJOR_VERSION; }
int mihrab_gps_api_minor(void) { return GPSD_API_MINOR_VERSION; }

mihrab_gps *mihrab_gps_open(const char *host, const char *port, int *err) {
    mihrab_gps *g = calloc(1, sizeof *g);
    if (!g) { if (err) *err = ENOMEM; return NULL; }
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
    return gps_stream(&g->data, WATCH_ENABLE | WATCH_JSON, NULL) == 0 ? 0 : -1;
}

int mihrab_gps_waiting(mihrab_gps *g, int timeout_us) {
    if (!g || !g->open) return -1;
    errno = 0;
    if (gps_waiting(&g->data, timeout_us)) return 1;
    return errno ? -1 : 0;
}

int mihrab_gps_read(mihrab_gps *g, mihrab_gps_fix *fix, mihrab_gps_device *device) {
    if (!g || !g->open) return -1;
    if (gps_read(&g->data, NULL, 0) < 0) return -1;
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
        if ((d->set & LATLON_SET) && isfinite(f->latitude) && isfinite(f->longitude)) {
            fix->latitude = f->latitude;
            fix->longitude = f->longitude;
            fix->valid |= MIHRAB_GPS_HAS_LATLON;
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
        (void)gps_stream(&g->data, WATCH_DISABLE, NULL);
        gps_close(&g->data);
    }
    free(g);
}

const char *mihrab_gps_errstr(int err) { return gps_errstr(err); }
