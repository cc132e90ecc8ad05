#include "mode.h"
static int id(int n) { return n; }
int mode_b(void) { return mode_twice(id, 1); }
