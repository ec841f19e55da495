/* ALSA shim. The PCM is opened non-blocking (a busy hw device would otherwise make
 * snd_pcm_open wait until its owner lets go) and switched to blocking for writes. */
#include "mihrab_alsa.h"
#include "mihrab_dynamic.h"

#include <alsa/asoundlib.h>
#include <errno.h>
#include <pthread.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* alsa-lib, opened when the first PCM is (hal/dynamic): a command that plays nothing does not
 * load it. */
MIHRAB_DL_LIB(libasound, "libasound.so.2");

const char *mihrab_alsa_library_error(void) { return mihrab_dl_error(&libasound); }

#define MIHRAB_ALSA_FUNCTIONS(F)                                                                      \
    F(const char *, snd_strerror, (int errnum), (errnum))                                             \
    F(int, snd_lib_error_set_handler, (snd_lib_error_handler_t handler), (handler))                   \
    F(int, snd_pcm_open, (snd_pcm_t **pcm, const char *name, snd_pcm_stream_t stream, int mode),      \
      (pcm, name, stream, mode))                                                                      \
    F(int, snd_pcm_nonblock, (snd_pcm_t *pcm, int nonblock), (pcm, nonblock))                         \
    F(int, snd_pcm_set_params, (snd_pcm_t *pcm, snd_pcm_format_t format, snd_pcm_access_t access,     \
                                unsigned int channels, unsigned int rate, int soft_resample,          \
                                unsigned int latency),                                                \
      (pcm, format, access, channels, rate, soft_resample, latency))                                  \
    F(int, snd_pcm_close, (snd_pcm_t *pcm), (pcm))                                                    \
    F(snd_pcm_sframes_t, snd_pcm_writei, (snd_pcm_t *pcm, const void *buffer, snd_pcm_uframes_t size), \
      (pcm, buffer, size))                                                                            \
    F(int, snd_pcm_recover, (snd_pcm_t *pcm, int err, int silent), (pcm, err, silent))                \
    F(int, snd_pcm_prepare, (snd_pcm_t *pcm), (pcm))                                                  \
    F(int, snd_pcm_drop, (snd_pcm_t *pcm), (pcm))                                                     \
    F(int, snd_pcm_drain, (snd_pcm_t *pcm), (pcm))

#define FN(ret, name, params, args) MIHRAB_DL_FN(libasound, ret, name, params, args)
MIHRAB_ALSA_FUNCTIONS(FN)

struct mihrab_pcm {
    snd_pcm_t *pcm;
    unsigned channels;
    int plugged;
};

/* alsa-lib prints its own diagnostics on stderr; keep the last one per thread instead,
 * so that the caller can put it in its one-line error. */
static _Thread_local char last_message[256];

static void keep_message(const char *file, int line, const char *function, int err, const char *fmt, ...) {
    (void)file; (void)line; (void)function; (void)err;
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(last_message, sizeof last_message, fmt, ap);
    va_end(ap);
}

static pthread_once_t handler_once = PTHREAD_ONCE_INIT;
static void install_handler(void) { snd_lib_error_set_handler(keep_message); }

static int open_configured(snd_pcm_t **pcm, const char *name, unsigned rate, unsigned channels,
                           unsigned latency_us) {
    int r = snd_pcm_open(pcm, name, SND_PCM_STREAM_PLAYBACK, SND_PCM_NONBLOCK);
    if (r < 0) return r;
    r = snd_pcm_nonblock(*pcm, 0);
    if (r >= 0)
        r = snd_pcm_set_params(*pcm, SND_PCM_FORMAT_S16_LE, SND_PCM_ACCESS_RW_INTERLEAVED,
                               channels, rate, 1 /* soft_resample */, latency_us);
    if (r < 0) {
        snd_pcm_close(*pcm);
        *pcm = NULL;
    }
    return r;
}

int mihrab_pcm_open(mihrab_pcm **out, const char *name, unsigned rate, unsigned channels,
                    unsigned latency_us) {
    if (!out || !name || rate == 0 || channels == 0) return -EINVAL;
    *out = NULL;
    const char *missing = mihrab_alsa_library_error();
    if (missing) {
        snprintf(last_message, sizeof last_message, "%s", missing);
        return -ENOSYS;
    }
    pthread_once(&handler_once, install_handler);
    last_message[0] = 0;
    snd_pcm_t *pcm = NULL;
    int plugged = 0;
    int r = open_configured(&pcm, name, rate, channels, latency_us);
    /* Resampling where the device needs it: a raw hw: device plays only the rates and
     * channel counts its hardware has, so when it refuses the file's, it is reopened
     * through alsa-lib's plug layer ("plughw:" takes the same arguments as "hw:"), which
     * converts rate (soft_resample), channels and format. "default" and plughw: names
     * already go through a plug layer. A device that could not be opened at all
     * (missing, busy) is not retried here. */
    if (r < 0 && r != -ENOENT && r != -EBUSY && r != -ENODEV && strncmp(name, "hw:", 3) == 0) {
        char plug[512];
        if (snprintf(plug, sizeof plug, "plug%s", name) < (int)sizeof plug) {
            int r2 = open_configured(&pcm, plug, rate, channels, latency_us);
            if (r2 >= 0) { r = r2; plugged = 1; }
        }
    }
    if (r < 0) return r;
    mihrab_pcm *w = calloc(1, sizeof *w);
    if (!w) { snd_pcm_close(pcm); return -ENOMEM; }
    w->pcm = pcm;
    w->channels = channels;
    w->plugged = plugged;
    *out = w;
    return 0;
}

int mihrab_pcm_plugged(const mihrab_pcm *pcm) { return pcm ? pcm->plugged : 0; }

long mihrab_pcm_write(mihrab_pcm *pcm, const short *samples, unsigned long frames) {
    if (!pcm || (!samples && frames)) return -EINVAL;
    unsigned long done = 0;
    while (done < frames) {
        snd_pcm_sframes_t n = snd_pcm_writei(pcm->pcm, samples + done * pcm->channels, frames - done);
        if (n < 0) {
            /* Underrun (-EPIPE), suspend (-ESTRPIPE), a signal (-EINTR): recover and go on.
             * Anything else (-ENODEV: unplugged) is the caller's to report. */
            int r = snd_pcm_recover(pcm->pcm, (int)n, 1);
            if (r < 0) return r;
            continue;
        }
        done += (unsigned long)n;
    }
    return (long)done;
}

int mihrab_pcm_drain(mihrab_pcm *pcm) {
    if (!pcm) return -EINVAL;
    int r = snd_pcm_drain(pcm->pcm);
    int p = snd_pcm_prepare(pcm->pcm);
    return r < 0 ? r : p;
}

int mihrab_pcm_drop(mihrab_pcm *pcm) {
    if (!pcm) return -EINVAL;
    int r = snd_pcm_drop(pcm->pcm);
    int p = snd_pcm_prepare(pcm->pcm);
    return r < 0 ? r : p;
}

void mihrab_pcm_close(mihrab_pcm *pcm) {
    if (!pcm) return;
    snd_pcm_close(pcm->pcm);
    free(pcm);
}

const char *mihrab_pcm_strerror(int err) {
    if (mihrab_alsa_library_error()) return strerror(err < 0 ? -err : err);
    return snd_strerror(err);
}
const char *mihrab_pcm_last_message(void) { return last_message; }
