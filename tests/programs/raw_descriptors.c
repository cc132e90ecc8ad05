// A function opens a file with open(2), makes parallel calls, and between
// them writes, seeks and reads the descriptor, then closes it: after a
// parallel call it may go on in another process, where the number the
// kernel gave the opener names nothing (or one of MPI's sockets). Numbers
// of descriptors the program opens are the job's own, and read, write,
// lseek and close of another process's are done by it. Before, lines were
// lost silently, or write failed with "Transport endpoint is not
// connected". Also a file main opens and a cilk_for reads and writes in
// chunks with pread and pwrite, checking fstat, as programs read input in
// parallel (before, EBADF in other processes: "abcdefgh??????o?").
// RUN: %ito-cc --ito-no-translate -O2 %s -o %t.serial
// RUN: rm -rf %t.d && mkdir %t.d && cd %t.d && %t.serial > %t.expected
// RUN: FileCheck %s --input-file=%t.expected
// RUN: %ito-cc -O2 -Werror %s -o %t
// RUN: rm -rf %t.d && mkdir %t.d && cd %t.d && %ito-run -n 2 %t | diff %t.expected -
// RUN: rm -rf %t.d && mkdir %t.d && cd %t.d && %ito-run -n 4 %t | diff %t.expected -
// RUN: rm -rf %t.d && mkdir %t.d && cd %t.d && %ito-run -n 2 --internode %t | diff %t.expected -
// RUN: rm -rf %t.d && mkdir %t.d && cd %t.d && %ito-run -n 3 --internode %t | diff %t.expected -
// CHECK: read back 6 lines, first "round 0: 2016", closed 0
// CHECK-NEXT: round 0: 2016
// CHECK: round 5: 2016
// CHECK-NEXT: chunks abcdefghijklmnop sizes ok 1 written ABCDEFGHIJKLMNOP

#include <cilk/cilk.h>
#include <fcntl.h>
#include <stdio.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

static volatile unsigned sink;

static long work(int lo, int hi) {
  if (hi - lo == 1) {
    unsigned x = (unsigned)lo;
    for (int k = 0; k < 300000; k++)
      x = x * 1103515245u + 12345u;
    sink = x;
    return lo;
  }
  int mid = (lo + hi) / 2;
  long a = cilk_spawn work(lo, mid);
  long b = work(mid, hi);
  cilk_sync;
  return a + b;
}

static int driver(const char *path) {
  int fd = open(path, O_RDWR | O_CREAT | O_TRUNC, 0600);
  if (fd < 0)
    return -1;
  for (int r = 0; r < 6; r++) {
    char line[64];
    long w = work(0, 64);
    int n = snprintf(line, sizeof line, "round %d: %ld\n", r, w);
    if (write(fd, line, (size_t)n) != n) {
      perror("write");
      return -1;
    }
  }
  work(0, 16);
  if (lseek(fd, 0, SEEK_SET) != 0)
    return -1;
  char text[512] = {0};
  ssize_t got = read(fd, text, sizeof text - 1);
  work(0, 16);
  int lines = 0;
  for (ssize_t i = 0; i < got; i++)
    lines += text[i] == '\n';
  char *nl = strchr(text, '\n');
  if (nl)
    *nl = 0;
  int closed = close(fd);
  printf("read back %d lines, first \"%s\", closed %d\n", lines, text,
         closed);
  return 0;
}

int main(void) {
  if (driver("raw.txt") != 0) {
    printf("driver failed\n");
    return 1;
  }
  FILE *f = fopen("raw.txt", "r");
  char buf[128];
  while (f && fgets(buf, sizeof buf, f))
    fputs(buf, stdout);
  if (f)
    fclose(f);

  int fd = open("chunks.bin", O_RDWR | O_CREAT | O_TRUNC, 0644);
  char block[20000];
  for (int c = 0; c < 16; c++) {
    memset(block, 'a' + c, sizeof block);
    write(fd, block, sizeof block);
  }
  char got[17] = {0};
  int sizes_ok = 1;
  cilk_for(int c = 0; c < 16; c++) {
    char b[20000];
    (void)work(0, 8);
    ssize_t r = pread(fd, b, sizeof b, (off_t)c * 20000);
    got[c] = r == 20000 && b[19999] == 'a' + c ? b[100] : '?';
    struct stat st;
    if (fstat(fd, &st) != 0 || st.st_size != 16 * 20000)
      sizes_ok = 0;
    memset(b, 'A' + c, sizeof b);
    pwrite(fd, b, sizeof b, (off_t)c * 20000);
  }
  char written[17] = {0};
  for (int c = 0; c < 16; c++) {
    char x;
    pread(fd, &x, 1, (off_t)c * 20000 + 7);
    written[c] = x;
  }
  close(fd);
  printf("chunks %s sizes ok %d written %s\n", got, sizes_ok, written);
  return 0;
}
