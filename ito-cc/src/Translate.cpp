//===- Translate.cpp - Translate the Cilk sources of a command ------------===//

#include "Translate.h"

#include "DiagnosticLocations.h"

#include "ito/Translate/TranslateAction.h"

#include "clang/Driver/Types.h"
#include "clang/Tooling/ArgumentsAdjusters.h"
#include "clang/Tooling/CompilationDatabase.h"
#include "clang/Tooling/Tooling.h"
#include "llvm/ADT/SmallString.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/VirtualFileSystem.h"
#include "llvm/Support/raw_ostream.h"

#include <algorithm>

using namespace llvm;
namespace types = clang::driver::types;

namespace ito::cc {

namespace {

class Factory : public clang::tooling::FrontendActionFactory {
public:
  Factory(TranslateResult &R, std::string Name, const CheckOptions &Checks,
          std::string KeywordsHeader, bool FixIts)
      : R(R), Name(std::move(Name)), Checks(Checks),
        KeywordsHeader(std::move(KeywordsHeader)), FixIts(FixIts) {}
  std::unique_ptr<clang::FrontendAction> create() override {
    auto A = std::make_unique<TranslateAction>(R, Name, &Checks);
    A->setKeywordsHeader(KeywordsHeader);
    A->setApplyFixIts(FixIts);
    return A;
  }

private:
  TranslateResult &R;
  std::string Name;
  const CheckOptions &Checks;
  std::string KeywordsHeader;
  bool FixIts;
};

std::string absolute(StringRef Path) {
  SmallString<256> Abs(Path);
  sys::fs::make_absolute(Abs);
  sys::path::remove_dots(Abs, /*remove_dot_dot=*/true);
  return std::string(Abs);
}

Error writeFile(StringRef Path, StringRef Text) {
  std::error_code EC;
  raw_fd_ostream OS(Path, EC);
  if (!EC) {
    OS << Text;
    OS.close();
    EC = OS.error();
  }
  if (EC)
    return createStringError(EC, "cannot write %s: %s", Path.str().c_str(),
                             EC.message().c_str());
  return Error::success();
}

} // namespace

Translation::~Translation() {
  if (!TempDir.empty())
    sys::fs::remove_directories(TempDir, /*IgnoreErrors=*/true);
}

Expected<std::string> Translation::tempDir() {
  if (TempDir.empty()) {
    SmallString<128> Dir;
    if (std::error_code EC = sys::fs::createUniqueDirectory("ito-cc", Dir))
      return createStringError(EC, "cannot create a temporary directory: %s",
                               EC.message().c_str());
    TempDir = std::string(Dir);
  }
  return TempDir;
}

Expected<std::string> Translation::tempFile(StringRef Name) {
  Expected<std::string> Dir = tempDir();
  if (!Dir)
    return Dir.takeError();
  SmallString<256> Path(*Dir);
  sys::path::append(Path, Name);
  if (std::error_code EC =
          sys::fs::create_directories(sys::path::parent_path(Path)))
    return createStringError(EC, "cannot create %s: %s",
                             sys::path::parent_path(Path).str().c_str(),
                             EC.message().c_str());
  return std::string(Path);
}

Error Translation::readStdin() {
  if (StdinText)
    return Error::success();
  ErrorOr<std::unique_ptr<MemoryBuffer>> Buf = MemoryBuffer::getSTDIN();
  if (!Buf)
    return createStringError(Buf.getError(), "cannot read standard input: %s",
                             Buf.getError().message().c_str());
  StdinText = (*Buf)->getBuffer().str();
  return Error::success();
}

Expected<std::string> Translation::savedStdin() {
  if (Error E = readStdin())
    return E;
  if (StdinSaved.empty()) {
    Expected<std::string> Path = tempFile("stdin/input");
    if (!Path)
      return Path.takeError();
    if (Error E = writeFile(*Path, *StdinText))
      return E;
    StdinSaved = *Path;
  }
  return StdinSaved;
}

std::optional<std::string> Translation::stdinFile() const {
  if (!StdinPath.empty())
    return StdinPath;
  if (!StdinSaved.empty())
    return StdinSaved;
  return std::nullopt;
}

std::vector<std::string> Translation::translatorFlags(const Input &In,
                                                      bool FixIts) const {
  // The flags that shape the parse: everything but the inputs, their
  // languages (each input gets its own, last) and the driver's own modes.
  std::vector<std::string> Flags(TC.CompileFlags);
  std::vector<bool> Skip(CL.ClangArgs.size());
  for (const Input &I : CL.Inputs)
    Skip[I.Index] = true;
  for (size_t I : CL.LanguageArgs)
    Skip[I] = true;
  for (size_t I : CL.DriverOnlyArgs)
    Skip[I] = true;
  for (size_t I = 0; I < CL.ClangArgs.size(); I++)
    if (!Skip[I])
      Flags.push_back(CL.ClangArgs[I]);
  // _Cilk_spawn and the others are keywords, header or not (only they:
  // cilk_sync without <cilk/cilk.h> may be a plain name).
  Flags.push_back("-include");
  Flags.push_back("cilk/ito_keywords.h");
  Flags.push_back("-Qunused-arguments");
  if (!FixIts)
    Flags.push_back("-w"); // the compile proper reports warnings, once
  Flags.push_back("-x");
  Flags.push_back(types::getTypeName(In.Type));
  return Flags;
}

Error Translation::translate(const Input &In, bool FixIts, TranslateResult &R) {
  if (In.isStdin())
    if (Error E = readStdin())
      return E;
  clang::tooling::FixedCompilationDatabase DB(".", translatorFlags(In, FixIts));
  // Standard input is parsed from what ito-cc read (the path is a name).
  std::string Source = In.isStdin() ? absolute("<stdin>") : In.Path;
  SmallString<256> Keywords(TC.IncludeDir);
  sys::path::append(Keywords, "cilk", "ito_keywords.h");
  Factory F(R, In.isStdin() ? "<stdin>" : In.Path, CL.Checks,
            std::string(Keywords), FixIts);
  // Text: the source's, if not the file's (a tool's file manager keeps
  // what it read, so a second text needs a tool of its own).
  // (A tool keeps the path and the text it maps by reference.)
  const std::string AbsoluteSource = absolute(Source);
  auto Run = [&](const std::string *Text) {
    clang::tooling::ClangTool Tool(DB, {Source});
    // The diagnostics say what went wrong, and where.
    Tool.setPrintErrorMessage(false);
    if (Text)
      Tool.mapVirtualFile(AbsoluteSource, *Text);
    Tool.appendArgumentsAdjuster(clang::tooling::getInsertArgumentAdjuster(
        {"-resource-dir", TC.ResourceDir},
        clang::tooling::ArgumentInsertPosition::BEGIN));
    return Tool.run(&F) == 0;
  };
  if (!Run(In.isStdin() ? &*StdinText : nullptr))
    return createStringError(inconvertibleErrorCode(), "");
  if (!R.ExpandedMain.empty()) {
    // Macros with Cilk keywords in their bodies: again, written out.
    const std::string Expanded = std::move(R.ExpandedMain);
    R = TranslateResult();
    if (!Run(&Expanded))
      return createStringError(inconvertibleErrorCode(), "");
  }
  return Error::success();
}

Error Translation::applyFixIts() {
  bool Failed = false;
  for (const Input &In : CL.Inputs) {
    // (Standard input is no file to fix.)
    if (!In.translatable() || In.isStdin() || !sys::fs::exists(In.Path))
      continue;
    TranslateResult R;
    if (Error E = translate(In, /*FixIts=*/true, R)) {
      consumeError(std::move(E));
      Failed = true;
    }
  }
  return Failed ? createStringError(inconvertibleErrorCode(), "")
                : Error::success();
}

Error Translation::addHeaders(const TranslateResult &R, const Input &In) {
  for (const TranslateResult::Header &H : R.Headers) {
    std::string Virtual = absolute(H.Path);
    std::string Text = CL.Sarif ? withoutSelfNames(H.Output, H.Path) : H.Output;
    auto Same =
        std::find_if(Files.begin(), Files.end(), [&](const TranslatedFile &F) {
          return F.Header && F.Original == Virtual;
        });
    if (Same != Files.end()) {
      if (Same->Text == Text)
        continue;
      // One command compiles its sources with one overlay.
      return createStringError(
          inconvertibleErrorCode(),
          "%s translates differently in %s and in %s (different macros, "
          "language or flags); compile them in separate commands",
          H.Path.c_str(), HeaderSources[Same - Files.begin()].c_str(),
          In.Path.c_str());
    }
    Expected<std::string> Copy =
        tempFile("headers/" + std::to_string(Files.size()) + "/" +
                 sys::path::filename(H.Path).str());
    if (!Copy)
      return Copy.takeError();
    if (Error E = writeFile(*Copy, Text))
      return E;
    Files.push_back({Virtual, *Copy, Text, /*Header=*/true});
    HeaderSources.resize(Files.size());
    HeaderSources.back() = In.Path;
  }
  return Error::success();
}

Error Translation::writeOverlay(std::vector<std::string> &ClangArgs) {
  vfs::YAMLVFSWriter Overlay;
  // Clang sees the user's names: in diagnostics, dependency files, and for
  // #include "..." next to the header.
  Overlay.setUseExternalNames(false);
  bool Any = false;
  for (const TranslatedFile &F : Files) {
    if (!F.Header)
      continue;
    Any = true;
    Overlay.addFileMapping(F.Original, F.Translated);
    SmallString<256> Real;
    if (!sys::fs::real_path(F.Original, Real) && Real != F.Original)
      Overlay.addFileMapping(Real, F.Translated);
  }
  if (!Any)
    return Error::success();
  Expected<std::string> Path = tempFile("overlay.yaml");
  if (!Path)
    return Path.takeError();
  std::string Text;
  raw_string_ostream OS(Text);
  Overlay.write(OS);
  if (Error E = writeFile(*Path, Text))
    return E;
  ClangArgs.push_back("-ivfsoverlay");
  ClangArgs.push_back(*Path);
  return Error::success();
}

Error Translation::run(std::vector<std::string> &ClangArgs) {
  // One file for the translation: of one source.
  if (!CL.EmitTranslated.empty()) {
    size_t Sources =
        std::count_if(CL.Inputs.begin(), CL.Inputs.end(),
                      [](const Input &I) { return I.translatable(); });
    if (Sources > 1)
      return createStringError(
          inconvertibleErrorCode(),
          "--ito-emit-translated=%s writes the translation of one source, "
          "and this command has %zu; give it one at a time",
          CL.EmitTranslated.c_str(), Sources);
  }

  std::vector<std::string> Dirs;
  for (const Input &In : CL.Inputs) {
    if (!In.translatable() || (!In.isStdin() && !sys::fs::exists(In.Path)))
      continue;
    TranslateResult R;
    if (Error E = translate(In, /*FixIts=*/false, R))
      return E;
    if (!CL.EmitTranslated.empty())
      if (Error E = writeFile(CL.EmitTranslated, R.Output))
        return E;
    if (!R.Rewritten || CL.CheckOnly) {
      // Compile the original: nothing to change (clang reads standard
      // input from what ito-cc read).
      if (In.isStdin())
        if (Expected<std::string> P = savedStdin(); !P)
          return P.takeError();
      continue;
    }
    if (Error E = addHeaders(R, In))
      return E;
    std::string Text =
        CL.Sarif
            ? withoutSelfNames(R.Output, In.isStdin() ? "<stdin>" : In.Path)
            : R.Output;

    if (In.isStdin()) {
      // Clang reads the translation as its standard input.
      Expected<std::string> Path = tempFile("stdin/translated");
      if (!Path)
        return Path.takeError();
      if (Error E = writeFile(*Path, Text))
        return E;
      StdinPath = *Path;
      Files.push_back({"<stdin>", *Path, Text});
      continue;
    }
    // The same file name, so that clang's default output and dependency
    // file names stay what they would be; a directory per source, mapped
    // back to the source's own directory in debug information.
    Expected<std::string> Out = tempFile(std::to_string(Files.size()) + "/" +
                                         sys::path::filename(In.Path).str());
    if (!Out)
      return Out.takeError();
    if (Error E = writeFile(*Out, Text))
      return E;
    ClangArgs[In.Index] = *Out;
    Files.push_back({In.Path, *Out, Text});

    SmallString<256> Dir(In.Path);
    sys::path::remove_filename(Dir);
    if (Dir.empty())
      Dir = ".";
    Dirs.push_back(std::string(Dir));
    ClangArgs.push_back(
        "-fdebug-prefix-map=" + sys::path::parent_path(*Out).str() + "=" +
        std::string(Dir));
  }
  // "..." includes of a translated file are found beside the original.
  for (const std::string &D : Dirs) {
    ClangArgs.push_back("-iquote");
    ClangArgs.push_back(D);
  }
  return writeOverlay(ClangArgs);
}

void Translation::fixDependencyFiles() {
  if (!CL.WritesDepFile)
    return;
  std::vector<const TranslatedFile *> Sources;
  for (const TranslatedFile &F : Files)
    if (!F.Header && F.Original != "<stdin>")
      Sources.push_back(&F);
  if (Sources.empty())
    return;
  std::vector<std::string> DepFiles;
  if (!CL.DepFile.empty()) {
    DepFiles.push_back(CL.DepFile);
  } else {
    // As clang names them: from -o, or from the source name (in the
    // working directory).
    for (const TranslatedFile *F : Sources) {
      SmallString<256> D(CL.Output.empty()
                             ? sys::path::filename(F->Original).str()
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
    for (const TranslatedFile *F : Sources)
      for (size_t Pos; (Pos = Text.find(F->Translated)) != std::string::npos;)
        Text.replace(Pos, F->Translated.size(), F->Original);
    consumeError(writeFile(Path, Text));
  }
}

} // namespace ito::cc
