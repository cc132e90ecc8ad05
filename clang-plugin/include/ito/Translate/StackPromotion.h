//===- StackPromotion.h - Stack data moved to global memory -----*- C++ -*-===//
//
// Part of ito.
//
//===----------------------------------------------------------------------===//
//
// In a function that may fork (it has Cilk code, or calls what may: see
// ForkingFunctions.h), the locals whose address can reach a child and its
// alloca'd memory are placed in the program's heap, which every process
// reaches, instead of on the stack, which only the process running the
// frame does: the translator promotes them, freed when their scope ends
// (or, for alloca, when the function returns). Reaching a child: arrays,
// variables whose address is taken, variables a cilk_for body writes or
// uses other than by reading their value, and in C++ what is bound to a
// reference (a reference parameter of a callee that may fork or is
// spawned, the object of such a member call, a capture by reference, a
// reference variable). Left on the stack, and reported by the checks if a
// child can reach them: parameters of constructors or of functions with
// variably modified parameter types, `register` variables, in C locals that
// a macro's body names where the name is spelled otherwise too, or
// declared where a label after them could jump
// over their initialization, and in C++ variable-length arrays and types
// the declaration cannot spell (lambdas, undeduced `auto`).
//
//===----------------------------------------------------------------------===//

#ifndef ITO_TRANSLATE_STACKPROMOTION_H
#define ITO_TRANSLATE_STACKPROMOTION_H

#include "clang/AST/Type.h"
#include "clang/Basic/SourceLocation.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/DenseSet.h"
#include "llvm/ADT/SmallVector.h"
#include <optional>
#include <string>
#include <vector>

namespace clang {
class ASTContext;
class CallExpr;
class CompoundLiteralExpr;
class CompoundStmt;
class CXXForRangeStmt;
class DeclRefExpr;
class DeclStmt;
class ParmVarDecl;
class FunctionDecl;
class Stmt;
class VarDecl;
} // namespace clang

