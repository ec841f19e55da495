#include "mihrab_crypto.h"
#include "mihrab_dynamic.h"

#include <limits.h>
#include <stdio.h>
#include <string.h>

#include <openssl/bio.h>
#include <openssl/err.h>
#include <openssl/evp.h>
#include <openssl/pem.h>
#include <openssl/rand.h>
#include <openssl/x509.h>
#include <openssl/x509v3.h>

/* libcrypto, opened when first needed (hal/dynamic): a command that never signs, hashes a
 * password or makes a certificate does not load it. OpenSSL 3's soname on Debian 12 and 13. */
MIHRAB_DL_LIB(libcrypto, "libcrypto.so.3");

const char *mihrab_crypto_library_error(void) { return mihrab_dl_error(&libcrypto); }

/* What the functions below call, each defined with OpenSSL's prototype in force. Its macros are
 * spelled out: OPENSSL_malloc and OPENSSL_free are CRYPTO_malloc and CRYPTO_free,
 * BIO_get_mem_data is BIO_ctrl; EVP_EC_gen (a variadic call) is made of the calls it stands for. */
#define MIHRAB_CRYPTO_FUNCTIONS(F, V)                                                                 \
    F(int, EVP_Digest, (const void *data, size_t count, unsigned char *md, unsigned int *size,        \
                        const EVP_MD *type, ENGINE *impl), (data, count, md, size, type, impl))       \
    F(const EVP_MD *, EVP_sha256, (void), ())                                                         \
    F(int, EVP_PBE_scrypt, (const char *pass, size_t passlen, const unsigned char *salt,              \
                            size_t saltlen, uint64_t N, uint64_t r, uint64_t p, uint64_t maxmem,      \
                            unsigned char *key, size_t keylen),                                       \
      (pass, passlen, salt, saltlen, N, r, p, maxmem, key, keylen))                                   \
    V(ERR_clear_error, (void), ())                                                                    \
    F(unsigned long, ERR_get_error, (void), ())                                                       \
    V(ERR_error_string_n, (unsigned long e, char *buf, size_t len), (e, buf, len))                    \
    F(EVP_PKEY *, EVP_PKEY_new_raw_private_key, (int type, ENGINE *e, const unsigned char *priv,      \
                                                 size_t len), (type, e, priv, len))                   \
    F(EVP_PKEY *, EVP_PKEY_new_raw_public_key, (int type, ENGINE *e, const unsigned char *pub,        \
                                                size_t len), (type, e, pub, len))                     \
    F(int, EVP_PKEY_get_raw_public_key, (const EVP_PKEY *pkey, unsigned char *pub, size_t *len),      \
      (pkey, pub, len))                                                                               \
    V(EVP_PKEY_free, (EVP_PKEY *pkey), (pkey))                                                        \
    F(EVP_MD_CTX *, EVP_MD_CTX_new, (void), ())                                                       \
    V(EVP_MD_CTX_free, (EVP_MD_CTX *ctx), (ctx))                                                      \
    F(int, EVP_DigestSignInit, (EVP_MD_CTX *ctx, EVP_PKEY_CTX **pctx, const EVP_MD *type, ENGINE *e,  \
                                EVP_PKEY *pkey), (ctx, pctx, type, e, pkey))                          \
    F(int, EVP_DigestSign, (EVP_MD_CTX *ctx, unsigned char *sigret, size_t *siglen,                   \
                            const unsigned char *tbs, size_t tbslen), (ctx, sigret, siglen, tbs, tbslen)) \
    F(int, EVP_DigestVerifyInit, (EVP_MD_CTX *ctx, EVP_PKEY_CTX **pctx, const EVP_MD *type,           \
                                  ENGINE *e, EVP_PKEY *pkey), (ctx, pctx, type, e, pkey))             \
    F(int, EVP_DigestVerify, (EVP_MD_CTX *ctx, const unsigned char *sigret, size_t siglen,            \
                              const unsigned char *tbs, size_t tbslen), (ctx, sigret, siglen, tbs, tbslen)) \
    F(EVP_PKEY_CTX *, EVP_PKEY_CTX_new_from_name, (OSSL_LIB_CTX *libctx, const char *name,            \
                                                   const char *propquery), (libctx, name, propquery)) \
    F(int, EVP_PKEY_keygen_init, (EVP_PKEY_CTX *ctx), (ctx))                                          \
    F(int, EVP_PKEY_CTX_set_group_name, (EVP_PKEY_CTX *ctx, const char *name), (ctx, name))           \
    F(int, EVP_PKEY_generate, (EVP_PKEY_CTX *ctx, EVP_PKEY **ppkey), (ctx, ppkey))                    \
    V(EVP_PKEY_CTX_free, (EVP_PKEY_CTX *ctx), (ctx))                                                  \
    F(void *, CRYPTO_malloc, (size_t num, const char *file, int line), (num, file, line))             \
    V(CRYPTO_free, (void *ptr, const char *file, int line), (ptr, file, line))                        \
    F(long, BIO_ctrl, (BIO *bp, int cmd, long larg, void *parg), (bp, cmd, larg, parg))               \
    F(BIO *, BIO_new, (const BIO_METHOD *type), (type))                                               \
    F(BIO *, BIO_new_mem_buf, (const void *buf, int len), (buf, len))                                 \
    F(const BIO_METHOD *, BIO_s_mem, (void), ())                                                      \
    F(int, BIO_free, (BIO *a), (a))                                                                   \
    F(BIGNUM *, BN_bin2bn, (const unsigned char *s, int len, BIGNUM *ret), (s, len, ret))             \
    V(BN_free, (BIGNUM *a), (a))                                                                      \
    F(ASN1_INTEGER *, BN_to_ASN1_INTEGER, (const BIGNUM *bn, ASN1_INTEGER *ai), (bn, ai))             \
    F(ASN1_TIME *, ASN1_TIME_set, (ASN1_TIME *s, time_t t), (s, t))                                   \
    F(int, RAND_bytes, (unsigned char *buf, int num), (buf, num))                                     \
    F(X509 *, X509_new, (void), ())                                                                   \
    V(X509_free, (X509 *a), (a))                                                                      \
    F(int, X509_set_version, (X509 *x, long version), (x, version))                                   \
    F(ASN1_INTEGER *, X509_get_serialNumber, (X509 *x), (x))                                          \
    F(ASN1_TIME *, X509_getm_notBefore, (const X509 *x), (x))                                         \
    F(ASN1_TIME *, X509_getm_notAfter, (const X509 *x), (x))                                          \
    F(X509_NAME *, X509_get_subject_name, (const X509 *a), (a))                                       \
    F(int, X509_NAME_add_entry_by_txt, (X509_NAME *name, const char *field, int type,                 \
                                        const unsigned char *bytes, int len, int loc, int set),       \
      (name, field, type, bytes, len, loc, set))                                                      \
    F(int, X509_set_issuer_name, (X509 *x, const X509_NAME *name), (x, name))                         \
    F(int, X509_set_pubkey, (X509 *x, EVP_PKEY *pkey), (x, pkey))                                     \
    V(X509V3_set_ctx, (X509V3_CTX *ctx, X509 *issuer, X509 *subject, X509_REQ *req, X509_CRL *crl,    \
                       int flags), (ctx, issuer, subject, req, crl, flags))                           \
    F(X509_EXTENSION *, X509V3_EXT_conf_nid, (LHASH_OF(CONF_VALUE) *conf, X509V3_CTX *ctx, int ext_nid, \
                                              const char *value), (conf, ctx, ext_nid, value))        \
    F(int, X509_add_ext, (X509 *x, X509_EXTENSION *ex, int loc), (x, ex, loc))                        \
    V(X509_EXTENSION_free, (X509_EXTENSION *a), (a))                                                  \
    F(int, X509_sign, (X509 *x, EVP_PKEY *pkey, const EVP_MD *md), (x, pkey, md))                     \
    F(int, PEM_write_bio_X509, (BIO *out, const X509 *x), (out, x))                                   \
    F(int, PEM_write_bio_PrivateKey, (BIO *out, const EVP_PKEY *x, const EVP_CIPHER *enc,             \
                                      const unsigned char *kstr, int klen, pem_password_cb *cb,       \
                                      void *u), (out, x, enc, kstr, klen, cb, u))                     \
    F(int, PEM_read_bio, (BIO *bp, char **name, char **header, unsigned char **data, long *len),      \
      (bp, name, header, data, len))

