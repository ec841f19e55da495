/* The system libraries behind the HAL shims, opened when first needed (dlopen) rather than
 * linked: a command that never plays a sound, reads a GPS or talks MQTT does not load
 * libsndfile, libgps or libmosquitto (nor their own dependencies) at start-up.
 *
 * Each shim declares one mihrab_dl_lib for its library, a public check that the Swift side
 * calls before the library's first use (mihrab_mqtt_library_error, ...; NULL when loaded,
 * else dlerror's one line), and trampolines with the library's own names (MIHRAB_DL_FN below),
 * defined in the shim's C file after the library's header, so that the compiler holds each one
 * to the real prototype. */
#ifndef MIHRAB_DYNAMIC_H
#define MIHRAB_DYNAMIC_H

#ifdef __cplusplus
extern "C" {
#endif

typedef struct mihrab_dl_lib {
    const char *soname;     /* "libmosquitto.so.1", or a full path */
    int state;              /* 0 not tried, 1 loaded, 2 failed (atomic; under the lock while 0) */
    void *handle;
    char error[256];        /* dlerror's text when state is 2 */
} mihrab_dl_lib;

#define MIHRAB_DL_LIB(name, so) static mihrab_dl_lib name = { (so), 0, 0, {0} }

/* Opens the library once (RTLD_NOW | RTLD_LOCAL), from any thread. 0 when it is loaded, -1
 * when it could not be (the reason: mihrab_dl_error). */
int mihrab_dl_load(mihrab_dl_lib *lib);
/* NULL when the library is loaded (opening it first if need be), else dlerror's one line,
 * e.g. "libmosquitto.so.1: cannot open shared object file: No such file or directory". */
const char *mihrab_dl_error(mihrab_dl_lib *lib);
/* The library's symbol `name`. A missing library or symbol is a programming error (the Swift
 * side checks the library before its first use): one line on stderr naming both, then abort. */
void *mihrab_dl_symbol(mihrab_dl_lib *lib, const char *name);

/* For the tests: dlopen's one-line reason for `soname` (NULL if it opened; the handle is
 * closed again). The text is the calling thread's, until its next call. */
const char *mihrab_dl_try(const char *soname);

/* The real function behind a trampoline, as `fn` of type `mihrab_fn_t`: found on first use and
 * kept (one atomic load a call after that). */
#define MIHRAB_DL_REAL(lib, name)                                                       \
        static mihrab_fn_t real;                                                        \
        mihrab_fn_t fn = __atomic_load_n(&real, __ATOMIC_ACQUIRE);                      \
        if (!fn) {                                                                      \
            fn = (mihrab_fn_t)mihrab_dl_symbol(&(lib), #name);                          \
            __atomic_store_n(&real, fn, __ATOMIC_RELEASE);                              \
        }

/* A trampoline with the library's own name, `ret name params`, calling the real function with
 * `args`. */
#define MIHRAB_DL_FN(lib, ret, name, params, args)                                      \
    ret name params {                                                                   \
        typedef ret (*mihrab_fn_t) params;                                              \
        MIHRAB_DL_REAL(lib, name)                                                       \
        return fn args;                                                                 \
    }
/* The same for a function returning void (C has no `return` of a void call). */
#define MIHRAB_DL_VOID(lib, name, params, args)                                         \
    void name params {                                                                  \
        typedef void (*mihrab_fn_t) params;                                             \
        MIHRAB_DL_REAL(lib, name)                                                       \
        fn args;                                                                        \
    }

#ifdef __cplusplus
}
#endif
#endif
