//===- EmitHomecoming.cpp - main goes back to process 0 after forking -----===//
//
// Part of ito.
//
//===----------------------------------------------------------------------===//
//
// A Cilk program's main runs as the root task, whose continuation may be
// stolen: after a call that forks, main goes on in whatever process ran its
// last child. What main does next may name something that exists in one
// process only (a FILE it opened, standard input, its atexit handlers), so
// each call of main that may fork (ForkingFunctions) is followed by
// ito_abi_home(), which brings the root task back to process 0 if it left:
//
//   run(a);                  ->  run(a); ito_abi_home();
//   long r = work(0, n);     ->  long r = work(0, n); ito_abi_home();
//   fprintf(f, "%ld", work(0, n));
//       -> fprintf(f, "%ld", __extension__ ({ __auto_type __ito_home =
//            work(0, n); ito_abi_home(); __ito_home; }));              (C)
//       -> fprintf(f, "%ld", ::__ito_home_after(work(0, n)));        (C++)
//
// After the statement when nothing but storing the value follows the call
// in it (the line keeps its columns up to there); around the call
// otherwise, before anything else of the statement runs.
// Syncs and cilk_for loops of main do the same (emitPlan), and so does each
// handler of main's try statements, where an exception that a child threw
// arrives in whatever process joined it:
//
//   catch (const std::exception &e) {  ->  ... { ito_abi_home();
//
// Calls in tasks
// (spawned calls, cilk_for bodies, lambdas) are left alone: they do not run
// as main. ito_abi_home is a no-op when main still has children.
//
//===----------------------------------------------------------------------===//

#include "EmitLanguage.h"
#include "RewriteUtils.h"
#include "ito/Translate/ForkingFunctions.h"
#include "clang/AST/DeclCXX.h"
#include "clang/AST/ExprCXX.h"
#include "clang/AST/ParentMap.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/Lex/Lexer.h"
#include "llvm/ADT/DenseSet.h"

using namespace clang;
using namespace ito;

namespace {

/// Whether a class prvalue can be passed through a function and returned:
/// it has a copy or move constructor that is not deleted.
bool isMovable(QualType T) {
  const CXXRecordDecl *RD = T->getAsCXXRecordDecl();
  if (!RD || !RD->hasDefinition())
    return true;
  if (RD->needsImplicitMoveConstructor() &&
      !RD->defaultedMoveConstructorIsDeleted())
    return true;
  if (RD->needsImplicitCopyConstructor() &&
      !RD->defaultedCopyConstructorIsDeleted())
    return true;
  for (const CXXConstructorDecl *C : RD->ctors())
    if ((C->isMoveConstructor() || C->isCopyConstructor()) && !C->isDeleted() &&
        C->getAccess() == AS_public)
      return true;
  return false;
}

/// The calls of main that may fork, outside tasks and unevaluated operands.
class MainCalls : public RecursiveASTVisitor<MainCalls> {
public:
  MainCalls(const ForkingFunctions &Forking, const TranslationPlan &Plan)
      : Forking(Forking) {
    for (const auto &S : Plan.Spawns)
      Spawned.insert(S->Call);
    for (const auto &F : Plan.Fors)
      Loops.insert(F->For ? static_cast<const Stmt *>(F->For) : F->RangeFor);
  }

  std::vector<const CallExpr *> Calls;
  std::vector<const CXXCatchStmt *> Handlers;

