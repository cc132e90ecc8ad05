//===- CilkPragmas.h - The Cilk pragmas -------------------------*- C++ -*-===//
//
// Part of ito.
//
//===----------------------------------------------------------------------===//
//
// `#pragma cilk grainsize N` (or `#pragma cilk grainsize = N`) sets the grain
// size of the cilk_for that follows it. The preprocessor consumes the pragma;
// the handler records it so the translator can attach it to that loop.
//
//===----------------------------------------------------------------------===//

#ifndef ITO_TRANSLATE_CILKPRAGMAS_H
#define ITO_TRANSLATE_CILKPRAGMAS_H

#include "clang/Lex/Pragma.h"
#include "llvm/ADT/ArrayRef.h"
#include <string>
#include <vector>

namespace ito {

/// One `#pragma cilk grainsize`.
struct GrainsizePragma {
  /// The location of the pragma (its `#pragma` or `_Pragma`).
  clang::SourceLocation Loc;
  /// The grain size expression as written, macros unexpanded, e.g. "N / 8".
  std::string Expr;
};

/// Handles `#pragma cilk grainsize [=] <expression>`.
class GrainsizePragmaHandler : public clang::PragmaHandler {
public:
  GrainsizePragmaHandler() : PragmaHandler("grainsize") {}

  void HandlePragma(clang::Preprocessor &PP, clang::PragmaIntroducer Introducer,
                    clang::Token &FirstToken) override;

  /// The pragmas handled so far, in source order.
  llvm::ArrayRef<GrainsizePragma> getPragmas() const { return Pragmas; }

private:
  std::vector<GrainsizePragma> Pragmas;
};

/// Adds a GrainsizePragmaHandler, owned by \p PP, to \p PP and returns it.
GrainsizePragmaHandler &addGrainsizePragmaHandler(clang::Preprocessor &PP);

} // namespace ito

#endif // ITO_TRANSLATE_CILKPRAGMAS_H
