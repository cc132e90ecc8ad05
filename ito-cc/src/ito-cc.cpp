//===- ito-cc.cpp - The ito compiler driver -------------------------------===//
//
// ito-cc and ito-c++ behave like mpicc and mpicxx over clang-19: every clang
// flag passes through, the Cilk sources (and the user's headers with Cilk
// code) are translated in process, and the include paths and libraries of
// libito and MPI are added.
//
//===----------------------------------------------------------------------===//

#include "CommandLine.h"
#include "Compiler.h"
#include "Config.h"
#include "DiagnosticLocations.h"
#include "ForeignObjects.h"
#include "Preprocess.h"
#include "Toolchain.h"
#include "Translate.h"

#include "llvm/ADT/StringRef.h"
#include "llvm/Support/InitLLVM.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/WithColor.h"
#include "llvm/Support/raw_ostream.h"

using namespace llvm;
using namespace ito::cc;

static int fail(StringRef Tool, const Twine &Message) {
  WithColor::error(errs(), Tool) << Message << "\n";
  return 1;
}

/// An error of ito-cc's own (printed), or of the user's code (already
/// reported as clang diagnostics: an empty message).
static int fail(StringRef Tool, Error E) {
  std::string Message = toString(std::move(E));
  if (!Message.empty())
    fail(Tool, Message);
  return 1;
}

/// A Cilk program shares its file-scope data between processes only where
/// ito-cc placed it: an object from another compiler keeps its variables
/// private to each process (ForeignObjects.h), and a task's write there is
/// lost to the others. Said once per such object, at the link.
static void warnForeignObjects(StringRef Tool, const CommandLine &CL,
                               const Translation &T) {
  std::vector<std::string> Paths;
  for (const Input &In : CL.Inputs)
    if (!In.translatable() && !In.isStdin())
      Paths.push_back(In.Path);
  if (Paths.empty())
    return;
  LinkInputs Linked = inspectLinkInputs(Paths);
  bool Cilk = Linked.CilkProgram;
  for (const TranslatedFile &F : T.files())
    Cilk |= !F.Header && StringRef(F.Text).contains("__ito_cilk_program");
  if (!Cilk)
    return;
  for (const ForeignObject &F : Linked.Foreign) {
    std::string Names;
    const size_t Shown = std::min<size_t>(F.Variables.size(), 4);
    for (size_t I = 0; I < Shown; I++)
      Names += (I ? ", '" : "'") + F.Variables[I] + "'";
    if (F.Variables.size() > Shown)
      Names += " and " + std::to_string(F.Variables.size() - Shown) + " more";
    WithColor::warning(errs(), Tool)
        << "'" << F.Name
        << "' was not compiled by ito-cc and defines file-scope variables ("
        << Names
        << "): each process keeps its own copy, so what a task writes there "
           "is not seen by tasks in other processes; compile it with ito-cc "
           "if tasks write them\n";
  }
}

static void printHelp(StringRef Tool) {
  outs() << "OVERVIEW: " << Tool
         << " - compile and link programs for the ito runtime\n\n"
         << "USAGE: " << Tool << " [clang options] <inputs>\n\n"
         << "Every clang option passes through to "
         << (isCXXDriver(Tool) ? ITO_CLANGXX : ITO_CLANG)
         << ";\nthe include paths and libraries of libito and MPI are "
            "added.\n\n"
         << "ITO OPTIONS:\n"
         << "  --ito-emit-translated=<file>  Also write the translation of the "
            "source there\n"
         << "  --ito-check-only              Check the Cilk code, produce "
            "nothing\n"
         << "  --ito-fixit                   Apply the fix-its of the checks "
            "to the sources\n"
         << "  --ito-no-translate            Compile the sources as they are "
            "(serial elision)\n"
         << "  -show, --showme, --ito-show   Print the clang command (of the "
            "translations)\n"
         << "  --showme:compile, --showme:link  Print the flags added to a "
            "compile, a link\n"
         << "  --help       This text\n"
         << "  --version    Versions of ito, Clang and MPI\n\n"
         << "-fopencilk and -fcilkplus are accepted and do nothing.\n\n"
         << "ENVIRONMENT:\n"
         << "  ITO_CLANG, ITO_CLANGXX   The C / C++ compiler to use instead\n";
}