  bool TraverseLambdaExpr(LambdaExpr *) { return true; }
  bool TraverseBlockExpr(BlockExpr *) { return true; }
  bool TraverseUnaryExprOrTypeTraitExpr(UnaryExprOrTypeTraitExpr *) {
    return true;
  }
  bool TraverseCXXTypeidExpr(CXXTypeidExpr *) { return true; }
  bool TraverseCXXNoexceptExpr(CXXNoexceptExpr *) { return true; }
  bool TraverseTypeLoc(TypeLoc) { return true; }
  bool TraverseDecl(Decl *D) {
    // Local classes and functions are not main.
    if (D && (isa<TagDecl>(D) || isa<FunctionDecl>(D)))
      return true;
    return RecursiveASTVisitor::TraverseDecl(D);
  }
  bool TraverseStmt(Stmt *S) {
    if (S && Loops.count(S))
      return true; // a cilk_for: its body runs as tasks
    return RecursiveASTVisitor::TraverseStmt(S);
  }
  bool VisitCXXCatchStmt(CXXCatchStmt *Handler) {
    Handlers.push_back(Handler);
    return true;
  }
  bool VisitCallExpr(CallExpr *Call) {
    if (!Spawned.count(Call) && !isa<CUDAKernelCallExpr>(Call) &&
        Forking.mayFork(Call))
      Calls.push_back(Call);
    return true;
  }

private:
  const ForkingFunctions &Forking;
  llvm::DenseSet<const CallExpr *> Spawned;
  llvm::DenseSet<const Stmt *> Loops;
};

/// The call, and what only converts or holds its value, up to \p Call's
/// first parent that does something else.
const Stmt *outerValue(const ParentMap &Parents, const Expr *Call,
                       const Stmt *&Parent) {
  const Stmt *S = Call;
  for (Parent = Parents.getParent(S); Parent; Parent = Parents.getParent(S)) {
    if (isa<ImplicitCastExpr, ParenExpr, ExprWithCleanups,
            MaterializeTemporaryExpr, CXXBindTemporaryExpr,
            CXXFunctionalCastExpr>(Parent)) {
      S = Parent;
      continue;
    }
    // A copy or move only stores the value; another constructor acts.
    if (const auto *C = dyn_cast<CXXConstructExpr>(Parent);
        C && C->getNumArgs() == 1 &&
        C->getConstructor()->isCopyOrMoveConstructor()) {
      S = Parent;
      continue;
    }
    break;
  }
  return S;
}

/// The statement of a braced block whose last act is the call, or storing
/// its value in a variable: `f(x);`, `v = f(x);`, `T v = f(x);`.
const Stmt *storedStatement(const ParentMap &Parents, const CallExpr *Call,
                            const PromotionPlan *Promoted) {
  const Stmt *Parent;
  const Stmt *S = outerValue(Parents, Call, Parent);
  if (const auto *B = dyn_cast_or_null<BinaryOperator>(Parent)) {
    const auto *To = dyn_cast<DeclRefExpr>(B->getLHS()->IgnoreParens());
    if (!B->isAssignmentOp() || B->getRHS() != S || !To ||
        !isa<VarDecl>(To->getDecl()))
      return nullptr;
    S = B;
    Parent = Parents.getParent(S);
  } else if (const auto *DS = dyn_cast_or_null<DeclStmt>(Parent)) {
    // A promoted variable's declaration is rewritten whole.
    const auto *V =
        DS->isSingleDecl() ? dyn_cast<VarDecl>(DS->getSingleDecl()) : nullptr;
    if (!V || (Promoted && Promoted->promoted(V)))
      return nullptr;
    S = DS;
    Parent = Parents.getParent(S);
  }
  return isa_and_nonnull<CompoundStmt>(Parent) ? S : nullptr;
}

/// Whether nothing uses the call's value: `(void)f(x)`, `f(x), g()`, a
/// statement of its own.
bool isDiscarded(const ParentMap &Parents, const CallExpr *Call) {
  const Stmt *Parent;
  const Stmt *S = outerValue(Parents, Call, Parent);
  if (!Parent || isa<CompoundStmt>(Parent))
    return true;
  if (const auto *C = dyn_cast<CStyleCastExpr>(Parent))
    return C->getType()->isVoidType();
  if (const auto *B = dyn_cast<BinaryOperator>(Parent))
    return B->getOpcode() == BO_Comma && B->getLHS() == S;
  if (const auto *If = dyn_cast<IfStmt>(Parent))
    return If->getThen() == S || If->getElse() == S;
  if (const auto *W = dyn_cast<WhileStmt>(Parent))
    return W->getBody() == S;
  if (const auto *D = dyn_cast<DoStmt>(Parent))
    return D->getBody() == S;
  if (const auto *F = dyn_cast<ForStmt>(Parent))
    return F->getBody() == S || F->getInc() == S;
  return isa<LabelStmt, CaseStmt, DefaultStmt>(Parent);
}

/// Whether main syncs or has a cilk_for (emitPlan calls ito_abi_home).
bool mainSyncs(const TranslationPlan &Plan, const FunctionDecl *Main) {
  for (const auto &F : Plan.Functions)
    if (F->Function == Main)
      return true;
  return false;
}

} // namespace

