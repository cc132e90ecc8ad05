/* The Cilk keywords as ito's translator sees them: the _Cilk_* spellings,
 * which are keywords in Cilk whether or not <cilk/cilk.h> is included, and
 * the markers both spellings expand to. ito-cc makes this header part of
 * every source it translates; <cilk/cilk.h> adds the cilk_* spellings.
 *
 * Under ito's translator (__ITO_TRANSLATOR__ defined) each keyword expands
 * to a construct that parses with the same meaning as the serial elision and
 * that the translator recognizes by the keyword's macro expansion:
 *   cilk_spawn E   ->  __extension__ E     (a unary no-op on E)
 *   cilk_sync      ->  __ito_cilk_sync()   (a call to a known function)
 *   cilk_for       ->  for
 *   cilk_scope S   ->  if (1) S
 *   cilk_reducer(I, R), _Hyperobject(I, R)  ->  a type attribute,
 *                      [[clang::annotate_type("ito_reducer", I, R)]]
 * Under ito-cc -E (__ITO_KEEP_CILK_KEYWORDS__) both spellings become the
 * _Cilk_* keywords, so that the preprocessed file is still a Cilk program.
 * Under any other compiler they are the serial elision. */
#ifndef ITO_CILK_ITO_KEYWORDS_H
#define ITO_CILK_ITO_KEYWORDS_H

#if defined(__ITO_KEEP_CILK_KEYWORDS__)
#define __ITO_CILK_SPAWN _Cilk_spawn
#define __ITO_CILK_SYNC _Cilk_sync
#define __ITO_CILK_FOR _Cilk_for
#define __ITO_CILK_SCOPE _Cilk_scope
#define __ITO_CILK_REDUCER(...) _Hyperobject(__VA_ARGS__)
#elif defined(__ITO_TRANSLATOR__)
static __inline__ void __ito_cilk_sync(void) {}
#define __ITO_CILK_SPAWN __extension__
#define __ITO_CILK_SYNC __ito_cilk_sync()
#define __ITO_CILK_FOR for
#define __ITO_CILK_SCOPE if (1)
#ifdef __cplusplus
/* Converts identity and reduce as OpenCilk does (a template-id names its
 * specialization), whatever commas their template arguments hold. */
constexpr int __ito_reducer_ops(void (*)(void *), void (*)(void *, void *)) {
  return 0;
}
#define __ITO_CILK_REDUCER(...)                                                \
  [[clang::annotate_type("ito_reducer", __ito_reducer_ops(__VA_ARGS__))]]
#else
#define __ITO_CILK_REDUCER(identity, reduce)                                   \
  [[clang::annotate_type("ito_reducer", (void (*)(void *))(identity),          \
                         (void (*)(void *, void *))(reduce))]]
#endif
#else
#define __ITO_CILK_SPAWN
#define __ITO_CILK_SYNC
#define __ITO_CILK_FOR for
#define __ITO_CILK_SCOPE
#define __ITO_CILK_REDUCER(...)
#endif

/* A keyword the build already defines (-D_Cilk_spawn= and the like) keeps
 * that definition. */
#if !defined(__ITO_KEEP_CILK_KEYWORDS__)
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
#ifndef _Hyperobject
#define _Hyperobject(...) __ITO_CILK_REDUCER(__VA_ARGS__)
#endif
#endif

#endif /* ITO_CILK_ITO_KEYWORDS_H */
