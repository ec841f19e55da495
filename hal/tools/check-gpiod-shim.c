/* Compiles the gpiod shim against whichever <gpiod.h> is on the include path and
 * checks what can be checked without a GPIO device: the API it detected, the
 * library's version, and ENOENT (never a crash) for a chip that is not there.
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
    mihrab_gpio_line_release(NULL);
    mihrab_gpio_chip_close(NULL);

    printf("gpiod shim, v%d API (libgpiod %s): %s\n", expected, v ? v : "?", failures ? "FAILED" : "ok");
    return failures ? 1 : 0;
}
