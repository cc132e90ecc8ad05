//===- SpawnedStatements.h - cilk_spawn of a compound statement -*- C++ -*-===//
//
// Part of ito.
//
//===----------------------------------------------------------------------===//
///
/// \file
/// OpenCilk spawns a compound statement too (`cilk_spawn { x = f(n); }`),
/// which the translator, whose keywords are macros over standard C and C++,
/// cannot parse. Before the parse, the main file's text is rewritten: in C++
/// the block becomes a lambda that captures by reference, called by the
/// spawn (`cilk_spawn [&]() -> void { x = f(n); }();`), which the
/// translation handles as any spawned call (what it captures moves where
/// the child can reach it); C has no such form, and gets an error that says
/// what to write instead.
///
//===----------------------------------------------------------------------===//

#ifndef ITO_TRANSLATE_SPAWNEDSTATEMENTS_H
#define ITO_TRANSLATE_SPAWNEDSTATEMENTS_H

#include "llvm/ADT/StringRef.h"
#include <string>

namespace clang {
class LangOptions;
} // namespace clang

namespace ito {

/// \p Text with each `cilk_spawn {...}` (or `_Cilk_spawn`) rewritten, on the
/// same lines and columns where possible; false if there is none.
bool rewriteSpawnedStatements(llvm::StringRef Text,
                              const clang::LangOptions &LangOpts,
                              std::string &Out);

} // namespace ito

#endif
