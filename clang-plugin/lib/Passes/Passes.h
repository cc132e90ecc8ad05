//===- Passes.h - The LLVM passes of ito-passes.so --------------*- C++ -*-===//
//
// Part of ito.
//
//===----------------------------------------------------------------------===//
//
// The passes that ito-cc runs over the translation (clang -fpass-plugin=
// ito-passes.so; registered in PassPlugin.cpp).
//
//===----------------------------------------------------------------------===//

#ifndef ITO_PASSES_PASSES_H
#define ITO_PASSES_PASSES_H

#include "llvm/IR/PassManager.h"

namespace llvm {
class Function;
class Instruction;
class Module;
} // namespace llvm

namespace ito {

/// libito's inline code: its C functions (ito_*) and namespace ito. Not the
/// functions the translation writes (__ito_f1, a cilk_for body in C;
/// __ito_e1, a spawned call), which hold the program's code.
bool isRuntimeFunction(const llvm::Function &F);

/// Whether \p I is a call of a function (that may fork, or that a leaf may
/// spend time in): not an intrinsic (memcpy of a few bytes, lifetime
/// markers, debug info), inline assembly nor the libito call that does an
/// atomic between nodes.
bool isRealCall(const llvm::Instruction &I);

/// Atomic instructions as libito calls between nodes (GlobalAtomics.cpp).
struct GlobalAtomicsPass : llvm::PassInfoMixin<GlobalAtomicsPass> {
  llvm::PreservedAnalyses run(llvm::Module &M, llvm::ModuleAnalysisManager &);
  static bool isRequired() { return true; }
};

/// Marks the loops of the program's functions before inlining, so that
/// LeafPolls still counts them once inlined into libito's code
/// (LeafPolls.cpp).
struct ProgramLoopsPass : llvm::PassInfoMixin<ProgramLoopsPass> {
  llvm::PreservedAnalyses run(llvm::Function &F,
                              llvm::FunctionAnalysisManager &FAM);
  static bool isRequired() { return true; }
};

/// Polls in loops and recursive functions that do not fork (LeafPolls.cpp).
struct LeafPollsPass : llvm::PassInfoMixin<LeafPollsPass> {
  llvm::PreservedAnalyses run(llvm::Module &M,
                              llvm::ModuleAnalysisManager &MAM);
  static bool isRequired() { return true; }
};

/// Announces the ranges a loop nest will touch before it runs
/// (RangeFetches.cpp).
struct RangeFetchesPass : llvm::PassInfoMixin<RangeFetchesPass> {
  llvm::PreservedAnalyses run(llvm::Function &F,
                              llvm::FunctionAnalysisManager &FAM);
};

/// Marks the object as compiled by ito-cc (ObjectMark.cpp).
struct ObjectMarkPass : llvm::PassInfoMixin<ObjectMarkPass> {
  llvm::PreservedAnalyses run(llvm::Module &M, llvm::ModuleAnalysisManager &);
  static bool isRequired() { return true; }
};

/// Records the globals in ito's sections (DerivedGlobals.cpp).
struct SharedGlobalsRecordPass : llvm::PassInfoMixin<SharedGlobalsRecordPass> {
  llvm::PreservedAnalyses run(llvm::Module &M, llvm::ModuleAnalysisManager &);
  static bool isRequired() { return true; }
};

/// Puts the globals the optimizer made from them in ito's sections too
/// (DerivedGlobals.cpp).
struct DerivedGlobalsPass : llvm::PassInfoMixin<DerivedGlobalsPass> {
  llvm::PreservedAnalyses run(llvm::Module &M, llvm::ModuleAnalysisManager &);
  static bool isRequired() { return true; }
};

} // namespace ito

#endif
