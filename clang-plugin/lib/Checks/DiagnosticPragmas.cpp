//===- DiagnosticPragmas.cpp - #pragma clang diagnostic for ito -----------===//
//
// Part of ito.
//
//===----------------------------------------------------------------------===//

#include "ito/Checks/DiagnosticPragmas.h"
#include "ito/Checks/CheckOptions.h"
#include "clang/Basic/DiagnosticLex.h"
#include "clang/Basic/SourceManager.h"
#include "clang/Lex/Lexer.h"
#include "clang/Lex/PPCallbacks.h"
#include "clang/Lex/Preprocessor.h"
#include "llvm/ADT/StringSwitch.h"

using namespace clang;
using namespace ito;
using llvm::StringRef;

namespace {

/// The tokens of a pragma's text, enough to read a diagnostic pragma:
/// identifiers, string literals (quotes kept), and single characters.
std::vector<std::string> tokenize(StringRef Text) {
  std::vector<std::string> Tokens;
  size_t I = 0;
  while (I < Text.size()) {
    char C = Text[I];
    if (C == '\\' && I + 1 < Text.size() &&
        (Text[I + 1] == '\n' || Text[I + 1] == '\r')) {
      I += 2; // a continued line
    } else if (isspace(static_cast<unsigned char>(C))) {
      I++;
    } else if (Text.substr(I).starts_with("/*")) {
      size_t End = Text.find("*/", I + 2);
      I = End == StringRef::npos ? Text.size() : End + 2;
    } else if (Text.substr(I).starts_with("//")) {
      break;
    } else if (isalpha(static_cast<unsigned char>(C)) || C == '_') {
      size_t B = I;
      while (I < Text.size() &&
             (isalnum(static_cast<unsigned char>(Text[I])) || Text[I] == '_'))
        I++;
      Tokens.push_back(Text.slice(B, I).str());
    } else if (C == '"') {
      std::string S = "\"";
      for (I++; I < Text.size() && Text[I] != '"'; I++) {
        if (Text[I] == '\\' && I + 1 < Text.size())
          I++;
        S += Text[I];
      }
      I++;
      Tokens.push_back(S + "\"");
    } else {
      Tokens.push_back(std::string(1, C));
      I++;
    }
  }
  return Tokens;
}

/// The text of the line of a `#pragma` starting at \p Hash, with its
/// continuation lines, and where it ends.
StringRef directiveText(const SourceManager &SM, SourceLocation Hash,
                        SourceLocation &End) {
  bool Invalid = false;
  const char *Begin = SM.getCharacterData(Hash, &Invalid);
  if (Invalid)
    return "";
  StringRef Buffer = SM.getBufferData(SM.getFileID(Hash));
  const char *Last = Buffer.end();
  const char *P = Begin;
  while (P < Last && *P != '\n' && *P != '\r') {
    if (*P == '\\' && P + 1 < Last && (P[1] == '\n' || P[1] == '\r'))
      P++; // continued: take the next line too
    P++;
  }
  End = Hash.getLocWithOffset(P - Begin);
  return StringRef(Begin, P - Begin);
}

} // namespace

namespace ito {

/// Reads every pragma of the clang and GCC diagnostic namespaces as the
/// preprocessor meets it, before clang's own handler.
class DiagnosticPragmaRecorder : public PPCallbacks {
public:
  DiagnosticPragmaRecorder(Preprocessor &PP,
                           std::shared_ptr<DiagnosticPragmas> Out)
      : PP(PP), SM(PP.getSourceManager()), Out(std::move(Out)) {}

