//===- ForkReach.cpp - What may reach what along control flow -------------===//
//
// Part of ito.
//
//===----------------------------------------------------------------------===//

#include "ForkReach.h"
#include "ito/Translate/TaskBlocks.h"
#include "clang/AST/ASTContext.h"
#include "clang/AST/ExprCXX.h"
#include "clang/AST/ParentMap.h"
#include "clang/AST/StmtCXX.h"
#include "clang/Analysis/CFG.h"
#include "clang/Basic/SourceManager.h"

using namespace clang;
using namespace ito;
using namespace ito::checks;
using llvm::BitVector;

namespace {

/// Marks \p S and what is under it (not lambda bodies: they are functions
/// of their own) as in task block \p B, and the variables declared there.
void assignBlock(const Stmt *S, const TaskBlock *B,
                 llvm::DenseMap<const Stmt *, const TaskBlock *> &Stmts,
                 llvm::DenseMap<const VarDecl *, const TaskBlock *> &Vars) {
  if (!S)
    return;
  Stmts[S] = B;
  if (isa<LambdaExpr>(S))
    return;
  if (const auto *DS = dyn_cast<DeclStmt>(S))
    for (const Decl *D : DS->decls())
      if (const auto *V = dyn_cast<VarDecl>(D))
        Vars[V] = B;
  for (const Stmt *Child : S->children())
    assignBlock(Child, B, Stmts, Vars);
}

} // namespace

ForkReach::ForkReach(ASTContext &Ctx, const FunctionDecl *Function,
                     const Stmt *Body, ArrayRef<const TaskBlock *> Blocks)
    : Ctx(Ctx), Body(Body) {
  CFG::BuildOptions Options;
  // Elements for what the checks locate (uses, declarations, spawns,
  // syncs, calls, assignments, lambdas), so that they are ordered within a
  // statement; the rest (casts, literals, ...) would only cost time.
  for (Stmt::StmtClass K :
       {Stmt::DeclRefExprClass, Stmt::DeclStmtClass, Stmt::CallExprClass,
        Stmt::CXXMemberCallExprClass, Stmt::CXXOperatorCallExprClass,
        Stmt::CXXConstructExprClass, Stmt::CXXTemporaryObjectExprClass,
        Stmt::UnaryOperatorClass, Stmt::BinaryOperatorClass,
        Stmt::CompoundAssignOperatorClass, Stmt::LambdaExprClass,
        Stmt::ReturnStmtClass})
    Options.setAlwaysAdd(K);
  Options.AddImplicitDtors = true;
  Graph = CFG::buildCFG(Function, const_cast<Stmt *>(Body), &Ctx, Options);
  if (!Graph) {
    // Declarations stand where they are in the source.
    std::vector<const Stmt *> Work{Body};
    while (!Work.empty()) {
      const Stmt *S = Work.back();
      Work.pop_back();
      if (const auto *DS = dyn_cast_or_null<DeclStmt>(S))
        for (const Decl *D : DS->decls())
          if (const auto *V = dyn_cast<VarDecl>(D))
            Declarations[V] = {~0u, 0, DS};
      if (S && !isa<LambdaExpr>(S))
        Work.insert(Work.end(), S->child_begin(), S->child_end());
    }
    return;
  }

  // The statements of nested task blocks (cilk_scope and cilk_for bodies);
  // the rest is in the body's own. Blocks come outer first, so an inner
  // block's statements end up marked with it.
  if (!Blocks.empty()) {
    Top = Blocks.front();
    for (const TaskBlock *B : Blocks.drop_front())
      assignBlock(B->Body, B, StmtBlocks, VarBlocks);
  }

  ElementBlocks.resize(Graph->getNumBlockIDs());
  for (const CFGBlock *B : *Graph) {
    unsigned Id = B->getBlockID();
    ElementBlocks[Id].resize(B->size());
    unsigned I = 0;
    for (const CFGElement &E : *B) {
      FlowPoint P{Id, I, nullptr};
      if (auto S = E.getAs<CFGStmt>()) {
        P.S = S->getStmt();
        Elements.try_emplace(S->getStmt(), P);
        if (const auto *DS = dyn_cast<DeclStmt>(S->getStmt()))
          for (const Decl *D : DS->decls())
            if (const auto *V = dyn_cast<VarDecl>(D))
              Declarations.try_emplace(V, P);
        if (Top) {
          const TaskBlock *T = StmtBlocks.lookup(S->getStmt());
          ElementBlocks[Id][I] = T ? T : Top;
        }
      } else if (auto D = E.getAs<CFGAutomaticObjDtor>()) {
        P.S = D->getTriggerStmt();
        Dtors[D->getVarDecl()].push_back(P);
      }
      I++;
    }
    // A loop's condition block branches into the body, or out of the loop.
    if (const Stmt *T = B->getTerminatorStmt();
        T && isa<ForStmt, CXXForRangeStmt, WhileStmt, DoStmt>(T) &&
        B->succ_size() == 2)
      if (const CFGBlock *Out = *(B->succ_begin() + 1))
        LoopExits[T].push_back({Id, B->size(), T, Out->getBlockID()});
  }
}

