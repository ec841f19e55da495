/* The rig's ear: records an ALSA capture device (snd-aloop's capture side) and prints, on
 * the wall clock, each change between silence and sound: "sound T" at the first non-zero
 * sample after at least 50 ms of zeros (or at the start), "silence T" at the first zero of
 * a run of at least 50 ms. A sample's time is when the read returned, less what was still
 * queued behind it (snd_pcm_avail) and its place in the chunk.
 * Usage: capture DEVICE RATE SECONDS (mono, S16_LE). */
#include <alsa/asoundlib.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

static double wall(void) {
    struct timespec ts;
    clock_gettime(CLOCK_REALTIME, &ts);
    return ts.tv_sec + ts.tv_nsec / 1e9;
}

int main(int argc, char **argv) {
    if (argc != 4) { fprintf(stderr, "usage: capture DEVICE RATE SECONDS\n"); return 64; }
    unsigned rate = (unsigned)atoi(argv[2]);
    double seconds = atof(argv[3]);
    snd_pcm_t *pcm;
    int e = snd_pcm_open(&pcm, argv[1], SND_PCM_STREAM_CAPTURE, 0);
    if (e < 0) { fprintf(stderr, "capture: open %s: %s\n", argv[1], snd_strerror(e)); return 69; }
    e = snd_pcm_set_params(pcm, SND_PCM_FORMAT_S16_LE, SND_PCM_ACCESS_RW_INTERLEAVED, 1, rate, 0, 40000);
    if (e < 0) { fprintf(stderr, "capture: set params: %s\n", snd_strerror(e)); return 69; }
    enum { CHUNK = 128 };
    short buf[CHUNK];
    const long quiet = rate / 20;     /* 50 ms of zeros is silence */
    long zeros = quiet, total = 0;
    int sounding = 0;
    double start = wall(), zeroStart = 0;
    printf("start %.6f\n", start);
    fflush(stdout);
    while (wall() - start < seconds) {
        snd_pcm_sframes_t n = snd_pcm_readi(pcm, buf, CHUNK);
        if (n < 0) { n = snd_pcm_recover(pcm, (int)n, 1); if (n < 0) { fprintf(stderr, "capture: %s\n", snd_strerror((int)n)); return 1; } continue; }
        double now = wall();
        snd_pcm_sframes_t behind = snd_pcm_avail(pcm);
        if (behind < 0) behind = 0;
        for (long k = 0; k < n; k++) {
            double t = now - (double)(behind + n - 1 - k) / rate;
            if (buf[k] != 0) {
                if (!sounding) { printf("sound %.6f\n", t); fflush(stdout); sounding = 1; }
                zeros = 0;
            } else {
                if (zeros == 0) zeroStart = t;
                zeros++;
                if (sounding && zeros == quiet) { printf("silence %.6f\n", zeroStart); fflush(stdout); sounding = 0; }
            }
        }
        total += n;
    }
    printf("end %.6f frames %ld\n", wall(), total);
    snd_pcm_close(pcm);
    return 0;
}
