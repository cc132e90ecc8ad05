//===- TranslateAction.h - The ito-translate frontend action ----*- C++ -*-===//
//
// Part of ito.
//
//===----------------------------------------------------------------------===//

#ifndef ITO_TRANSLATE_TRANSLATEACTION_H
#define ITO_TRANSLATE_TRANSLATEACTION_H

#include "ito/Checks/CheckOptions.h"
#include "clang/Frontend/FrontendAction.h"
#include "clang/Rewrite/Frontend/FixItRewriter.h"
#include <memory>
#include <string>
#include <vector>

namespace ito {

/// What translating one file gave.
struct TranslateResult {
  std::string Output;   ///< the translated main file
  bool HasCilk = false; ///< the translation unit uses Cilk
  /// Output is not the file itself, byte for byte: Cilk was translated, or
  /// ito's diagnostic pragmas were taken out.
  bool Rewritten = false;
  /// The headers that use Cilk (or held ito's pragmas), translated.
  struct Header {
    std::string Path; ///< as clang opened it
    std::string Output;
  };
  std::vector<Header> Headers;
  /// Not empty: the main file uses macros whose bodies hold Cilk keywords,
  /// and this is its text with their expansions written out; translate it
  /// instead (in place of the file, under the file's name).
  std::string ExpandedMain;
};

/// Translates the main file of a Cilk translation unit, and the user's
/// headers with Cilk code.
///
/// Parses with __ITO_TRANSLATOR__ defined, so that <cilk/cilk.h> expands the
/// Cilk keywords to constructs the analysis recognizes. A file without Cilk
/// constructs translates to itself, byte for byte. Ill-formed Cilk is
/// reported as errors, and then there is no output.
class TranslateAction : public clang::ASTFrontendAction {
public:
  /// \p MainFileName: how #line markers name the file (the path as the
  /// user wrote it); empty: as clang opened it.
  /// \p Checks: the levels of the migration checks; null: from the
  /// invocation's -W options.
  explicit TranslateAction(TranslateResult &Result,
                           std::string MainFileName = "",
                           const CheckOptions *Checks = nullptr)
      : Result(Result), MainFileName(std::move(MainFileName)), Checks(Checks) {}
  ~TranslateAction() override;

  /// A preprocessed source (a .i file of ito-cc -E) is parsed with this
  /// header, <cilk/ito_keywords.h> by its full path, so that its _Cilk_*
  /// keywords are seen (the driver passes no -include for such files).
  void setKeywordsHeader(std::string Path) { KeywordsHeader = std::move(Path); }
  /// Applies the fix-its of the diagnostics (the checks' and clang's) to the
  /// user's files, in place, instead of translating.
  void setApplyFixIts(bool Apply) { ApplyFixIts = Apply; }

protected:
  bool BeginInvocation(clang::CompilerInstance &CI) override;
  bool BeginSourceFileAction(clang::CompilerInstance &CI) override;
  void EndSourceFileAction() override;
  std::unique_ptr<clang::ASTConsumer>
  CreateASTConsumer(clang::CompilerInstance &CI, llvm::StringRef) override;

private:
  TranslateResult &Result;
  std::string MainFileName;
  const CheckOptions *Checks;
  CheckOptions OwnChecks;
  std::string KeywordsHeader;
  bool ApplyFixIts = false;
  std::unique_ptr<clang::FixItOptions> FixItOpts;
  std::unique_ptr<clang::FixItRewriter> FixIts;
};

} // namespace ito

#endif // ITO_TRANSLATE_TRANSLATEACTION_H
