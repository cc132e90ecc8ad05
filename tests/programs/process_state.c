// The environment, the working directory and exit handlers, which the
// kernel and the C library keep for each process: main sets a variable
// and changes the directory, then tasks anywhere read them; a function
// registers an exit handler after a parallel call of its own (it may go on
// in another process by then). Before, tasks in other processes saw the
// variable unset and the old directory, and the handler never ran. Also
// the file creation mask and signal dispositions main sets (umask(077);
// SIGPIPE ignored, a SIGUSR1 handler): before, files tasks created in
// other processes were mode 644, and a write to a closed pipe killed the
// job with SIGPIPE.
// RUN: rm -rf %t.dir && mkdir -p %t.dir
// RUN: %ito-cc --ito-no-translate -O2 %s -o %t.serial
// RUN: %t.serial %t.dir > %t.expected
// RUN: %ito-cc -O2 -Werror %s -o %t
// RUN: %ito-run -n 1 %t %t.dir | diff %t.expected -
// RUN: %ito-run -n 2 %t %t.dir | diff %t.expected -
// RUN: %ito-run -n 4 %t %t.dir | diff %t.expected -
// RUN: %ito-run -n 3 --internode %t %t.dir | diff %t.expected -
// RUN: %until-stolen %ito-run -n 2 %t %t.dir | diff %t.expected -
// RUN: FileCheck %s --input-file=%t.expected
// CHECK: env 224 unset 32 cwd 32
// CHECK-NEXT: private 32 broken pipes 32 handled 32
// CHECK-NEXT: main ends
// CHECK-NEXT: exit handler 2016

#include <cilk/cilk.h>
#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

static volatile unsigned long sink;
static long spin(long v) {
  unsigned long x = 1;
  for (int i = 0; i < 300000; i++)
    x = x * 6364136223846793005UL + (x >> 7);
  sink = x;
  return v;
}

static char where[4096];

static long env_sum(int lo, int hi) {
  if (hi - lo == 1) {
    const char *v = getenv("PROBE_PARAM");
    return spin(v ? atoi(v) : 0);
  }
  int mid = (lo + hi) / 2;
  long a = cilk_spawn env_sum(lo, mid);
  long b = env_sum(mid, hi);
  cilk_sync;
  return a + b;
}

static long unset_count(int lo, int hi) {
  if (hi - lo == 1)
    return spin(getenv("PROBE_GONE") == NULL);
  int mid = (lo + hi) / 2;
  long a = cilk_spawn unset_count(lo, mid);
  long b = unset_count(mid, hi);
  cilk_sync;
  return a + b;
}

static long in_dir(int lo, int hi) {
  if (hi - lo == 1) {
    char cwd[4096];
    return spin(getcwd(cwd, sizeof cwd) && strcmp(cwd, where) == 0);
  }
  int mid = (lo + hi) / 2;
  long a = cilk_spawn in_dir(lo, mid);
  long b = in_dir(mid, hi);
  cilk_sync;
  return a + b;
}

// A file the task creates is private; a write to a pipe whose reader is
// gone fails with EPIPE; SIGUSR1 raised here runs main's handler.
static volatile sig_atomic_t handled;
static void on_usr1(int sig) { handled += sig == SIGUSR1; }
static long private_files(int lo, int hi) {
  if (hi - lo == 1) {
    char name[64];
    snprintf(name, sizeof name, "mask%d.txt", lo);
    int fd = open(name, O_CREAT | O_WRONLY | O_TRUNC, 0666);
    struct stat st;
    long ok = fd >= 0 && fstat(fd, &st) == 0 && (st.st_mode & 0777) == 0600;
    if (fd >= 0)
      close(fd);
    unlink(name);
    return spin(ok);
  }
  int mid = (lo + hi) / 2;
  long a = cilk_spawn private_files(lo, mid);
  long b = private_files(mid, hi);
  cilk_sync;
  return a + b;
}
static long broken_pipes(int lo, int hi) {
  if (hi - lo == 1) {
    int p[2];
    if (pipe(p) != 0)
      return 0;
    close(p[0]);
    long ok = write(p[1], "x", 1) < 0 && errno == EPIPE;
    close(p[1]);
    int before = handled;
    raise(SIGUSR1);
    (void)before;
    return spin(ok);
  }
  int mid = (lo + hi) / 2;
  long a = cilk_spawn broken_pipes(lo, mid);
  long b = broken_pipes(mid, hi);
  cilk_sync;
  return a + b;
}

static long total;
static void report(void) { printf("exit handler %ld\n", total); }

static long sum(int lo, int hi) {
  if (hi - lo == 1)
    return spin(lo);
  int mid = (lo + hi) / 2;
  long a = cilk_spawn sum(lo, mid);
  long b = sum(mid, hi);
  cilk_sync;
  return a + b;
}

static void finish_later(void) {
  total = sum(0, 64);
  atexit(report);
}

int main(int argc, char **argv) {
  if (argc < 2 || chdir(argv[1]) != 0 || !getcwd(where, sizeof where))
    return 1;
  setenv("PROBE_PARAM", "7", 1);
  putenv("PROBE_GONE=1");
  unsetenv("PROBE_GONE");
  printf("env %ld unset %ld cwd %ld\n", env_sum(0, 32), unset_count(0, 32),
         in_dir(0, 32));
  umask(077);
  signal(SIGPIPE, SIG_IGN);
  struct sigaction usr1;
  memset(&usr1, 0, sizeof usr1);
  usr1.sa_handler = on_usr1;
  sigaction(SIGUSR1, &usr1, NULL);
  long priv = private_files(0, 32);
  long pipes = broken_pipes(0, 32);
  printf("private %ld broken pipes %ld handled %d\n", priv, pipes,
         handled > 0 ? 32 : 0);
  finish_later();
  printf("main ends\n");
  return 0;
}
