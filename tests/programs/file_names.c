// File names that tasks hand to the C library, built by main in a local
// array (moved to global memory: tasks reach it) and in a malloc'd buffer,
// then used by tasks that may run on another node: fopen, open, stat,
// access, mkdir, opendir, rename, unlink, remove, mkstemp. Between nodes
// such a name is data the kernel cannot fetch; before, the calls failed
// with EFAULT ("Bad address").
// RUN: %ito-cc --ito-no-translate -O2 %s -o %t.serial
// RUN: rm -rf %t.d && mkdir %t.d && cd %t.d && %t.serial > %t.expected
// RUN: FileCheck %s --input-file=%t.expected
// RUN: %ito-cc -O2 -Werror %s -o %t
// RUN: rm -rf %t.d && mkdir %t.d && cd %t.d && %ito-run -n 2 %t | diff %t.expected -
// RUN: rm -rf %t.d && mkdir %t.d && cd %t.d && %ito-run -n 2 --internode %t | diff %t.expected -
// RUN: rm -rf %t.d && mkdir %t.d && cd %t.d && %ito-run -n 4 --internode %t | diff %t.expected -
// CHECK: task 0 ok
// CHECK: task 15 ok
// CHECK: files 16 removed 16 temp ok

#include <cilk/cilk.h>
#include <dirent.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#define TASKS 16

static volatile unsigned sink;

static void spin(void) {
  unsigned x = 1;
  for (int k = 0; k < 3000000; k++)
    x = x * 1103515245u + 12345u;
  sink = x;
}

// Everything a task does with the name it is given (a full path in
// main's buffer).
static int use_names(const char *dir, const char *path, int i) {
  spin();
  FILE *f = fopen(path, "w");
  if (!f)
    return 1;
  char moved[256];
  snprintf(moved, sizeof moved, "%s/moved-%d", dir, i);
  fprintf(f, "%d\n", i);
  fclose(f);
  int fd = open(path, O_RDONLY);
  if (fd < 0)
    return 2;
  char text[16] = {0};
  if (read(fd, text, sizeof text - 1) <= 0 || atoi(text) != i)
    return 3;
  close(fd);
  struct stat st;
  if (stat(path, &st) != 0 || access(path, R_OK) != 0)
    return 4;
  if (rename(path, moved) != 0)
    return 5;
  return 0;
}

static int results[TASKS];

static void task(const char *dir, const char *name, int i) {
  results[i] = use_names(dir, name, i);
}

int main(void) {
  char dir[64];
  snprintf(dir, sizeof dir, "names.d");
  // (Apart from everything else tasks read, so that the name is the first
  // thing there they touch.)
  char *names = malloc(1 << 20);
  char *names_dir = strdup(dir);
  for (int i = 0; i < TASKS; i++)
    snprintf(names + 32 * i, 32, "names.d/file-%02d", i);
  mkdir(dir, 0700);
  for (int i = 0; i < TASKS; i++)
    cilk_spawn task(dir, names + 32 * i, i);
  cilk_sync;
  for (int i = 0; i < TASKS; i++)
    printf("task %d %s\n", i, results[i] == 0 ? "ok" : "failed");

  // A directory listing and removals by a continuation that may be stolen.
  int files = 0, removed = 0;
  cilk_spawn spin();
  DIR *d = opendir(names_dir);
  for (struct dirent *e; d && (e = readdir(d));)
    files += strncmp(e->d_name, "moved-", 6) == 0;
  if (d)
    closedir(d);
  cilk_sync;
  char *path = malloc(128);
  for (int i = 0; i < TASKS; i++) {
    snprintf(path, 128, "%s/moved-%d", dir, i);
    cilk_spawn spin();
    removed += (i % 2 ? unlink(path) : remove(path)) == 0;
    cilk_sync;
  }
  free(path);
  char *temp = malloc(64);
  snprintf(temp, 64, "%s/tmp-XXXXXX", dir);
  cilk_spawn spin();
  int fd = mkstemp(temp);
  cilk_sync;
  int temp_ok = fd >= 0 && strncmp(temp, "names.d/tmp-", 12) == 0 &&
                strcmp(temp + 12, "XXXXXX") != 0 && unlink(temp) == 0;
  if (fd >= 0)
    close(fd);
  free(temp);
  rmdir(dir);
  printf("files %d removed %d temp %s\n", files, removed,
         temp_ok ? "ok" : "failed");
  free(names);
  free(names_dir);
  return 0;
}
