/* The C API: every process starts the runtime; one root task forks. */
#include <ito/ito.h>
#include <stdio.h>

static void square(void *args, void *result) {
  long v = *(long *)args;
  *(long *)result = v * v;
}

static void root(void *args, void *result) {
  (void)args;
  long a = 6, b = 7, x, y;
  ito_task t;
  ito_fork(&t, square, &a, sizeof a, &x, sizeof x);
  square(&b, &y);
  ito_join(&t);
  *(long *)result = x + y;
}

int main(int argc, char **argv) {
  ito_init(&argc, &argv);
  long v = 0;
  ito_root_exec(root, NULL, 0, &v, sizeof v);
  if (ito_rank() == 0)
    printf("ranks=%d squares=%ld\n", ito_n_ranks(), v);
  ito_fini();
  return 0;
}
