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
#include "clang/Analysis/CFG.h"
#include "clang/Basic/SourceManager.h"

using namespace clang;
using namespace ito;
using namespace ito::checks;
using llvm::BitVector;

namespace {

/// The innermost task block of every statement of a body, and of every
/// variable it declares, walked from the top (lambda bodies are functions
/// of their own).
void assignBlocks(const Stmt *S, const TaskBlock *Current,
                  const llvm::DenseMap<const Stmt *, const TaskBlock *> &Roots,
                  llvm::DenseMap<const Stmt *, const TaskBlock *> &Out,
                  llvm::DenseMap<const VarDecl *, const TaskBlock *> &Vars) {
  if (!S)
    return;
  if (const TaskBlock *B = Roots.lookup(S))
    Current = B;
  Out[S] = Current;
  if (isa<LambdaExpr>(S))
    return;
  if (const auto *DS = dyn_cast<DeclStmt>(S))
    for (const Decl *D : DS->decls())
      if (const auto *V = dyn_cast<VarDecl>(D))
        Vars[V] = Current;
  for (const Stmt *Child : S->children())
    assignBlocks(Child, Current, Roots, Out, Vars);
}

} // namespace

ForkReach::ForkReach(ASTContext &Ctx, const FunctionDecl *Function,
                     const Stmt *Body, ArrayRef<const TaskBlock *> Blocks)
    : Ctx(Ctx) {
  CFG::BuildOptions Options;
  Options.setAllAlwaysAdd();
  Options.AddImplicitDtors = true;
  Options.AddLoopExit = true;
  Graph = CFG::buildCFG(Function, const_cast<Stmt *>(Body), &Ctx, Options);
  Parents = std::make_unique<ParentMap>(const_cast<Stmt *>(Body));
  if (!Graph)
    return;

  llvm::DenseMap<const Stmt *, const TaskBlock *> Roots;
  for (const TaskBlock *B : Blocks)
    Roots[B->Body] = B;
  if (!Blocks.empty())
    assignBlocks(Body, Blocks.front(), Roots, StmtBlocks, VarBlocks);

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
        ElementBlocks[Id][I] = StmtBlocks.lookup(S->getStmt());
      } else if (auto L = E.getAs<CFGLoopExit>()) {
        P.S = L->getLoopStmt();
        LoopExits[L->getLoopStmt()].push_back(P);
      } else if (auto D = E.getAs<CFGAutomaticObjDtor>()) {
        P.S = D->getTriggerStmt();
        Dtors[D->getVarDecl()].push_back(P);
      }
      I++;
    }
  }
}

ForkReach::~ForkReach() = default;

FlowPoint ForkReach::at(const Stmt *S) const {
  if (!Graph)
    return {~0u, 0, S};
  for (; S; S = Parents->getParent(S))
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
    if (const auto *F = dyn_cast<FullExpr>(S))
      S = F->getSubExpr();
    else if (const auto *P = dyn_cast<ParenExpr>(S))
      S = P->getSubExpr();
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
  auto It = Dtors.find(V);
  if (It == Dtors.end())
    return {};
  return It->second;
}

bool ForkReach::contains(const Stmt *Outer, const Stmt *Inner) const {
  for (; Inner; Inner = Parents->getParent(Inner))
    if (Inner == Outer)
      return true;
  return false;
}

const Stmt *ForkReach::parent(const Stmt *S) const {
  return Parents->getParent(S);
}

bool ForkReach::inChildOf(const Stmt *Use, const VarDecl *V) const {
  const TaskBlock *B = nullptr;
  for (const Stmt *S = Use; S && !B; S = Parents->getParent(S))
    B = StmtBlocks.lookup(S);
  const TaskBlock *Own = VarBlocks.lookup(V);
  for (; B && B != Own; B = B->Parent)
    if (B->Kind == TaskBlockKind::ForBody)
      return true;
  return false;
}

ForkReach::Problem::Problem(const ForkReach &Flow, unsigned NumFacts)
    : Flow(Flow), NumFacts(NumFacts), Scopes(NumFacts, nullptr) {
  if (Flow.Graph)
    Events.resize(Flow.Graph->getNumBlockIDs());
}

void ForkReach::Problem::gen(FlowPoint P, unsigned Fact) {
  if (!Flow.Graph && P.S)
    Gens.push_back({P, Fact});
  else if (Flow.Graph && P.Block != ~0u)
    Events[P.Block].push_back({P.Index, true, true, Fact, Fact + 1});
}

void ForkReach::Problem::kill(FlowPoint P, unsigned First, unsigned End,
                              bool Before) {
  if (Flow.Graph && P.Block != ~0u)
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
  for (unsigned I = 0; I < N; I++) {
    if (Tasks[I])
      State &= aliveIn(Tasks[I]);
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
    const SourceManager &SM = Flow.Ctx.getSourceManager();
    BitVector State(NumFacts);
    for (const auto &[G, Fact] : Gens)
      if (SM.isBeforeInTranslationUnit(G.S->getEndLoc(), P.S->getBeginLoc()))
        State.set(Fact);
    return State;
  }
  if (P.Block == ~0u)
    return BitVector(NumFacts);
  BitVector State = In[P.Block];
  apply(P.Block, State, P.Index);
  return State;
}