#define FN(ret, name, params, args) MIHRAB_DL_FN(libcrypto, ret, name, params, args)
#define VOID_FN(name, params, args) MIHRAB_DL_VOID(libcrypto, name, params, args)
MIHRAB_CRYPTO_FUNCTIONS(FN, VOID_FN)

/* EVP_EC_gen("P-256") without its variadic call. */
static EVP_PKEY *ec_p256(void) {
    EVP_PKEY *key = NULL;
    EVP_PKEY_CTX *ctx = EVP_PKEY_CTX_new_from_name(NULL, "EC", NULL);
    if (ctx && EVP_PKEY_keygen_init(ctx) == 1 && EVP_PKEY_CTX_set_group_name(ctx, "P-256") == 1 &&
        EVP_PKEY_generate(ctx, &key) != 1)
        key = NULL;
    EVP_PKEY_CTX_free(ctx);
    return key;
}

int mihrab_sha256(const uint8_t *data, size_t len, uint8_t out[32]) {
    if (mihrab_crypto_library_error()) return MIHRAB_CRYPTO_NO_LIBRARY;
    unsigned int n = 0;
    return EVP_Digest(data, len, out, &n, EVP_sha256(), NULL) == 1 && n == 32 ? 0 : -1;
}

int mihrab_scrypt(const uint8_t *password, size_t password_len, const uint8_t *salt, size_t salt_len,
                  uint64_t n, uint64_t r, uint64_t p, uint8_t *out, size_t outlen) {
    if (mihrab_crypto_library_error()) return MIHRAB_CRYPTO_NO_LIBRARY;
    if (n < 2 || r == 0 || p == 0 || r > (1u << 20) || p > (1u << 20) || n > ((uint64_t)1 << 40)) return -2;
    /* What OpenSSL counts (B: 128 r p bytes, V: 128 r (N + 2)), and a page over: the default
     * limit is 32 MiB, and a password file may ask for N 2^17, r 8 (128 MiB). */
    uint64_t need = 128 * r * p + 128 * r * (n + 2) + 4096;
    if (EVP_PBE_scrypt((const char *)password, password_len, salt, salt_len, n, r, p, need, out, outlen) != 1) {
        ERR_clear_error();
        return -1;
    }
    return 0;
}

