/* Whether the kernel reports the system clock synchronised (adjtimex: not TIME_ERROR and
 * no STA_UNSYNC), as set by an NTP daemon or chrony. 1, 0, or -errno. */
#ifndef MIHRAB_CLOCK_H
#define MIHRAB_CLOCK_H
int mihrab_clock_synchronized(void);
#endif
