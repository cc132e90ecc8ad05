//===- ForkingFunctions.h - Functions whose callees may fork ----*- C++ -*-===//
//
// Part of ito.
//
//===----------------------------------------------------------------------===//
//
// A local whose address a function hands to a callee is reached by every
// task the callee forks, in any process: so the stack data of a function
// that may fork, directly or through what it calls, must be placed where
// every process reaches it. A function may fork if it has Cilk code, calls
// a function that may fork, creates a lambda that may, or calls what the
// translation unit cannot see: a function defined elsewhere (outside the
// system headers), a call through a pointer, a virtual call, a call in a
// template that is not resolved yet. System headers never fork.
//
//===----------------------------------------------------------------------===//

#ifndef ITO_TRANSLATE_FORKINGFUNCTIONS_H
#define ITO_TRANSLATE_FORKINGFUNCTIONS_H

#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/DenseSet.h"
#include "llvm/ADT/SmallVector.h"

namespace clang {
class ASTContext;
class CallExpr;
class FunctionDecl;
class Stmt;
} // namespace clang

namespace ito {

struct TranslationPlan;

class ForkingFunctions {
public:
  ForkingFunctions(clang::ASTContext &Ctx, const TranslationPlan &Plan);

  /// Whether calling \p FD may fork.
  bool mayFork(const clang::FunctionDecl *FD) const;
  /// Whether the call may fork (its callee may, or it cannot be known).
  bool mayFork(const clang::CallExpr *Call) const;
  /// The functions with a body in the translation unit, outside the system
  /// headers, that may fork.
  llvm::SmallVector<const clang::FunctionDecl *, 16> forking() const;

  struct Node {
    const clang::FunctionDecl *Definition = nullptr;
    llvm::SmallVector<const clang::FunctionDecl *, 8> Callees;
    bool Forks = false;
  };

private:
  const clang::FunctionDecl *key(const clang::FunctionDecl *FD) const;
  clang::ASTContext &Ctx;
  llvm::DenseMap<const clang::FunctionDecl *, Node> Nodes;
};

} // namespace ito

#endif
