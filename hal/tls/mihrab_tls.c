#define _GNU_SOURCE
#include "mihrab_tls.h"

#include <arpa/inet.h>
#include <errno.h>
#include <fcntl.h>
#include <netinet/in.h>
#include <netinet/tcp.h>
#include <poll.h>
#include <pthread.h>
#include <signal.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/un.h>
#include <time.h>
#include <unistd.h>

#include <openssl/err.h>
#include <openssl/evp.h>
#include <openssl/kdf.h>
#include <openssl/pem.h>
#include <openssl/rand.h>
#include <openssl/ssl.h>
#include <openssl/x509.h>
#include <openssl/x509v3.h>

static void say(char *err, size_t errlen, const char *fmt, ...) {
    if (!err || errlen == 0) return;
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(err, errlen, fmt, ap);
    va_end(ap);
}

/* OpenSSL's last error as text (and the queue cleared), for a message. */
static const char *ssl_reason(char *buf, size_t len) {
    unsigned long e = ERR_get_error();
    ERR_clear_error();
    if (e == 0) {
        snprintf(buf, len, "%s", errno ? strerror(errno) : "unknown error");
    } else {
        ERR_error_string_n(e, buf, len);
    }
    return buf;
}

int mihrab_tls_random(uint8_t *out, size_t len) {
    if (!out || len == 0 || len > (1 << 20)) return -1;
    return RAND_bytes(out, (int)len) == 1 ? 0 : -1;
}

int mihrab_tls_scrypt(const char *password, size_t password_len, const uint8_t *salt, size_t salt_len,
                      uint64_t n, uint64_t r, uint64_t p, uint8_t *out, size_t out_len, char *err, size_t errlen) {
    if (!password || !salt || !out) { say(err, errlen, "scrypt: no password, salt or output"); return -1; }
    if (password_len > 4096 || salt_len == 0 || salt_len > 64) { say(err, errlen, "scrypt: password or salt of a length not allowed"); return -1; }
    if (out_len < 16 || out_len > 64) { say(err, errlen, "scrypt: output of %zu bytes (16 to 64)", out_len); return -1; }
    if (n < 1024 || n > (1u << 20) || (n & (n - 1)) != 0) { say(err, errlen, "scrypt: N=%llu is not a power of two from 1024 to 1048576", (unsigned long long)n); return -1; }
    if (r < 1 || r > 32 || p < 1 || p > 16) { say(err, errlen, "scrypt: r=%llu p=%llu out of range (r 1-32, p 1-16)", (unsigned long long)r, (unsigned long long)p); return -1; }
    /* 128 * r * N bytes of memory and a little more: OpenSSL's default limit (32 MiB) is just
     * short for N=2^15, r=8, so the bound is given. */
    uint64_t maxmem = 128 * r * (n + 2) + 128 * r * p + (1 << 20);
    if (EVP_PBE_scrypt(password, password_len, salt, salt_len, n, r, p, maxmem, out, out_len) != 1) {
        char b[160];
        say(err, errlen, "scrypt: %s", ssl_reason(b, sizeof b));
        return -1;
    }
    return 0;
}

/* Writes a PEM through `write` into path.tmp (mode `mode`), then renames it over path. */
static int write_pem(const char *path, mode_t mode, int (*write)(FILE *, void *), void *arg, char *err, size_t errlen) {
    char tmp[4096];
    if (snprintf(tmp, sizeof tmp, "%s.tmp", path) >= (int)sizeof tmp) { say(err, errlen, "%s: path too long", path); return -1; }
    unlink(tmp);
    int fd = open(tmp, O_WRONLY | O_CREAT | O_EXCL | O_TRUNC | O_CLOEXEC, mode);
    if (fd < 0) { say(err, errlen, "%s: %s", tmp, strerror(errno)); return -1; }
    if (fchmod(fd, mode) != 0) { say(err, errlen, "%s: %s", tmp, strerror(errno)); close(fd); unlink(tmp); return -1; }
    FILE *f = fdopen(fd, "w");
    if (!f) { say(err, errlen, "%s: %s", tmp, strerror(errno)); close(fd); unlink(tmp); return -1; }
    int ok = write(f, arg);
    if (fflush(f) != 0 || fsync(fd) != 0) ok = 0;
    if (fclose(f) != 0) ok = 0;
    if (!ok) {
        char b[160];
        say(err, errlen, "%s: could not write: %s", path, ssl_reason(b, sizeof b));
        unlink(tmp);
        return -1;
    }
    if (rename(tmp, path) != 0) { say(err, errlen, "%s: %s", path, strerror(errno)); unlink(tmp); return -1; }
    return 0;
}

