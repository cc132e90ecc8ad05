//===- ito-translate.cpp - Translate Cilk C/C++ to C/C++ on libito --------===//
//
// Part of ito.
//
//===----------------------------------------------------------------------===//
//
//   ito-translate [options] <source> -- <compiler arguments>
//
// Writes the translation of <source> to -o <file> (standard output by
// default), and those of the user's headers with Cilk code to --header-dir.
// The compiler arguments are those that compile <source>: include
// directories, macro definitions, language standard.
//
//===----------------------------------------------------------------------===//

#include "ito/Checks/MigrationChecks.h"
#include "ito/Translate/TranslateAction.h"
#include "clang/Basic/Version.h"
#include "clang/Tooling/ArgumentsAdjusters.h"
#include "clang/Tooling/CompilationDatabase.h"
#include "clang/Tooling/Tooling.h"
#include "llvm/ADT/SmallString.h"
#include "llvm/ADT/StringSet.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Format.h"
#include "llvm/Support/InitLLVM.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/VirtualFileSystem.h"
#include "llvm/Support/WithColor.h"
#include "llvm/Support/raw_ostream.h"

using namespace clang;
using namespace llvm;

static cl::OptionCategory TranslateCategory("ito-translate options");

static cl::opt<std::string> InputFilename(cl::Positional, cl::Required,
                                          cl::desc("<source>"),
                                          cl::cat(TranslateCategory));

static cl::opt<std::string>
    OutputFilename("o", cl::init("-"),
                   cl::desc("Write the translation to <file> (default: "
                            "standard output); not written on error"),
                   cl::value_desc("file"), cl::cat(TranslateCategory));

static cl::opt<std::string> HeaderDir(
    "header-dir",
    cl::desc("Write the translations of the user's headers with Cilk code "
             "to <dir>, with overlay.yaml for clang's -ivfsoverlay"),
    cl::value_desc("dir"), cl::cat(TranslateCategory));

static cl::opt<bool>
    PrintCheckTime("print-check-time",
                   cl::desc("Print how long the migration checks took"),
                   cl::cat(TranslateCategory));

namespace {

class TranslateActionFactory : public tooling::FrontendActionFactory {
public:
  TranslateActionFactory(ito::TranslateResult &Result,
                         const ito::CheckOptions &Checks)
      : Result(Result), Checks(Checks) {}

  std::unique_ptr<FrontendAction> create() override {
    auto A =
        std::make_unique<ito::TranslateAction>(Result, InputFilename, &Checks);
    A->setKeywordsHeader(KeywordsHeader);
    return A;
  }

  /// <cilk/ito_keywords.h> of the installation: <prefix>/include, beside
  /// <prefix>/bin (for preprocessed sources).
  std::string KeywordsHeader;

private:
  ito::TranslateResult &Result;
  const ito::CheckOptions &Checks;
};

} // namespace

/// The translated headers, each under its own name in --header-dir, and the
/// overlay that has clang read them in place of the user's.
static Error writeHeaders(const ito::TranslateResult &Result) {
  if (Result.Headers.empty())
    return Error::success();
  if (std::error_code EC = sys::fs::create_directories(HeaderDir))
    return createStringError(EC, "cannot create %s: %s", HeaderDir.c_str(),
                             EC.message().c_str());
  vfs::YAMLVFSWriter Overlay;
  Overlay.setUseExternalNames(false);
  StringSet<> Names;
  for (const ito::TranslateResult::Header &H : Result.Headers) {
    StringRef Name = sys::path::filename(H.Path);
    if (!Names.insert(Name).second)
      return createStringError(inconvertibleErrorCode(),
                               "two translated headers are named %s; "
                               "compile with ito-cc",
                               Name.str().c_str());
    SmallString<256> Out(HeaderDir), Original(H.Path);
    sys::path::append(Out, Name);
    sys::fs::make_absolute(Out);
    sys::fs::make_absolute(Original);
    sys::path::remove_dots(Original, /*remove_dot_dot=*/true);
    if (Error E = writeToOutput(Out, [&](raw_ostream &OS) {
          OS << H.Output;
          return Error::success();
        }))
      return E;
    Overlay.addFileMapping(Original, Out);
  }
  SmallString<256> Yaml(HeaderDir);
  sys::path::append(Yaml, "overlay.yaml");
  return writeToOutput(Yaml, [&](raw_ostream &OS) {
    Overlay.write(OS);
    return Error::success();
  });
}

static void printVersion(raw_ostream &OS) {
  OS << "ito-translate (ito) " ITO_VERSION ", Clang " CLANG_VERSION_STRING "\n";
}

