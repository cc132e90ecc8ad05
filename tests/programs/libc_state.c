// State the C library keeps for each process, used by a function across a
// parallel call of its own (after which it may go on in another process):
// strtok's position, the struct tm that gmtime returns, and the strings
// inet_ntoa and fcvt return. Before, the tokens stopped early ("2
// tokens"), the year read another process's buffer (1900), and the
// strings were empty.
// RUN: %ito-cc --ito-no-translate -O2 %s -o %t.serial
// RUN: %t.serial > %t.expected
// RUN: %ito-cc -O2 -Werror %s -o %t
// RUN: %ito-run -n 1 %t | diff %t.expected -
// RUN: %ito-run -n 2 %t | diff %t.expected -
// RUN: %ito-run -n 4 %t | diff %t.expected -
// RUN: %ito-run -n 3 --internode %t | diff %t.expected -
// RUN: %until-stolen %ito-run -n 2 %t | diff %t.expected -
// RUN: FileCheck %s --input-file=%t.expected
// CHECK: 8 tokens, 256 in all
// CHECK-NEXT: year 2001 day 9
// CHECK-NEXT: address 10.0.1.2 digits 250 314159

#include <arpa/inet.h>
#include <cilk/cilk.h>
#include <stdlib.h>
#include <stdio.h>
#include <string.h>
#include <time.h>

static volatile unsigned long sink;
static long spin(long v) {
  unsigned long x = 1;
  for (int i = 0; i < 100000; i++)
    x = x * 6364136223846793005UL + (x >> 7);
  sink = x;
  return v;
}

static long work(int lo, int hi) {
  if (hi - lo == 1)
    return spin(1);
  int mid = (lo + hi) / 2;
  long a = cilk_spawn work(lo, mid);
  long b = work(mid, hi);
  cilk_sync;
  return a + b;
}

static void tokens(char *line) {
  int n = 0;
  long all = 0;
  for (char *tok = strtok(line, " "); tok; tok = strtok(NULL, " ")) {
    all += work(0, 32);
    n++;
  }
  printf("%d tokens, %ld in all\n", n, all);
}

static void dates(void) {
  time_t t = 1000000000;
  struct tm *tm = gmtime(&t);
  work(0, 64);
  printf("year %d day %d\n", tm->tm_year + 1900, tm->tm_mday);
}

static void strings(void) {
  struct in_addr a;
  a.s_addr = htonl(0x0a000102);
  char *address = inet_ntoa(a);
  int point, sign;
  char *digits = fcvt(2.5, 2, &point, &sign);
  work(0, 64);
  printf("address %s digits %s", address, digits);
  digits = ecvt(3.14159, 6, &point, &sign);
  work(0, 64);
  printf(" %s\n", digits);
}

int main(void) {
  char text[] = "a b c d e f g h";
  tokens(text);
  dates();
  strings();
  return 0;
}
