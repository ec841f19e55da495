/* One flat GNSS fix for Swift over libgps, the same for GPSD_API_MAJOR_VERSION 9
 * to 16. Validity comes from libgps's `set` mask and isfinite(); fix.status is
 * never used (gpsd's own advice: it is unreliable). */
#ifndef MIHRAB_GPS_H
#define MIHRAB_GPS_H

#include <stdint.h>

enum {
    MIHRAB_GPS_HAS_MODE    = 1u << 0,
    MIHRAB_GPS_HAS_TIME    = 1u << 1,
    MIHRAB_GPS_HAS_LATLON  = 1u << 2,
    MIHRAB_GPS_HAS_ALT_HAE = 1u << 3,
    MIHRAB_GPS_HAS_ALT_MSL = 1u << 4,
    MIHRAB_GPS_HAS_EPH     = 1u << 5,
    MIHRAB_GPS_HAS_EPV     = 1u << 6,
    /* The report had coordinates, but out of -90..90 / -180..180 or not a JSON number
     * ("lat":1e): HAS_LATLON is not set, latitude/longitude hold what libgps made of
     * them (for a message only), and the connection counts them. */
    MIHRAB_GPS_REJECTED_LATLON = 1u << 7,
};

/* What a read brought in (more than one can be set). */
enum {
    MIHRAB_GPS_EVENT_FIX    = 1u << 0, /* a TPV report: see mihrab_gps_fix */
    MIHRAB_GPS_EVENT_DEVICE = 1u << 1, /* a DEVICE report: see mihrab_gps_device */
};

typedef struct {
    int mode;                 /* 0 unknown, 1 no fix, 2 2D, 3 3D */
    unsigned valid;           /* MIHRAB_GPS_HAS_* */
    int64_t time_sec;         /* UTC, seconds since the epoch */
    long time_nsec;
    double latitude, longitude; /* degrees */
    double alt_hae, alt_msl;  /* metres above the WGS84 ellipsoid, above mean sea level */
    double eph, epv;          /* estimated horizontal, vertical error (metres) */
} mihrab_gps_fix;

typedef struct {
    char path[128];
    int activated;            /* 0 when gpsd reports the device gone */
} mihrab_gps_device;

typedef struct mihrab_gps mihrab_gps;

/* NULL when libgps is loaded (opened on the first call: hal/dynamic), else the loader's one-line
 * reason. mihrab_gps_open fails without it (and mihrab_gps_errstr says why). */
const char *mihrab_gps_library_error(void);

int mihrab_gps_api_major(void);
int mihrab_gps_api_minor(void);

/* Connects to gpsd. On failure returns NULL and stores gpsd's error code in *err
 * (describe it with mihrab_gps_errstr). */
mihrab_gps *mihrab_gps_open(const char *host, const char *port, int *err);
/* Sends ?WATCH={"enable":true,"json":true}. 0 or -1. */
int mihrab_gps_watch(mihrab_gps *gps);
/* 1 when data is waiting, 0 on timeout, -1 on error (e.g. the socket closed). */
int mihrab_gps_waiting(mihrab_gps *gps, int timeout_us);
/* Reads one batch. Returns -1 on error or end of stream, otherwise a mask of
 * MIHRAB_GPS_EVENT_* (0 when the batch held nothing of interest). */
int mihrab_gps_read(mihrab_gps *gps, mihrab_gps_fix *fix, mihrab_gps_device *device);
/* TPV reports whose coordinates were rejected on this connection. */
unsigned long mihrab_gps_rejected(const mihrab_gps *gps);
/* Stops the WATCH (when the connection is still alive) and closes. */
void mihrab_gps_close(mihrab_gps *gps);
const char *mihrab_gps_errstr(int err);

#endif
