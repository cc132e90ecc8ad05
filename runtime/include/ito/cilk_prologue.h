/* What translated Cilk code needs, in C or C++: ito-cc -E puts it at the
 * start of a preprocessed Cilk source, so that the file (its keywords kept)
 * can be translated when it is compiled later. */
#ifndef ITO_CILK_PROLOGUE_H
#define ITO_CILK_PROLOGUE_H

#ifdef __cplusplus
#include <ito/cilk_abi.hpp>
#else
#include <ito/cilk_abi.h>
#endif

#endif /* ITO_CILK_PROLOGUE_H */
