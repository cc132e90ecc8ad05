//===- Emit.h - Rewrite a planned Cilk translation unit ---------*- C++ -*-===//
//
// Part of ito.
//
//===----------------------------------------------------------------------===//
//
// Rewrites the main file of a translation unit according to its plan: C to
// C over libito's translation interface (ito/cilk_abi.h), C++ to C++ over
// its C++ API. User code keeps its line numbers; moved and generated code is
// bracketed by #line markers, so diagnostics and debug information point at
// the user's file.
//
//===----------------------------------------------------------------------===//

#ifndef ITO_TRANSLATE_EMIT_H
#define ITO_TRANSLATE_EMIT_H

#include "ito/Translate/TaskBlocks.h"
#include "llvm/ADT/StringRef.h"
#include <string>

namespace clang {
class ASTContext;
}

namespace ito {

/// Translates the main file of \p Ctx by \p Plan into \p Output. Reports
/// what it cannot translate as errors; returns false then. #line markers
/// name the main file \p MainFileName if given (the path as the user wrote
/// it), else as clang opened it.
bool emitTranslation(clang::ASTContext &Ctx, const TranslationPlan &Plan,
                     std::string &Output, llvm::StringRef MainFileName = "");

} // namespace ito

#endif // ITO_TRANSLATE_EMIT_H