static int write_key(FILE *f, void *key) { return PEM_write_PrivateKey(f, (EVP_PKEY *)key, NULL, NULL, 0, NULL, NULL) == 1; }
static int write_cert(FILE *f, void *cert) { return PEM_write_X509(f, (X509 *)cert) == 1; }

int mihrab_tls_make_certificate(const char *cert_path, const char *key_path, const char *host, char *err, size_t errlen) {
    if (!cert_path || !key_path || !*cert_path || !*key_path) { say(err, errlen, "certificate: no path to write to"); return -1; }
    if (!host || !*host || strlen(host) > 253 || strpbrk(host, ",\n\r")) host = "mihrab";
    char b[160];
    int rc = -1;
    EVP_PKEY *key = EVP_EC_gen("P-256");
    X509 *x = X509_new();
    X509_EXTENSION *san = NULL, *bc = NULL;
    if (!key || !x) { say(err, errlen, "certificate: no key: %s", ssl_reason(b, sizeof b)); goto done; }
    uint8_t serial[16];
    if (mihrab_tls_random(serial, sizeof serial) != 0) { say(err, errlen, "certificate: no random serial"); goto done; }
    serial[0] &= 0x7f;  /* positive */
    BIGNUM *bn = BN_bin2bn(serial, sizeof serial, NULL);
    if (!bn || !BN_to_ASN1_INTEGER(bn, X509_get_serialNumber(x))) { BN_free(bn); say(err, errlen, "certificate: serial: %s", ssl_reason(b, sizeof b)); goto done; }
    BN_free(bn);
    X509_NAME *name = X509_get_subject_name(x);
    char san_value[300];
    snprintf(san_value, sizeof san_value, "DNS:%s", host);
    X509V3_CTX ctx;
    X509V3_set_ctx_nodb(&ctx);
    X509V3_set_ctx(&ctx, x, x, NULL, NULL, 0);
    if (X509_set_version(x, 2) != 1
        || !X509_gmtime_adj(X509_getm_notBefore(x), -60 * 60)
        || !X509_time_adj_ex(X509_getm_notAfter(x), 3653, 0, NULL)
        || X509_NAME_add_entry_by_txt(name, "CN", MBSTRING_UTF8, (const unsigned char *)host, -1, -1, 0) != 1
        || X509_set_issuer_name(x, name) != 1
        || X509_set_pubkey(x, key) != 1
        || !(san = X509V3_EXT_conf_nid(NULL, &ctx, NID_subject_alt_name, san_value))
        || !(bc = X509V3_EXT_conf_nid(NULL, &ctx, NID_basic_constraints, "critical,CA:FALSE"))
        || X509_add_ext(x, san, -1) != 1
        || X509_add_ext(x, bc, -1) != 1
        || X509_sign(x, key, EVP_sha256()) <= 0) {
        say(err, errlen, "certificate: %s", ssl_reason(b, sizeof b));
        goto done;
    }
    if (write_pem(key_path, 0600, write_key, key, err, errlen) != 0) goto done;
    if (write_pem(cert_path, 0644, write_cert, x, err, errlen) != 0) goto done;
    rc = 0;
done:
    X509_EXTENSION_free(san);
    X509_EXTENSION_free(bc);
    X509_free(x);
    EVP_PKEY_free(key);
    return rc;
}

int mihrab_tls_fingerprint(const char *cert_path, char *out, size_t outlen, char *err, size_t errlen) {
    if (!cert_path || !out || outlen < 65) { say(err, errlen, "fingerprint: no path or too small a buffer"); return -1; }
    FILE *f = fopen(cert_path, "re");
    if (!f) { say(err, errlen, "%s: %s", cert_path, strerror(errno)); return -1; }
    X509 *x = PEM_read_X509(f, NULL, NULL, NULL);
    fclose(f);
    char b[160];
    if (!x) { say(err, errlen, "%s: not a PEM certificate: %s", cert_path, ssl_reason(b, sizeof b)); return -1; }
    unsigned char md[EVP_MAX_MD_SIZE];
    unsigned int len = 0;
    int ok = X509_digest(x, EVP_sha256(), md, &len) == 1 && len == 32;
    X509_free(x);
    if (!ok) { say(err, errlen, "%s: no digest", cert_path); return -1; }
    for (unsigned i = 0; i < len; i++) snprintf(out + 2 * i, 3, "%02x", md[i]);
    return 0;
}

