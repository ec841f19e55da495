/* ALSA playback for Swift: one PCM opened for blocking, interleaved S16_LE writes.
 * Every failing call returns a negative ALSA error code; mihrab_pcm_strerror gives
 * snd_strerror's text, and mihrab_pcm_last_message what alsa-lib itself said (e.g.
 * "Unknown PCM nosuch"), which alsa-lib would otherwise print on stderr. Nothing aborts. */
#ifndef MIHRAB_ALSA_H
#define MIHRAB_ALSA_H

typedef struct mihrab_pcm mihrab_pcm;

/* NULL when alsa-lib is loaded (opened on the first call: hal/dynamic), else the loader's
 * one-line reason. mihrab_pcm_open fails with -ENOSYS and that reason (its last message) too. */
const char *mihrab_alsa_library_error(void);

/* Opens `name` ("default", "hw:1,0", "plughw:1", "file:FILE=/tmp/x.raw,FORMAT=raw", ...)
 * for playback at rate and channels, with about latency_us of buffer. Returns 0 and
 * *out, or a negative error code. A raw hw: device that refuses the rate or channels is
 * reopened through alsa-lib's plug layer (see the .c file). */
int mihrab_pcm_open(mihrab_pcm **out, const char *name, unsigned rate, unsigned channels,
                    unsigned latency_us);
/* 1 when the device was reopened through the plug layer, else 0. */
int mihrab_pcm_plugged(const mihrab_pcm *pcm);

/* Writes `frames` interleaved frames, blocking while the buffer is full, recovering from
 * underruns and suspends. Returns frames (all of them) or a negative error code. */
long mihrab_pcm_write(mihrab_pcm *pcm, const short *samples, unsigned long frames);
/* Waits until what was written has played; the PCM can be written again afterwards. */
int mihrab_pcm_drain(mihrab_pcm *pcm);
/* Discards what was written and not yet played; the PCM can be written again afterwards. */
int mihrab_pcm_drop(mihrab_pcm *pcm);
void mihrab_pcm_close(mihrab_pcm *pcm);

const char *mihrab_pcm_strerror(int err);
/* What alsa-lib last reported on this thread ("" if nothing since the last open). */
const char *mihrab_pcm_last_message(void);

#endif
