/* Compiles the gpiod shim against whichever <gpiod.h> is on the include path and
 * checks what can be checked without a GPIO device: the API it detected, the
 * library's version, ENOENT (never a crash) for a chip that is not there, and EINVAL
 * (never a crash) from every line call, the input and edge calls included, without a
 * chip or a line. Reading edges from a real line needs one (gpio-sim under the rig).
 * Usage: check-gpiod-shim EXPECTED_API   (exit 0 when all hold) */
#include "mihrab_gpiod.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>

static int failures;
#define CHECK(cond, ...) do { if (!(cond)) { failures++; fprintf(stderr, "FAIL: " __VA_ARGS__); fputc('\n', stderr); } } while (0)

int main(int argc, char **argv) {
    int expected = argc > 1 ? atoi(argv[1]) : 0;
    CHECK(mihrab_gpio_api() == expected, "API %d, expected %d", mihrab_gpio_api(), expected);
    const char *v = mihrab_gpio_library_version();
    CHECK(v && v[0] >= '1' && v[0] <= '9', "library version '%s'", v ? v : "(null)");
    CHECK(v && v[0] - '0' == expected, "library version %s does not match API %d", v, expected);

    int err = 0;
    mihrab_gpio_chip *c = mihrab_gpio_chip_open_path("/dev/gpiochip-mihrab-none", &err);
    CHECK(c == NULL && err == ENOENT, "open by path: chip %p errno %d", (void *)c, err);
    err = 0;
    c = mihrab_gpio_chip_open_label("mihrab-no-such-label", &err);
    CHECK(c == NULL && err == ENOENT, "open by label: chip %p errno %d", (void *)c, err);
    err = 0;
    CHECK(mihrab_gpio_find_line(NULL, "X", NULL, &err) == -1 && err == EINVAL, "find_line(NULL)");
    CHECK(mihrab_gpio_line_set(NULL, 1, &err) == -1, "line_set(NULL)");

    /* The input side: a request without a chip, an unknown bias, edges without a line. */
    err = 0;
    mihrab_gpio_line *in = mihrab_gpio_request_input(NULL, 0, "check", 1, MIHRAB_GPIO_BIAS_PULL_UP, &err);
    CHECK(in == NULL && err == EINVAL, "request_input(NULL chip): line %p errno %d", (void *)in, err);
    err = 0;
    in = mihrab_gpio_request_input(NULL, 0, "check", 0, 42, &err);
    CHECK(in == NULL && err == EINVAL, "request_input(bias 42): line %p errno %d", (void *)in, err);
    err = 0;
    CHECK(mihrab_gpio_line_fd(NULL, &err) == -1 && err == EINVAL, "line_fd(NULL): errno %d", err);
    err = 0;
    CHECK(mihrab_gpio_line_wait(NULL, 10, &err) == -1 && err == EINVAL, "line_wait(NULL): errno %d", err);
    err = 0;
    mihrab_gpio_edge edges[4];
    CHECK(mihrab_gpio_line_read_edges(NULL, edges, 4, &err) == -1 && err == EINVAL,
          "line_read_edges(NULL): errno %d", err);
    err = 0;
    CHECK(mihrab_gpio_line_get(NULL, &err) == -1 && err == EINVAL, "line_get(NULL): errno %d", err);
    CHECK(MIHRAB_GPIO_BIAS_AS_IS == 0 && MIHRAB_GPIO_BIAS_PULL_DOWN == 3, "bias constants");
    mihrab_gpio_line_release(NULL);
    mihrab_gpio_chip_close(NULL);

    printf("gpiod shim, v%d API (libgpiod %s): %s\n", expected, v ? v : "?", failures ? "FAILED" : "ok");
    return failures ? 1 : 0;
}