/* ---- The TLS front ---- */

/* What one connection may send in all (its lifetime_ms bounds how long it lasts: a client
 * trickling a byte a minute would otherwise hold its slot for ever); a browser opens another
 * after that. */
#define MAX_UPSTREAM_BYTES (1024 * 1024)
/* Connections open at once from one address: a quarter of all, at least 4 (one machine
 * cannot take every slot). */
#define PER_ADDRESS(max) ((max) / 4 < 4 ? 4 : (max) / 4)

struct mihrab_tls_front {
    SSL_CTX *ctx;
    int listen_fd;
    int stop_pipe[2];  /* readable once stopping: every poll includes [0] */
    int port;
    int max_connections, handshake_ms, idle_ms, lifetime_ms;
    char unix_path[sizeof(((struct sockaddr_un *)0)->sun_path)];
    pthread_t acceptor;
    int refs;         /* the owner's one, and one per connection thread */
    int connections;  /* open now */
    pthread_mutex_t peers_lock;
    struct peer { unsigned char addr[16]; int open; } *peers;  /* max_connections slots; open 0: free */
};

/* The client's address as 16 bytes (IPv4 as IPv4-mapped IPv6). */
static void address_key(const struct sockaddr_storage *ss, unsigned char key[16]) {
    memset(key, 0, 16);
    if (ss->ss_family == AF_INET6) {
        memcpy(key, &((const struct sockaddr_in6 *)ss)->sin6_addr, 16);
    } else if (ss->ss_family == AF_INET) {
        key[10] = key[11] = 0xff;
        memcpy(key + 12, &((const struct sockaddr_in *)ss)->sin_addr, 4);
    }
}

/* Counts a connection from `key`; 0 when that address has its share open already. */
static int peer_take(struct mihrab_tls_front *f, const unsigned char key[16]) {
    int ok = 0, free_slot = -1;
    pthread_mutex_lock(&f->peers_lock);
    for (int i = 0; i < f->max_connections; i++) {
        if (f->peers[i].open == 0) { if (free_slot < 0) free_slot = i; continue; }
        if (memcmp(f->peers[i].addr, key, 16) == 0) {
            if (f->peers[i].open < PER_ADDRESS(f->max_connections)) { f->peers[i].open++; ok = 1; }
            pthread_mutex_unlock(&f->peers_lock);
            return ok;
        }
    }
    if (free_slot >= 0) {
        memcpy(f->peers[free_slot].addr, key, 16);
        f->peers[free_slot].open = 1;
        ok = 1;
    }
    pthread_mutex_unlock(&f->peers_lock);
    return ok;
}

static void peer_give(struct mihrab_tls_front *f, const unsigned char key[16]) {
    pthread_mutex_lock(&f->peers_lock);
    for (int i = 0; i < f->max_connections; i++) {
        if (f->peers[i].open > 0 && memcmp(f->peers[i].addr, key, 16) == 0) { f->peers[i].open--; break; }
    }
    pthread_mutex_unlock(&f->peers_lock);
}

static void front_release(struct mihrab_tls_front *f) {
    if (__atomic_sub_fetch(&f->refs, 1, __ATOMIC_ACQ_REL) != 0) return;
    SSL_CTX_free(f->ctx);
    close(f->stop_pipe[0]);
    close(f->stop_pipe[1]);
    pthread_mutex_destroy(&f->peers_lock);
    free(f->peers);
    free(f);
}

static int64_t now_ms(void) {
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (int64_t)ts.tv_sec * 1000 + ts.tv_nsec / 1000000;
}

/* Waits for `events` on fd (or the stop pipe) up to timeout_ms. 1 ready, 0 timeout or stop. */
static int wait_fd(struct mihrab_tls_front *f, int fd, short events, int timeout_ms) {
    struct pollfd p[2] = {{.fd = fd, .events = events}, {.fd = f->stop_pipe[0], .events = POLLIN}};
    for (;;) {
        int r = poll(p, 2, timeout_ms < 0 ? 0 : timeout_ms);
        if (r < 0 && errno == EINTR) continue;
        if (r <= 0 || p[1].revents) return 0;
        return 1;
    }
}

