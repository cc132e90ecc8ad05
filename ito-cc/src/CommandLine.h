//===- CommandLine.h - What an ito-cc command line asks for -----*- C++ -*-===//
//
// Splits an ito-cc command line (its response files already expanded) into
// ito's own options (--ito-*, -show) and the clang arguments that pass
// through, and works out what clang will do with them (preprocess, compile,
// link; the language of each input) using clang's own option table and
// input types.
//
//===----------------------------------------------------------------------===//

#ifndef ITO_CC_COMMANDLINE_H
#define ITO_CC_COMMANDLINE_H

#include "ito/Checks/CheckOptions.h"
#include "clang/Driver/Types.h"
#include "llvm/ADT/ArrayRef.h"
#include "llvm/Support/Error.h"

#include <string>
#include <vector>

namespace ito::cc {

/// One input of the command, as clang will see it.
struct Input {
  std::string Path;              ///< as given; "-" is standard input
  size_t Index = 0;              ///< where it is in ClangArgs
  clang::driver::types::ID Type; ///< from -x or its name, as clang decides
  /// A C or C++ source or preprocessed source: translated.
  bool translatable() const;
  bool preprocessed() const;
  bool isStdin() const { return Path == "-"; }
};

struct CommandLine {
  // ito's own options.
  enum class ShowKind {
    None,
    Command,      // -show, --showme, --ito-show: print the clang command
    CompileFlags, // --showme:compile: the flags ito-cc adds to a compile
    LinkFlags,    // --showme:link: the flags it adds to a link
  };
  ShowKind Show = ShowKind::None;
  bool Help = false;    // --help
  bool Version = false; // --version

  // Arguments for clang, in the user's order, without ito's options.
  std::vector<std::string> ClangArgs;
  // The inputs (sources, objects, libraries), in order.
  std::vector<Input> Inputs;
  // Where -x options (and their values) are in ClangArgs: the translator
  // gives each input its own.
  std::vector<size_t> LanguageArgs;
  // Options for clang's driver alone (-###, -v, -save-temps), which the
  // translator's parse must not see.
  std::vector<size_t> DriverOnlyArgs;
  // Options of ito's translation.
  bool CheckOnly = false;     // --ito-check-only
  bool NoTranslate = false;   // --ito-no-translate
  bool Cilkscale = false;     // -fcilktool=cilkscale
  bool FixIt = false;         // --ito-fixit, -Xclang -fixit
  std::string EmitTranslated; // --ito-emit-translated=<file>
  // The levels of the migration checks, from -Wito-* (which clang does not
  // see), -Werror and -w.
  CheckOptions Checks;

  // What clang is asked to do.
  bool PrintCommands = false;  // -###
  bool Verbose = false;        // -v
  bool Preprocess = false;     // -E
  bool PreprocessOnly = false; // -E, -M, -MM: no compile
  // A dependency file is written along the compile (-MD, -MMD).
  bool WritesDepFile = false;
  std::string DepFile; // -MF <file>, if given
  std::string Output;  // -o <file>, if given
  // Where the file name of -o is in ClangArgs ("-o x": x; "-ox": -ox).
  size_t OutputArg = 0;
  // True when clang will run the linker, so libito and MPI must be linked.
  bool Links = false;
  // Diagnostics that name files and columns (they name the translations
  // unless ito-cc maps them back).
  bool ParseableFixits = false; // -fdiagnostics-parseable-fixits
  bool Sarif = false;           // -fdiagnostics-format=sarif
  bool ColorChosen = false;     // -f[no-]color-diagnostics given
};

/// \p Args: the arguments after the program name, response files expanded.
/// \p CXXDriver: ito-c++ (C sources are C++, as for clang++).
llvm::Expected<CommandLine> parseCommandLine(llvm::ArrayRef<const char *> Args,
                                             bool CXXDriver);

/// Expands response files (@file) in \p Args (program name first) as
/// clang does, before anything else looks at them.
llvm::Error expandResponseFiles(std::vector<const char *> &Args,
                                std::vector<std::string> &Storage);

} // namespace ito::cc

#endif // ITO_CC_COMMANDLINE_H