namespace ito {

struct TranslationPlan;

struct PromotionPlan {
  /// The promoted locals, each with every use of it.
  llvm::DenseMap<const clang::VarDecl *,
                 llvm::SmallVector<const clang::DeclRefExpr *, 4>>
      Vars;
  /// The declaration of each promoted local (it may declare others too).
  llvm::DenseMap<const clang::VarDecl *, const clang::DeclStmt *> Decls;
  /// Declarations that a for, if or switch statement starts with: the
  /// statement is wrapped in a block that declares them first.
  llvm::DenseMap<const clang::DeclStmt *, const clang::Stmt *> Hoisted;
  /// A range-based for's variable (C++): the loop binds a reference, and a
  /// block around the body declares the variable.
  llvm::DenseMap<const clang::DeclStmt *, const clang::CXXForRangeStmt *>
      RangeVars;
  /// cilk_for variables (C++), promoted in each iteration's task (no entry
  /// in Decls).
  llvm::DenseSet<const clang::VarDecl *> LoopVars;
  /// C++: promoted locals of a type no declaration names (a lambda's
  /// closure), moved in from their `= value`.
  llvm::DenseSet<const clang::VarDecl *> Emplaced;
  /// C++: references that extend a temporary's life, and its type: the
  /// temporary is promoted, the reference bound to it.
  llvm::DenseMap<const clang::VarDecl *, clang::QualType> Extended;
  /// Promoted locals that a macro declares (C): the declaration stays, and
  /// a copy of the variable made right after it is promoted.
  llvm::DenseSet<const clang::VarDecl *> Copied;
  /// C: promoted locals that macros of the program name in their bodies:
  /// the name is a macro for the promoted storage until the end of its
  /// block (at this `}`), and in the cilk_for bodies that use it.
  llvm::DenseMap<const clang::VarDecl *, clang::SourceLocation> NamedByMacro;
  /// C++: each `decltype(v)` of a promoted local v that names no
  /// reference: v becomes a reference to its storage, and decltype would
  /// say so.
  llvm::DenseMap<const clang::VarDecl *,
                 llvm::SmallVector<clang::SourceRange, 1>>
      Decltypes;
  /// C++: `return v;` of a promoted local or parameter v (or a variable a
  /// spawn assigns), which C++ moves from (or constructs in place): v is a
  /// reference now, which it would copy.
  llvm::DenseMap<const clang::VarDecl *,
                 llvm::SmallVector<const clang::DeclRefExpr *, 1>>
      Returned;
  /// Promoted parameters, each with its function: the parameter is renamed
  /// and a local of its name, initialized from it, is promoted instead.
  llvm::DenseMap<const clang::ParmVarDecl *, const clang::FunctionDecl *>
      Params;
  /// A promoted constructor parameter's uses in the member initializers,
  /// which run before the body and read the renamed parameter.
  llvm::DenseMap<const clang::ParmVarDecl *,
                 llvm::SmallVector<const clang::DeclRefExpr *, 2>>
      InitializerUses;
  /// Why each promoted variable is: where a child may reach it, and how.
  struct Reason {
    clang::SourceLocation Loc;
    std::string Text;
  };
  llvm::DenseMap<const clang::VarDecl *, Reason> Why;
  /// Locals whose address a function that may fork gets (a call, not a
  /// spawn: the checks do not follow its tasks) and that stay on the stack:
  /// where, and why they cannot move. For the checks to report.
  struct Unmovable {
    Reason Where;
    std::string WhyNot;
  };
  llvm::DenseMap<const clang::VarDecl *, Unmovable> Unmoved;
  /// Temporaries that a call which may fork takes by reference (a lambda
  /// into a `const F &`): made in the heap for the call, by where they are
  /// written.
  llvm::DenseMap<unsigned, clang::SourceRange> Temporaries;
  /// alloca calls whose memory goes to the heap, and the function of each.
  llvm::DenseMap<const clang::CallExpr *, const clang::FunctionDecl *> Allocas;

  /// C: compound literals whose address may reach a child, each with the
  /// block that holds its storage (as long as the literal lives).
  llvm::DenseMap<const clang::CompoundLiteralExpr *,
                 const clang::CompoundStmt *>
      Literals;
  /// Compound literals whose address a function that may fork gets and
  /// that stay on the stack. For the checks to report.
  std::vector<std::pair<const clang::CompoundLiteralExpr *, Unmovable>>
      UnmovedLiterals;

  /// Where the promoted locals are declared: a template's instantiations
  /// have locals of their own, rewritten with the template.
  llvm::DenseSet<unsigned> VarLocations;

  bool promoted(const clang::VarDecl *V) const;
  bool promoted(const clang::CallExpr *C) const { return Allocas.count(C); }
  bool promoted(const clang::CompoundLiteralExpr *L) const {
    return Literals.count(L);
  }
};

class ForkingFunctions;

/// Plans the promotion over \p Forking, the translation unit's call graph
/// (built here if not given). Without \p Move (-fno-ito-promote) nothing
/// moves, and only Unmoved is filled.
PromotionPlan planPromotion(clang::ASTContext &Ctx, const TranslationPlan &Plan,
                            bool Move = true);
PromotionPlan planPromotion(clang::ASTContext &Ctx, const TranslationPlan &Plan,
                            const ForkingFunctions &Forking, bool Move = true);

/// Where the initializer of a local is in its declaration, as written after
/// the declarator: " = x", "(a, b)" or "{a, b}"; an invalid range if it has
/// none; none if something else follows the declarator (an attribute).
std::optional<clang::CharSourceRange>
writtenInitializer(const clang::VarDecl *V, const clang::ASTContext &Ctx);

/// An alloca call (alloca, __builtin_alloca and its variants).
bool isAllocaCall(const clang::CallExpr *C);

} // namespace ito

#endif
