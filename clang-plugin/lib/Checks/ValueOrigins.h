//===- ValueOrigins.h - Where a pointer may point ---------------*- C++ -*-===//
//
// Part of ito.
//
//===----------------------------------------------------------------------===//
//
// A flow-insensitive, intraprocedural answer to "where may this pointer
// point": into the stack of the function (its locals, arrays, VLAs, alloca,
// compound literals), into this process's heap (malloc, new, ...), or
// elsewhere/unknown. A local pointer variable or struct field points to what
// any value stored to it points to; one whose address escapes, or a
// file-scope one, may also point anywhere else. An address keeps its origin
// through pointer casts and through integers (`(char *)(((uintptr_t)p + 31)
// & ~31)`). What the function stores through pointers (`h->p = &x`) is
// remembered with the pointer it went through, so that a pointer to the
// same memory carries it. A pointer is definitely on the stack when every
// value that can reach it is, so a definite answer never depends on control
// flow.
//
//===----------------------------------------------------------------------===//

#ifndef ITO_CHECKS_VALUEORIGINS_H
#define ITO_CHECKS_VALUEORIGINS_H

#include "Reporter.h"
#include "ito/Translate/ExprRoots.h"
#include "ito/Translate/StackPromotion.h"
#include "clang/AST/Decl.h"
#include "clang/AST/Expr.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/DenseSet.h"
#include "llvm/ADT/STLFunctionalExtras.h"
#include "llvm/ADT/SmallPtrSet.h"
#include <map>
#include <string>
#include <vector>

namespace ito::checks {

/// One storage a pointer may point into.
struct Origin {
  enum Kind { Stack, Heap } K;
  /// What it is, for messages: "local variable 'x' of 'f'".
  std::string What;
  /// The variable that names it, if any.
  const clang::VarDecl *Var = nullptr;
  /// Or the expression that allocates it (alloca, malloc, new, a compound
  /// literal).
  const clang::Expr *Site = nullptr;
  /// The evidence, storage first: where it is declared or allocated, then
  /// each variable the address went through.
  std::vector<Evidence> Chain;
};

struct Origins {
  std::vector<Origin> Found;
  /// Some value may point elsewhere, or somewhere unknown.
  bool Other = false;

  bool has(Origin::Kind K) const;
  /// Every value points into storage of kind K.
  bool definitely(Origin::Kind K) const;
  const Origin *first(Origin::Kind K) const;
  void add(Origins O);
};

/// What one function body does with its local variables.
class FunctionFacts {
public:
  /// \p Promoted: the locals and alloca calls the translation moves to
  /// global memory, which are not the stack's.
  FunctionFacts(clang::ASTContext &Ctx, const clang::FunctionDecl *FD,
                const clang::Stmt *Body,
                const PromotionPlan *Promoted = nullptr);

  clang::ASTContext &Ctx;
  const clang::FunctionDecl *Function;
  const clang::Stmt *Body;
  const PromotionPlan *Promoted;

  /// A value stored to a variable or field.
  struct Def {
    const clang::Expr *Value; ///< null: unknown
    clang::SourceLocation Loc;
  };
  const std::vector<Def> &defs(const clang::VarDecl *V) const;
  const std::vector<Def> &fieldDefs(const clang::VarDecl *V,
                                    const clang::FieldDecl *F) const;
  /// A value stored into memory: through a pointer (Var is null; Root is
  /// the expression the access starts from: h in h->p, h->a[i], *h), or
  /// into a file-scope or static variable Var (or a field or element of it).
  struct Store {
    const clang::VarDecl *Var;
    const clang::Expr *Root;
    const clang::Expr *Value;
    clang::SourceLocation Loc;
    const clang::Expr *At; ///< the assignment
  };
  const std::vector<Store> &stores() const { return Stores; }
  /// The variable's address escapes (taken, bound to a non-const
  /// reference, captured by reference): stores through it are not seen.
  bool escapes(const clang::VarDecl *V) const { return Escaping.count(V); }
  /// The local variables the body declares (nested lambdas included), in
  /// source order.
  const std::vector<const clang::VarDecl *> &locals() const { return Locals; }
  /// Every reference to the variable, in source order.
  const std::vector<const clang::DeclRefExpr *> &
  uses(const clang::VarDecl *V) const;

  /// Where the pointer value \p E may point.
  Origins pointerOrigins(const clang::Expr *E);
  /// Where the object that the lvalue \p E names lives.
  Origins addressOrigins(const clang::Expr *E);
  /// What the variable \p V (a pointer) may point to.
  Origins varValue(const clang::VarDecl *V);
  /// What the pointer field \p FD of the local struct \p V may point to.
  Origins fieldValue(const clang::VarDecl *V, const clang::FieldDecl *FD);
  /// Where the object \p V names lives (for a reference: its referent).
  Origins varAddress(const clang::VarDecl *V);
  /// What the function stores into memory that the pointer \p P (or the
  /// variable \p V) reaches: the stores through a pointer that may share
  /// storage with it (those of them that \p Seen accepts).
  using StoreFilter = llvm::function_ref<bool(const Store &)>;
  Origins storedBehind(const clang::Expr *P, StoreFilter Seen);
  Origins storedBehind(const clang::VarDecl *V, StoreFilter Seen);
  /// The heap a local object of class type owns (a std::vector, a
  /// std::string, ...): its elements are in this process's heap.
  bool ownsHeap(clang::QualType T) const;

private:
  friend class FactsCollector;
  Origins valueOf(const clang::Expr *LValue);
  Origins integerOrigins(const clang::Expr *L, const clang::Expr *R);
  Origins fromDefs(const clang::VarDecl *V, const std::vector<Def> &Defs,
                   llvm::StringRef Name);
  Origin storage(Origin::Kind K, std::string What, const clang::VarDecl *V,
                 clang::SourceLocation Loc, std::string Note,
                 const clang::Expr *Site = nullptr);
  using Keys = llvm::SmallPtrSet<const void *, 4>;
  /// What identifies the storage a pointer may point to: its variable and
  /// the storage of its origins.
  void addKeys(const clang::Expr *P, Keys &K);
  void addKeys(const clang::VarDecl *V, Keys &K);
  Origins storedBehind(const Keys &K, StoreFilter Seen);
  std::string owner() const;

  llvm::DenseMap<const clang::VarDecl *, std::vector<Def>> Defs;
  std::map<std::pair<const clang::VarDecl *, const clang::FieldDecl *>,
           std::vector<Def>>
      FieldDefs;
  std::vector<const clang::VarDecl *> Locals;
  llvm::DenseSet<const clang::VarDecl *> Escaping;
  llvm::DenseSet<const clang::VarDecl *> WholeAssigned;
  llvm::DenseMap<const clang::VarDecl *,
                 std::vector<const clang::DeclRefExpr *>>
      Uses;
  llvm::DenseSet<const clang::VarDecl *> Visiting;
  std::vector<Store> Stores;
  std::vector<Keys> StoreKeys; ///< of each store's Root, once asked
};

using ito::rootVar;
using ito::skipNoise;
using ito::varOf;
/// Where an access to memory starts: p in p->f, p->a[i].g, (*p).f, p[i];
/// s in s.q->f.
const clang::Expr *accessRoot(const clang::Expr *E);
/// Whether \p D is a call to the function named \p Name (in namespace std
/// when \p Std).
bool isCallTo(const clang::CallExpr *Call, llvm::StringRef Name,
              bool Std = false);

} // namespace ito::checks

#endif // ITO_CHECKS_VALUEORIGINS_H
