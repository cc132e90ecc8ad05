//===- StaticWriteCheck.cpp - File-scope data written in a task -----------===//
//
// Part of ito.
//
//===----------------------------------------------------------------------===//
//
// The file-scope variables a Cilk source defines are one copy for all
// processes (SharedGlobals.h). Every process still has its own copy of
// static locals, thread_local variables and file-scope variables defined
// in other files (unless ito-cc compiles those too, which libito checks at
// start-up: Rewrite/EmitExternWrites.cpp). A write in a task
// changes the copy of the process it happens to run in; tasks in other
// processes (and a Cilk program's main, the root task, once it has moved)
// keep seeing theirs.
//
//===----------------------------------------------------------------------===//

#include "Checks.h"
#include "ito/Translate/SharedGlobals.h"
#include "clang/AST/ExprCXX.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/Basic/SourceManager.h"
#include "llvm/ADT/DenseSet.h"

using namespace clang;
using namespace ito;
using namespace ito::checks;

namespace {

class StaticAccessFinder : public RecursiveASTVisitor<StaticAccessFinder> {
public:
  StaticAccessFinder(Reporter &R, const SourceManager &SM) : R(R), SM(SM) {}

  bool shouldVisitTemplateInstantiations() const { return false; }

  bool VisitBinaryOperator(BinaryOperator *B) {
    if (B->isAssignmentOp())
      write(B->getLHS(), B);
    return true;
  }
  bool VisitUnaryOperator(UnaryOperator *U) {
    if (U->isIncrementDecrementOp())
      write(U->getSubExpr(), U);
    return true;
  }
  bool VisitCXXOperatorCallExpr(CXXOperatorCallExpr *C) {
    if (C->isAssignmentOp())
      write(C->getArg(0), C);
    return true;
  }
  bool VisitDeclRefExpr(DeclRefExpr *D) {
    const auto *V = dyn_cast<VarDecl>(D->getDecl());
    if (!V || V->getTLSKind() == VarDecl::TLS_None || !Seen.insert(V).second)
      return true;
    R.report(CheckId::StaticWrite, D->getLocation(),
             "task uses thread_local " + quoted(V) +
                 "; a task may go on in another process and then sees "
                 "that process's copy",
             D->getSourceRange(),
             {{V->getLocation(), quoted(V) + " is declared here", {}}});
    return true;
  }

private:
  void write(const Expr *LHS, const Expr *At) {
    const VarDecl *V = rootVar(LHS);
    if (!V || V->hasLocalStorage() || V->getTLSKind() != VarDecl::TLS_None ||
        isSharedGlobal(V, SM))
      return;
    const bool Defined = V->getDefinition() || V->getActingDefinition();
    const bool OfLibrary =
        !Defined && SM.isInSystemHeader(SM.getExpansionLoc(V->getLocation()));
    // Another source's variable: shared if ito-cc compiles that source too,
    // which libito checks once the program is linked
    // (Rewrite/EmitExternWrites.cpp). The C library's (getopt's opterr) as
    // main sets it: main uses it, and main goes back to process 0 after
    // each parallel call.
    if ((!Defined && !OfLibrary && !V->isStaticDataMember()) ||
        (OfLibrary && In && In->isMain()) || !Seen.insert(V).second)
      return;
    std::string Kind = V->isStaticLocal()        ? "a static local variable"
                       : V->isStaticDataMember() ? "a static data member"
                       : OfLibrary               ? "a variable of the C library"
                                                 : "a file-scope variable";
    R.report(CheckId::StaticWrite, At->getExprLoc(),
             "task writes " + quoted(V) + ", " + Kind +
                 "; every process has its own copy, and tasks in other "
                 "processes do not see the write",
             At->getSourceRange(),
             {{V->getLocation(), quoted(V) + " is declared here", {}}});
  }

public:
  /// The function of the code being looked at.
  const FunctionDecl *In = nullptr;

private:
  Reporter &R;
  const SourceManager &SM;
  llvm::DenseSet<const VarDecl *> Seen;
};

} // namespace

void checks::checkStaticWrite(CheckContext &C) {
  StaticAccessFinder Finder(C.Report, C.Ctx.getSourceManager());
  for (const Body &B : C.Sites.TaskCode) {
    Finder.In = B.Function;
    Finder.TraverseStmt(const_cast<Stmt *>(B.Stmt));
  }
}