void ito::emitHomecoming(Edits &E, const TranslationPlan &Plan,
                         const ForkingFunctions &Forking) {
  const FunctionDecl *Main = nullptr;
  for (const Decl *D : E.Ctx.getTranslationUnitDecl()->decls()) {
    const Decl *Inner = D;
    if (const auto *LS = dyn_cast<LinkageSpecDecl>(D))
      for (const Decl *In : LS->decls())
        if (const auto *FD = dyn_cast<FunctionDecl>(In); FD && FD->isMain())
          Inner = FD;
    const auto *FD = dyn_cast<FunctionDecl>(Inner);
    if (FD && FD->isMain() && FD->doesThisDeclarationHaveABody() &&
        E.SM.isWrittenInMainFile(E.fileLoc(FD->getLocation())))
      Main = FD;
  }
  if (!Main)
    return;
  const bool CPlusPlus = E.LangOpts.CPlusPlus;

  MainCalls Finder(Forking, Plan);
  Finder.TraverseStmt(Main->getBody());
  if (Finder.Calls.empty() && !mainSyncs(Plan, Main))
    return;

  // Declared here, not in the prologue: a source without Cilk code has none.
  SourceLocation Begin = E.lineStart(Main->getBeginLoc());
  E.insertBefore(
      Begin,
      std::string(CPlusPlus
                      ? "extern \"C\" void ito_abi_home(void);\nextern "
                        "\"C++\" template <class __T> static inline __T "
                        "__ito_home_after(__T &&__v) { ito_abi_home(); return "
                        "static_cast<__T &&>(__v); }\n"
                      : "void ito_abi_home(void);\n") +
          E.lineMarker(Begin));

  for (const CXXCatchStmt *Handler : Finder.Handlers) {
    const auto *Block = dyn_cast<CompoundStmt>(Handler->getHandlerBlock());
    if (Block && Block->getLBracLoc().isFileID() &&
        E.SM.isWrittenInMainFile(Block->getLBracLoc()))
      E.insertAfter(Block->getLBracLoc().getLocWithOffset(1),
                    std::string(" ") + HomeCall);
  }

  ParentMap Parents(Main->getBody());
  // Innermost first: of two insertions at one place, the later one is the
  // outer (before the other's prefix, after its suffix).
  struct Site {
    const CallExpr *Call;
    CharSourceRange Range;
    unsigned Length;
  };
  std::vector<Site> Sites;
  llvm::DenseSet<const Stmt *> After;
  for (const CallExpr *Call : Finder.Calls) {
    // `p->` is no expression of its own to wrap: the member call it starts
    // is (and comes home after it).
    if (const auto *Op = dyn_cast<CXXOperatorCallExpr>(Call))
      if (Op->getOperator() == OO_Arrow)
        continue;
    if (const Stmt *S = storedStatement(Parents, Call, E.Promoted)) {
      if (After.insert(S).second)
        E.insertAfter(E.afterSemi(S), std::string(" ") + HomeCall);
      continue;
    }
    CharSourceRange R = Lexer::makeFileCharRange(
        CharSourceRange::getTokenRange(Call->getSourceRange()), E.SM,
        E.LangOpts);
    if (R.isInvalid() || !E.SM.isWrittenInMainFile(R.getBegin()))
      continue; // inside a macro's body: not to be split
    Sites.push_back(
        {Call, R,
         E.SM.getFileOffset(R.getEnd()) - E.SM.getFileOffset(R.getBegin())});
  }
  llvm::stable_sort(
      Sites, [](const Site &A, const Site &B) { return A.Length < B.Length; });
  for (const Site &S : Sites) {
    QualType T = S.Call->getType();
    std::string Prefix, Suffix;
    if (T->isVoidType() || isDiscarded(Parents, S.Call)) {
      Prefix = "(";
      Suffix = ", ito_abi_home())";
    } else if (CPlusPlus) {
      if (S.Call->isPRValue() && !isMovable(T))
        continue;
      Prefix = "::__ito_home_after(";
      Suffix = ")";
    } else {
      Prefix = "__extension__ ({ __auto_type __ito_home = ";
      Suffix = "; ito_abi_home(); __ito_home; })";
    }
    E.insertBefore(S.Range.getBegin(), Prefix);
    E.insertAfter(S.Range.getEnd(), Suffix);
  }
}
