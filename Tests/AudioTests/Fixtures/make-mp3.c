/* Makes the MP3 fixtures (sox here has no MP3 encoder; libsndfile 1.1+ writes MP3 through
 * LAME). A sine of FREQ Hz at half of full scale: sample i = lrint(16384 sin(2 pi FREQ i / RATE)).
 *   cc make-mp3.c -lsndfile -lm -o make-mp3
 *   ./make-mp3 sine440.mp3 1 48000 440            # VBR, with LAME's Info/Xing frame (gapless)
 *   ./make-mp3 cbr.mp3 1 48000 440 cbr && tail -c +193 cbr.mp3 > sine440-cbr-untagged.mp3
 *     (64 kbps CBR; the first 192-byte frame is LAME's Info frame: without it the decoder
 *     knows neither the encoder's delay nor its padding) */
#include <sndfile.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int main(int argc, char **argv) {
    if (argc < 5) { fprintf(stderr, "usage: make-mp3 OUT SECONDS RATE FREQ [cbr]\n"); return 2; }
    double seconds = atof(argv[2]), freq = atof(argv[4]);
    int rate = atoi(argv[3]);
    SF_INFO info = { .samplerate = rate, .channels = 1, .format = SF_FORMAT_MPEG | SF_FORMAT_MPEG_LAYER_III };
    SNDFILE *f = sf_open(argv[1], SFM_WRITE, &info);
    if (!f) { fprintf(stderr, "%s\n", sf_strerror(NULL)); return 1; }
    if (argc > 5 && strcmp(argv[5], "cbr") == 0) {
        int mode = SF_BITRATE_MODE_CONSTANT;
        sf_command(f, SFC_SET_BITRATE_MODE, &mode, sizeof mode);
    }
    int n = (int)(seconds * rate);
    for (int i = 0; i < n; i++) {
        short s = (short)lrint(16384 * sin(2 * M_PI * freq * i / rate));
        sf_writef_short(f, &s, 1);
    }
    sf_close(f);
    return 0;
}
