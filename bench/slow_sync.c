/* Slow storage for the benchmarks: fsync and fdatasync sleep SLOW_SYNC_MS (default 20) before the
   real call, as an SD card's sync takes milliseconds. Loaded with LD_PRELOAD; built by slow_sync.py. */
#define _GNU_SOURCE
#include <dlfcn.h>
#include <errno.h>
#include <stdlib.h>
#include <time.h>

static void slow_down(void) {
    const char *wanted = getenv("SLOW_SYNC_MS");
    long ms = wanted ? atol(wanted) : 20;
    struct timespec left = {ms / 1000, (ms % 1000) * 1000000L};
    while (nanosleep(&left, &left) == -1 && errno == EINTR) {
    }
}

int fsync(int fd) {
    static int (*real)(int);
    if (!real) real = (int (*)(int))dlsym(RTLD_NEXT, "fsync");
    slow_down();
    return real(fd);
}

int fdatasync(int fd) {
    static int (*real)(int);
    if (!real) real = (int (*)(int))dlsym(RTLD_NEXT, "fdatasync");
    slow_down();
    return real(fd);
}
