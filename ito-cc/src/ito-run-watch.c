/* ito-run-watch DIR: tells ito-run which process of a job ended first.
 *
 * When one process is killed from outside (SIGKILL, the out-of-memory
 * killer), the launcher stops all the others at once, and MPICH's report
 * then names any of them. This watcher, which ito-run starts beside the
 * launcher, waits for DIR/pids (one line "rank pid host" per process,
 * written by process 0 at start-up), watches the processes of this machine
 * through pidfds, and writes the first one to end to DIR/first-exit as
 * "rank pid" (those that ended together, a line each: the one killed and
 * one that its death ended before the watcher woke). It ends then, when DIR
 * goes away, or when ito-run does.
 *
 * A pidfd reports a process only once it has gone entirely, and a killed
 * process may take longer to go than those the launcher kills after it (it
 * frees its share of the job's shared memory last): so the watcher also
 * looks every few milliseconds for processes that have started to exit
 * (PF_EXITING in /proc/PID/stat), which the killed one does first. */
#define _GNU_SOURCE
#include <poll.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <unistd.h>

#ifndef SYS_pidfd_open
#define SYS_pidfd_open 434
#endif

enum { max_watched = 4096 };

/* Whether process pid has started to exit (or is gone). */
static int exiting(int pid) {
  char path[64], buf[1024];
  snprintf(path, sizeof path, "/proc/%d/stat", pid);
  FILE *f = fopen(path, "r");
  if (!f)
    return 1;
  const size_t n = fread(buf, 1, sizeof buf - 1, f);
  fclose(f);
  buf[n] = '\0';
  /* pid (comm) state ppid pgrp session tty_nr tpgid flags: the flags are
   * the seventh field after the command's closing parenthesis. */
  const char *p = strrchr(buf, ')');
  unsigned long flags = 0;
  if (!p || sscanf(p + 1, " %*c %*d %*d %*d %*d %*d %lu", &flags) != 1)
    return 0;
  return (flags & 0x4) != 0; /* PF_EXITING */
}

int main(int argc, char **argv) {
  if (argc != 2) {
    fprintf(stderr, "usage: ito-run-watch DIR (started by ito-run)\n");
    return 2;
  }
  const pid_t parent = getppid();
  char path[4096];
  snprintf(path, sizeof path, "%s/pids", argv[1]);
  FILE *f = NULL;
  while (!(f = fopen(path, "r"))) {
    struct stat st;
    if (getppid() != parent || stat(argv[1], &st) != 0)
      return 0;
    usleep(10000);
  }
  static struct pollfd fds[max_watched];
  static int ranks[max_watched], pids[max_watched];
  char here[256] = "", line[512], host[256];
  gethostname(here, sizeof here - 1);
  int n = 0, rank, pid;
  while (n < max_watched && fgets(line, sizeof line, f)) {
    const int fields = sscanf(line, "%d %d %255s", &rank, &pid, host);
    if (fields < 2)
      continue;
    const int fd = (int)syscall(SYS_pidfd_open, pid, 0);
    /* A process of this machine that is gone already (the job ended before
     * the watcher looked) ended first: it stays, without a pidfd (poll
     * skips it, and exiting() finds it gone). Another machine's is left. */
    if (fd < 0 && !(fields == 3 && strcmp(host, here) == 0))
      continue;
    fds[n] = (struct pollfd){.fd = fd, .events = POLLIN};
    ranks[n] = rank;
    pids[n] = pid;
    n++;
  }
  fclose(f);
  /* (A few reads of /proc per interval: 2 ms for a few processes, longer
   * for many.) */
  const int interval_ms = n / 8 > 2 ? n / 8 : 2;
  while (n > 0) {
    const int ready = poll(fds, (nfds_t)n, interval_ms);
    if (getppid() != parent)
      return 0;
    static int ended[max_watched];
    int any = 0;
    for (int i = 0; i < n; i++) {
      ended[i] = (ready > 0 && fds[i].fd >= 0 && (fds[i].revents & POLLIN)) ||
                 exiting(pids[i]);
      any |= ended[i];
    }
    if (!any)
      continue;
    snprintf(path, sizeof path, "%s/first-exit", argv[1]);
    if (!(f = fopen(path, "wx")))
      return 0;
    for (int i = 0; i < n; i++)
      if (ended[i])
        fprintf(f, "%d %d\n", ranks[i], pids[i]);
    fclose(f);
    return 0;
  }
  return 0;
}
