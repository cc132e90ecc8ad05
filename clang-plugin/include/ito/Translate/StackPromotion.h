//===- StackPromotion.h - Stack data moved to global memory -----*- C++ -*-===//
//
// Part of ito.
//
//===----------------------------------------------------------------------===//
//
// In a C function with Cilk code, the locals whose address can reach a
// child (arrays and VLAs, address-taken variables) and its alloca'd memory
// are placed in the program's heap, which every process reaches, instead
// of on the stack, which only the process running the frame does: the
// translator promotes them, freed when their scope ends (or, for alloca,
// when the function returns). Left on the stack, and reported by the
// checks if a child can reach them: parameters, `register` variables,
// locals declared together with others, locals used inside a macro
// expansion, and everything in C++.
//
//===----------------------------------------------------------------------===//

#ifndef ITO_TRANSLATE_STACKPROMOTION_H
#define ITO_TRANSLATE_STACKPROMOTION_H

#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/DenseSet.h"
#include "llvm/ADT/SmallVector.h"

namespace clang {
class ASTContext;
class CallExpr;
class DeclRefExpr;
class DeclStmt;
class FunctionDecl;
class VarDecl;
} // namespace clang

namespace ito {

struct TranslationPlan;

struct PromotionPlan {
  /// The promoted locals, each with every use of it.
  llvm::DenseMap<const clang::VarDecl *,
                 llvm::SmallVector<const clang::DeclRefExpr *, 4>>
      Vars;
  /// The declaration of each promoted local (it declares only that one).
  llvm::DenseMap<const clang::VarDecl *, const clang::DeclStmt *> Decls;
  /// alloca calls whose memory goes to the heap, and the function of each.
  llvm::DenseMap<const clang::CallExpr *, const clang::FunctionDecl *> Allocas;

  bool promoted(const clang::VarDecl *V) const { return Vars.count(V); }
  bool promoted(const clang::CallExpr *C) const { return Allocas.count(C); }
};

PromotionPlan planPromotion(clang::ASTContext &Ctx,
                            const TranslationPlan &Plan);

/// An alloca call (alloca, __builtin_alloca and its variants).
bool isAllocaCall(const clang::CallExpr *C);

} // namespace ito

#endif
