//===- EmitPromotion.cpp - Stack data moved to global memory -------------===//
//
// Part of ito.
//
//===----------------------------------------------------------------------===//
//
// Rewrites the locals and alloca calls of a PromotionPlan (C only). A local
//
//   T v[N] = init;
//
// becomes storage in the program's heap, freed when its scope ends, and
// every use of v the dereference of a pointer to it:
//
//   typedef T __ito_t_v[N]; void *__ito_h_v __attribute__((cleanup(
//   ito_unpromote))) = ito_promote(sizeof(__ito_t_v)); __ito_t_v *const
//   __ito_p_v = (__ito_t_v *)__ito_h_v; __builtin_memcpy(...init...);
//   ... (*__ito_p_v) ...
//
// An alloca call allocates in the heap, on a list that a variable at the
// start of the function frees when it returns.
//
//===----------------------------------------------------------------------===//

#include "EmitLanguage.h"
#include "RewriteUtils.h"
#include "ito/Translate/StackPromotion.h"
#include "clang/AST/Expr.h"
#include "clang/AST/Stmt.h"
#include "llvm/ADT/DenseSet.h"

using namespace clang;
using namespace ito;

namespace {

std::string promotedName(const char *Prefix, const VarDecl *V) {
  return std::string(Prefix) + V->getName().str();
}

std::string declaration(Edits &E, const VarDecl *V) {
  const std::string T = promotedName("__ito_t_", V),
                    H = promotedName("__ito_h_", V),
                    P = promotedName("__ito_p_", V);
  std::string Out = "typedef " + E.declare(V->getType(), T) + "; void *" + H +
                    " __attribute__((cleanup(ito_unpromote))) = "
                    "ito_promote(sizeof(" +
                    T + ")); " + T + " *const " + P + " = (" + T + " *)" + H +
                    ";";
  if (const Expr *Init = V->getInit()) {
    const Expr *Bare = Init->IgnoreImplicit();
    std::string Text = E.rewrittenText(Init->getSourceRange());
    const bool List = isa<InitListExpr>(Bare);
    if (V->getType()->isArrayType())
      Out += " __builtin_memcpy((void *)*" + P + ", (" + T + ")" +
             (List ? Text : "{" + Text + "}") + ", sizeof(" + T + "));";
    else if (List)
      Out += " __builtin_memcpy((void *)" + P + ", &(" + T + ")" + Text +
             ", sizeof(" + T + "));";
    else
      Out += " *" + P + " = " + Text + ";";
  }
  return Out;
}

} // namespace

void ito::emitPromotion(Edits &E, const PromotionPlan &Plan) {
  // Uses first, so that the declarations' initializers carry them.
  for (const auto &[V, Uses] : Plan.Vars)
    for (const DeclRefExpr *U : Uses)
      E.replace(CharSourceRange::getTokenRange(U->getLocation()),
                "(*" + promotedName("__ito_p_", V) + ")");
  llvm::DenseSet<const FunctionDecl *> WithList;
  for (const auto &[Call, FD] : Plan.Allocas) {
    E.replace(E.fileRange(Call->getSourceRange()),
              "ito_promote_alloca(&__ito_allocas, " +
                  E.exprText(Call->getArg(0)) + ")");
    if (WithList.insert(FD).second) {
      const auto *Body = cast<CompoundStmt>(FD->getBody());
      E.insertAfter(Body->getLBracLoc().getLocWithOffset(1),
                    " void *__ito_allocas "
                    "__attribute__((cleanup(ito_unpromote_allocas))) = 0;");
    }
  }
  // Last: their initializers may hold the edits above.
  for (const auto &[V, S] : Plan.Decls)
    E.replace(E.statementRange(S), declaration(E, V));
}
