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
// allocated and where the task may have moved. A use counts when some path
// leads to it from the fork or join without a new value in the variable.
//
//===----------------------------------------------------------------------===//

#include "Checks.h"
#include "clang/AST/ASTContext.h"
#include "clang/AST/StmtCXX.h"

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

namespace {

struct HeapVar {
  const VarDecl *Var;
  std::string Holds;
  std::vector<Evidence> Chain;
};

/// Whether \p Use of \p V is a plain assignment to the pointer variable: it
/// replaces the value rather than using the memory.
bool isOverwrite(const ForkReach &Flow, const DeclRefExpr *Use,
                 const VarDecl *V) {
  if (!V->getType()->isPointerType())
    return false;
  const auto *B = dyn_cast_or_null<BinaryOperator>(Flow.parent(Use));
  return B && B->getOpcode() == BO_Assign && B->getLHS() == Use;
}

/// The parent side in body \p B: a variable used after a point where the
/// task may have moved, on some path from that point that does not assign
/// the variable a new value first.
void parentSide(CheckContext &C, const Body &B,
                ArrayRef<MigrationPoint> Points) {
  FunctionFacts &F = C.Sites.facts(B);
  std::vector<HeapVar> Vars;
  for (const VarDecl *V : F.locals()) {
    HeapVar H{V, "", {}};
    H.Holds = heapOf(F, V, H.Chain);
    if (!H.Holds.empty())
      Vars.push_back(std::move(H));
  }
  if (Vars.empty())
    return;
  ForkReach &Flow = C.Sites.flow(B);
  unsigned N = Points.size();
  // Fact V * N + P: the task may have moved at point P since V got the
  // value it holds.
  ForkReach::Problem Moved(Flow, Vars.size() * N);
  for (unsigned P = 0; P < N; P++)
    for (FlowPoint At : leftAt(Flow, Points[P]))
      for (unsigned V = 0; V < Vars.size(); V++)
        Moved.gen(At, V * N + P);
  for (unsigned V = 0; V < Vars.size(); V++) {
    const VarDecl *Var = Vars[V].Var;
    Moved.kill(Flow.declaration(Var), V * N, V * N + N, /*Before=*/true);
    if (Var->getType()->isPointerType())
      for (const DeclRefExpr *U : F.uses(Var))
        if (isOverwrite(Flow, U, Var))
          Moved.kill(Flow.end(Flow.parent(U)), V * N, V * N + N);
  }
  Moved.solve();

  for (unsigned V = 0; V < Vars.size(); V++) {
    const HeapVar &H = Vars[V];
    for (const DeclRefExpr *U : F.uses(H.Var)) {
      if (isOverwrite(Flow, U, H.Var) || Flow.inChildOf(U, H.Var))
        continue; // a cilk_for body's use: the child side below
      llvm::BitVector Facts = Moved.before(Flow.at(U));
      int P = Facts.find_first_in(V * N, V * N + N);
      if (P < 0)
        continue;
      std::vector<Evidence> Notes = H.Chain;
      Notes.push_back({Points[P - V * N].Range.getBegin(),
                       "the task may go on in another process after " +
                           Points[P - V * N].What,
                       {}});
      C.Report.report(CheckId::LocalHeap, U->getLocation(),
                      quoted(H.Var) + " is used after a fork or join, but " +
                          H.Holds,
                      U->getSourceRange(), Notes);
      break;
    }
  }
}

} // namespace

void checks::checkLocalHeap(CheckContext &C) {
  // SPMD code (main around root_exec) does not move.
  for (auto &[B, Points] : C.Sites.Points)
    if (C.Sites.isTaskCode(B))
      parentSide(C, B, Points);

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
