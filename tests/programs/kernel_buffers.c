// Heap blocks that tasks allocated and filled, written to a file by main
// with fwrite and write(2), then read back into blocks other tasks
// allocated, with fread and read(2). Between nodes each block's data lives
// where its task ran, and the kernel, unlike the program, does not fault
// it in: a write from it failed with EFAULT, silently short (fwrite wrote
// the first bytes of a 64 KiB block and returned 0 items), and a read into
// it did not happen.
// RUN: %ito-cc --ito-no-translate -O2 %s -o %t.serial
// RUN: %t.serial %t.s > %t.expected
// RUN: FileCheck %s --input-file=%t.expected
// RUN: %ito-cc -O2 %s -o %t
// RUN: %ito-run -n 1 %t %t.1 | diff %t.expected -
// RUN: %ito-run -n 2 %t %t.2 | diff %t.expected -
// RUN: %ito-run -n 2 --internode %t %t.2i | diff %t.expected -
// RUN: %ito-run -n 4 --internode %t %t.4i | diff %t.expected -
// CHECK: blocks 32 of 65536 bytes: fwrite 32 write 32 fread 16 read 16 sum {{[0-9]+}} mismatches 0

#include <cilk/cilk.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>

#define BLOCKS 32
#define SIZE 65536

static unsigned char *blocks[BLOCKS];
static unsigned char *copies[BLOCKS];

static void fill(int i) {
  unsigned char *b = malloc(SIZE);
  for (int k = 0; k < SIZE; k++)
    b[k] = (unsigned char)(k * 7 + i * 13 + k / 251);
  blocks[i] = b;
}

static void make(int lo, int hi, unsigned char **into, int fill_it) {
  if (hi - lo == 1) {
    if (fill_it)
      fill(lo);
    else
      into[lo] = calloc(SIZE, 1);
    return;
  }
  int mid = (lo + hi) / 2;
  cilk_spawn make(lo, mid, into, fill_it);
  make(mid, hi, into, fill_it);
  cilk_sync;
}

int main(int argc, char **argv) {
  char path[4096];
  make(0, BLOCKS, blocks, 1);
  make(0, BLOCKS, copies, 0);

  snprintf(path, sizeof path, "%s.fwrite", argv[1]);
  FILE *f = fopen(path, "wb");
  int fwritten = 0;
  for (int i = 0; i < BLOCKS; i++)
    fwritten += fwrite(blocks[i], SIZE, 1, f) == 1;
  fclose(f);

  snprintf(path, sizeof path, "%s.write", argv[1]);
  int fd = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0600);
  int written = 0;
  for (int i = 0; i < BLOCKS; i++) {
    size_t done = 0;
    while (done < SIZE) {
      ssize_t r = write(fd, blocks[i] + done, SIZE - done);
      if (r <= 0)
        break;
      done += (size_t)r;
    }
    written += done == SIZE;
  }
  close(fd);

  snprintf(path, sizeof path, "%s.fwrite", argv[1]);
  f = fopen(path, "rb");
  int freads = 0;
  for (int i = 0; i < BLOCKS / 2; i++)
    freads += fread(copies[i], SIZE, 1, f) == 1;
  fclose(f);
  snprintf(path, sizeof path, "%s.write", argv[1]);
  fd = open(path, O_RDONLY);
  lseek(fd, (off_t)SIZE * (BLOCKS / 2), SEEK_SET);
  int reads = 0;
  for (int i = BLOCKS / 2; i < BLOCKS; i++) {
    size_t done = 0;
    while (done < SIZE) {
      ssize_t r = read(fd, copies[i] + done, SIZE - done);
      if (r <= 0)
        break;
      done += (size_t)r;
    }
    reads += done == SIZE;
  }
  close(fd);

  long sum = 0, mismatches = 0;
  for (int i = 0; i < BLOCKS; i++)
    for (int k = 0; k < SIZE; k++) {
      sum += copies[i][k];
      mismatches += copies[i][k] != blocks[i][k];
    }
  printf("blocks %d of %d bytes: fwrite %d write %d fread %d read %d sum %ld "
         "mismatches %ld\n",
         BLOCKS, SIZE, fwritten, written, freads, reads, sum,
         mismatches);
  return 0;
}
