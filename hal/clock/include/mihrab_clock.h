#ifndef MIHRAB_CLOCK_H
#define MIHRAB_CLOCK_H

/* Whether the kernel reports the system clock synchronised (adjtimex: not TIME_ERROR and
 * no STA_UNSYNC), as set by an NTP daemon or chrony. 1, 0, or -errno. */
int mihrab_clock_synchronized(void);

#include <stdint.h>

/* The control loop's sleep: one futex call per wake (no condition variable, whose mutex
 * costs a second call on every wake). `word` is 0 while nothing is pending; a wake sets it
 * to 1 and wakes the sleeper.
 *
 * mihrab_wait_until: sleeps until CLOCK_MONOTONIC reaches deadline_sec + deadline_nsec
 * (absolute: the time spent before the call does not lengthen the sleep) or a wake.
 * Returns 1 when woken (the wake is consumed), 0 at the deadline.
 * mihrab_wake: from any thread; a wake while nobody sleeps ends the next sleep at once. */
int mihrab_wait_until(uint32_t *word, int64_t deadline_sec, long deadline_nsec);
void mihrab_wake(uint32_t *word);

/* Signals for the loop: mihrab_catch_signals installs a handler (sigaction, SA_RESTART) for
 * each of `signals` (numbers below 32); the handler notes the signal and wakes `word`
 * (mihrab_wake is async-signal-safe: an atomic exchange and a futex call). Returns 0 or
 * -errno. mihrab_take_signals returns the signals caught since the last call as a bit mask
 * (1 << signo) and clears it. mihrab_release_signals puts back the actions there were before
 * and forgets `word`. One set per process. */
int mihrab_catch_signals(uint32_t *word, const int *signals, int count);
uint32_t mihrab_take_signals(void);
void mihrab_release_signals(const int *signals, int count);

/* Makes the calling thread the loop's: names it (at most 15 bytes, as top and
 * /proc/PID/task/TID/comm show it) and narrows its timer slack from the kernel's 50 us to
 * 1 us, so that its timed sleeps end at their deadlines rather than up to 50 us after. */
void mihrab_loop_thread(const char *name);

/* Names the calling thread (at most 15 characters), as `top -H` and /proc show it. */
void mihrab_name_thread(const char *name);
#endif
