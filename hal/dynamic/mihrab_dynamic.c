#define _GNU_SOURCE
#include "mihrab_dynamic.h"

#include <dlfcn.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* One lock for every library's first open: taken once per library (after that the state is
 * read atomically), and dlerror's text is read under it. Recursive: a library's constructors,
 * run inside dlopen, may call another library's trampoline (libssl's, libcrypto's) when the
 * executable exports them. */
static pthread_mutex_t load_lock = PTHREAD_RECURSIVE_MUTEX_INITIALIZER_NP;

static void copy_error(char *to, size_t size, const char *text) {
    snprintf(to, size, "%s", text && *text ? text : "cannot be opened");
    /* One line, whatever the loader said. */
    for (char *p = to; *p; p++) if (*p == '\n' || *p == '\r') *p = ' ';
}

int mihrab_dl_load(mihrab_dl_lib *lib) {
    int state = __atomic_load_n(&lib->state, __ATOMIC_ACQUIRE);
    if (state == 0) {
        pthread_mutex_lock(&load_lock);
        state = __atomic_load_n(&lib->state, __ATOMIC_ACQUIRE);
        if (state == 0) {
            void *handle = dlopen(lib->soname, RTLD_NOW | RTLD_LOCAL);
            if (handle) {
                lib->handle = handle;
                state = 1;
            } else {
                copy_error(lib->error, sizeof lib->error, dlerror());
                state = 2;
            }
            __atomic_store_n(&lib->state, state, __ATOMIC_RELEASE);
        }
        pthread_mutex_unlock(&load_lock);
    }
    return state == 1 ? 0 : -1;
}

const char *mihrab_dl_error(mihrab_dl_lib *lib) {
    return mihrab_dl_load(lib) == 0 ? NULL : lib->error;
}

void *mihrab_dl_symbol(mihrab_dl_lib *lib, const char *name) {
    if (mihrab_dl_load(lib) != 0) {
        fprintf(stderr, "mihrab: %s needed for %s, not loaded: %s\n", lib->soname, name, lib->error);
        abort();
    }
    pthread_mutex_lock(&load_lock);
    dlerror();
    void *symbol = dlsym(lib->handle, name);
    char error[256] = "";
    if (!symbol) copy_error(error, sizeof error, dlerror());
    pthread_mutex_unlock(&load_lock);
    if (!symbol) {
        fprintf(stderr, "mihrab: %s has no %s: %s\n", lib->soname, name, error);
        abort();
    }
    return symbol;
}

const char *mihrab_dl_try(const char *soname) {
    static _Thread_local char text[256];
    pthread_mutex_lock(&load_lock);
    void *handle = dlopen(soname, RTLD_NOW | RTLD_LOCAL);
    if (!handle) copy_error(text, sizeof text, dlerror());
    pthread_mutex_unlock(&load_lock);
    if (!handle) return text;
    dlclose(handle);
    return NULL;
}
