//===- ito-cc.cpp - The ito compiler driver -------------------------------===//
//
// ito-cc and ito-c++ behave like mpicc and mpicxx over clang-19: every clang
// flag passes through, and the include paths and libraries of libito and MPI
// are added.
//
//===----------------------------------------------------------------------===//

#include "CommandLine.h"
#include "Config.h"
#include "Toolchain.h"
#include "Translate.h"

#include "llvm/ADT/StringRef.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/InitLLVM.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/Program.h"
#include "llvm/Support/WithColor.h"
#include "llvm/Support/raw_ostream.h"

using namespace llvm;
using namespace ito::cc;

static int fail(StringRef Tool, const Twine &Message) {
  WithColor::error(errs(), Tool) << Message << "\n";
  return 1;
}

static void printHelp(StringRef Tool) {
  outs() << "OVERVIEW: " << Tool
         << " - compile and link programs for the ito runtime\n\n"
         << "USAGE: " << Tool << " [clang options] <inputs>\n\n"
         << "Every clang option passes through to "
         << (Tool.contains("++") ? ITO_CLANGXX : ITO_CLANG)
         << ";\nthe include paths and libraries of libito and MPI are "
            "added.\n\n"
         << "ITO OPTIONS:\n"
         << "  --ito-emit-translated=<file>  Also write the translation of the "
            "source there\n"
         << "  --ito-check-only              Check the Cilk code, produce "
            "nothing\n"
         << "  --ito-no-translate            Compile the sources as they are "
            "(serial elision)\n"
         << "  --ito-show   Print the clang command instead of running it\n"
         << "  --help       This text\n"
         << "  --version    Versions of ito, Clang and MPI\n\n"
         << "ENVIRONMENT:\n"
         << "  ITO_CLANG, ITO_CLANGXX   The C / C++ compiler to use instead\n";
}

int main(int Argc, const char **Argv) {
  InitLLVM X(Argc, Argv);
  StringRef Tool = sys::path::filename(Argv[0]);

  Expected<CommandLine> CL =
      parseCommandLine(ArrayRef<const char *>(Argv + 1, Argv + Argc));
  if (!CL)
    return fail(Tool, toString(CL.takeError()));
  Expected<Toolchain> TC =
      findToolchain(Argv[0], reinterpret_cast<void *>(&printHelp));
  if (!TC)
    return fail(Tool, toString(TC.takeError()));

  if (CL->Help) {
    printHelp(Tool);
    return 0;
  }
  if (CL->Version) {
    outs() << Tool << " (ito) " << ITO_VERSION << "\n"
           << "  compiler: " << TC->Compiler << " (LLVM " << ITO_LLVM_VERSION
           << ")\n"
           << "  MPI:      " << ITO_MPI_VERSION << "\n"
           << "  libito:   " << TC->LibDir << "\n";
    return 0;
  }

  // Cilk sources are translated first (in this process); clang compiles the
  // translations.
  std::vector<std::string> ClangArgs = CL->ClangArgs;
  Translation T;
  if (!CL->NoTranslate && !CL->PreprocessOnly && !CL->Show) {
    if (Error Err = T.run(*CL, *TC, ClangArgs)) {
      std::string Msg = toString(std::move(Err));
      if (!Msg.empty())
        fail(Tool, Msg);
      return 1;
    }
  }
  if (CL->CheckOnly)
    return 0;

  std::vector<std::string> Cmd{TC->Compiler};
  Cmd.insert(Cmd.end(), TC->CompileFlags.begin(), TC->CompileFlags.end());
  Cmd.insert(Cmd.end(), ClangArgs.begin(), ClangArgs.end());
  if (CL->Links)
    Cmd.insert(Cmd.end(), TC->LinkFlags.begin(), TC->LinkFlags.end());

  if (CL->Show) {
    for (size_t I = 0; I < Cmd.size(); ++I)
      outs() << (I ? " " : "") << Cmd[I];
    outs() << "\n";
    return 0;
  }

  ErrorOr<std::string> Compiler = StringRef(TC->Compiler).contains('/')
                                      ? ErrorOr<std::string>(TC->Compiler)
                                      : sys::findProgramByName(TC->Compiler);
  if (!Compiler || !sys::fs::can_execute(*Compiler))
    return fail(Tool, "cannot run '" + TC->Compiler +
                          "': not found (install clang-19, or set ITO_CLANG "
                          "/ ITO_CLANGXX)");
  std::vector<StringRef> Refs(Cmd.begin(), Cmd.end());
  std::string ErrMsg;
  int RC = sys::ExecuteAndWait(*Compiler, Refs, /*Env=*/std::nullopt, {}, 0, 0,
                               &ErrMsg);
  if (RC < 0)
    return fail(Tool, "running " + *Compiler + " failed: " + ErrMsg);
  if (RC == 0)
    T.fixDependencyFiles(*CL);
  return RC;
}
