//===- ObjectMark.cpp - Marks an object as compiled by ito-cc -------------===//
//
// Part of ito.
//
//===----------------------------------------------------------------------===//
//
// Every object ito-cc compiles gets a one-byte section, ito_objects. When it
// links, ito-cc looks for it in the objects and archives it is given: one
// without it was compiled by another compiler, and its file-scope variables
// stay private to each process (ito-cc/src/ForeignObjects.cpp).
//
//===----------------------------------------------------------------------===//

#include "Passes.h"

#include "llvm/IR/Constants.h"
#include "llvm/IR/GlobalVariable.h"
#include "llvm/IR/Module.h"
#include "llvm/Transforms/Utils/ModuleUtils.h"

using namespace llvm;

PreservedAnalyses ito::ObjectMarkPass::run(Module &M, ModuleAnalysisManager &) {
  if (M.getNamedGlobal("__ito_object_mark"))
    return PreservedAnalyses::all();
  Type *Byte = Type::getInt8Ty(M.getContext());
  auto *Mark = new GlobalVariable(
      M, Byte, /*isConstant=*/true, GlobalValue::PrivateLinkage,
      ConstantInt::get(Byte, 1), "__ito_object_mark");
  Mark->setSection("ito_objects");
  appendToCompilerUsed(M, {Mark});
  return PreservedAnalyses::none();
}
