#include "parts.h"

int plain_twice(int n) { return 2 * n; }
