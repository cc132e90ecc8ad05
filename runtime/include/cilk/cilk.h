/* The Cilk keywords: cilk_spawn, cilk_sync, cilk_for, cilk_scope and their
 * _Cilk_ spellings.
 *
 * Under an ordinary C or C++ compiler this header gives the serial elision:
 * cilk_spawn and cilk_sync vanish, cilk_for is a plain for loop and
 * cilk_scope a plain block, so a Cilk program builds and runs (serially)
 * anywhere. Under ito's translator the keywords become markers it
 * recognizes (see <cilk/ito_keywords.h>). */
#ifndef ITO_CILK_CILK_H
#define ITO_CILK_CILK_H

#include <cilk/ito_keywords.h>

/* A keyword the build already defines (-Dcilk_spawn= and the like, as
 * makefiles do for a serial build, or <cilk/cilk_stub.h>) keeps that
 * definition. */
#ifndef cilk_spawn
#define cilk_spawn __ITO_CILK_SPAWN
#endif
#ifndef cilk_sync
#define cilk_sync __ITO_CILK_SYNC
#endif
#ifndef cilk_for
#define cilk_for __ITO_CILK_FOR
#endif
#ifndef cilk_scope
#define cilk_scope __ITO_CILK_SCOPE
#endif
/* OpenCilk's reducer (hyperobject) type specifier: T cilk_reducer(identity,
 * reduce). Serially, T. */
#ifndef cilk_reducer
#define cilk_reducer(...) __ITO_CILK_REDUCER(__VA_ARGS__)
#endif

#endif /* ITO_CILK_CILK_H */