ForkReach::~ForkReach() = default;

const ParentMap &ForkReach::parents() const {
  if (!Parents)
    Parents = std::make_unique<ParentMap>(const_cast<Stmt *>(Body));
  return *Parents;
}

FlowPoint ForkReach::at(const Stmt *S) const {
  if (!Graph)
    return {~0u, 0, S};
  if (auto It = Elements.find(S); It != Elements.end())
    return It->second;
  for (S = parents().getParent(S); S; S = parents().getParent(S))
    if (auto It = Elements.find(S); It != Elements.end())
      return It->second;
  return {};
}

FlowPoint ForkReach::end(const Stmt *S) const {
  if (!Graph)
    return {~0u, 0, S};
  while (S) {
    if (auto It = Elements.find(S); It != Elements.end())
      return It->second;
    // The CFG sees through parentheses and __extension__ (a spawn).
    if (const auto *F = dyn_cast<FullExpr>(S))
      S = F->getSubExpr();
    else if (const auto *E = dyn_cast<Expr>(S); E && E->IgnoreParens() != E)
      S = E->IgnoreParens();
    else
      return {};
  }
  return {};
}

FlowPoint ForkReach::declaration(const VarDecl *V) const {
  return Declarations.lookup(V);
}

std::vector<FlowPoint> ForkReach::loopExits(const Stmt *Loop) const {
  if (!Graph)
    return {{~0u, 0, Loop}};
  auto It = LoopExits.find(Loop);
  if (It == LoopExits.end())
    return {};
  return It->second;
}

std::vector<FlowPoint> ForkReach::destructions(const VarDecl *V) const {
  if (!Graph) {
    // At the end of the block around the declaration.
    const Stmt *S = Declarations.lookup(V).S;
    while (S && !isa<CompoundStmt>(S))
      S = parents().getParent(S);
    return {{~0u, 0, S}};
  }
  auto It = Dtors.find(V);
  if (It == Dtors.end())
    return {};
  return It->second;
}

bool ForkReach::contains(const Stmt *Outer, const Stmt *Inner) const {
  for (; Inner; Inner = parents().getParent(Inner))
    if (Inner == Outer)
      return true;
  return false;
}

const Stmt *ForkReach::parent(const Stmt *S) const {
  return parents().getParent(S);
}

bool ForkReach::inChildOf(const Stmt *Use, const VarDecl *V) const {
  const TaskBlock *B = nullptr;
  for (const Stmt *S = Use; S && !B; S = parents().getParent(S))
    B = StmtBlocks.lookup(S);
  if (!B)
    B = Top;
  const TaskBlock *Own = VarBlocks.lookup(V);
  for (; B && B != Own; B = B->Parent)
    if (B->Kind == TaskBlockKind::ForBody)
      return true;
  return false;
}

ForkReach::Problem::Problem(const ForkReach &Flow, unsigned NumFacts)
    : Flow(Flow), NumFacts(NumFacts), Scopes(NumFacts, nullptr) {
  if (Flow.Graph) {
    Events.resize(Flow.Graph->getNumBlockIDs());
    EdgeGens.resize(Flow.Graph->getNumBlockIDs());
  }
}

void ForkReach::Problem::gen(FlowPoint P, unsigned Fact) {
  if (!Flow.Graph && P.S)
    InSource.push_back({P.S, false, true, Fact, Fact + 1});
  else if (Flow.Graph && P.Block != ~0u && P.To != ~0u)
    EdgeGens[P.Block].push_back({P.To, Fact});
  else if (Flow.Graph && P.Block != ~0u)
    Events[P.Block].push_back({P.Index, true, true, Fact, Fact + 1});
}

void ForkReach::Problem::kill(FlowPoint P, unsigned First, unsigned End,
                              bool Before) {
  if (!Flow.Graph && P.S)
    InSource.push_back({P.S, Before, false, First, End});
  else if (Flow.Graph && P.Block != ~0u && P.To == ~0u)
    Events[P.Block].push_back({P.Index, !Before, false, First, End});
}

void ForkReach::Problem::scope(unsigned Fact, const TaskBlock *B) {
  Scopes[Fact] = B;
}

