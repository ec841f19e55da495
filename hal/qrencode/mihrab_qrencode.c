#include "mihrab_qrencode.h"
#include "mihrab_dynamic.h"

#include <errno.h>
#include <limits.h>
#include <stdlib.h>
#include <string.h>

/* libqrencode 4's own declarations (qrencode.h), the few the shim uses: the -dev package is not
 * needed to build. The library's ABI (soname 4) fixes them. */
typedef struct QRcode {
    int version;
    int width;
    unsigned char *data;
} QRcode;
typedef enum { QR_ECLEVEL_L = 0, QR_ECLEVEL_M, QR_ECLEVEL_Q, QR_ECLEVEL_H } QRecLevel;
typedef enum {
    QR_MODE_NUL = -1, QR_MODE_NUM = 0, QR_MODE_AN, QR_MODE_8, QR_MODE_KANJI,
    QR_MODE_STRUCTURE, QR_MODE_ECI, QR_MODE_FNC1FIRST, QR_MODE_FNC1SECOND
} QRencodeMode;

_Static_assert(sizeof(QRcode) == sizeof(mihrab_qrcode), "mihrab_qrcode is libqrencode's QRcode");
_Static_assert(offsetof(QRcode, data) == offsetof(mihrab_qrcode, data), "mihrab_qrcode is libqrencode's QRcode");

QRcode *QRcode_encodeString(const char *string, int version, QRecLevel level, QRencodeMode hint, int casesensitive);
QRcode *QRcode_encodeData(int size, const unsigned char *data, int version, QRecLevel level);
void QRcode_free(QRcode *qrcode);

MIHRAB_DL_LIB(libqrencode, "libqrencode.so.4");

const char *mihrab_qrencode_library_error(void) { return mihrab_dl_error(&libqrencode); }

#define MIHRAB_QRENCODE_FUNCTIONS(F, V)                                                               \
    F(QRcode *, QRcode_encodeString, (const char *string, int version, QRecLevel level,               \
                                      QRencodeMode hint, int casesensitive),                          \
      (string, version, level, hint, casesensitive))                                                  \
    F(QRcode *, QRcode_encodeData, (int size, const unsigned char *data, int version, QRecLevel level), \
      (size, data, version, level))                                                                   \
    V(QRcode_free, (QRcode *qrcode), (qrcode))

#define FN(ret, name, params, args) MIHRAB_DL_FN(libqrencode, ret, name, params, args)
#define VOID_FN(name, params, args) MIHRAB_DL_VOID(libqrencode, name, params, args)
MIHRAB_QRENCODE_FUNCTIONS(FN, VOID_FN)

mihrab_qrcode *mihrab_qrencode_encode(const unsigned char *bytes, size_t length, int *err_no) {
    if (err_no) *err_no = 0;
    if (mihrab_qrencode_library_error()) { if (err_no) *err_no = ENOSYS; return NULL; }
    if (!bytes || length == 0 || length > INT_MAX - 1) { if (err_no) *err_no = length ? ERANGE : EINVAL; return NULL; }
    QRcode *code;
    errno = 0;
    if (memchr(bytes, 0, length)) {
        code = QRcode_encodeData((int)length, bytes, 0, QR_ECLEVEL_M);
    } else {
        /* QRcode_encodeString wants a C string. */
        char *text = malloc(length + 1);
        if (!text) { if (err_no) *err_no = ENOMEM; return NULL; }
        memcpy(text, bytes, length);
        text[length] = 0;
        code = QRcode_encodeString(text, 0, QR_ECLEVEL_M, QR_MODE_8, 1);
        int saved = errno;
        free(text);
        errno = saved;
    }
    if (!code) { if (err_no) *err_no = errno ? errno : EINVAL; return NULL; }
    return (mihrab_qrcode *)code;
}

void mihrab_qrencode_free(mihrab_qrcode *code) {
    if (code) QRcode_free((QRcode *)code);
}
