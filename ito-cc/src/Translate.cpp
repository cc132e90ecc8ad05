//===- Translate.cpp - Translate the Cilk sources of a command ------------===//

#include "Translate.h"

#include "ito/Translate/TranslateAction.h"

#include "clang/Tooling/ArgumentsAdjusters.h"
#include "clang/Tooling/CompilationDatabase.h"
#include "clang/Tooling/Tooling.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/raw_ostream.h"

using namespace llvm;

namespace ito::cc {

namespace {

bool isSource(StringRef Path) {
  StringRef Ext = sys::path::extension(Path);
  return Ext == ".c" || Ext == ".cc" || Ext == ".cpp" || Ext == ".cxx" ||
         Ext == ".C" || Ext == ".c++" || Ext == ".cp" || Ext == ".CPP";
}

class Factory : public clang::tooling::FrontendActionFactory {
public:
  Factory(TranslateResult &R, std::string Name, const CheckOptions &Checks)
      : R(R), Name(std::move(Name)), Checks(Checks) {}
  std::unique_ptr<clang::FrontendAction> create() override {
    return std::make_unique<TranslateAction>(R, Name, &Checks);
  }

private:
  TranslateResult &R;
  std::string Name;
  const CheckOptions &Checks;
};

} // namespace

Translation::~Translation() {
  for (const File &F : Translated) {
    sys::fs::remove(F.Translated);
    sys::fs::remove(sys::path::parent_path(F.Translated));
  }
  if (!TempDir.empty())
    sys::fs::remove(TempDir);
}

Error Translation::run(const CommandLine &CL, const Toolchain &TC,
                       std::vector<std::string> &ClangArgs) {
  // The flags that shape the parse: everything but the inputs.
  std::vector<std::string> Flags(TC.CompileFlags);
  for (size_t I = 0; I < CL.ClangArgs.size(); I++) {
    bool IsInput = false;
    for (size_t Index : CL.InputIndices)
      IsInput |= Index == I;
    if (!IsInput)
      Flags.push_back(CL.ClangArgs[I]);
  }
  // ito-c++ compiles a .c source as C++ (as clang++ does): translate it so.
  if (TC.Lang == Language::CXX)
    Flags.insert(Flags.begin(), {"-x", "c++"});
  // _Cilk_spawn and the others are keywords, header or not (only they:
  // cilk_sync without <cilk/cilk.h> may be a plain name).
  Flags.push_back("-include");
  Flags.push_back("cilk/ito_keywords.h");
  Flags.push_back("-Qunused-arguments");
  Flags.push_back("-w"); // the compile proper reports warnings, once

  // One file for the translation: of one source.
  if (!CL.EmitTranslated.empty()) {
    size_t Sources = 0;
    for (const std::string &Input : CL.Inputs)
      Sources += isSource(Input);
    if (Sources > 1)
      return createStringError(
          inconvertibleErrorCode(),
          "--ito-emit-translated=%s writes the translation of one source, "
          "and this command has %zu; give it one at a time",
          CL.EmitTranslated.c_str(), Sources);
  }

  std::vector<std::string> Dirs;
  for (size_t K = 0; K < CL.Inputs.size(); K++) {
    const std::string &Input = CL.Inputs[K];
    if (!isSource(Input) || !sys::fs::exists(Input))
      continue;
    clang::tooling::FixedCompilationDatabase DB(".", Flags);
    clang::tooling::ClangTool Tool(DB, {Input});
    Tool.appendArgumentsAdjuster(clang::tooling::getInsertArgumentAdjuster(
        {"-resource-dir", TC.ResourceDir},
        clang::tooling::ArgumentInsertPosition::BEGIN));
    TranslateResult Result;
    Factory F(Result, Input, CL.Checks);
    if (Tool.run(&F) != 0)
      return createStringError(inconvertibleErrorCode(), "");
    if (!CL.EmitTranslated.empty()) {
      std::error_code EC;
      raw_fd_ostream OS(CL.EmitTranslated, EC);
      if (EC)
        return createStringError(EC, "cannot write %s: %s",
                                 CL.EmitTranslated.c_str(),
                                 EC.message().c_str());
      OS << Result.Output;
    }
    if (!Result.HasCilk || CL.CheckOnly)
      continue; // compile the original: nothing to change

    if (TempDir.empty()) {
      SmallString<128> Dir;
      if (std::error_code EC = sys::fs::createUniqueDirectory("ito-cc", Dir))
        return createStringError(EC,
                                 "cannot create a temporary directory: "
                                 "%s",
                                 EC.message().c_str());
      TempDir = std::string(Dir);
    }
    // The same file name, so that clang's default output and dependency
    // file names stay what they would be; a directory per source, mapped
    // back to the source's own directory in debug information.
    SmallString<256> Out(TempDir);
    sys::path::append(Out, std::to_string(Translated.size()));
    if (std::error_code EC = sys::fs::create_directory(Out))
      return createStringError(EC, "cannot create %s: %s", Out.c_str(),
                               EC.message().c_str());
    std::string SubDir = std::string(Out);
    sys::path::append(Out, sys::path::filename(Input));
    std::error_code EC;
    raw_fd_ostream OS(Out, EC);
    if (EC)
      return createStringError(EC, "cannot write %s: %s", Out.c_str(),
                               EC.message().c_str());
    OS << Result.Output;
    OS.close();
    ClangArgs[CL.InputIndices[K]] = std::string(Out);
    Translated.push_back({Input, std::string(Out)});

    SmallString<256> Dir(Input);
    sys::path::remove_filename(Dir);
    if (Dir.empty())
      Dir = ".";
    Dirs.push_back(std::string(Dir));
    ClangArgs.push_back("-fdebug-prefix-map=" + SubDir + "=" +
                        std::string(Dir));
  }
  // "..." includes of a translated file are found beside the original.
  for (const std::string &D : Dirs) {
    ClangArgs.push_back("-iquote");
    ClangArgs.push_back(D);
  }
  return Error::success();
}

void Translation::fixDependencyFiles(const CommandLine &CL) {
  if (!CL.WritesDepFile || Translated.empty())
    return;
  std::vector<std::string> DepFiles;
  if (!CL.DepFile.empty()) {
    DepFiles.push_back(CL.DepFile);
  } else {
    // As clang names them: from -o, or from the source name (in the
    // working directory).
    for (const File &F : Translated) {
      SmallString<256> D(CL.Output.empty()
                             ? sys::path::filename(F.Original).str()
                             : CL.Output);
      sys::path::replace_extension(D, "d");
      DepFiles.push_back(std::string(D));
    }
  }
  for (const std::string &Path : DepFiles) {
    auto Buf = MemoryBuffer::getFile(Path);
    if (!Buf)
      continue;
    std::string Text = (*Buf)->getBuffer().str();
    for (const File &F : Translated)
      for (size_t Pos; (Pos = Text.find(F.Translated)) != std::string::npos;)
        Text.replace(Pos, F.Translated.size(), F.Original);
    std::error_code EC;
    raw_fd_ostream OS(Path, EC);
    if (!EC)
      OS << Text;
  }
}

} // namespace ito::cc
