/* Intel Cilk Plus: see <cilk/reducer_min_max.h>. */
#include <cilk/reducer_min_max.h>
