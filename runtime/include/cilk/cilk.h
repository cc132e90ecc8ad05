/* The Cilk keywords: cilk_spawn, cilk_sync, cilk_for, cilk_scope and their
 * _Cilk_ spellings.
 *
 * Under an ordinary C or C++ compiler this header gives the serial elision:
 * cilk_spawn and cilk_sync vanish, cilk_for is a plain for loop and
 * cilk_scope a plain block, so a Cilk program builds and runs (serially)
 * anywhere.
 *
 * Under ito's translator (__ITO_TRANSLATOR__ defined) each keyword expands to
 * a construct that parses with the same meaning as the elision and that the
 * translator recognizes by the keyword's macro expansion location:
 *   cilk_spawn E   ->  __extension__ E     (a unary no-op on E)
 *   cilk_sync      ->  __ito_cilk_sync()   (a call to a known function)
 *   cilk_for       ->  for
 *   cilk_scope S   ->  if (1) S
 */
#ifndef ITO_CILK_CILK_H
#define ITO_CILK_CILK_H

#if defined(__ITO_TRANSLATOR__)
static inline void __ito_cilk_sync(void) {}
#define __ITO_CILK_SPAWN __extension__
#define __ITO_CILK_SYNC __ito_cilk_sync()
#define __ITO_CILK_FOR for
#define __ITO_CILK_SCOPE if (1)
#else
#define __ITO_CILK_SPAWN
#define __ITO_CILK_SYNC
#define __ITO_CILK_FOR for
#define __ITO_CILK_SCOPE
#endif

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

#ifndef _Cilk_spawn
#define _Cilk_spawn __ITO_CILK_SPAWN
#endif
#ifndef _Cilk_sync
#define _Cilk_sync __ITO_CILK_SYNC
#endif
#ifndef _Cilk_for
#define _Cilk_for __ITO_CILK_FOR
#endif
#ifndef _Cilk_scope
#define _Cilk_scope __ITO_CILK_SCOPE
#endif

#endif /* ITO_CILK_CILK_H */
