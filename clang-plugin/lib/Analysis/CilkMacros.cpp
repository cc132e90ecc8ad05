//===- CilkMacros.cpp - Macros whose bodies hold Cilk keywords ------------===//
//
// Part of ito.
//
//===----------------------------------------------------------------------===//
//
// Each token of a top-level macro expansion in the main file is written out
// as it is spelled, except that a Cilk keyword's own expansion (cilk_spawn
// -> __ITO_CILK_SPAWN -> __extension__ under the translator) is written as
// the keyword, so that the second parse sees the keyword's expansion where
// the translator looks for it.
//
//===----------------------------------------------------------------------===//

#include "ito/Translate/CilkMacros.h"

#include "clang/Basic/SourceManager.h"
#include "clang/Lex/Lexer.h"
#include "clang/Lex/Preprocessor.h"
#include "llvm/ADT/StringSwitch.h"

using namespace clang;
using namespace ito;

namespace {

bool isKeywordMacro(StringRef Name) {
  return llvm::StringSwitch<bool>(Name)
      .Cases("cilk_spawn", "cilk_sync", "cilk_for", "cilk_scope", true)
      .Cases("_Cilk_spawn", "_Cilk_sync", "_Cilk_for", "_Cilk_scope", true)
      .Cases("__ITO_CILK_SPAWN", "__ITO_CILK_SYNC", "__ITO_CILK_FOR",
             "__ITO_CILK_SCOPE", true)
      .Default(false);
}

} // namespace

CilkMacroExpansions::CilkMacroExpansions(Preprocessor &PP) : PP(PP) {
  PP.setTokenWatcher([this](const Token &Tok) { see(Tok); });
}

void CilkMacroExpansions::see(const Token &Tok) {
  // (The parser's annotation tokens stand for tokens seen already.)
  if (Tok.isAnnotation() || Tok.is(tok::eof))
    return;
  const SourceManager &SM = PP.getSourceManager();
  const SourceLocation Loc = Tok.getLocation();
  CharSourceRange Top;
  if (Loc.isMacroID())
    Top = SM.getExpansionRange(Loc);
  if (Top.isInvalid() || !SM.isInMainFile(Top.getBegin())) {
    CurrentBegin = SourceLocation();
    return;
  }
  if (Top.getBegin() != CurrentBegin) {
    CurrentBegin = Top.getBegin();
    Current = Expansion{Top, "", false};
    LastKeyword = SourceLocation();
  }
  // Up the expansions that made the token, to the outermost keyword macro
  // among them, if any.
  StringRef Keyword;
  SourceLocation KeywordAt;
  for (SourceLocation L = Loc; L.isMacroID();) {
    if (SM.isMacroArgExpansion(L)) {
      L = SM.getImmediateSpellingLoc(L);
      continue;
    }
    StringRef Name = Lexer::getImmediateMacroName(L, SM, PP.getLangOpts());
    SourceLocation Use = SM.getImmediateExpansionRange(L).getBegin();
    if (isKeywordMacro(Name)) {
      Keyword = Name;
      KeywordAt = Use;
    } else if (!Keyword.empty()) {
      break;
    }
    L = Use;
  }
  std::string &Text = Current.Text;
  if (Keyword.empty()) {
    Text += (Text.empty() ? "" : " ") + PP.getSpelling(Tok);
  } else if (KeywordAt != LastKeyword) {
    LastKeyword = KeywordAt;
    Text += (Text.empty() ? "" : " ") + Keyword.str();
    // Written in a macro's body, not in an argument that has its text in
    // the main file.
    if (KeywordAt.isMacroID() && !SM.isMacroArgExpansion(KeywordAt))
      Current.Needed = true;
  }
  if (Current.Needed)
    Needed[SM.getFileOffset(Top.getBegin())] = Current;
}

std::string CilkMacroExpansions::expandedMainFile() const {
  const SourceManager &SM = PP.getSourceManager();
  StringRef Buffer = SM.getBufferData(SM.getMainFileID());
  std::string Out;
  size_t At = 0;
  for (const auto &[Offset, E] : Needed) {
    const SourceLocation End = Lexer::getLocForEndOfToken(
        E.Invocation.getEnd(), 0, SM, PP.getLangOpts());
    const size_t EndOffset = SM.getFileOffset(End);
    if (Offset < At || EndOffset < Offset)
      continue;
    Out += Buffer.substr(At, Offset - At);
    Out += E.Text;
    // The lines the invocation took, so that those after keep their
    // numbers.
    Out.append(Buffer.substr(Offset, EndOffset - Offset).count('\n'), '\n');
    At = EndOffset;
  }
  Out += Buffer.substr(At);
  return Out;
}
