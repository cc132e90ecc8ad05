//===- ito-translate-fuzzer.cpp - libFuzzer target for the translator -----===//
//
// Part of ito.
//
//===----------------------------------------------------------------------===//
//
// Runs the whole translation (parse, migration checks, rewriting, the second
// pass over macros with Cilk keywords) on arbitrary bytes, as ito-cc runs it
// on a source file. The first byte picks the language: '+' is C++, anything
// else C; the rest is the source. Diagnostics are dropped: invalid input is
// expected, and only a crash, a hang or a sanitizer report is a finding.
//
// Built in the sanitizer build (cmake -DITO_SANITIZE=address,undefined with
// clang); docs/internals.md says how to run it.
//
//===----------------------------------------------------------------------===//

#include "ito/Checks/CheckOptions.h"
#include "ito/Translate/TranslateAction.h"
#include "clang/Basic/Diagnostic.h"
#include "clang/Tooling/CompilationDatabase.h"
#include "clang/Tooling/Tooling.h"
#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

using namespace clang;

namespace {

class Factory : public tooling::FrontendActionFactory {
public:
  Factory(ito::TranslateResult &Result, const ito::CheckOptions &Checks)
      : Result(Result), Checks(Checks) {}
  std::unique_ptr<FrontendAction> create() override {
    return std::make_unique<ito::TranslateAction>(Result, "", &Checks);
  }

private:
  ito::TranslateResult &Result;
  const ito::CheckOptions &Checks;
};

/// One run of the tool over Text, as the file Path.
int translate(const std::string &Path, const std::string &Text, bool Cxx,
              ito::TranslateResult &Result) {
  // The flags ito-cc gives the translator: its headers first, the keywords
  // header, the clang it was built with.
  std::vector<std::string> Flags = {"-I" ITO_BUILD_INCLUDE_DIR,
                                    "-resource-dir",
                                    ITO_CLANG_RESOURCE_DIR,
                                    "-include",
                                    "cilk/ito_keywords.h",
                                    "-Qunused-arguments",
                                    "-w",
                                    "-ferror-limit=20",
                                    "-x",
                                    Cxx ? "c++" : "c",
                                    Cxx ? "-std=c++17" : "-std=gnu11"};
  tooling::FixedCompilationDatabase DB(".", Flags);
  tooling::ClangTool Tool(DB, {Path});
  Tool.mapVirtualFile(Path, Text);
  IgnoringDiagConsumer Quiet;
  Tool.setDiagnosticConsumer(&Quiet);
  ito::CheckOptions Checks;
  Factory F(Result, Checks);
  return Tool.run(&F);
}

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *Data, size_t Size) {
  if (Size == 0)
    return 0;
  const bool Cxx = Data[0] == '+';
  const std::string Path = Cxx ? "/fuzz/input.cpp" : "/fuzz/input.c";
  std::string Text(reinterpret_cast<const char *>(Data) + 1, Size - 1);
  ito::TranslateResult Result;
  if (translate(Path, Text, Cxx, Result) == 0 && !Result.ExpandedMain.empty()) {
    // Macros with Cilk keywords in their bodies: the text with their
    // expansions written out, translated again (as ito-translate does).
    const std::string Expanded = std::move(Result.ExpandedMain);
    Result = ito::TranslateResult();
    translate(Path, Expanded, Cxx, Result);
  }
  return 0;
}
