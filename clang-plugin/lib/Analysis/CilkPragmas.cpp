//===- CilkPragmas.cpp - The Cilk pragmas ---------------------------------===//
//
// Part of ito.
//
//===----------------------------------------------------------------------===//

#include "ito/Translate/CilkPragmas.h"
#include "clang/Lex/Preprocessor.h"

using namespace clang;
using namespace ito;

void GrainsizePragmaHandler::HandlePragma(Preprocessor &PP,
                                          PragmaIntroducer Introducer,
                                          Token &) {
  // The expression is kept as written: it is pasted into the translated
  // source, where its macros expand as usual.
  Token Tok;
  PP.LexUnexpandedToken(Tok);
  if (Tok.is(tok::equal))
    PP.LexUnexpandedToken(Tok);
  std::string Expr;
  for (; Tok.isNot(tok::eod); PP.LexUnexpandedToken(Tok)) {
    if (!Expr.empty() && Tok.hasLeadingSpace())
      Expr += ' ';
    Expr += PP.getSpelling(Tok);
  }
  if (Expr.empty()) {
    DiagnosticsEngine &Diags = PP.getDiagnostics();
    Diags.Report(Tok.getLocation(),
                 Diags.getCustomDiagID(
                     DiagnosticsEngine::Error,
                     "expected an expression after '#pragma cilk grainsize'"));
    return;
  }
  Pragmas.push_back({Introducer.Loc, std::move(Expr)});
}

GrainsizePragmaHandler &ito::addGrainsizePragmaHandler(Preprocessor &PP) {
  auto *Handler = new GrainsizePragmaHandler();
  PP.AddPragmaHandler("cilk", Handler);
  return *Handler;
}
