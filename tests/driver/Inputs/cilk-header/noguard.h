/* Cilk code and no include guard. */
static inline int noguard_twice(int (*f)(int), int n) {
  int x = cilk_spawn f(n);
  int y = f(n);
  cilk_sync;
  return x + y;
}
