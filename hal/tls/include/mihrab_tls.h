#ifndef MIHRAB_TLS_H
#define MIHRAB_TLS_H

/* The admin page's cryptography, over Debian's OpenSSL (libssl, libcrypto).
 *
 * Why OpenSSL and not swift-crypto: the TLS front needs OpenSSL anyway, and libmosquitto
 * links it already; one crypto library on the unit (patched by Debian's security updates)
 * rather than a second one compiled into the binary.
 *
 * Every function is safe on bad input (NULL, zero lengths, oversized parameters): it returns
 * an error code and, where it takes `err`, a one-line message there (NUL-terminated, cut to
 * `errlen`). Nothing here aborts the process. */

#include <stddef.h>
#include <stdint.h>

/* `len` bytes from OpenSSL's CSPRNG (RAND_bytes). 0, or -1. */
int mihrab_tls_random(uint8_t *out, size_t len);

/* scrypt (EVP_PBE_scrypt) of `password` with `salt` into `out` (out_len bytes, 16 to 64).
 * N a power of two from 2^10 to 2^20, r 1 to 32, p 1 to 16 (a hostile password file cannot
 * make it take gigabytes). 0, or -1 with a message. */
int mihrab_tls_scrypt(const char *password, size_t password_len, const uint8_t *salt, size_t salt_len,
                      uint64_t n, uint64_t r, uint64_t p, uint8_t *out, size_t out_len, char *err, size_t errlen);

/* A self-signed certificate for `host` (EC P-256 key, CN and subjectAltName DNS:host, 10
 * years), written as PEM to cert_path and key_path (the key mode 0600), each through a
 * temporary file renamed into place. 0, or -1 with a message. */
int mihrab_tls_make_certificate(const char *cert_path, const char *key_path, const char *host, char *err, size_t errlen);

/* The SHA-256 fingerprint of the first certificate in a PEM file, as 64 lowercase hex digits
 * (out: at least 65 bytes). 0, or -1 with a message. */
int mihrab_tls_fingerprint(const char *cert_path, char *out, size_t outlen, char *err, size_t errlen);

/* The TLS front: listens on host:port (TCP; port 0: any free one), and for each connection,
 * on a thread of its own, completes the TLS handshake (TLS 1.2 or newer) within
 * handshake_ms, connects to the unix socket unix_path and relays bytes both ways until
 * either side closes, nothing moves for idle_ms, the client has sent 1 MiB, or lifetime_ms
 * have passed. At most max_connections at once, a quarter of them (at least 4) from one
 * address (more are closed at once). The accept loop runs on a thread of its own. */
typedef struct mihrab_tls_front mihrab_tls_front;

/* NULL with a message when the certificate or key does not load, or the address cannot be
 * bound. */
mihrab_tls_front *mihrab_tls_front_start(const char *host, int port, const char *cert_path, const char *key_path,
                                         const char *unix_path, int max_connections, int handshake_ms, int idle_ms,
                                         int lifetime_ms, char *err, size_t errlen);
/* The TCP port bound (the one chosen for port 0); -1 for NULL. */
int mihrab_tls_front_port(const mihrab_tls_front *front);
/* Connections open now. */
int mihrab_tls_front_connections(const mihrab_tls_front *front);
/* Stops accepting, tells every connection to end, and returns once the accept thread has
 * ended; connection threads end by themselves soon after (the last frees the front).
 * NULL is fine; call once. */
void mihrab_tls_front_stop(mihrab_tls_front *front);

#endif
