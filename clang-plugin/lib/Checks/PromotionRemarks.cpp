//===- PromotionRemarks.cpp - Locals moved off the stack -----------------===//
//
// Part of ito.
//
//===----------------------------------------------------------------------===//
//
// -Rito-promotion names each local and alloca that the translation moves to
// global memory (StackPromotion.h), and why: each costs an allocation every
// time its declaration runs, which a user may want to avoid in a hot
// function (pass the data by value, or allocate it once outside).
//
//===----------------------------------------------------------------------===//

#include "Checks.h"
#include "clang/AST/Decl.h"
#include "clang/AST/Expr.h"

using namespace clang;
using namespace ito;
using namespace ito::checks;

void ito::checks::remarkPromotions(CheckContext &C) {
  if (!C.Report.enabled(CheckId::Promotion))
    return;
  const PromotionPlan &Plan = C.Sites.promotion();
  for (const auto &[V, Uses] : Plan.Vars) {
    const auto *FD = dyn_cast<FunctionDecl>(V->getDeclContext());
    std::string Owner = FD ? " of " + quoted(FD) : "";
    std::vector<Evidence> Notes;
    if (auto It = Plan.Why.find(V); It != Plan.Why.end())
      Notes.push_back({It->second.Loc, It->second.Text, {}});
    C.Report.report(CheckId::Promotion, V->getLocation(),
                    quoted(V) + Owner +
                        " is moved to global memory, where tasks in any "
                        "process reach it (an allocation each time it is "
                        "declared)",
                    V->getSourceRange(), Notes);
  }
  for (const auto &[Call, FD] : Plan.Allocas)
    C.Report.report(CheckId::Promotion, Call->getBeginLoc(),
                    "memory from alloca in " + quoted(FD) +
                        " is moved to global memory, where tasks in any "
                        "process reach it (freed when " +
                        quoted(FD) + " returns)",
                    Call->getSourceRange());
}