const BitVector &ForkReach::Problem::aliveIn(const TaskBlock *B) const {
  auto [It, New] = Alive.try_emplace(B);
  if (New) {
    It->second.resize(NumFacts, true);
    for (unsigned F = 0; F < NumFacts; F++) {
      if (!Scopes[F])
        continue;
      const TaskBlock *T = B;
      while (T && T != Scopes[F])
        T = T->Parent;
      if (!T)
        It->second.reset(F);
    }
  }
  return It->second;
}

/// Runs the elements of \p Block before \p Stop (all: ~0u) over \p State,
/// and at \p Stop what happens before that element.
void ForkReach::Problem::apply(unsigned Block, BitVector &State,
                               unsigned Stop) const {
  const std::vector<Event> &Es = Events[Block];
  const std::vector<const TaskBlock *> &Tasks = Flow.ElementBlocks[Block];
  size_t E = 0;
  unsigned N = Stop == ~0u ? Tasks.size() : Stop + 1;
  const TaskBlock *In = nullptr;
  for (unsigned I = 0; I < N; I++) {
    if (Tasks[I] && Tasks[I] != In) {
      In = Tasks[I];
      State &= aliveIn(In);
    }
    for (; E < Es.size() && Es[E].Index == I; E++) {
      if (I == Stop && Es[E].After)
        continue;
      if (Es[E].Gen)
        State.set(Es[E].First, Es[E].End);
      else
        State.reset(Es[E].First, Es[E].End);
    }
  }
}

void ForkReach::Problem::solve() {
  if (!Flow.Graph)
    return;
  for (auto &Es : Events)
    llvm::stable_sort(Es, [](const Event &A, const Event &B) {
      return A.Index != B.Index ? A.Index < B.Index : !A.After && B.After;
    });
  const CFG &G = *Flow.Graph;
  In.assign(G.getNumBlockIDs(), BitVector(NumFacts));
  std::vector<BitVector> Out(G.getNumBlockIDs(), BitVector(NumFacts));
  // Only what control can reach from the entry: dead code generates
  // nothing.
  std::vector<bool> Queued(G.getNumBlockIDs(), false);
  std::vector<bool> Visited(G.getNumBlockIDs(), false);
  std::vector<const CFGBlock *> Work{&G.getEntry()};
  Queued[G.getEntry().getBlockID()] = true;
  while (!Work.empty()) {
    const CFGBlock *B = Work.back();
    Work.pop_back();
    unsigned Id = B->getBlockID();
    Queued[Id] = false;
    BitVector State = In[Id];
    apply(Id, State, ~0u);
    if (Visited[Id] && State == Out[Id])
      continue;
    Visited[Id] = true;
    Out[Id] = State;
    for (const CFGBlock *S : B->succs()) {
      if (!S)
        continue; // an edge that cannot be taken
      unsigned SId = S->getBlockID();
      BitVector Joined = In[SId];
      Joined |= State;
      for (const auto &[To, Fact] : EdgeGens[Id])
        if (To == SId)
          Joined.set(Fact);
      if (Joined == In[SId] && Visited[SId])
        continue;
      In[SId] = std::move(Joined);
      if (!Queued[SId]) {
        Queued[SId] = true;
        Work.push_back(S);
      }
    }
  }
}

BitVector ForkReach::Problem::before(FlowPoint P) const {
  if (!P.valid())
    return BitVector(NumFacts);
  if (!Flow.Graph) {
    if (!P.S)
      return BitVector(NumFacts);
    // Events in source order: what happens before P is in the state.
    const SourceManager &SM = Flow.Ctx.getSourceManager();
    auto Where = [](const SourceEvent &E) {
      return E.Before ? E.S->getBeginLoc() : E.S->getEndLoc();
    };
    std::vector<const SourceEvent *> Seen;
    for (const SourceEvent &E : InSource)
      if (SM.isBeforeInTranslationUnit(Where(E), P.S->getBeginLoc()) ||
          (E.Before && Where(E) == P.S->getBeginLoc()))
        Seen.push_back(&E);
    llvm::stable_sort(Seen, [&](const SourceEvent *A, const SourceEvent *B) {
      return SM.isBeforeInTranslationUnit(Where(*A), Where(*B));
    });
    BitVector State(NumFacts);
    for (const SourceEvent *E : Seen) {
      if (E->Gen)
        State.set(E->First, E->End);
      else
        State.reset(E->First, E->End);
    }
    return State;
  }
  if (P.Block == ~0u)
    return BitVector(NumFacts);
  if (P.To != ~0u)
    return In[P.To];
  BitVector State = In[P.Block];
  apply(P.Block, State, P.Index);
  return State;
}
