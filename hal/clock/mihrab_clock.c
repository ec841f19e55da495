#include "mihrab_clock.h"

#include <errno.h>
#include <sys/timex.h>

int mihrab_clock_synchronized(void) {
    struct timex tx = {0};  /* modes 0: read only */
    int state = adjtimex(&tx);
    if (state < 0) return -errno;
    return (state != TIME_ERROR && !(tx.status & STA_UNSYNC)) ? 1 : 0;
}
