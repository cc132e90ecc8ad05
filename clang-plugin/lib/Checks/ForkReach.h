//===- ForkReach.h - What may reach what along control flow -----*- C++ -*-===//
//
// Part of ito.
//
//===----------------------------------------------------------------------===//
//
// The checks ask path questions: may this spawn reach that use with no sync
// between, may this fork come after the malloc whose pointer is used here,
// may this checkout still be open at that fork. ForkReach answers them over
// the body's clang::CFG with a forward "may" dataflow: facts are generated
// and killed at points of the CFG and merged by union where paths join, so
// exclusive branches, loops, early exits and gotos are followed as they run.
//
// The task blocks of the body (its cilk_scope and cilk_for bodies) are
// known to the analysis: a fact scoped to a task block dies where control
// leaves that block, which is where the block's implicit sync runs.
//
// Should clang fail to build a CFG for a body, the order of the source
// stands in for control flow: a fact holds where the last event before it
// (in the source) generates it. Task-block scopes are ignored, so the
// answer errs toward "may".
//
//===----------------------------------------------------------------------===//

#ifndef ITO_CHECKS_FORKREACH_H
#define ITO_CHECKS_FORKREACH_H

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/BitVector.h"
#include "llvm/ADT/DenseMap.h"
#include <memory>
#include <vector>

namespace clang {
class ASTContext;
class CFG;
class FunctionDecl;
class ParentMap;
class Stmt;
class VarDecl;
} // namespace clang

namespace ito {
struct TaskBlock;
} // namespace ito

namespace ito::checks {

/// A point of a body's control flow: element Index of CFG block Block, and
/// the statement there; or, with To, the edge from Block to block To.
struct FlowPoint {
  unsigned Block = ~0u;
  unsigned Index = 0;
  const clang::Stmt *S = nullptr;
  unsigned To = ~0u;
  bool valid() const { return Block != ~0u || S; }
};

/// The control flow of one function or lambda body.
class ForkReach {
public:
  /// \p Blocks: the task blocks of the body, if it uses Cilk.
  ForkReach(clang::ASTContext &Ctx, const clang::FunctionDecl *Function,
            const clang::Stmt *Body, llvm::ArrayRef<const TaskBlock *> Blocks);
  ~ForkReach();

  /// Where \p S is evaluated: its own element, or that of the nearest
  /// expression around it that has one (a use inside a lambda body is at
  /// the lambda). Invalid if \p S is not in reachable code.
  FlowPoint at(const clang::Stmt *S) const;
  /// Where the statement \p S itself completes (looking through the
  /// full-expression around an expression statement); invalid if it is not
  /// an element of the CFG.
  FlowPoint end(const clang::Stmt *S) const;
  /// Where \p V is declared (each time control passes its declaration, it
  /// is a new object).
  FlowPoint declaration(const clang::VarDecl *V) const;
  /// Where a loop is left: the edges from its condition out of it.
  std::vector<FlowPoint> loopExits(const clang::Stmt *Loop) const;
  /// Where an automatic object is destroyed, on each way out of its scope.
  std::vector<FlowPoint> destructions(const clang::VarDecl *V) const;
  /// Whether \p Inner is \p Outer or inside it (both in this body).
  bool contains(const clang::Stmt *Outer, const clang::Stmt *Inner) const;
  /// The statement or expression around \p S.
  const clang::Stmt *parent(const clang::Stmt *S) const;
  /// Whether \p Use is in a cilk_for body that \p V is declared outside of:
  /// a child's use of its parent's variable.
  bool inChildOf(const clang::Stmt *Use, const clang::VarDecl *V) const;

  /// A forward may-analysis over the body's facts 0..N-1.
  class Problem {
  public:
    Problem(const ForkReach &Flow, unsigned NumFacts);

    /// \p Fact holds after the element (or on the edge) at \p P.
    void gen(FlowPoint P, unsigned Fact);
    /// Facts [First, End) stop holding after the element at \p P, or
    /// (Before) before it.
    void kill(FlowPoint P, unsigned First, unsigned End, bool Before = false);
    /// \p Fact holds only inside task block \p B (and blocks nested in it):
    /// leaving \p B syncs it.
    void scope(unsigned Fact, const TaskBlock *B);

    /// Propagates the facts to a fixed point.
    void solve();
    /// The facts that may hold just before the element at \p P.
    llvm::BitVector before(FlowPoint P) const;

  private:
    struct Event {
      unsigned Index;
      bool After;
      bool Gen;
      unsigned First, End;
    };
    void apply(unsigned Block, llvm::BitVector &State, unsigned Stop) const;
    const llvm::BitVector &aliveIn(const TaskBlock *B) const;

    const ForkReach &Flow;
    unsigned NumFacts;
    std::vector<std::vector<Event>> Events; // per CFG block, by index
    std::vector<std::vector<std::pair<unsigned, unsigned>>>
        EdgeGens; // To, Fact
    struct SourceEvent {
      const clang::Stmt *S;
      bool Before, Gen;
      unsigned First, End;
    };
    std::vector<SourceEvent> InSource;     // without a CFG
    std::vector<const TaskBlock *> Scopes; // per fact
    std::vector<llvm::BitVector> In;
    mutable llvm::DenseMap<const TaskBlock *, llvm::BitVector> Alive;
  };

private:
  /// Built when first needed: most questions are about CFG elements.
  const clang::ParentMap &parents() const;

  clang::ASTContext &Ctx;
  const clang::Stmt *Body;
  std::unique_ptr<clang::CFG> Graph;
  mutable std::unique_ptr<clang::ParentMap> Parents;
  /// The body's own task block (null if it does not use Cilk).
  const TaskBlock *Top = nullptr;
  llvm::DenseMap<const clang::Stmt *, FlowPoint> Elements;
  llvm::DenseMap<const clang::Stmt *, std::vector<FlowPoint>> LoopExits;
  llvm::DenseMap<const clang::VarDecl *, std::vector<FlowPoint>> Dtors;
  llvm::DenseMap<const clang::VarDecl *, FlowPoint> Declarations;
  /// The task block of each element; null outside any (or not a statement).
  std::vector<std::vector<const TaskBlock *>> ElementBlocks;
  /// The innermost task block of each statement in a nested task block
  /// (outside lambda bodies), and of each local variable declared there.
  llvm::DenseMap<const clang::Stmt *, const TaskBlock *> StmtBlocks;
  llvm::DenseMap<const clang::VarDecl *, const TaskBlock *> VarBlocks;
};

} // namespace ito::checks

#endif // ITO_CHECKS_FORKREACH_H
