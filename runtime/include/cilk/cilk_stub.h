/* The serial elision, as Cilk Plus's <cilk/cilk_stub.h> gives it: a program
 * that includes this header asks to be built serially, with or without ito.
 * (Include it before <cilk/cilk.h>, whose definitions then stay out.) */
#ifndef ITO_CILK_CILK_STUB_H
#define ITO_CILK_CILK_STUB_H

#undef cilk_spawn
#undef cilk_sync
#undef cilk_for
#undef cilk_scope
#undef cilk_reducer
#undef _Cilk_spawn
#undef _Cilk_sync
#undef _Cilk_for
#undef _Cilk_scope
#define cilk_spawn
#define cilk_sync
#define cilk_for for
#define cilk_scope
#define cilk_reducer(...)
#define _Cilk_spawn
#define _Cilk_sync
#define _Cilk_for for
#define _Cilk_scope

#endif /* ITO_CILK_CILK_STUB_H */
