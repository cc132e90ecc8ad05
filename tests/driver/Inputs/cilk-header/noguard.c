#include <cilk/cilk.h>
#include "noguard.h"
#define noguard_twice noguard_twice_again
#include "noguard.h"
