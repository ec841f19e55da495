#include "mihrab_sndfile.h"
#include "mihrab_dynamic.h"

#include <sndfile.h>
#include <errno.h>
#include <fcntl.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/stat.h>
#include <unistd.h>

/* libsndfile, opened when the first sound file is (hal/dynamic): a command that plays nothing
 * does not load it, nor FLAC, Vorbis, Opus and mpg123 behind it. */
MIHRAB_DL_LIB(libsndfile, "libsndfile.so.1");

const char *mihrab_sndfile_library_error(void) { return mihrab_dl_error(&libsndfile); }

#define MIHRAB_SNDFILE_FUNCTIONS(F)                                                                   \
    F(SNDFILE *, sf_open_fd, (int fd, int mode, SF_INFO *sfinfo, int close_desc), (fd, mode, sfinfo, close_desc)) \
    F(int, sf_error, (SNDFILE *sndfile), (sndfile))                                                   \
    F(const char *, sf_strerror, (SNDFILE *sndfile), (sndfile))                                       \
    F(int, sf_command, (SNDFILE *sndfile, int command, void *data, int datasize),                     \
      (sndfile, command, data, datasize))                                                             \
    F(sf_count_t, sf_readf_short, (SNDFILE *sndfile, short *ptr, sf_count_t frames), (sndfile, ptr, frames)) \
    F(int, sf_close, (SNDFILE *sndfile), (sndfile))

#define FN(ret, name, params, args) MIHRAB_DL_FN(libsndfile, ret, name, params, args)
MIHRAB_SNDFILE_FUNCTIONS(FN)

struct mihrab_sndfile {
    SNDFILE *sf;
    SF_INFO info;
};

mihrab_sndfile *mihrab_sndfile_open(const char *path, int *err_no, char *msg, size_t msg_len) {
    if (err_no) *err_no = 0;
    if (msg && msg_len) msg[0] = 0;
    const char *missing = mihrab_sndfile_library_error();
    if (missing) {
        if (msg && msg_len) snprintf(msg, msg_len, "%s", missing);
        return NULL;
    }
    /* The descriptor first, so that a missing or unreadable file is told by its errno
     * rather than by libsndfile's wording. O_NONBLOCK, then a regular file only: a FIFO in a
     * sound's place would block the open (and then every read) until someone writes to it.
     * A directory says EISDIR; anything else that is not a file (FIFO, socket, device) EFTYPE's
     * stand-in, ENODEV. */
    int fd = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK);
    if (fd < 0) { if (err_no) *err_no = errno == ENXIO ? ENODEV : errno; return NULL; }  /* ENXIO: a socket */
    struct stat st;
    int statted = fstat(fd, &st) == 0;
    if (!statted || !S_ISREG(st.st_mode)) {
        if (err_no) *err_no = !statted ? errno : S_ISDIR(st.st_mode) ? EISDIR : ENODEV;
        close(fd);
        return NULL;
    }
    int flags = fcntl(fd, F_GETFL);
    if (flags < 0 || fcntl(fd, F_SETFL, flags & ~O_NONBLOCK) < 0) {
        if (err_no) *err_no = errno;
        close(fd);
        return NULL;
    }
    mihrab_sndfile *f = calloc(1, sizeof *f);
    if (!f) { close(fd); if (err_no) *err_no = ENOMEM; return NULL; }
    f->sf = sf_open_fd(fd, SFM_READ, &f->info, 1);  /* closes fd on failure too */
    if (!f->sf) {
        if (msg && msg_len) snprintf(msg, msg_len, "%s", sf_strerror(NULL));
        free(f);
        return NULL;
    }
    /* Decoders that work in floating point (Vorbis, MP3) can overshoot full scale:
     * clip instead of wrapping around. */
    sf_command(f->sf, SFC_SET_CLIPPING, NULL, SF_TRUE);
    return f;
}

void mihrab_sndfile_close(mihrab_sndfile *file) {
    if (!file) return;
    sf_close(file->sf);
    free(file);
}

int mihrab_sndfile_rate(const mihrab_sndfile *file) { return file ? file->info.samplerate : 0; }
int mihrab_sndfile_channels(const mihrab_sndfile *file) { return file ? file->info.channels : 0; }

long long mihrab_sndfile_frames(const mihrab_sndfile *file) {
    if (!file || file->info.frames < 0 || file->info.frames == SF_COUNT_MAX) return -1;
    return (long long)file->info.frames;
}

long long mihrab_sndfile_read_short(mihrab_sndfile *file, short *buf, long long frames) {
    if (!file || !buf || frames < 0) return -1;
    sf_count_t n = sf_readf_short(file->sf, buf, (sf_count_t)frames);
    if (n <= 0 && sf_error(file->sf) != SF_ERR_NO_ERROR) return -1;
    return n < 0 ? -1 : (long long)n;
}

const char *mihrab_sndfile_error(mihrab_sndfile *file) {
    if (!file || sf_error(file->sf) == SF_ERR_NO_ERROR) return "";
    return sf_strerror(file->sf);
}
