/* The rig's first CEC check, through hal/cec on the real kernel API (vivid's HDMI output,
 * cec-follower as the TV on its input): claims a playback address, asks the TV its power
 * (on, as cec-follower starts), and sends to an absent device. Prints one line per step
 * (`mihrab display-power` then turns the TV off and on through the same shim):
 *   claimed L PA                 the logical and physical address (hex)
 *   send NAME r=R tx=0xTT ...    a message's result and tx_status
 *   power S T                    each power status the TV reported (0 on, 1 standby, 2 to on,
 *                                3 to standby; -1 none), T seconds after the first ask
 *   send nack ...                <Give Device Power Status> to an absent device (logical 5)
 * Usage: cec-check /dev/cecN */
#include "mihrab_cec.h"

#include <stdio.h>
#include <time.h>
#include <unistd.h>

static int fd;
static uint8_t me;

static double now(void) {
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return t.tv_sec + t.tv_nsec / 1e9;
}

static int send(const char *name, const uint8_t *msg, uint32_t len, uint8_t reply, uint8_t *out) {
    uint8_t tx = 0, rx = 0, buf[16];
    uint32_t n = 0;
    int r = mihrab_cec_transmit(fd, msg, len, reply, 1000, out ? out : buf, &n, &tx, &rx);
    if (name) printf("send %s r=%d tx=0x%02x rx=0x%02x len=%u\n", name, r, tx, rx, n);
    fflush(stdout);
    return r < 0 ? r : (int)n;
}

static int power(void) {
    uint8_t give[2] = {(uint8_t)(me << 4 | 0), 0x8f}, out[16];
    int n = send(NULL, give, 2, 0x90, out);
    return n >= 3 ? out[2] : -1;
}

/* Asks until the TV reports `want` (at most 20 s), printing each change. */
static void await_power(int want, double since) {
    int last = -2;
    for (double end = now() + 20; now() < end; usleep(300000)) {
        int p = power();
        if (p != last) printf("power %d %.2f\n", p, now() - since), fflush(stdout);
        last = p;
        if (p == want) return;
    }
}

int main(int argc, char **argv) {
    if (argc != 2) return 64;
    struct mihrab_cec_info info;
    fd = mihrab_cec_open(argv[1], &info);
    if (fd < 0) { printf("open %d\n", fd); return 1; }
    printf("adapter %s %s caps 0x%x\n", info.driver, info.name, info.capabilities);
    uint16_t pa = 0;
    int r = mihrab_cec_claim_playback(fd, "Mihrab", &me, &pa);
    printf("claimed %x %04x r=%d\n", me, pa, r);
    if (r < 0) return 1;
    await_power(0, now());
    uint8_t absent[2] = {(uint8_t)(me << 4 | 5), 0x8f};
    send("nack", absent, 2, 0x90, NULL);
    return 0;
}
