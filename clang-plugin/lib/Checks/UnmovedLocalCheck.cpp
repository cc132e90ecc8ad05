//===- UnmovedLocalCheck.cpp - A local a forking callee reaches -----------===//
//
// Part of ito.
//
//===----------------------------------------------------------------------===//
//
// A function that may fork hands what it gets to its tasks, which may run
// in another process: a local whose address it gets must not stay on the
// caller's stack. The translation moves such locals to global memory
// (StackPromotion.h); one it cannot move is reported where the call gets
// its address, with why it stays. (The other checks follow spawned calls
// and cilk_for bodies; the tasks of a plain call are this check's.)
//
//===----------------------------------------------------------------------===//

#include "Checks.h"
#include "clang/AST/Decl.h"

using namespace clang;
using namespace ito;
using namespace ito::checks;

void ito::checks::checkUnmovedLocals(CheckContext &C) {
  if (!C.Report.enabled(CheckId::StackSharing))
    return;
  // (The Reporter emits in source order.)
  for (const auto &[V, U] : C.Sites.promotion().Unmoved) {
    const auto *FD = dyn_cast<FunctionDecl>(V->getDeclContext());
    std::string Owner = FD ? " of " + quoted(FD) : "";
    C.Report.report(CheckId::StackSharing, U.Where.Loc,
                    U.Where.Text + ", and " + quoted(V) + Owner +
                        " stays on its stack (" + U.WhyNot +
                        "); a task of that call may run in another process "
                        "and cannot reach it",
                    {},
                    {{V->getLocation(),
                      quoted(V) + " is declared here, on the stack" + Owner,
                      V->getSourceRange()}});
  }
  for (const auto &[L, U] : C.Sites.promotion().UnmovedLiterals)
    C.Report.report(CheckId::StackSharing, U.Where.Loc,
                    U.Where.Text +
                        ", and the compound literal stays on the stack (" +
                        U.WhyNot +
                        "); a task of that call may run in another process "
                        "and cannot reach it",
                    {L->getSourceRange()});
}