/* SSL_write of all `len` bytes on a non-blocking socket; 0, or -1. */
static int ssl_write_all(struct mihrab_tls_front *f, SSL *ssl, int fd, const char *buf, int len) {
    while (len > 0) {
        int n = SSL_write(ssl, buf, len);
        if (n > 0) { buf += n; len -= n; continue; }
        int e = SSL_get_error(ssl, n);
        if (e == SSL_ERROR_WANT_WRITE) { if (!wait_fd(f, fd, POLLOUT, f->idle_ms)) return -1; }
        else if (e == SSL_ERROR_WANT_READ) { if (!wait_fd(f, fd, POLLIN, f->idle_ms)) return -1; }
        else return -1;
    }
    return 0;
}

static int write_all(int fd, const char *buf, size_t len) {
    while (len > 0) {
        ssize_t n = send(fd, buf, len, MSG_NOSIGNAL);
        if (n < 0 && errno == EINTR) continue;
        if (n <= 0) return -1;  /* a send timeout (SO_SNDTIMEO) too */
        buf += n;
        len -= (size_t)n;
    }
    return 0;
}

struct connection { struct mihrab_tls_front *front; int fd; unsigned char addr[16]; };

static void relay(struct mihrab_tls_front *f, int fd) {
    SSL *ssl = SSL_new(f->ctx);
    int up = -1;
    if (!ssl || SSL_set_fd(ssl, fd) != 1) goto done;
    /* The handshake, within handshake_ms in all (a client trickling bytes gains nothing). */
    int64_t deadline = now_ms() + f->handshake_ms;
    for (;;) {
        int r = SSL_accept(ssl);
        if (r == 1) break;
        int e = SSL_get_error(ssl, r);
        int left = (int)(deadline - now_ms());
        if (left <= 0) goto done;
        if (e == SSL_ERROR_WANT_READ) { if (!wait_fd(f, fd, POLLIN, left)) goto done; }
        else if (e == SSL_ERROR_WANT_WRITE) { if (!wait_fd(f, fd, POLLOUT, left)) goto done; }
        else goto done;
    }
    up = socket(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0);
    if (up < 0) goto done;
    struct sockaddr_un sun = {.sun_family = AF_UNIX};
    memcpy(sun.sun_path, f->unix_path, sizeof sun.sun_path);
    struct timeval tv = {.tv_sec = f->idle_ms / 1000, .tv_usec = (f->idle_ms % 1000) * 1000};
    setsockopt(up, SOL_SOCKET, SO_SNDTIMEO, &tv, sizeof tv);
    if (connect(up, (struct sockaddr *)&sun, sizeof sun) != 0) goto done;

    char buf[16384];
    size_t upstream = 0;  /* bytes from the client: bounded (a server that keeps an endless request line in memory cannot be fed one) */
    int64_t end = now_ms() + f->lifetime_ms;
    for (;;) {
        struct pollfd p[3] = {{.fd = fd, .events = POLLIN}, {.fd = up, .events = POLLIN}, {.fd = f->stop_pipe[0], .events = POLLIN}};
        int64_t left = end - now_ms();
        if (left <= 0) break;  /* lived long enough */
        if (SSL_pending(ssl) == 0) {
            int r = poll(p, 3, left < f->idle_ms ? (int)left : f->idle_ms);
            if (r < 0 && errno == EINTR) continue;
            if (r <= 0 || p[2].revents) break;  /* idle, or stopping */
        } else {
            p[0].revents = POLLIN;
        }
        if (p[0].revents) {
            int n = SSL_read(ssl, buf, sizeof buf);
            if (n > 0) {
                upstream += (size_t)n;
                if (upstream > MAX_UPSTREAM_BYTES || write_all(up, buf, (size_t)n) != 0) break;
            } else {
                int e = SSL_get_error(ssl, n);
                if (e != SSL_ERROR_WANT_READ && e != SSL_ERROR_WANT_WRITE) break;  /* closed or failed */
            }
        }
        if (p[1].revents) {
            ssize_t n = recv(up, buf, sizeof buf, 0);
            if (n < 0 && errno == EINTR) continue;
            if (n <= 0) { SSL_shutdown(ssl); break; }
            if (ssl_write_all(f, ssl, fd, buf, (int)n) != 0) break;
        }
    }
done:
    ERR_clear_error();
    if (up >= 0) close(up);
    SSL_free(ssl);
    close(fd);
}

