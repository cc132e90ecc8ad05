//===- GlobalAtomics.cpp - Atomic instructions as libito calls -----------===//
//
// Part of ito.
//
//===----------------------------------------------------------------------===//
//
// An LLVM pass plugin (clang -fpass-plugin=ito-passes.so, which ito-cc
// adds when it compiles): every atomic instruction of the program is kept
// for a job on one node and becomes a call into libito for a job on several
// (a branch on __ito_atomics_between_nodes), which does it at the memory's
// home process (runtime/src/api/c_atomics.cpp).
// Between nodes global memory is coherent at fences only, so an atomic
// instruction on this process's cached copy would be atomic on that copy
// alone; at the IR level every spelling (the __atomic, __c11_atomic and
// __sync builtins, _Atomic, <stdatomic.h>, std::atomic and std::atomic_ref
// whose members are inline in libstdc++'s headers) is one of five
// instructions, so one pass covers them all.
// Volatile loads and stores too, as relaxed atomics: a loop that waits for
// a volatile flag (`while (lock) ;` of a test-and-test-and-set lock) would
// read a cached copy that no fence refreshes, and never see the change.
//
// Left as they are: atomics on the stack of the function (an alloca, which
// no other process can reach), of other address spaces, wider than 8 bytes
// or of types other than integers, pointers, float and double; the guard
// variables of C++ static locals (`_ZGV...`: read on every call of such a
// function, and initialized by the serial part of a program as a rule); and
// libito's own inline code (functions named ito_* or ito::*).
//
// It runs at the start of the pipeline, before inlining, at every -O level.
//
//===----------------------------------------------------------------------===//

#include "Passes.h"

#include "llvm/Analysis/ValueTracking.h"
#include "llvm/IR/IRBuilder.h"
#include "llvm/IR/InstIterator.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/MDBuilder.h"
#include "llvm/IR/Module.h"
#include "llvm/IR/PassManager.h"
#include "llvm/Transforms/Utils/BasicBlockUtils.h"

using namespace llvm;
using ito::isRuntimeFunction;

namespace {

// The runtime's encoding (runtime/src/memory/atomic_ops.hpp).
enum RuntimeOp : uint32_t {
  OpXchg,
  OpAdd,
  OpSub,
  OpAnd,
  OpNand,
  OpOr,
  OpXor,
  OpMax,
  OpMin,
  OpUMax,
  OpUMin,
  OpFAdd,
  OpFSub,
  OpFMax,
  OpFMin,
  OpUIncWrap,
  OpUDecWrap,
};
enum : uint32_t { OrderAcquire = 1, OrderRelease = 2 };

std::optional<uint32_t> runtimeOp(AtomicRMWInst::BinOp Op) {
  switch (Op) {
  case AtomicRMWInst::Xchg:
    return OpXchg;
  case AtomicRMWInst::Add:
    return OpAdd;
  case AtomicRMWInst::Sub:
    return OpSub;
  case AtomicRMWInst::And:
    return OpAnd;
  case AtomicRMWInst::Nand:
    return OpNand;
  case AtomicRMWInst::Or:
    return OpOr;
  case AtomicRMWInst::Xor:
    return OpXor;
  case AtomicRMWInst::Max:
    return OpMax;
  case AtomicRMWInst::Min:
    return OpMin;
  case AtomicRMWInst::UMax:
    return OpUMax;
  case AtomicRMWInst::UMin:
    return OpUMin;
  case AtomicRMWInst::FAdd:
    return OpFAdd;
  case AtomicRMWInst::FSub:
    return OpFSub;
  case AtomicRMWInst::FMax:
    return OpFMax;
  case AtomicRMWInst::FMin:
    return OpFMin;
  case AtomicRMWInst::UIncWrap:
    return OpUIncWrap;
  case AtomicRMWInst::UDecWrap:
    return OpUDecWrap;
  default:
    return std::nullopt;
  }
}

uint32_t runtimeOrder(AtomicOrdering O) {
  switch (O) {
  case AtomicOrdering::Acquire:
    return OrderAcquire;
  case AtomicOrdering::Release:
    return OrderRelease;
  case AtomicOrdering::AcquireRelease:
  case AtomicOrdering::SequentiallyConsistent:
    return OrderAcquire | OrderRelease;
  default:
    return 0;
  }
}

class GlobalAtomics {
public:
  explicit GlobalAtomics(Module &M)
      : M(M), Ctx(M.getContext()), I64(Type::getInt64Ty(Ctx)),
        I32(Type::getInt32Ty(Ctx)), Ptr(PointerType::get(Ctx, 0)) {}

