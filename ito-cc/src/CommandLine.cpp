//===- CommandLine.cpp - What an ito-cc command line asks for -------------===//

#include "CommandLine.h"

#include "clang/Driver/Options.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Option/ArgList.h"
#include "llvm/Option/OptTable.h"

using namespace llvm;
namespace opts = clang::driver::options;

namespace ito::cc {

Expected<CommandLine> parseCommandLine(ArrayRef<const char *> Args) {
  CommandLine CL;
  std::vector<std::string> WarningArgs;
  for (const char *A : Args) {
    StringRef Arg(A);
    if (Arg == "-w" || Arg.starts_with("-W"))
      WarningArgs.push_back(Arg.str());
    if (ito::CheckOptions::isCheckFlag(Arg))
      continue; // ito's own: clang does not know them
    if (Arg == "--ito-show")
      CL.Show = true;
    else if (Arg == "--ito-check-only")
      CL.CheckOnly = true;
    else if (Arg == "--ito-no-translate")
      CL.NoTranslate = true;
    else if (Arg.consume_front("--ito-emit-translated=")) {
      if (Arg.empty())
        return createStringError(inconvertibleErrorCode(),
                                 "--ito-emit-translated= needs a file name");
      CL.EmitTranslated = Arg.str();
    } else if (Arg == "--help")
      CL.Help = true;
    else if (Arg == "--version")
      CL.Version = true;
    else if (Arg.starts_with("--ito-"))
      return createStringError(inconvertibleErrorCode(),
                               "unknown option '%s' (see ito-cc --help)", A);
    else
      CL.ClangArgs.push_back(Arg.str());
  }

  std::vector<std::string> Unknown;
  CL.Checks = ito::CheckOptions::fromArguments(WarningArgs, &Unknown);
  if (!Unknown.empty())
    return createStringError(
        inconvertibleErrorCode(),
        "unknown warning option '%s'; ito's checks are -Wito-stack-sharing, "
        "-Wito-maybe-stack-sharing, -Wito-this-capture, -Wito-local-heap, "
        "-Wito-checkout-across-fork, -Wito-static-write and "
        "-Wito-receiver-race (docs/diagnostics.md)",
        Unknown.front().c_str());

  // Let clang's option table classify the rest, so that options taking a
  // separate value (-o x, -MF x, -include x, -Xlinker x, ...) are never
  // mistaken for inputs.
  std::vector<const char *> Raw;
  for (const std::string &S : CL.ClangArgs)
    Raw.push_back(S.c_str());
  const opt::OptTable &Table = clang::driver::getDriverOptTable();
  unsigned MissingIndex = 0, MissingCount = 0;
  // Only the gcc-style options: in clang-cl's table "/work/x.o" is an option.
  opt::InputArgList Parsed = Table.ParseArgs(
      Raw, MissingIndex, MissingCount, opt::Visibility(opts::ClangOption));
  if (MissingCount)
    return createStringError(inconvertibleErrorCode(),
                             "argument to '%s' is missing",
                             Parsed.getArgString(MissingIndex));

  for (const opt::Arg *A : Parsed.filtered(opts::OPT_INPUT)) {
    CL.Inputs.push_back(A->getValue());
    CL.InputIndices.push_back(A->getIndex());
  }
  CL.PreprocessOnly = Parsed.hasArg(opts::OPT_E, opts::OPT_M, opts::OPT_MM);
  CL.WritesDepFile = Parsed.hasArg(opts::OPT_MD, opts::OPT_MMD);
  if (const opt::Arg *A = Parsed.getLastArg(opts::OPT_MF))
    CL.DepFile = A->getValue();
  // -Wp,-MD,<file> (and -MMD): the preprocessor's own spelling of the same.
  for (const opt::Arg *A : Parsed.filtered(opts::OPT_Wp_COMMA))
    for (size_t I = 0; I + 1 < A->getNumValues(); I++) {
      StringRef V = A->getValue(I);
      if (V == "-MD" || V == "-MMD") {
        CL.WritesDepFile = true;
        CL.DepFile = A->getValue(I + 1);
      }
    }
  if (const opt::Arg *A = Parsed.getLastArg(opts::OPT_o))
    CL.Output = A->getValue();

  // The same phases clang stops at before linking.
  bool StopsBeforeLink = Parsed.hasArg(
      opts::OPT_c, opts::OPT_S, opts::OPT_E, opts::OPT_M, opts::OPT_MM,
      opts::OPT_fsyntax_only, opts::OPT__precompile);
  CL.Links = !CL.Inputs.empty() && !StopsBeforeLink;
  return CL;
}

} // namespace ito::cc
