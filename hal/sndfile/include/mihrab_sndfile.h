/* Reading sound files through libsndfile (WAV, FLAC, Ogg Vorbis/Opus, MP3 and the rest
 * it knows), as 16-bit interleaved frames. Nothing aborts: a failing open returns NULL
 * with errno (the file could not be opened) or a message (libsndfile refused it). */
#ifndef MIHRAB_SNDFILE_H
#define MIHRAB_SNDFILE_H

#include <stddef.h>

typedef struct mihrab_sndfile mihrab_sndfile;

/* NULL when libsndfile is loaded (opened on the first call: hal/dynamic), else the loader's
 * one-line reason. mihrab_sndfile_open fails with that reason (as its msg) too. */
const char *mihrab_sndfile_library_error(void);

/* Opens `path` for reading. On failure returns NULL and sets *err_no to the errno when
 * the file itself could not be opened (ENOENT, EACCES, EISDIR, ...), or to 0 and copies
 * libsndfile's reason (sf_strerror) into msg. */
mihrab_sndfile *mihrab_sndfile_open(const char *path, int *err_no, char *msg, size_t msg_len);
void mihrab_sndfile_close(mihrab_sndfile *file);

int mihrab_sndfile_rate(const mihrab_sndfile *file);
int mihrab_sndfile_channels(const mihrab_sndfile *file);
/* Frames the header announces; -1 when it does not know. */
long long mihrab_sndfile_frames(const mihrab_sndfile *file);

/* Reads up to `frames` interleaved frames into buf (frames * channels shorts); returns
 * the frames read, 0 at the end, -1 when decoding failed (reason: mihrab_sndfile_error). */
long long mihrab_sndfile_read_short(mihrab_sndfile *file, short *buf, long long frames);
/* The last decoding error of this file, "" if none. */
const char *mihrab_sndfile_error(mihrab_sndfile *file);

#endif
