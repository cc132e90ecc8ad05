//===- Preprocess.h - ito-cc -E: Cilk stays Cilk ----------------*- C++ -*-===//
//
// The preprocessed file of a Cilk source (ito-cc -E) keeps its keywords, in
// their _Cilk_spawn, _Cilk_sync, _Cilk_for, _Cilk_scope spellings, and
// starts with libito's interface (ito/cilk_prologue.h), so that ito-cc
// translates it when it compiles it later (ccache, distcc and hand-made
// builds do that); clang would report the keywords it does not know rather
// than build a serial program. A file without Cilk preprocesses exactly as
// with clang.
//
//===----------------------------------------------------------------------===//

#ifndef ITO_CC_PREPROCESS_H
#define ITO_CC_PREPROCESS_H

#include "CommandLine.h"
#include "Toolchain.h"
#include "Translate.h"

#include "llvm/Support/Error.h"

namespace ito::cc {

/// Runs clang's preprocessor for \p CL (which has -E); returns its status.
llvm::Expected<int> preprocessKeepingCilk(const CommandLine &CL,
                                          const Toolchain &TC, Translation &T);

} // namespace ito::cc

#endif // ITO_CC_PREPROCESS_H
