#ifndef MIHRAB_CRYPTO_H
#define MIHRAB_CRYPTO_H

/* The unit's cryptography in one place: Debian's libcrypto (OpenSSL 3), patched by Debian's
 * security updates, opened when first needed (hal/dynamic). TLS itself stays on NIOSSL. Every
 * function returns 0 on success and a negative number on failure; none keeps state. */

#include <stddef.h>
#include <stdint.h>

/* What every function returns when libcrypto could not be loaded (the reason:
 * mihrab_crypto_library_error). */
#define MIHRAB_CRYPTO_NO_LIBRARY (-100)

/* NULL when libcrypto is loaded (opened on the first call), else the loader's one-line reason. */
const char *mihrab_crypto_library_error(void);

/* SHA-256 of `len` bytes into `out` (32 bytes). */
int mihrab_sha256(const uint8_t *data, size_t len, uint8_t out[32]);

/* scrypt (RFC 7914): `outlen` bytes derived from the password and salt with cost N, block size
 * r and parallelism p. The caller bounds the parameters; the memory the call may use is the
 * least they need. */
int mihrab_scrypt(const uint8_t *password, size_t password_len, const uint8_t *salt, size_t salt_len,
                  uint64_t n, uint64_t r, uint64_t p, uint8_t *out, size_t outlen);

/* Ed25519 (RFC 8032) from a 32-byte seed (the private key's raw form): its public key, a
 * signature over a message, and a signature's check (0 when valid, -1 when not). */
int mihrab_ed25519_public(const uint8_t seed[32], uint8_t pub[32]);
int mihrab_ed25519_sign(const uint8_t seed[32], const uint8_t *msg, size_t len, uint8_t sig[64]);
int mihrab_ed25519_verify(const uint8_t pub[32], const uint8_t *msg, size_t len, const uint8_t sig[64]);

/* A self-signed certificate for `host`: a new EC P-256 key, version 3, a random 20-byte serial,
 * valid from an hour before `now` (seconds since the epoch) to `valid_seconds` after it, CN = host, issuer =
 * subject, basicConstraints critical CA:FALSE, subjectAltName DNS:host, signed ECDSA with
 * SHA-256. The key (PKCS #8) and the certificate as PEM, NUL-terminated, in buffers that
 * mihrab_crypto_free releases. On failure, `error` (of `error_len` bytes) says what failed. */
int mihrab_self_signed(const char *host, int64_t now, int64_t valid_seconds, char **certificate_pem, char **key_pem,
                       char *error, size_t error_len);
void mihrab_crypto_free(void *p);

/* The SHA-256 of the first CERTIFICATE block's DER bytes in a PEM text: 0, -1 when the text has
 * no such block, -2 when it is not PEM. */
int mihrab_pem_certificate_sha256(const uint8_t *pem, size_t len, uint8_t out[32]);

#endif