  void PragmaDirective(SourceLocation Loc,
                       PragmaIntroducerKind Introducer) override {
    std::string Text;
    SourceLocation Start, End;
    CharSourceRange Written;
    if (Introducer == PIK_HashPragma) {
      Text = directiveText(SM, Loc, End).str();
      Start = Loc;
      Written = CharSourceRange::getCharRange(Loc, End);
      // "#", "pragma" come first.
      std::vector<std::string> T = tokenize(Text);
      if (T.size() < 2 || T[0] != "#" || T[1] != "pragma")
        return;
      Text = Text.substr(Text.find("pragma") + 6);
    } else if (Introducer == PIK__Pragma) {
      if (!fromPragmaOperator(Loc, Text, Written))
        return;
      CharSourceRange Expansion = SM.getExpansionRange(Loc);
      Start = Expansion.getBegin();
      End = Written.isValid()
                ? Written.getEnd()
                : Lexer::getLocForEndOfToken(Expansion.getEnd(), 0, SM,
                                             PP.getLangOpts());
      if (!Loc.isFileID())
        Written = CharSourceRange(); // in a macro: not ours to take out
    } else {
      return;
    }
    record(tokenize(Text), Start, End, Written);
  }

private:
  /// The pragma text of `_Pragma("...")` at \p Loc, and where the operator
  /// is written.
  bool fromPragmaOperator(SourceLocation Loc, std::string &Text,
                          CharSourceRange &Written) {
    SourceLocation Spelling = SM.getSpellingLoc(Loc);
    bool Invalid = false;
    const char *P = SM.getCharacterData(Spelling, &Invalid);
    if (Invalid)
      return false;
    StringRef Rest(P, SM.getBufferData(SM.getFileID(Spelling)).end() - P);
    if (!Rest.consume_front("_Pragma"))
      return false;
    size_t Open = Rest.find('(');
    size_t Quote = Rest.find('"');
    if (Open == StringRef::npos || Quote == StringRef::npos || Quote < Open)
      return false;
    size_t I = Quote + 1;
    for (; I < Rest.size() && Rest[I] != '"'; I++) {
      if (Rest[I] == '\\' && I + 1 < Rest.size())
        I++;
      Text += Rest[I];
    }
    size_t Close = Rest.find(')', I);
    if (Close == StringRef::npos)
      return false;
    if (Loc.isFileID())
      Written = CharSourceRange::getCharRange(
          Loc, Loc.getLocWithOffset(7 + static_cast<int>(Close) + 1));
    return true;
  }

  void record(const std::vector<std::string> &T, SourceLocation Start,
              SourceLocation End, CharSourceRange Written) {
    if (T.size() < 3 || (T[0] != "clang" && T[0] != "GCC") ||
        T[1] != "diagnostic")
      return;
    using Kind = DiagnosticPragmas::Kind;
    if (T[2] == "push" || T[2] == "pop") {
      Out->Pragmas.push_back(
          {T[2] == "push" ? Kind::Push : Kind::Pop, Start, ""});
      return;
    }
    std::optional<Kind> K = llvm::StringSwitch<std::optional<Kind>>(T[2])
                                .Case("ignored", Kind::Ignored)
                                .Case("warning", Kind::Warning)
                                .Case("error", Kind::Error)
                                .Case("fatal", Kind::Error)
                                .Default(std::nullopt);
    if (!K)
      return;
    // Adjacent string literals concatenate.
    std::string Name;
    for (size_t I = 3; I < T.size() && T[I].front() == '"'; I++)
      Name += T[I].substr(1, T[I].size() - 2);
    StringRef Group(Name);
    if (!Group.consume_front("-W"))
      return;
    // A misspelled check is clang's to report, as an unknown group.
    bool Ito =
        Group == "ito" || llvm::any_of(allChecks(), [&](const CheckInfo &C) {
          return Group == C.Name;
        });
    if (!Ito && Group != "everything")
      return;
    Out->Pragmas.push_back({*K, Start, Group.str()});
    if (!Ito)
      return;
    // (A system header's warnings are not shown anyway.)
    if (Written.isValid() && !SM.isInSystemHeader(Written.getBegin()))
      Out->ItoRanges.push_back(Written);
    // Clang does not know the group and would warn at the name: not over
    // this pragma (the state before it comes back right after it).
    DiagnosticsEngine &Diags = PP.getDiagnostics();
    Diags.pushMappings(Start);
    Diags.setSeverity(diag::warn_pragma_diagnostic_unknown_warning,
                      diag::Severity::Ignored, Start);
    Diags.popMappings(End);
  }

  Preprocessor &PP;
  const SourceManager &SM;
  std::shared_ptr<DiagnosticPragmas> Out;
};

std::shared_ptr<DiagnosticPragmas> DiagnosticPragmas::attach(Preprocessor &PP) {
  auto Pragmas = std::make_shared<DiagnosticPragmas>();
  PP.addPPCallbacks(std::make_unique<DiagnosticPragmaRecorder>(PP, Pragmas));
  return Pragmas;
}

bool DiagnosticPragmas::names(StringRef Group, StringRef CheckName) {
  return Group == "ito" || Group == "everything" || Group == CheckName;
}

} // namespace ito
