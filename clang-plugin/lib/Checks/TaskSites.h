//===- TaskSites.h - Where tasks start, and where they may move -*- C++ -*-===//
//
// Part of ito.
//
//===----------------------------------------------------------------------===//
//
// The places the checks look at: where a parent hands values to a child
// (a cilk_spawn, a cilk_for body, a callable given to libito's fork,
// async, parallel_invoke, ...), where a task may continue in another
// process afterwards (a spawn, a sync, a cilk_for, a join, a call to a
// function that does one of these), and which code runs inside tasks.
//
//===----------------------------------------------------------------------===//

#ifndef ITO_CHECKS_TASKSITES_H
#define ITO_CHECKS_TASKSITES_H

#include "ForkReach.h"
#include "ValueOrigins.h"
#include "ito/Translate/TaskBlocks.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/DenseSet.h"
#include "llvm/ADT/SetVector.h"
#include <memory>
#include <string>
#include <vector>

namespace ito::checks {

/// A function body: a function's, or a lambda's (then Function is its
/// operator()).
struct Body {
  const clang::FunctionDecl *Function = nullptr;
  const clang::Stmt *Stmt = nullptr;
};

/// Where a parent hands values to a child task.
struct TaskEdge {
  enum Kind { Spawn, CilkForBody, ApiCall } K;
  Body Parent;
  clang::SourceLocation Loc;
  const SpawnSite *Site = nullptr;       ///< Spawn
  const CilkFor *For = nullptr;          ///< CilkForBody
  const clang::Expr *Call = nullptr;     ///< ApiCall: the call or construction
  std::vector<const clang::Expr *> Args; ///< ApiCall: what the child gets
  std::string What;                      ///< "spawned task", "task", ...
  /// Spawn: the spawned call; in a template instantiation, the
  /// instantiated one (Site describes the template's).
  const clang::CallExpr *SpawnCall = nullptr;
  /// The template instantiation the edge is in, if any.
  const clang::FunctionDecl *Instantiation = nullptr;
};

/// A lambda that runs as a child task (spawned, handed to libito, or
/// passed to a spawned call), and the parent that creates it.
struct TaskLambda {
  const clang::LambdaExpr *Lambda;
  Body Parent;
  std::string Who; ///< "spawned task", "task", ...
};

/// A point after which the task may be running in another process.
struct MigrationPoint {
  clang::SourceRange Range;
  std::string What; ///< "this cilk_sync", "this call to 'sort', which forks"
  /// The spawn statement, sync, call or cilk_for loop.
  const clang::Stmt *Node = nullptr;
  /// Node is a cilk_for: its body is the children's, and the parent may go
  /// on elsewhere once the loop is left.
  bool Loop = false;
};

/// Where control enters the cilk_for \p Loop, before any iteration (\p Each:
/// before each one, at its condition).
FlowPoint loopEntry(const ForkReach &Flow, const clang::Stmt *Loop,
                    bool Each = false);
/// Where control reaches \p P (the task is still where it was), and where
/// it goes on after \p P (and may be in another process).
FlowPoint reachedAt(const ForkReach &Flow, const MigrationPoint &P);
std::vector<FlowPoint> leftAt(const ForkReach &Flow, const MigrationPoint &P);

class TaskSites {
public:
  /// \p Promote: the translation moves locals off the stack
  /// (StackPromotion.h).
  TaskSites(clang::ASTContext &Ctx, const TranslationPlan &Plan,
            bool Promote = true);
  ~TaskSites();

  clang::ASTContext &Ctx;
  const TranslationPlan &Plan;
  std::vector<TaskEdge> Edges;
  std::vector<TaskLambda> Lambdas;
  /// Bodies with migration points, and those points in source order.
  std::vector<std::pair<Body, std::vector<MigrationPoint>>> Points;
  /// Bodies of code that runs inside tasks.
  std::vector<Body> TaskCode;

  /// Whether \p B is in TaskCode.
  bool isTaskCode(const Body &B) const { return TaskStmts.count(B.Stmt); }
  /// The facts of \p B, computed once.
  FunctionFacts &facts(const Body &B);
  /// The control flow of \p B, built once.
  ForkReach &flow(const Body &B);
  /// Whether the child that \p E starts (null: one that starts where the
  /// analysis does not follow) may see what body \p B stores at \p Store:
  /// some path leads from the store to the child's start, or from the start
  /// to the store with no sync of the child on the way.
  bool mayBeSeenBy(const Body &B, const clang::Stmt *Store, const TaskEdge *E);
  /// The body a task block of the plan belongs to.
  Body bodyOf(const TaskBlock *Block) const;
  /// Whether the translation moves \p V off the stack, to memory every
  /// process reaches.
  bool promoted(const clang::VarDecl *V) const { return Promotion.promoted(V); }
  /// What the translation moves off the stack.
  const PromotionPlan &promotion() const { return Promotion; }

private:
  void addInstantiatedSpawns();

  /// What the translation moves off the stack (not the stack's, then).
  PromotionPlan Promotion;
  llvm::DenseMap<const clang::Stmt *, std::unique_ptr<FunctionFacts>> Facts;
  llvm::DenseMap<const clang::Stmt *, std::unique_ptr<ForkReach>> Flows;
  struct ChildOrder;
  llvm::DenseMap<const clang::Stmt *, std::unique_ptr<ChildOrder>> Orders;
  llvm::DenseMap<const TaskBlock *, Body> BlockBodies;
  llvm::DenseSet<const clang::Stmt *> TaskStmts;
};

/// Whether \p D is declared in namespace ito (or one nested in it).
bool inIto(const clang::Decl *D);
/// Whether \p FD is libito's function \p Name: in namespace ito, or a C
/// function ito_... at file scope.
bool isItoFunction(const clang::FunctionDecl *FD, llvm::StringRef Name);

/// Whether \p E calls or constructs one of libito's task-creating entry
/// points (ito::thread, fork, async, parallel_invoke, ito_fork, ...); if so
/// sets \p Args to what the children get.
bool isTaskApiCall(const clang::Expr *E,
                   std::vector<const clang::Expr *> &Args);
/// The lambda \p E is or copies: a lambda expression, or a local variable
/// initialized with one.
const clang::LambdaExpr *lambdaOf(const clang::Expr *E);
/// Whether \p E joins a child through libito (join, get, ito_join).
bool isJoinApiCall(const clang::Expr *E);

} // namespace ito::checks

#endif // ITO_CHECKS_TASKSITES_H