int main(int Argc, const char **Argv) {
  InitLLVM X(Argc, Argv);
  StringRef Tool = sys::path::filename(Argv[0]);

  // Response files first (CMake with Ninja writes them): nothing else may
  // look at a command before they are expanded.
  std::vector<const char *> Args(Argv, Argv + Argc);
  std::vector<std::string> Storage;
  if (Error E = expandResponseFiles(Args, Storage))
    return fail(Tool, std::move(E));
  Expected<CommandLine> CL = parseCommandLine(
      ArrayRef<const char *>(Args).drop_front(), isCXXDriver(Argv[0]));
  if (!CL)
    return fail(Tool, CL.takeError());
  Expected<Toolchain> TC =
      findToolchain(Argv[0], reinterpret_cast<void *>(&printHelp));
  if (!TC)
    return fail(Tool, TC.takeError());

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
  if (CL->Show == CommandLine::ShowKind::CompileFlags) {
    outs() << commandLine(TC->CompileFlags) << "\n";
    return 0;
  }
  if (CL->Show == CommandLine::ShowKind::LinkFlags) {
    outs() << commandLine(TC->LinkFlags) << "\n";
    return 0;
  }
  const bool Show = CL->Show == CommandLine::ShowKind::Command;

  Translation T(*CL, *TC);
  auto TempFile = [&](StringRef Name) { return T.tempFile(Name); };
  if (CL->FixIt) {
    if (Error E = T.applyFixIts())
      return fail(Tool, std::move(E));
    return 0;
  }

  std::vector<std::string> ClangArgs = CL->ClangArgs;
  if (CL->Preprocess && !CL->NoTranslate) {
    // -E keeps the Cilk keywords (Preprocess.h).
    if (!Show && !CL->PrintCommands) {
      Expected<int> RC = preprocessKeepingCilk(*CL, *TC, T);
      if (!RC)
        return fail(Tool, RC.takeError());
      return *RC;
    }
    ClangArgs.push_back("-D__ITO_KEEP_CILK_KEYWORDS__");
  }
  // Cilk sources are translated first (in this process); clang compiles the
  // translations.
  if (!CL->NoTranslate && !CL->PreprocessOnly)
    if (Error E = T.run(ClangArgs))
      return fail(Tool, std::move(E));
  if (CL->CheckOnly)
    return 0;

  std::vector<std::string> Cmd{TC->Compiler};
  Cmd.insert(Cmd.end(), TC->CompileFlags.begin(), TC->CompileFlags.end());
  Cmd.insert(Cmd.end(), ClangArgs.begin(), ClangArgs.end());
  // The program's atomic instructions become libito calls, so that they
  // stay atomic between nodes (clang-plugin/lib/Passes/GlobalAtomics.cpp).
  if (!CL->NoTranslate && !CL->PreprocessOnly)
    Cmd.push_back("-fpass-plugin=" + TC->PassPlugin);
  // Without inputs, -show prints everything a program needs (as mpicc).
  if (CL->Links || (Show && CL->Inputs.empty())) {
    // The libraries are no C source, whatever -x the command ended with.
    if (!CL->LanguageArgs.empty())
      Cmd.insert(Cmd.end(), {"-x", "none"});
    Cmd.insert(Cmd.end(), TC->LinkFlags.begin(), TC->LinkFlags.end());
  }

  if (Show) {
    outs() << commandLine(Cmd) << "\n";
    return 0;
  }
  if (CL->Verbose)
    errs() << Tool << " (ito) " << ITO_VERSION << "\n";
  if (CL->Verbose || CL->PrintCommands)
    for (const TranslatedFile &F : T.files())
      errs() << " (in-process) ito translated " << F.Original << " to "
             << F.Translated << (F.Header ? " (through -ivfsoverlay)" : "")
             << "\n";

  if (CL->Links && !CL->NoTranslate)
    warnForeignObjects(Tool, *CL, T);

  // Parseable fix-its and SARIF name positions in the translations: ito-cc
  // reads them and names the user's (DiagnosticLocations.h).
  Streams S;
  S.In = T.stdinFile();
  if ((CL->ParseableFixits || CL->Sarif) && !T.files().empty()) {
    Expected<std::string> Err = T.tempFile("diagnostics");
    if (!Err)
      return fail(Tool, Err.takeError());
    S.Err = *Err;
    if (!CL->ColorChosen && errs().has_colors())
      Cmd.push_back("-fcolor-diagnostics");
  }
  Expected<int> RC = runCompiler(Cmd, S, TempFile);
  if (!RC)
    return fail(Tool, RC.takeError());
  if (S.Err)
    if (auto Buf = MemoryBuffer::getFile(*S.Err))
      errs() << DiagnosticLocations(T.files()).rewrite((*Buf)->getBuffer());
  if (*RC == 0)
    T.fixDependencyFiles();
  return *RC;
}
