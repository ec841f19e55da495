/* QR codes through libqrencode (Debian's libqrencode4), opened when the first code is made
 * (hal/dynamic): a unit that never shows one does not load it. Nothing of qrencode.h is needed
 * to build: the shim declares the two functions and the struct it uses itself. */
#ifndef MIHRAB_QRENCODE_H
#define MIHRAB_QRENCODE_H

#include <stddef.h>

/* libqrencode's QRcode, field for field: `width` modules a side, `data` width * width bytes row
 * after row, bit 0 of each byte the module's colour (1 dark). */
typedef struct mihrab_qrcode {
    int version;
    int width;
    unsigned char *data;
} mihrab_qrcode;

/* NULL when libqrencode is loaded (opened on the first call), else the loader's one line. */
const char *mihrab_qrencode_library_error(void);

/* The smallest symbol at error-correction level M holding `length` bytes (mixed modes chosen by
 * libqrencode, 8-bit for all but digits and upper-case runs; 8-bit only when the bytes hold a
 * NUL). NULL on failure, with *err_no libqrencode's errno (ERANGE: too long; EINVAL; ENOMEM),
 * or ENOSYS when the library is not there. Free with mihrab_qrencode_free. Reentrant: Debian's
 * libqrencode is built with pthread (its Reed-Solomon tables are made under a mutex). */
mihrab_qrcode *mihrab_qrencode_encode(const unsigned char *bytes, size_t length, int *err_no);
void mihrab_qrencode_free(mihrab_qrcode *code);

#endif
