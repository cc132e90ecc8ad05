//===- Translate.h - Translate the Cilk sources of a command ----*- C++ -*-===//
//
// Runs ito's translator in process on each C and C++ input (sources,
// preprocessed sources, standard input) and points the clang command at the
// translations: same file names, in a temporary directory, with the
// original directory searched for "..." includes; the user's headers with
// Cilk code are translated too and reach clang through a VFS overlay
// (-ivfsoverlay) under their own names; dependency files are rewritten to
// name the original sources.
//
//===----------------------------------------------------------------------===//

#ifndef ITO_CC_TRANSLATE_H
#define ITO_CC_TRANSLATE_H

#include "CommandLine.h"
#include "Toolchain.h"

#include "ito/Translate/TranslateAction.h"

#include "llvm/Support/Error.h"

#include <optional>
#include <string>
#include <vector>

namespace ito::cc {

/// A translated file: where clang reads it, and the user's name for it.
struct TranslatedFile {
  std::string Original;   ///< the user's file ("<stdin>" for standard input)
  std::string Translated; ///< ito-cc's copy
  std::string Text;       ///< its content
  bool Header = false;    ///< reaches clang through the overlay
};

class Translation {
public:
  Translation(const CommandLine &CL, const Toolchain &TC) : CL(CL), TC(TC) {}
  ~Translation(); // removes the temporary directory

  /// Translates the inputs; rewrites \p ClangArgs to compile the
  /// translations. Errors in the user's code are printed as clang
  /// diagnostics, and make this fail with an empty message.
  llvm::Error run(std::vector<std::string> &ClangArgs);

  /// Applies the fix-its of the checks (and of clang's parse) to the
  /// user's files. Fails, with an empty message, if errors remain.
  llvm::Error applyFixIts();

  /// After a successful compile: dependency files name the original
  /// sources, not their translations.
  void fixDependencyFiles();

  /// What clang reads instead of the user's files.
  const std::vector<TranslatedFile> &files() const { return Files; }

  /// The file that stands for standard input, if ito-cc read it: its
  /// translation, or what was read. Clang reads it as its standard input,
  /// so that it still names it <stdin>.
  std::optional<std::string> stdinFile() const;
  /// Reads standard input (once) into a file; returns that file.
  llvm::Expected<std::string> savedStdin();

  /// A file in ito-cc's temporary directory (created on first use).
  llvm::Expected<std::string> tempFile(llvm::StringRef Name);

private:
  llvm::Error translate(const Input &In, bool FixIts, TranslateResult &R);
  std::vector<std::string> translatorFlags(const Input &In, bool FixIts) const;
  llvm::Expected<std::string> tempDir();
  llvm::Error readStdin();
  llvm::Error addHeaders(const TranslateResult &R, const Input &In);
  llvm::Error writeOverlay(std::vector<std::string> &ClangArgs);

  const CommandLine &CL;
  const Toolchain &TC;
  std::string TempDir;
  std::vector<std::string> TempFiles;
  std::vector<TranslatedFile> Files;
  // Standard input: what was read, and the file clang reads instead.
  std::optional<std::string> StdinText;
  std::string StdinPath;  // its translation
  std::string StdinSaved; // what was read
  // Which input each header translation came from (for a clear message
  // when two differ).
  std::vector<std::string> HeaderSources;
};

} // namespace ito::cc

#endif // ITO_CC_TRANSLATE_H
