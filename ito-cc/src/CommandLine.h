//===- CommandLine.h - What an ito-cc command line asks for -----*- C++ -*-===//
//
// Splits an ito-cc command line into ito's own options (--ito-*) and the
// clang arguments that pass through, and works out what clang will do with
// them (compile only, or compile and link) using clang's own option table.
//
//===----------------------------------------------------------------------===//

#ifndef ITO_CC_COMMANDLINE_H
#define ITO_CC_COMMANDLINE_H

#include "ito/Checks/CheckOptions.h"
#include "llvm/ADT/ArrayRef.h"
#include "llvm/Support/Error.h"

#include <string>
#include <vector>

namespace ito::cc {

struct CommandLine {
  // ito's own options.
  bool Show = false;    // --ito-show: print the clang command, do not run it
  bool Help = false;    // --help
  bool Version = false; // --version

  // Arguments for clang, in the user's order, without ito's options.
  std::vector<std::string> ClangArgs;
  // Input files as clang sees them (sources, objects, libraries), and where
  // each one is in ClangArgs.
  std::vector<std::string> Inputs;
  std::vector<size_t> InputIndices;
  // Options of ito's translation.
  bool CheckOnly = false;     // --ito-check-only
  bool NoTranslate = false;   // --ito-no-translate
  std::string EmitTranslated; // --ito-emit-translated=<file>
  // The levels of the migration checks, from -Wito-* (which clang does not
  // see), -Werror and -w.
  CheckOptions Checks;
  // Only preprocessing (-E, -M, -MM): the original sources are used.
  bool PreprocessOnly = false;
  // A dependency file is written along the compile (-MD, -MMD).
  bool WritesDepFile = false;
  std::string DepFile; // -MF <file>, if given
  std::string Output;  // -o <file>, if given
  // True when clang will run the linker, so libito and MPI must be linked.
  bool Links = false;
};

llvm::Expected<CommandLine> parseCommandLine(llvm::ArrayRef<const char *> Args);

} // namespace ito::cc

#endif // ITO_CC_COMMANDLINE_H