  bool run() {
    SmallVector<Instruction *, 16> Work;
    for (Function &F : M) {
      if (F.isDeclaration() || isRuntimeFunction(F))
        continue;
      for (Instruction &I : instructions(F))
        if (isa<AtomicRMWInst, AtomicCmpXchgInst, FenceInst>(I) ||
            (isa<LoadInst>(I) && (cast<LoadInst>(I).isAtomic() ||
                                  cast<LoadInst>(I).isVolatile())) ||
            (isa<StoreInst>(I) && (cast<StoreInst>(I).isAtomic() ||
                                   cast<StoreInst>(I).isVolatile())))
          Work.push_back(&I);
    }
    bool Changed = false;
    for (Instruction *I : Work)
      Changed |= lower(I);
    return Changed;
  }

private:
  // The width in bytes of a value the runtime can carry, or 0.
  unsigned width(Type *T) const {
    if (T->isPointerTy())
      return T->getPointerAddressSpace() == 0 &&
                     M.getDataLayout().getPointerSize() == 8
                 ? 8
                 : 0;
    if (T->isFloatTy())
      return 4;
    if (T->isDoubleTy())
      return 8;
    if (auto *IT = dyn_cast<IntegerType>(T)) {
      unsigned Bits = IT->getBitWidth();
      if (Bits == 8 || Bits == 16 || Bits == 32 || Bits == 64)
        return Bits / 8;
    }
    return 0;
  }

  // Whether an atomic on P may touch memory another process reaches.
  bool mayBeShared(Value *P) const {
    if (P->getType()->getPointerAddressSpace() != 0)
      return false;
    const Value *Base = getUnderlyingObject(P, /*MaxLookup=*/0);
    if (isa<AllocaInst>(Base))
      return false;
    if (auto *G = dyn_cast<GlobalVariable>(Base))
      if (G->getName().starts_with("_ZGV") || G->isThreadLocal())
        return false;
    return true;
  }

  Value *toI64(IRBuilder<> &B, Value *V) {
    Type *T = V->getType();
    if (T->isPointerTy())
      return B.CreatePtrToInt(V, I64);
    if (T->isFloatTy())
      return B.CreateZExt(B.CreateBitCast(V, B.getInt32Ty()), I64);
    if (T->isDoubleTy())
      return B.CreateBitCast(V, I64);
    return B.CreateZExt(V, I64);
  }

  Value *fromI64(IRBuilder<> &B, Value *V, Type *T) {
    if (T->isPointerTy())
      return B.CreateIntToPtr(V, T);
    if (T->isFloatTy())
      return B.CreateBitCast(B.CreateTrunc(V, B.getInt32Ty()), T);
    if (T->isDoubleTy())
      return B.CreateBitCast(V, T);
    return B.CreateTrunc(V, T);
  }

  FunctionCallee runtime(StringRef Name, Type *Ret, ArrayRef<Type *> Params) {
    FunctionCallee F =
        M.getOrInsertFunction(Name, FunctionType::get(Ret, Params, false));
    if (auto *Fn = dyn_cast<Function>(F.getCallee()))
      Fn->addFnAttr(Attribute::NoUnwind);
    return F;
  }

