//===- CilkConstructs.cpp - Find the Cilk constructs of a TU --------------===//
//
// Part of ito.
//
//===----------------------------------------------------------------------===//

#include "ito/Translate/CilkConstructs.h"
#include "clang/AST/ASTContext.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/Basic/SourceManager.h"
#include "clang/Lex/Lexer.h"
#include "llvm/Support/ErrorHandling.h"

using namespace clang;
using namespace ito;

StringRef ito::getCilkKeyword(CilkConstructKind Kind) {
  switch (Kind) {
  case CilkConstructKind::Spawn:
    return "cilk_spawn";
  case CilkConstructKind::Sync:
    return "cilk_sync";
  case CilkConstructKind::For:
    return "cilk_for";
  case CilkConstructKind::Scope:
    return "cilk_scope";
  }
  llvm_unreachable("unknown Cilk construct kind");
}

/// Returns the location of the name of the macro whose body produced the
/// token at \p Loc, looking through macro arguments; an invalid location if
/// no macro body produced the token (the user wrote it in a file).
static SourceLocation getExpandingMacroNameLoc(SourceLocation Loc,
                                               const SourceManager &SM) {
  while (Loc.isMacroID() && SM.isMacroArgExpansion(Loc))
    Loc = SM.getImmediateSpellingLoc(Loc);
  if (Loc.isFileID())
    return SourceLocation();
  return SM.getImmediateExpansionRange(Loc).getBegin();
}

namespace {

class CilkConstructCollector
    : public RecursiveASTVisitor<CilkConstructCollector> {
public:
  explicit CilkConstructCollector(const ASTContext &Ctx)
      : SM(Ctx.getSourceManager()), LangOpts(Ctx.getLangOpts()) {}

  bool VisitUnaryOperator(UnaryOperator *UO) {
    if (UO->getOpcode() == UO_Extension)
      addIfMarked(CilkConstructKind::Spawn, UO, UO->getOperatorLoc(),
                  "__ITO_CILK_SPAWN");
    return true;
  }

  bool VisitCallExpr(CallExpr *CE) {
    if (!isCilkSyncCall(CE))
      return true;
    // A direct call of __ito_cilk_sync() is a sync too.
    SourceLocation Keyword = findKeyword(CE->getBeginLoc(), "__ITO_CILK_SYNC");
    add(CilkConstructKind::Sync, CE,
        Keyword.isValid() ? Keyword : CE->getBeginLoc());
    return true;
  }

  bool VisitForStmt(ForStmt *FS) {
    addIfMarked(CilkConstructKind::For, FS, FS->getForLoc(), "__ITO_CILK_FOR");
    return true;
  }

  bool VisitCXXForRangeStmt(CXXForRangeStmt *FS) {
    addIfMarked(CilkConstructKind::For, FS, FS->getForLoc(), "__ITO_CILK_FOR");
    return true;
  }

  bool VisitIfStmt(IfStmt *IS) {
    addIfMarked(CilkConstructKind::Scope, IS, IS->getIfLoc(),
                "__ITO_CILK_SCOPE");
    return true;
  }

  std::vector<CilkConstruct> Constructs;

private:
  static bool isCilkSyncCall(const CallExpr *CE) {
    const FunctionDecl *FD = CE->getDirectCallee();
    return FD && FD->getIdentifier() &&
           FD->getIdentifier()->isStr("__ito_cilk_sync") &&
           FD->getDeclContext()->getRedeclContext()->isTranslationUnit();
  }

  /// Returns the text of the token at \p Loc.
  StringRef getTokenText(SourceLocation Loc) const {
    Loc = SM.getSpellingLoc(Loc);
    return StringRef(SM.getCharacterData(Loc),
                     Lexer::MeasureTokenLength(Loc, SM, LangOpts));
  }

  /// If the token at \p TokenLoc comes from the body of macro \p Marker,
  /// returns the location of the keyword that expanded to \p Marker (the
  /// location of \p Marker itself if the user wrote it); otherwise an invalid
  /// location.
  SourceLocation findKeyword(SourceLocation TokenLoc, StringRef Marker) const {
    SourceLocation MarkerLoc = getExpandingMacroNameLoc(TokenLoc, SM);
    if (MarkerLoc.isInvalid() || getTokenText(MarkerLoc) != Marker)
      return SourceLocation();
    SourceLocation KeywordLoc = getExpandingMacroNameLoc(MarkerLoc, SM);
    return KeywordLoc.isValid() ? KeywordLoc : MarkerLoc;
  }

  void addIfMarked(CilkConstructKind Kind, const Stmt *Node,
                   SourceLocation TokenLoc, StringRef Marker) {
    SourceLocation Keyword = findKeyword(TokenLoc, Marker);
    if (Keyword.isValid())
      add(Kind, Node, Keyword);
  }

  void add(CilkConstructKind Kind, const Stmt *Node, SourceLocation Keyword) {
    SourceLocation Loc = SM.getFileLoc(Keyword);
    if (!SM.isInSystemHeader(Loc))
      Constructs.push_back({Kind, Node, Loc, getTokenText(Keyword)});
  }

  const SourceManager &SM;
  const LangOptions &LangOpts;
};

} // namespace

std::vector<CilkConstruct> ito::collectCilkConstructs(ASTContext &Ctx) {
  CilkConstructCollector Collector(Ctx);
  Collector.TraverseAST(Ctx);
  return std::move(Collector.Constructs);
}
