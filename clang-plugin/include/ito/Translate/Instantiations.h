//===- Instantiations.h - A template's calls, as instantiated ---*- C++ -*-===//
//
// Part of ito.
//
//===----------------------------------------------------------------------===//
//
// In a template, a call whose callee depends on the template's parameters
// has no callee, so whether it takes an argument by reference or by value
// is known only in each instantiation. The translation rewrites the
// template's text once, for all of them: it looks at the calls that
// instantiate the template's call (found by their location).
//
//===----------------------------------------------------------------------===//

#ifndef ITO_TRANSLATE_INSTANTIATIONS_H
#define ITO_TRANSLATE_INSTANTIATIONS_H

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/SmallVector.h"
#include <optional>

namespace clang {
class ASTContext;
class CallExpr;
} // namespace clang

namespace ito {

class InstantiatedCalls {
public:
  explicit InstantiatedCalls(clang::ASTContext &Ctx) : Ctx(Ctx) {}
  /// The calls (with a callee) that instantiate \p Call, a call of a
  /// template (none if it is not instantiated, or not dependent).
  llvm::SmallVector<const clang::CallExpr *, 2> of(const clang::CallExpr *Call);
  /// Whether every instantiation of \p Call takes argument \p I by a
  /// non-const lvalue reference (Agree: whether they all agree, taking
  /// it by reference or all not; vacuously true without instantiations).
  bool byReference(const clang::CallExpr *Call, unsigned I, bool &Agree);
  /// Where argument I of the template's \p Call is among the arguments of
  /// its instantiation \p Inst: one further when the instantiation calls an
  /// object's operator() (`self(self, n)` with `self` a generic lambda),
  /// whose first argument is the object.
  static unsigned argumentIndex(const clang::CallExpr *Call,
                                const clang::CallExpr *Inst, unsigned I);

private:
  clang::ASTContext &Ctx;
  std::optional<
      llvm::DenseMap<unsigned, llvm::SmallVector<const clang::CallExpr *, 2>>>
      Calls;
};

/// Whether \p Call's callee takes argument \p I by a non-const lvalue
/// reference (false if the callee is not known).
bool takesByReference(const clang::CallExpr *Call, unsigned I);

} // namespace ito

#endif