static void *connection_main(void *arg) {
    struct connection c = *(struct connection *)arg;
    free(arg);
    relay(c.front, c.fd);
    peer_give(c.front, c.addr);
    __atomic_sub_fetch(&c.front->connections, 1, __ATOMIC_ACQ_REL);
    ERR_clear_error();
    front_release(c.front);
    return NULL;
}

static void *accept_main(void *arg) {
    struct mihrab_tls_front *f = arg;
    for (;;) {
        struct pollfd p[2] = {{.fd = f->listen_fd, .events = POLLIN}, {.fd = f->stop_pipe[0], .events = POLLIN}};
        int r = poll(p, 2, -1);
        if (r < 0 && errno == EINTR) continue;
        if (r < 0 || p[1].revents) break;
        if (!p[0].revents) continue;
        struct sockaddr_storage from = {0};
        socklen_t fromlen = sizeof from;
        int fd = accept4(f->listen_fd, (struct sockaddr *)&from, &fromlen, SOCK_NONBLOCK | SOCK_CLOEXEC);
        if (fd < 0) {
            if (errno == EMFILE || errno == ENFILE) usleep(100000);  /* out of descriptors: do not spin */
            continue;
        }
        if (__atomic_load_n(&f->connections, __ATOMIC_ACQUIRE) >= f->max_connections) { close(fd); continue; }
        unsigned char key[16];
        address_key(&from, key);
        if (!peer_take(f, key)) { close(fd); continue; }
        int one = 1;
        setsockopt(fd, IPPROTO_TCP, TCP_NODELAY, &one, sizeof one);
        struct connection *c = malloc(sizeof *c);
        if (!c) { peer_give(f, key); close(fd); continue; }
        *c = (struct connection){.front = f, .fd = fd};
        memcpy(c->addr, key, 16);
        __atomic_add_fetch(&f->refs, 1, __ATOMIC_ACQ_REL);
        __atomic_add_fetch(&f->connections, 1, __ATOMIC_ACQ_REL);
        pthread_attr_t attr;
        pthread_attr_init(&attr);
        pthread_attr_setdetachstate(&attr, PTHREAD_CREATE_DETACHED);
        pthread_attr_setstacksize(&attr, 256 * 1024);
        pthread_t t;
        if (pthread_create(&t, &attr, connection_main, c) != 0) {
            free(c);
            peer_give(f, key);
            close(fd);
            __atomic_sub_fetch(&f->connections, 1, __ATOMIC_ACQ_REL);
            __atomic_sub_fetch(&f->refs, 1, __ATOMIC_ACQ_REL);  /* the owner's ref remains */
        }
        pthread_attr_destroy(&attr);
    }
    close(f->listen_fd);
    return NULL;
}