int main(int argc, const char **argv) {
  InitLLVM X(argc, argv);

  // ito's -f options among the compiler arguments: clang's driver, which
  // parses them below, does not know them.
  std::vector<const char *> Args(argv, argv + argc);
  std::vector<std::string> ItoFeatures;
  llvm::erase_if(Args, [&](const char *A) {
    if (!ito::CheckOptions::isCheckFlag(A) || StringRef(A).starts_with("-W"))
      return false;
    ItoFeatures.push_back(A);
    return true;
  });
  argc = static_cast<int>(Args.size());
  argv = Args.data();

  // Split off the compiler arguments after "--" before parsing our options.
  std::string ErrorMessage;
  std::unique_ptr<tooling::CompilationDatabase> Compilations =
      tooling::FixedCompilationDatabase::loadFromCommandLine(argc, argv,
                                                             ErrorMessage);
  if (!ErrorMessage.empty()) {
    WithColor::error(errs(), "ito-translate") << ErrorMessage << "\n";
    return 1;
  }
  cl::HideUnrelatedOptions(TranslateCategory);
  cl::SetVersionPrinter(printVersion);
  cl::ParseCommandLineOptions(
      argc, argv,
      "ito-translate: translate Cilk C/C++ to C/C++ on the ito runtime\n\n"
      "  ito-translate [options] <source> -- <compiler arguments>\n");
  if (!Compilations)
    Compilations = std::make_unique<tooling::FixedCompilationDatabase>(
        ".", std::vector<std::string>());

  // -Wito-* options set the levels of ito's checks; clang does not know
  // them.
  std::vector<std::string> Unknown;
  ito::CheckOptions Checks;
  for (const tooling::CompileCommand &C :
       Compilations->getCompileCommands(InputFilename))
    Checks = ito::CheckOptions::fromArguments(C.CommandLine, &Unknown);
  for (const std::string &F : ItoFeatures)
    if (!Checks.applyFeatureOption(F))
      Unknown.push_back(F);
  if (!Unknown.empty()) {
    WithColor::error(errs(), "ito-translate")
        << "unknown "
        << (StringRef(Unknown.front()).starts_with("-R") ? "remark" : "warning")
        << " option '" << Unknown.front()
        << "' (ito's checks: docs/diagnostics.md)\n";
    return 1;
  }
  ito::TranslateResult Result;
  TranslateActionFactory Factory(Result, Checks);
  SmallString<256> Include(
      sys::path::parent_path(sys::path::parent_path(sys::fs::getMainExecutable(
          argv[0], reinterpret_cast<void *>(&printVersion)))));
  sys::path::append(Include, "include");
  SmallString<256> Keywords(Include);
  sys::path::append(Keywords, "cilk", "ito_keywords.h");
  Factory.KeywordsHeader = std::string(Keywords);
  // Text: the input's, if not the file's (a tool's file manager keeps what
  // it read, so a second text needs a tool of its own).
  auto Run = [&](const std::string *Text) {
    tooling::ClangTool Tool(*Compilations, {InputFilename});
    // (The tool keeps the path and the text by reference.)
    SmallString<256> Path(InputFilename);
    sys::fs::make_absolute(Path);
    if (Text)
      Tool.mapVirtualFile(Path, *Text);
    Tool.appendArgumentsAdjuster(
        [](const tooling::CommandLineArguments &Args, StringRef) {
          tooling::CommandLineArguments Out;
          for (const std::string &A : Args)
            if (!ito::CheckOptions::isCheckFlag(A))
              Out.push_back(A);
          return Out;
        });
    // An explicit -resource-dir among the compiler arguments comes later
    // and wins.
    Tool.appendArgumentsAdjuster(tooling::getInsertArgumentAdjuster(
        {"-resource-dir", ITO_CLANG_RESOURCE_DIR},
        tooling::ArgumentInsertPosition::BEGIN));
    // ito's headers first, as ito-cc has them (its <cilk/cilk.h>).
    Tool.appendArgumentsAdjuster(tooling::getInsertArgumentAdjuster(
        {"-I", std::string(Include)}, tooling::ArgumentInsertPosition::BEGIN));
    return Tool.run(&Factory);
  };
  int Status = Run(nullptr);
  if (Status == 0 && !Result.ExpandedMain.empty()) {
    // Macros with Cilk keywords in their bodies: again, written out.
    const std::string Expanded = std::move(Result.ExpandedMain);
    Result = ito::TranslateResult();
    Status = Run(&Expanded);
  }
  if (PrintCheckTime)
    errs() << "ito-translate: checks took "
           << format("%.3f", ito::migrationChecksSeconds() * 1000) << " ms\n";
  if (Status != 0)
    return 1;

  if (!Result.Headers.empty() && HeaderDir.empty()) {
    WithColor::error(errs(), "ito-translate")
        << Result.Headers.front().Path
        << " has Cilk code too: give --header-dir=<dir> for the translations "
           "of headers (clang then compiles with -ivfsoverlay "
           "<dir>/overlay.yaml), or compile with ito-cc\n";
    return 1;
  }
  if (Error E = writeHeaders(Result)) {
    WithColor::error(errs(), "ito-translate") << toString(std::move(E)) << "\n";
    return 1;
  }

  // Writes through a temporary file, so that no output file is left behind
  // on error.
  if (Error E = writeToOutput(OutputFilename, [&](raw_ostream &OS) {
        OS << Result.Output;
        return Error::success();
      })) {
    WithColor::error(errs(), "ito-translate") << toString(std::move(E)) << "\n";
    return 1;
  }
  return 0;
}