  bool lower(Instruction *I) {
    if (auto *RMW = dyn_cast<AtomicRMWInst>(I)) {
      Type *T = RMW->getValOperand()->getType();
      std::optional<uint32_t> Op = runtimeOp(RMW->getOperation());
      unsigned W = width(T);
      if (!Op || !W || !mayBeShared(RMW->getPointerOperand()) ||
          (RMW->isFloatingPointOperation() && !T->isFloatingPointTy()))
        return false;
      return guard(I, [&](IRBuilder<> &B) {
        Value *Old = B.CreateCall(
            runtime("__ito_atomic_rmw", I64, {Ptr, I64, I32, I32, I32}),
            {RMW->getPointerOperand(), toI64(B, RMW->getValOperand()),
             B.getInt32(*Op), B.getInt32(W),
             B.getInt32(runtimeOrder(RMW->getOrdering()))});
        return fromI64(B, Old, T);
      });
    }
    if (auto *CX = dyn_cast<AtomicCmpXchgInst>(I)) {
      Type *T = CX->getNewValOperand()->getType();
      unsigned W = width(T);
      if (!W || T->isFloatingPointTy() || !mayBeShared(CX->getPointerOperand()))
        return false;
      return guard(I, [&](IRBuilder<> &B) {
        Value *Expected = toI64(B, CX->getCompareOperand());
        Value *Old = B.CreateCall(
            runtime("__ito_atomic_cas", I64, {Ptr, I64, I64, I32, I32}),
            {CX->getPointerOperand(), Expected,
             toI64(B, CX->getNewValOperand()), B.getInt32(W),
             B.getInt32(runtimeOrder(CX->getMergedOrdering()))});
        Value *Pair = PoisonValue::get(CX->getType());
        Pair = B.CreateInsertValue(Pair, fromI64(B, Old, T), 0);
        return B.CreateInsertValue(Pair, B.CreateICmpEQ(Old, Expected), 1);
      });
    }
    if (auto *L = dyn_cast<LoadInst>(I)) {
      Type *T = L->getType();
      unsigned W = width(T);
      if (!W || !mayBeShared(L->getPointerOperand()))
        return false;
      return guard(I, [&](IRBuilder<> &B) {
        Value *V =
            B.CreateCall(runtime("__ito_atomic_load", I64, {Ptr, I32, I32}),
                         {L->getPointerOperand(), B.getInt32(W),
                          B.getInt32(runtimeOrder(L->getOrdering()))});
        return fromI64(B, V, T);
      });
    }
    if (auto *S = dyn_cast<StoreInst>(I)) {
      Type *T = S->getValueOperand()->getType();
      unsigned W = width(T);
      if (!W || !mayBeShared(S->getPointerOperand()))
        return false;
      return guard(I, [&](IRBuilder<> &B) -> Value * {
        B.CreateCall(
            runtime("__ito_atomic_store", B.getVoidTy(), {Ptr, I64, I32, I32}),
            {S->getPointerOperand(), toI64(B, S->getValueOperand()),
             B.getInt32(W), B.getInt32(runtimeOrder(S->getOrdering()))});
        return nullptr;
      });
    }
    auto *F = cast<FenceInst>(I);
    if (F->getSyncScopeID() == SyncScope::SingleThread)
      return false;
    return guard(I, [&](IRBuilder<> &B) -> Value * {
      B.CreateCall(runtime("__ito_atomic_fence", B.getVoidTy(), {I32}),
                   {B.getInt32(runtimeOrder(F->getOrdering()))});
      return nullptr;
    });
  }

  // Keeps I as it is on the path a job on one node takes (one load and one
  // branch more), and on the other calls libito as EmitCall builds it.
  bool guard(Instruction *I, function_ref<Value *(IRBuilder<> &)> EmitCall) {
    IRBuilder<> B(I);
    Value *Flag = B.CreateLoad(B.getInt8Ty(), flag(), "ito.between.nodes");
    Instruction *Then, *Else;
    SplitBlockAndInsertIfThenElse(
        B.CreateICmpNE(Flag, B.getInt8(0)), I->getIterator(), &Then, &Else,
        MDBuilder(Ctx).createBranchWeights(1, 1 << 20));
    Instruction *Native = I->clone();
    Native->insertBefore(Else);
    IRBuilder<> S(Then);
    Value *Call = EmitCall(S);
    if (I->getType()->isVoidTy()) {
      I->eraseFromParent();
      return true;
    }
    PHINode *Phi = PHINode::Create(I->getType(), 2);
    Phi->insertBefore(I);
    Phi->addIncoming(Call, Then->getParent());
    Phi->addIncoming(Native, Else->getParent());
    replace(I, Phi);
    return true;
  }

  GlobalVariable *flag() {
    if (!Flag)
      Flag = cast<GlobalVariable>(M.getOrInsertGlobal(
          "__ito_atomics_between_nodes", Type::getInt8Ty(Ctx)));
    return Flag;
  }

  void replace(Instruction *I, Value *V) {
    V->takeName(I);
    I->replaceAllUsesWith(V);
    I->eraseFromParent();
  }

  Module &M;
  LLVMContext &Ctx;
  IntegerType *I64, *I32;
  PointerType *Ptr;
  GlobalVariable *Flag = nullptr;
};

} // namespace

PreservedAnalyses ito::GlobalAtomicsPass::run(Module &M,
                                              ModuleAnalysisManager &) {
  return GlobalAtomics(M).run() ? PreservedAnalyses::none()
                                : PreservedAnalyses::all();
}
