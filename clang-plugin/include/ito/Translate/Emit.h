//===- Emit.h - Rewrite a planned Cilk translation unit ---------*- C++ -*-===//
//
// Part of ito.
//
//===----------------------------------------------------------------------===//
//
// Rewrites the files of a translation unit that hold Cilk code according to
// its plan: C to C over libito's translation interface (ito/cilk_abi.h), C++
// to C++ over its C++ API. User code keeps its line numbers; moved and
// generated code is bracketed by #line markers, so diagnostics and debug
// information point at the user's files.
//
//===----------------------------------------------------------------------===//

#ifndef ITO_TRANSLATE_EMIT_H
#define ITO_TRANSLATE_EMIT_H

#include "ito/Translate/TaskBlocks.h"
#include "clang/Basic/SourceLocation.h"
#include "llvm/ADT/StringRef.h"
#include <string>
#include <vector>

namespace clang {
class ASTContext;
}

namespace ito {

/// How to emit a translation.
struct EmitOptions {
  /// How #line markers name the main file (the path as the user wrote it);
  /// empty: as clang opened it.
  std::string MainFileName;
  /// The translation unit uses Cilk: the main file gets libito's interface
  /// and the mark of a Cilk program.
  bool HasCilk = false;
  /// The main file is preprocessed (ito-cc -E): libito's interface is in it
  /// already.
  bool Preprocessed = false;
  /// Locals a child may reach move off the stack (-fno-ito-promote: not).
  bool Promote = true;
  /// The source is a translation already (a saved .i of ito-cc): only its
  /// file-scope data is placed again.
  bool Translated = false;
  /// The ito-run beside the translator: a Cilk program started directly with
  /// CILK_NWORKERS=N starts itself under it on N processes.
  std::string Launcher;
  /// Text to take out of the files (ito's diagnostic pragmas); the files
  /// that hold some are emitted too.
  llvm::ArrayRef<clang::CharSourceRange> Remove;
};

/// A translated translation unit: its main file, and the headers that use
/// Cilk (or had text taken out).
struct EmittedTranslation {
  std::string Main;
  struct Header {
    std::string Path; ///< as clang opened it
    std::string Text;
  };
  std::vector<Header> Headers;
};

/// Translates \p Ctx by \p Plan into \p Out. Reports what it cannot
/// translate as errors; returns false then. Each translated header starts
/// with libito's interface too (it may be included by a file without
/// Cilk), and every file keeps its line numbers through #line markers.
bool emitTranslation(clang::ASTContext &Ctx, const TranslationPlan &Plan,
                     const EmitOptions &Options, EmittedTranslation &Out);

} // namespace ito

#endif // ITO_TRANSLATE_EMIT_H