static EVP_PKEY *ed25519_private(const uint8_t seed[32]) {
    return EVP_PKEY_new_raw_private_key(EVP_PKEY_ED25519, NULL, seed, 32);
}

int mihrab_ed25519_public(const uint8_t seed[32], uint8_t pub[32]) {
    if (mihrab_crypto_library_error()) return MIHRAB_CRYPTO_NO_LIBRARY;
    EVP_PKEY *key = ed25519_private(seed);
    size_t len = 32;
    int rc = key && EVP_PKEY_get_raw_public_key(key, pub, &len) == 1 && len == 32 ? 0 : -1;
    EVP_PKEY_free(key);
    return rc;
}

int mihrab_ed25519_sign(const uint8_t seed[32], const uint8_t *msg, size_t len, uint8_t sig[64]) {
    if (mihrab_crypto_library_error()) return MIHRAB_CRYPTO_NO_LIBRARY;
    EVP_PKEY *key = ed25519_private(seed);
    EVP_MD_CTX *ctx = EVP_MD_CTX_new();
    size_t siglen = 64;
    int rc = key && ctx && EVP_DigestSignInit(ctx, NULL, NULL, NULL, key) == 1 &&
             EVP_DigestSign(ctx, sig, &siglen, msg, len) == 1 && siglen == 64 ? 0 : -1;
    EVP_MD_CTX_free(ctx);
    EVP_PKEY_free(key);
    return rc;
}

int mihrab_ed25519_verify(const uint8_t pub[32], const uint8_t *msg, size_t len, const uint8_t sig[64]) {
    if (mihrab_crypto_library_error()) return MIHRAB_CRYPTO_NO_LIBRARY;
    EVP_PKEY *key = EVP_PKEY_new_raw_public_key(EVP_PKEY_ED25519, NULL, pub, 32);
    EVP_MD_CTX *ctx = EVP_MD_CTX_new();
    int rc = key && ctx && EVP_DigestVerifyInit(ctx, NULL, NULL, NULL, key) == 1 &&
             EVP_DigestVerify(ctx, sig, 64, msg, len) == 1 ? 0 : -1;
    EVP_MD_CTX_free(ctx);
    EVP_PKEY_free(key);
    ERR_clear_error();
    return rc;
}

/* A memory BIO's bytes as a new NUL-terminated string. */
static char *bio_string(BIO *bio) {
    char *data = NULL;
    long len = BIO_get_mem_data(bio, &data);
    if (len < 0 || !data) return NULL;
    char *s = OPENSSL_malloc((size_t)len + 1);
    if (!s) return NULL;
    memcpy(s, data, (size_t)len);
    s[len] = 0;
    return s;
}

static int add_extension(X509 *cert, int nid, const char *value) {
    X509V3_CTX ctx;
    X509V3_set_ctx_nodb(&ctx);
    X509V3_set_ctx(&ctx, cert, cert, NULL, NULL, 0);
    X509_EXTENSION *ext = X509V3_EXT_conf_nid(NULL, &ctx, nid, value);
    int ok = ext && X509_add_ext(cert, ext, -1) == 1;
    X509_EXTENSION_free(ext);
    return ok;
}

