//===- StackPublishCheck.cpp - A child publishing its own stack -----------===//
//
// Part of ito.
//
//===----------------------------------------------------------------------===//
//
// The other direction of stack sharing: a child stores an address in its
// own stack where its parent or a sibling can read it (through a pointer it
// was given, into a variable of its parent, into file-scope data). After the
// child returns the address is dead, and before that it is in a process the
// reader may not be in. Checked in cilk_for bodies, spawned functions and
// task lambdas.
//
//===----------------------------------------------------------------------===//

#include "Checks.h"
#include "clang/AST/ASTContext.h"
#include "clang/AST/ExprCXX.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/AST/StmtCXX.h"
#include "clang/Basic/SourceManager.h"
#include "llvm/ADT/DenseSet.h"

using namespace clang;
using namespace ito;
using namespace ito::checks;

namespace {

class PublishFinder : public RecursiveASTVisitor<PublishFinder> {
public:
  PublishFinder(CheckContext &C, FunctionFacts &F, const Stmt *Child,
                std::string Who)
      : C(C), F(F), SM(C.Ctx.getSourceManager()), Child(Child),
        Who(std::move(Who)) {}

  bool shouldVisitTemplateInstantiations() const { return false; }
  bool TraverseLambdaExpr(LambdaExpr *) { return true; } // their own tasks

  bool VisitBinaryOperator(BinaryOperator *B) {
    if (B->getOpcode() != BO_Assign || !B->getType()->isPointerType())
      return true;
    if (!visibleOutside(B->getLHS()))
      return true;
    Origins O = F.pointerOrigins(B->getRHS());
    // Only the child's own storage: what it got from its parent is the
    // other direction, reported where it was handed over.
    std::vector<Origin> Own;
    for (Origin &X : O.Found)
      if (X.K == Origin::Stack && !X.Chain.empty() &&
          inChild(X.Chain.front().Loc))
        Own.push_back(X);
    if (Own.empty())
      return true;
    bool Definite = O.definitely(Origin::Stack) && Own.size() == O.Found.size();
    C.Report.report(Definite ? CheckId::StackSharing
                             : CheckId::MaybeStackSharing,
                    B->getOperatorLoc(),
                    Who + " stores " +
                        (Definite ? "the address of "
                                  : "a pointer that may "
                                    "point to ") +
                        Own.front().What +
                        " where its parent can read it; that stack is the "
                        "child's, and it may be in another process or gone",
                    B->getSourceRange(), Own.front().Chain);
    return true;
  }

private:
  /// Whether \p L is in the child's code (its own storage is declared
  /// there).
  bool inChild(SourceLocation L) const {
    SourceRange R = Child->getSourceRange();
    return !SM.isBeforeInTranslationUnit(L, R.getBegin()) &&
           !SM.isBeforeInTranslationUnit(R.getEnd(), L);
  }

  /// Whether a store to \p LHS is seen outside the child: through a
  /// pointer (*p, p->f, p[i]), or into a variable declared outside it.
  bool visibleOutside(const Expr *LHS) const {
    const Expr *E = skipNoise(LHS);
    if (const VarDecl *V = rootVar(E))
      return !V->hasLocalStorage() || !inChild(V->getLocation());
    return true; // through a pointer or reference
  }

  CheckContext &C;
  FunctionFacts &F;
  const SourceManager &SM;
  const Stmt *Child;
  std::string Who;
};

} // namespace

void checks::checkStackPublish(CheckContext &C) {
  llvm::DenseSet<const Stmt *> Done;
  for (const TaskEdge &E : C.Sites.Edges) {
    if (E.K == TaskEdge::CilkForBody && E.Parent.Stmt) {
      // The body's own locals are in the parent's facts (same function).
      const Stmt *Body = cilkForBody(*E.For);
      PublishFinder(C, C.Sites.facts(E.Parent), Body, E.What)
          .TraverseStmt(const_cast<Stmt *>(Body));
    } else if (E.K == TaskEdge::Spawn && E.SpawnCall && !E.Instantiation) {
      // A spawned function of this file.
      const FunctionDecl *FD = E.SpawnCall->getDirectCallee();
      const FunctionDecl *Def = nullptr;
      if (!FD || !FD->getBody(Def) || !Def ||
          !Done.insert(Def->getBody()).second)
        continue;
      PublishFinder(C, C.Sites.facts({Def, Def->getBody()}), Def->getBody(),
                    "spawned function " + quoted(Def))
          .TraverseStmt(Def->getBody());
    }
  }
  for (const TaskLambda &L : C.Sites.Lambdas)
    if (Done.insert(L.Lambda->getBody()).second)
      PublishFinder(
          C, C.Sites.facts({L.Lambda->getCallOperator(), L.Lambda->getBody()}),
          L.Lambda->getBody(), L.Who)
          .TraverseStmt(L.Lambda->getBody());
}
