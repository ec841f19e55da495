/* PeakMemory OUT PROGRAM [ARGS...]: runs PROGRAM (with this process's standard streams),
 * waits for it, and writes "EXIT SIGNAL PEAK_KIB" to the file OUT: its exit status (-1 if a
 * signal ended it), the signal (0 if none), and its peak resident memory in KiB.
 *
 * For the tests that bound a command's memory. A test process cannot measure its own child:
 * Linux counts in a process's peak the address space it replaced at exec, and a child made
 * by posix_spawn (vfork) shares its parent's, a fork child a copy of it; so every child of a
 * 100 MB test runner shows 100 MB. This program is small: what it reads is PROGRAM's own. */
#include <errno.h>
#include <stdio.h>
#include <sys/resource.h>
#include <sys/types.h>
#include <sys/wait.h>
#include <unistd.h>

int main(int argc, char **argv) {
    if (argc < 3) {
        fprintf(stderr, "usage: PeakMemory OUT PROGRAM [ARGS...]\n");
        return 64;
    }
    pid_t pid = fork();
    if (pid < 0) { perror("PeakMemory: fork"); return 71; }
    if (pid == 0) {
        execv(argv[2], argv + 2);
        perror(argv[2]);
        _exit(127);
    }
    int status = 0;
    struct rusage usage;
    while (wait4(pid, &status, 0, &usage) < 0) {
        if (errno != EINTR) { perror("PeakMemory: wait4"); return 71; }
    }
    FILE *out = fopen(argv[1], "w");
    if (!out) { perror(argv[1]); return 73; }
    fprintf(out, "%d %d %ld\n", WIFEXITED(status) ? WEXITSTATUS(status) : -1,
            WIFSIGNALED(status) ? WTERMSIG(status) : 0, usage.ru_maxrss);
    return fclose(out) == 0 ? 0 : 74;
}
