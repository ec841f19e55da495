/* The rig's ear and finger.
 *
 * capture DEVICE RATE SECONDS: records an ALSA capture device (snd-aloop's capture side,
 * mono S16_LE) and prints, on the wall clock, each change between silence and sound:
 * "sound T" at the first non-zero sample, "silence T" just after the last one, once 50 ms
 * of zeros followed it or no samples came for 50 ms (snd-aloop's capture gets nothing while
 * the playback side is closed). A sample's time is when its read returned, less what was
 * still queued behind it (snd_pcm_avail) and its place in the chunk. While no samples come
 * and nothing sounds, the device is reopened every 200 ms: a capture side started before its
 * playback side, or left after an overrun, can stay starved under a loaded emulator (seen
 * in CI); a fresh open joins the running playback.
 *
 * capture pull FILE VALUE: writes VALUE to FILE (gpio-sim's sim_gpioN/pull) and prints the
 * wall time the write returned: the edge happens within that write. (busybox's date has no
 * sub-second time.) */
#include <alsa/asoundlib.h>
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

static double wall(void) {
    struct timespec ts;
    clock_gettime(CLOCK_REALTIME, &ts);
    return ts.tv_sec + ts.tv_nsec / 1e9;
}

static int pull(const char *file, const char *value) {
    int fd = open(file, O_WRONLY);
    if (fd < 0) { fprintf(stderr, "capture: %s: %s\n", file, strerror(errno)); return 1; }
    double before = wall();
    ssize_t n = write(fd, value, strlen(value));
    double after = wall();
    close(fd);
    if (n < 0) { fprintf(stderr, "capture: write %s: %s\n", file, strerror(errno)); return 1; }
    printf("%.6f %.6f\n", before, after);
    return 0;
}

/* Opens, sets the player's parameters (snd-aloop wants both sides alike) and starts. */
static snd_pcm_t *open_capture(const char *name, unsigned rate) {
    snd_pcm_t *pcm;
    int e = snd_pcm_open(&pcm, name, SND_PCM_STREAM_CAPTURE, SND_PCM_NONBLOCK);
    if (e < 0) { fprintf(stderr, "capture: open %s: %s\n", name, snd_strerror(e)); return NULL; }
    e = snd_pcm_set_params(pcm, SND_PCM_FORMAT_S16_LE, SND_PCM_ACCESS_RW_INTERLEAVED, 1, rate, 0, 50000);
    if (e < 0) { fprintf(stderr, "capture: set params: %s\n", snd_strerror(e)); snd_pcm_close(pcm); return NULL; }
    snd_pcm_start(pcm);
    return pcm;
}

int main(int argc, char **argv) {
    if (argc == 4 && strcmp(argv[1], "pull") == 0) return pull(argv[2], argv[3]);
    if (argc != 4) { fprintf(stderr, "usage: capture DEVICE RATE SECONDS | capture pull FILE VALUE\n"); return 64; }
    unsigned rate = (unsigned)atoi(argv[2]);
    double seconds = atof(argv[3]);
    snd_pcm_t *pcm = open_capture(argv[1], rate);
    if (!pcm) return 69;
    int reopened = 0;
    enum { CHUNK = 128 };
    short buf[CHUNK];
    const long quiet = rate / 20;     /* 50 ms */
    long zeros = 0, total = 0;
    int sounding = 0;
    double start = wall(), lastData = start, lastSound = 0;
    printf("start %.6f\n", start);
    fflush(stdout);
    while (wall() - start < seconds) {
        snd_pcm_sframes_t n = snd_pcm_readi(pcm, buf, CHUNK);
        if (n == -EAGAIN) {
            if (sounding && wall() - lastData > 0.05) {
                printf("silence %.6f\n", lastSound + 1.0 / rate);
                fflush(stdout);
                sounding = 0;
            } else if (!sounding && wall() - lastData > 0.2) {
                snd_pcm_close(pcm);
                if (!(pcm = open_capture(argv[1], rate))) return 69;
                reopened++;
                lastData = wall();
            }
            snd_pcm_wait(pcm, 10);
            continue;
        }
        if (n < 0) {
            if (snd_pcm_recover(pcm, (int)n, 1) < 0) { snd_pcm_prepare(pcm); snd_pcm_start(pcm); }
            continue;
        }
        double now = wall();
        lastData = now;
        snd_pcm_sframes_t behind = snd_pcm_avail(pcm);
        if (behind < 0) behind = 0;
        for (long k = 0; k < n; k++) {
            double t = now - (double)(behind + n - 1 - k) / rate;
            if (buf[k] != 0) {
                if (!sounding) { printf("sound %.6f\n", t); fflush(stdout); sounding = 1; }
                zeros = 0;
                lastSound = t;
            } else if (sounding && ++zeros == quiet) {
                printf("silence %.6f\n", lastSound + 1.0 / rate);
                fflush(stdout);
                sounding = 0;
            }
        }
        total += n;
    }
    printf("end %.6f frames %ld reopened %d\n", wall(), total, reopened);
    snd_pcm_close(pcm);
    return 0;
}
