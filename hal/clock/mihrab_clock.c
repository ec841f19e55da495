#define _GNU_SOURCE
#include "mihrab_clock.h"

#include <pthread.h>

#include <errno.h>
#include <linux/futex.h>
#include <signal.h>
#include <sys/prctl.h>
#include <sys/syscall.h>
#include <sys/timex.h>
#include <time.h>
#include <unistd.h>

int mihrab_clock_synchronized(void) {
    struct timex tx = {0};  /* modes 0: read only */
    int state = adjtimex(&tx);
    if (state < 0) return -errno;
    return (state != TIME_ERROR && !(tx.status & STA_UNSYNC)) ? 1 : 0;
}

int mihrab_wait_until(uint32_t *word, int64_t deadline_sec, long deadline_nsec) {
    struct timespec deadline = {.tv_sec = (time_t)deadline_sec, .tv_nsec = deadline_nsec};
    for (;;) {
        if (__atomic_exchange_n(word, 0, __ATOMIC_ACQ_REL) != 0) return 1;
        /* FUTEX_WAIT_BITSET: an absolute timeout, on CLOCK_MONOTONIC (no FUTEX_CLOCK_REALTIME).
         * Sleeps only while *word is still 0: a wake between the exchange and here is not lost. */
        long r = syscall(SYS_futex, word, FUTEX_WAIT_BITSET_PRIVATE, 0, &deadline, NULL, FUTEX_BITSET_MATCH_ANY);
        if (r == -1 && errno == ETIMEDOUT) return __atomic_exchange_n(word, 0, __ATOMIC_ACQ_REL) != 0;
        /* 0 (woken), EAGAIN (already set), EINTR (a signal): look at the word again. */
    }
}

void mihrab_wake(uint32_t *word) {
    if (__atomic_exchange_n(word, 1, __ATOMIC_ACQ_REL) == 0)
        syscall(SYS_futex, word, FUTEX_WAKE_PRIVATE, 1, NULL, NULL, 0);
}

void mihrab_name_thread(const char *name) {
    pthread_setname_np(pthread_self(), name);
}

void mihrab_loop_thread(const char *name) {
    pthread_setname_np(pthread_self(), name);
    prctl(PR_SET_TIMERSLACK, 1000UL, 0UL, 0UL, 0UL);
}

static uint32_t *signal_word;
/* 32 bits: lock-free everywhere (a 64-bit atomic is not on 32-bit ARM); SIGHUP, SIGINT and
 * SIGTERM are 1, 2 and 15. */
static uint32_t caught_signals;
static struct sigaction previous[32];

static void on_signal(int signo) {
    int saved = errno;
    __atomic_or_fetch(&caught_signals, (uint32_t)1 << signo, __ATOMIC_ACQ_REL);
    uint32_t *word = __atomic_load_n(&signal_word, __ATOMIC_ACQUIRE);
    if (word) mihrab_wake(word);
    errno = saved;
}

int mihrab_catch_signals(uint32_t *word, const int *signals, int count) {
    __atomic_store_n(&caught_signals, 0, __ATOMIC_RELEASE);
    __atomic_store_n(&signal_word, word, __ATOMIC_RELEASE);
    struct sigaction sa = {0};
    sa.sa_handler = on_signal;
    sa.sa_flags = SA_RESTART;
    sigemptyset(&sa.sa_mask);
    for (int i = 0; i < count; i++) {
        if (signals[i] <= 0 || signals[i] >= 32) return -EINVAL;
        if (sigaction(signals[i], &sa, &previous[signals[i]]) != 0) return -errno;
    }
    /* A process inherits its signal mask: one started from a thread that blocks these (a
       libdispatch worker, as Swift Testing's are; some supervisors) would never be told to
       stop or reload. Unblocked on the calling thread, the loop's, where the handler wakes. */
    sigset_t set;
    sigemptyset(&set);
    for (int i = 0; i < count; i++) sigaddset(&set, signals[i]);
    int rc = pthread_sigmask(SIG_UNBLOCK, &set, NULL);
    if (rc != 0) return -rc;
    return 0;
}

uint32_t mihrab_take_signals(void) { return __atomic_exchange_n(&caught_signals, 0, __ATOMIC_ACQ_REL); }

void mihrab_release_signals(const int *signals, int count) {
    for (int i = 0; i < count; i++)
        if (signals[i] > 0 && signals[i] < 32) sigaction(signals[i], &previous[signals[i]], NULL);
    __atomic_store_n(&signal_word, (uint32_t *)0, __ATOMIC_RELEASE);
}
