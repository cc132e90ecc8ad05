//===- LocalHeapCheck.cpp - Process-local heap across a fork or join ------===//
//
// Part of ito.
//
//===----------------------------------------------------------------------===//
//
// malloc, new and the standard containers allocate in the heap of the
// process that runs the code. After a fork or a join the task may go on in
// another process, where that address is not the same memory; and the
// iterations of a cilk_for may run anywhere. Reported at the first use after
// the fork or join (or in the cilk_for body), with where the memory was
// allocated and where the task may have moved.
//
//===----------------------------------------------------------------------===//

#include "Checks.h"
#include "clang/AST/ASTContext.h"
#include "clang/AST/StmtCXX.h"
#include "clang/Basic/SourceManager.h"

using namespace clang;
using namespace ito;
using namespace ito::checks;

namespace {

/// What the variable holds in this process's heap, if anything: "points to
/// memory that 'f' allocated with malloc in its own process", or "is a
/// std::vector, whose elements are in the heap of its process".
std::string heapOf(FunctionFacts &F, const VarDecl *V,
                   std::vector<Evidence> &Chain) {
  QualType T = V->getType().getNonReferenceType();
  if (F.ownsHeap(T)) {
    Chain.push_back({V->getLocation(), quoted(V) + " is declared here", {}});
    return "is a " + T.getUnqualifiedType().getAsString() +
           ", whose memory is in the heap of the process that made it";
  }
  if (!T->isPointerType() || isa<ParmVarDecl>(V))
    return "";
  Origins O = F.varValue(V);
  if (!O.definitely(Origin::Heap))
    return "";
  const Origin *H = O.first(Origin::Heap);
  Chain = H->Chain;
  return "points to " + H->What;
}

} // namespace

void checks::checkLocalHeap(CheckContext &C) {
  const SourceManager &SM = C.Ctx.getSourceManager();
  auto Before = [&](SourceLocation A, SourceLocation B) {
    return SM.isBeforeInTranslationUnit(A, B);
  };

  // The parent side: used after a point where the task may have moved.
  for (auto &[B, Points] : C.Sites.Points) {
    if (!C.Sites.isTaskCode(B))
      continue; // SPMD code (main around root_exec) does not move
    FunctionFacts &F = C.Sites.facts(B);
    for (const VarDecl *V : F.locals()) {
      std::vector<Evidence> Chain;
      std::string Holds = heapOf(F, V, Chain);
      if (Holds.empty())
        continue;
      SourceLocation Start = V->getLocation();
      bool Reported = false;
      for (const MigrationPoint &P : Points) {
        if (Reported || !Before(Start, P.Range.getBegin()))
          continue;
        for (const DeclRefExpr *U : F.uses(V)) {
          SourceLocation L = U->getLocation();
          if (!Before(P.Range.getEnd(), L))
            continue;
          std::vector<Evidence> Notes = Chain;
          Notes.push_back(
              {P.Range.getBegin(),
               "the task may go on in another process after " + P.What,
               {}});
          C.Report.report(CheckId::LocalHeap, L,
                          quoted(V) + " is used after a fork or join, but " +
                              Holds,
                          U->getSourceRange(), Notes);
          Reported = true;
          break;
        }
      }
    }
  }

  // The child side: a cilk_for body using the parent's heap.
  for (const TaskEdge &E : C.Sites.Edges) {
    if (E.K != TaskEdge::CilkForBody || !E.Parent.Stmt)
      continue;
    FunctionFacts &F = C.Sites.facts(E.Parent);
    for (const OuterUse &U :
         outerUses(cilkForBody(*E.For), cilkForLoopVar(*E.For))) {
      std::vector<Evidence> Chain;
      std::string Holds = heapOf(F, U.Var, Chain);
      if (Holds.empty())
        continue;
      C.Report.report(CheckId::LocalHeap, U.FirstUse->getExprLoc(),
                      "cilk_for body uses " + quoted(U.Var) + ", which " +
                          Holds + "; the iterations may run in other processes",
                      U.FirstUse->getSourceRange(), Chain);
    }
  }
}