mihrab_tls_front *mihrab_tls_front_start(const char *host, int port, const char *cert_path, const char *key_path,
                                         const char *unix_path, int max_connections, int handshake_ms, int idle_ms,
                                         int lifetime_ms, char *err, size_t errlen) {
    char b[160];
    if (!host || !cert_path || !key_path || !unix_path) { say(err, errlen, "TLS front: missing argument"); return NULL; }
    if (port < 0 || port > 65535) { say(err, errlen, "TLS front: port %d out of range", port); return NULL; }
    if (strlen(unix_path) >= sizeof(((struct sockaddr_un *)0)->sun_path)) { say(err, errlen, "%s: too long for a unix socket", unix_path); return NULL; }
    if (max_connections < 1 || max_connections > 1024) max_connections = 32;
    if (handshake_ms < 100) handshake_ms = 10000;
    if (idle_ms < 100) idle_ms = 60000;
    if (lifetime_ms < 100) lifetime_ms = 5 * 60 * 1000;

    SSL_CTX *ctx = SSL_CTX_new(TLS_server_method());
    if (!ctx) { say(err, errlen, "TLS front: %s", ssl_reason(b, sizeof b)); return NULL; }
    SSL_CTX_set_min_proto_version(ctx, TLS1_2_VERSION);
    SSL_CTX_set_options(ctx, SSL_OP_NO_RENEGOTIATION | SSL_OP_CIPHER_SERVER_PREFERENCE | SSL_OP_NO_COMPRESSION);
    SSL_CTX_set_mode(ctx, SSL_MODE_ENABLE_PARTIAL_WRITE | SSL_MODE_ACCEPT_MOVING_WRITE_BUFFER);
    if (SSL_CTX_use_certificate_chain_file(ctx, cert_path) != 1) {
        say(err, errlen, "%s: not a certificate that loads: %s", cert_path, ssl_reason(b, sizeof b));
        SSL_CTX_free(ctx);
        return NULL;
    }
    if (SSL_CTX_use_PrivateKey_file(ctx, key_path, SSL_FILETYPE_PEM) != 1 || SSL_CTX_check_private_key(ctx) != 1) {
        say(err, errlen, "%s: not the certificate's key, or does not load: %s", key_path, ssl_reason(b, sizeof b));
        SSL_CTX_free(ctx);
        return NULL;
    }

    struct sockaddr_storage ss = {0};
    socklen_t sslen;
    struct sockaddr_in *in4 = (struct sockaddr_in *)&ss;
    struct sockaddr_in6 *in6 = (struct sockaddr_in6 *)&ss;
    if (inet_pton(AF_INET, host, &in4->sin_addr) == 1) {
        in4->sin_family = AF_INET;
        in4->sin_port = htons((uint16_t)port);
        sslen = sizeof *in4;
    } else if (inet_pton(AF_INET6, host, &in6->sin6_addr) == 1) {
        in6->sin6_family = AF_INET6;
        in6->sin6_port = htons((uint16_t)port);
        sslen = sizeof *in6;
    } else {
        say(err, errlen, "TLS front: %s is not an IP address", host);
        SSL_CTX_free(ctx);
        return NULL;
    }
    int fd = socket(ss.ss_family, SOCK_STREAM | SOCK_CLOEXEC, 0);
    int one = 1;
    if (fd < 0 || setsockopt(fd, SOL_SOCKET, SO_REUSEADDR, &one, sizeof one) != 0
        || bind(fd, (struct sockaddr *)&ss, sslen) != 0 || listen(fd, 64) != 0) {
        say(err, errlen, "TLS front: cannot listen on %s:%d: %s", host, port, strerror(errno));
        if (fd >= 0) close(fd);
        SSL_CTX_free(ctx);
        return NULL;
    }
    struct sockaddr_storage bound;
    socklen_t blen = sizeof bound;
    getsockname(fd, (struct sockaddr *)&bound, &blen);
    struct mihrab_tls_front *f = calloc(1, sizeof *f);
    struct peer *peers = calloc((size_t)max_connections, sizeof *peers);
    if (!f || !peers || pipe2(f->stop_pipe, O_CLOEXEC) != 0) {
        say(err, errlen, "TLS front: %s", strerror(errno));
        free(peers);
        free(f);
        close(fd);
        SSL_CTX_free(ctx);
        return NULL;
    }
    f->ctx = ctx;
    f->peers = peers;
    pthread_mutex_init(&f->peers_lock, NULL);
    f->listen_fd = fd;
    f->port = ntohs(bound.ss_family == AF_INET6 ? ((struct sockaddr_in6 *)&bound)->sin6_port : ((struct sockaddr_in *)&bound)->sin_port);
    f->max_connections = max_connections;
    f->handshake_ms = handshake_ms;
    f->idle_ms = idle_ms;
    f->lifetime_ms = lifetime_ms;
    snprintf(f->unix_path, sizeof f->unix_path, "%s", unix_path);
    f->refs = 1;
    /* The threads block every signal: the daemon's loop takes SIGHUP, SIGTERM, SIGINT. */
    sigset_t all, old;
    sigfillset(&all);
    pthread_sigmask(SIG_SETMASK, &all, &old);
    int rc = pthread_create(&f->acceptor, NULL, accept_main, f);
    pthread_sigmask(SIG_SETMASK, &old, NULL);
    if (rc != 0) {
        say(err, errlen, "TLS front: no thread: %s", strerror(rc));
        close(fd);
        front_release(f);
        return NULL;
    }
    pthread_setname_np(f->acceptor, "mihrab-tls");
    return f;
}

int mihrab_tls_front_port(const mihrab_tls_front *f) { return f ? f->port : -1; }

int mihrab_tls_front_connections(const mihrab_tls_front *f) {
    return f ? __atomic_load_n(&((mihrab_tls_front *)f)->connections, __ATOMIC_ACQUIRE) : 0;
}

void mihrab_tls_front_stop(mihrab_tls_front *f) {
    if (!f) return;
    char c = 1;
    while (write(f->stop_pipe[1], &c, 1) < 0 && errno == EINTR) {}
    pthread_join(f->acceptor, NULL);
    front_release(f);
}
