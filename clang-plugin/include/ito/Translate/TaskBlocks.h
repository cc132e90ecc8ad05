//===- TaskBlocks.h - The task structure of Cilk functions ------*- C++ -*-===//
//
// Part of ito.
//
//===----------------------------------------------------------------------===//
//
// Works out, for every function that uses Cilk, what the translation needs:
// its task blocks (the function body, each cilk_scope body, each cilk_for
// body), the spawns of each block and their form, the syncs, the exits that
// leave blocks with spawns (return, break, continue: each needs an implicit
// sync), and the cilk_for loops with their grain sizes. Reports as errors
// the uses that OpenCilk rejects: a spawn anywhere but as a statement, the
// right side of an assignment statement or a variable's initializer; a sync
// that is not a statement; break, goto or return out of a cilk_for body.
//
//===----------------------------------------------------------------------===//

#ifndef ITO_TRANSLATE_TASKBLOCKS_H
#define ITO_TRANSLATE_TASKBLOCKS_H

#include "ito/Translate/CilkConstructs.h"
#include "ito/Translate/CilkPragmas.h"
#include "llvm/ADT/ArrayRef.h"
#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace clang {
class ASTContext;
class CallExpr;
class CompoundStmt;
class Decl;
class Expr;
class ForStmt;
class CXXForRangeStmt;
class FunctionDecl;
class IfStmt;
class Stmt;
class UnaryOperator;
class VarDecl;
} // namespace clang

namespace ito {

struct TaskBlock;

/// Where a spawn stands.
enum class SpawnForm {
  Statement, ///< cilk_spawn f(...);            (the value, if any, is dropped)
  Assign,    ///< lhs = cilk_spawn f(...);      (lhs is the receiver)
  Init,      ///< T v = cilk_spawn f(...);      (v is the receiver)
};

struct SpawnSite {
  unsigned Id = 0; ///< 1, 2, ... over the translation unit
  /// What names the code generated for it: see CilkFor::Tag.
  std::string Tag;
  const CilkConstruct *Construct = nullptr;
  const clang::CallExpr *Call = nullptr;  ///< the spawned call
  const clang::Stmt *Statement = nullptr; ///< the whole statement
  SpawnForm Form = SpawnForm::Statement;
  const clang::Expr *Receiver = nullptr; ///< Assign: the assigned lvalue
  const clang::VarDecl *Var = nullptr;   ///< Init: the declared variable
  TaskBlock *Block = nullptr;
  /// The site may run more than once before its block syncs (it is in a
  /// loop inside the block), so one state object does not do.
  bool InLoop = false;
  /// Init form, declared right in the task block's braces: the variable is
  /// in scope wherever the block syncs.
  bool VarInBlockScope = false;
};

enum class TaskBlockKind { Function, Scope, ForBody };

struct CilkFor;

struct TaskBlock {
  TaskBlockKind Kind = TaskBlockKind::Function;
  /// The block's statement: a CompoundStmt, except that a cilk_for body may
  /// be a single statement.
  const clang::Stmt *Body = nullptr;
  /// The enclosing task block in the same function; null for the body.
  TaskBlock *Parent = nullptr;
  /// The cilk_scope (IfStmt) or cilk_for of a Scope or ForBody block.
  const CilkConstruct *Construct = nullptr;
  std::vector<SpawnSite *> Spawns;
  bool hasSpawns() const { return !Spawns.empty(); }
};

struct SyncPoint {
  const CilkConstruct *Construct = nullptr;
  TaskBlock *Block = nullptr;
};

/// A return, break or continue that leaves task blocks with spawns: they
/// sync, innermost first, before it jumps.
struct ExitPoint {
  const clang::Stmt *Jump = nullptr;
  std::vector<TaskBlock *> Blocks;
  /// The jump is inside a loop of its function: a spawn after it in the
  /// source may have run before it.
  bool InLoop = false;
};

struct CilkFor {
  unsigned Id = 0;
  /// What names the code generated for it: its number among the sites of
  /// its kind in its file, "3", and in a header also the header's name and
  /// a hash of its text, "_work_h_5e1f0a_3", so that every translation unit
  /// that includes the header translates it the same way, and the names
  /// stay apart from those of the main file and other headers.
  std::string Tag;
  const CilkConstruct *Construct = nullptr;
  const clang::ForStmt *For = nullptr; ///< or, in C++:
  const clang::CXXForRangeStmt *RangeFor = nullptr;
  TaskBlock *Body = nullptr;
  /// The grain size expression of a `#pragma cilk grainsize` before it,
  /// and where that pragma is.
  std::optional<std::string> Grainsize;
  clang::SourceLocation GrainsizeLoc;
};

/// One function (or lambda body) that uses Cilk.
struct CilkFunction {
  const clang::Decl *Decl = nullptr; ///< FunctionDecl, or a lambda's class
  const clang::FunctionDecl *Function = nullptr; ///< its operator() if lambda
  const clang::Stmt *Body = nullptr;
  bool IsLambda = false;
  std::vector<std::unique_ptr<TaskBlock>> Blocks; ///< [0] is the body
};

struct TranslationPlan {
  std::vector<std::unique_ptr<CilkFunction>> Functions;
  std::vector<std::unique_ptr<SpawnSite>> Spawns;
  std::vector<SyncPoint> Syncs;
  std::vector<ExitPoint> Exits;
  std::vector<std::unique_ptr<CilkFor>> Fors;
  std::vector<const CilkConstruct *> Scopes;
};

/// Plans the translation of \p Constructs (as found by
/// collectCilkConstructs). Reports ill-formed uses through the
/// DiagnosticsEngine of \p Ctx; the caller checks it for errors.
TranslationPlan planTranslation(clang::ASTContext &Ctx,
                                llvm::ArrayRef<CilkConstruct> Constructs,
                                llvm::ArrayRef<GrainsizePragma> Pragmas);

} // namespace ito

#endif // ITO_TRANSLATE_TASKBLOCKS_H