int mihrab_self_signed(const char *host, int64_t now, int64_t valid_seconds, char **certificate_pem, char **key_pem,
                       char *error, size_t error_len) {
    *certificate_pem = *key_pem = NULL;
    const char *missing = mihrab_crypto_library_error();
    if (missing) {
        snprintf(error, error_len, "libcrypto cannot be loaded: %s", missing);
        return MIHRAB_CRYPTO_NO_LIBRARY;
    }
    const char *step = "the key";
    EVP_PKEY *key = ec_p256();
    X509 *cert = NULL;
    BIGNUM *serial = NULL;
    BIO *cbio = NULL, *kbio = NULL;
    char alt[300];
    int rc = -1;
    if (!key) goto done;
    step = "the certificate";
    if (!(cert = X509_new()) || X509_set_version(cert, X509_VERSION_3) != 1) goto done;
    /* A positive serial of at most 20 bytes (RFC 5280 4.1.2.2). */
    step = "the serial";
    uint8_t bytes[20];
    if (RAND_bytes(bytes, sizeof bytes) != 1) goto done;
    bytes[0] &= 0x7f;
    bytes[0] |= 0x01;
    if (!(serial = BN_bin2bn(bytes, sizeof bytes, NULL)) || !BN_to_ASN1_INTEGER(serial, X509_get_serialNumber(cert))) goto done;
    step = "the validity";
    if (!ASN1_TIME_set(X509_getm_notBefore(cert), (time_t)(now - 3600)) ||
        !ASN1_TIME_set(X509_getm_notAfter(cert), (time_t)(now + valid_seconds))) goto done;
    step = "the name";
    X509_NAME *name = X509_get_subject_name(cert);
    if (X509_NAME_add_entry_by_txt(name, "CN", MBSTRING_UTF8, (const unsigned char *)host, -1, -1, 0) != 1 ||
        X509_set_issuer_name(cert, name) != 1 || X509_set_pubkey(cert, key) != 1) goto done;
    step = "the extensions";
    if (snprintf(alt, sizeof alt, "DNS:%s", host) >= (int)sizeof alt) goto done;
    if (!add_extension(cert, NID_basic_constraints, "critical,CA:FALSE") || !add_extension(cert, NID_subject_alt_name, alt)) goto done;
    step = "the signature";
    if (X509_sign(cert, key, EVP_sha256()) <= 0) goto done;
    step = "PEM";
    if (!(cbio = BIO_new(BIO_s_mem())) || !(kbio = BIO_new(BIO_s_mem())) || PEM_write_bio_X509(cbio, cert) != 1 ||
        PEM_write_bio_PrivateKey(kbio, key, NULL, NULL, 0, NULL, NULL) != 1) goto done;
    if (!(*certificate_pem = bio_string(cbio)) || !(*key_pem = bio_string(kbio))) goto done;
    rc = 0;
done:
    if (rc != 0) {
        unsigned long e = ERR_get_error();
        char reason[160] = "";
        if (e) ERR_error_string_n(e, reason, sizeof reason);
        snprintf(error, error_len, "%s failed%s%s", step, e ? ": " : "", reason);
        OPENSSL_free(*certificate_pem);
        OPENSSL_free(*key_pem);
        *certificate_pem = *key_pem = NULL;
    }
    ERR_clear_error();
    BIO_free(cbio);
    BIO_free(kbio);
    BN_free(serial);
    X509_free(cert);
    EVP_PKEY_free(key);
    return rc;
}

void mihrab_crypto_free(void *p) { if (p) OPENSSL_free(p); }

int mihrab_pem_certificate_sha256(const uint8_t *pem, size_t len, uint8_t out[32]) {
    if (mihrab_crypto_library_error()) return MIHRAB_CRYPTO_NO_LIBRARY;
    if (len > INT_MAX) return -2;
    BIO *bio = BIO_new_mem_buf(pem, (int)len);
    if (!bio) return -2;
    int rc = -1, blocks = 0;
    for (;;) {
        char *name = NULL, *header = NULL;
        unsigned char *data = NULL;
        long dlen = 0;
        if (PEM_read_bio(bio, &name, &header, &data, &dlen) != 1) break;
        blocks++;
        int found = strcmp(name, "CERTIFICATE") == 0;
        if (found) rc = mihrab_sha256(data, (size_t)dlen, out) == 0 ? 0 : -2;
        OPENSSL_free(name);
        OPENSSL_free(header);
        OPENSSL_free(data);
        if (found) break;
    }
    /* Text with no PEM block in it at all: not PEM. */
    if (rc == -1 && blocks == 0 && len > 0) rc = -2;
    ERR_clear_error();
    BIO_free(bio);
    return rc;
}
