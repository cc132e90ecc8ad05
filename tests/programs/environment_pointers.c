// Strings of the environment kept as pointers and read in tasks: a label
// from getenv stored in a file-scope pointer, main's envp walked by every
// leaf, and environ read directly. Each process of the job has its own
// environment at its own addresses, so a task that runs in another
// process must still find the same strings there.
// RUN: %ito-cc --ito-no-translate -O2 %s -o %t.serial
// RUN: env RUN_LABEL=heat-2d-small WORDS_A=one WORDS_B=two,three \
// RUN:   %t.serial > %t.expected
// RUN: %ito-cc -O2 %s -o %t
// RUN: env RUN_LABEL=heat-2d-small WORDS_A=one WORDS_B=two,three \
// RUN:   %ito-run -n 1 %t | diff %t.expected -
// RUN: env RUN_LABEL=heat-2d-small WORDS_A=one WORDS_B=two,three \
// RUN:   %ito-run -n 3 %t | diff %t.expected -
// RUN: env RUN_LABEL=heat-2d-small WORDS_A=one WORDS_B=two,three \
// RUN:   %ito-run -n 4 %t | diff %t.expected -
// RUN: env RUN_LABEL=heat-2d-small WORDS_A=one WORDS_B=two,three \
// RUN:   %ito-run -n 3 --internode %t | diff %t.expected -
// RUN: FileCheck %s --input-file=%t.expected
// CHECK: label heat-2d-small: 4000 of 4000 tasks saw it
// CHECK: words 11 in every task: 4000
// CHECK: environ entries in every task: 4000

#include <cilk/cilk.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

extern char **environ;

static const char *label;
static char **saved_env;

static void work(void) {
  volatile long spin = 0;
  for (long k = 0; k < 20000; k++)
    spin += k;
}

// Letters of the values of the variables named WORDS_*.
static long word_letters(char **env) {
  long letters = 0;
  for (char **e = env; *e; e++)
    if (strncmp(*e, "WORDS_", 6) == 0)
      for (const char *p = strchr(*e, '=') + 1; *p; p++)
        letters += *p != ',';
  return letters;
}

static long entries(void) {
  long n = 0;
  for (char **e = environ; *e; e++)
    n += strncmp(*e, "WORDS_", 6) == 0 || strncmp(*e, "RUN_LABEL=", 10) == 0;
  return n;
}

int main(int argc, char **argv, char **envp) {
  (void)argc, (void)argv;
  label = getenv("RUN_LABEL");
  if (!label)
    label = "unnamed";
  saved_env = envp;
  const int n = 4000;
  int *saw_label = calloc(n, sizeof *saw_label);
  long *letters = calloc(n, sizeof *letters);
  long *seen = calloc(n, sizeof *seen);
  long want_letters = word_letters(envp), want_entries = entries();
  cilk_for (int i = 0; i < n; i++) {
    work();
    saw_label[i] = strcmp(label, "heat-2d-small") == 0;
    letters[i] = word_letters(saved_env);
    seen[i] = entries();
  }
  int labelled = 0, same_letters = 0, same_entries = 0;
  for (int i = 0; i < n; i++) {
    labelled += saw_label[i];
    same_letters += letters[i] == want_letters;
    same_entries += seen[i] == want_entries;
  }
  printf("label %s: %d of %d tasks saw it\n", label, labelled, n);
  printf("words %ld in every task: %d\n", want_letters, same_letters);
  printf("environ entries in every task: %d\n", same_entries);
  free(saw_label);
  free(letters);
  free(seen);
  return 0;
}
