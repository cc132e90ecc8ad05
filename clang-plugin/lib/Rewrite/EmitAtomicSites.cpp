//===- EmitAtomicSites.cpp - Record where the program updates atomically --===//
//
// Part of ito.
//
//===----------------------------------------------------------------------===//
//
// Global memory is coherent at forks and joins: between them, processes of
// one node share it, but a process on another node works on its cached copy
// and writes back the bytes it changed. An atomic read-modify-write is then
// atomic only among the processes of one node; between nodes, increments
// are lost. Until global memory has atomics of its own, a program that
// updates atomically must not run silently wrong: the translation records
// the first such update of each source (its place) in the section
// ito_atomic_sites, and libito stops a job on several nodes that has one,
// naming it.
//
// An update: the __atomic and __c11_atomic builtins (and <stdatomic.h>),
// the __sync builtins, ++, -- and compound assignment of an _Atomic
// variable, and the read-modify-write members and operators of std::atomic,
// std::atomic_ref and std::atomic_flag. A lock too (pthread mutexes, spin
// and read-write locks, the std mutexes and their lock guards): what it
// protects is written back only at the next fork or join.
//
// Within one node the processes share a mutex's memory, so libito's
// pthread_mutex_lock makes it process-shared (api/c_locks.cpp).
//
//===----------------------------------------------------------------------===//

#include "EmitLanguage.h"
#include "RewriteUtils.h"
#include "clang/AST/DeclCXX.h"
#include "clang/AST/DeclTemplate.h"
#include "clang/AST/ExprCXX.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/Basic/Builtins.h"

using namespace clang;
using namespace ito;

namespace {

bool isStdAtomic(QualType T) {
  const auto *RD = T.getNonReferenceType()->getAsCXXRecordDecl();
  if (!RD || !RD->isInStdNamespace())
    return false;
  StringRef Name = RD->getName();
  return Name == "atomic" || Name == "atomic_ref" || Name == "atomic_flag" ||
         Name == "__atomic_base" || Name == "__atomic_float" ||
         Name == "__atomic_ref";
}

bool isStdMutex(QualType T) {
  const auto *RD = T.getNonReferenceType()->getAsCXXRecordDecl();
  if (!RD || !RD->isInStdNamespace())
    return false;
  StringRef Name = RD->getName();
  return Name.ends_with("mutex");
}

bool isStdLock(QualType T) {
  const auto *RD = T->getAsCXXRecordDecl();
  if (!RD || !RD->isInStdNamespace())
    return false;
  StringRef Name = RD->getName();
  return Name == "lock_guard" || Name == "unique_lock" ||
         Name == "scoped_lock" || Name == "shared_lock";
}

bool isLockFunction(StringRef Name) {
  return Name == "pthread_mutex_lock" || Name == "pthread_mutex_trylock" ||
         Name == "pthread_mutex_timedlock" ||
         Name == "pthread_mutex_clocklock" || Name == "pthread_spin_lock" ||
         Name == "pthread_spin_trylock" || Name.starts_with("pthread_rwlock_");
}

bool isUpdateMember(StringRef Name) {
  return Name.starts_with("fetch_") || Name == "exchange" ||
         Name.starts_with("compare_exchange") || Name == "test_and_set";
}

class UpdateFinder : public RecursiveASTVisitor<UpdateFinder> {
public:
  explicit UpdateFinder(const SourceManager &SM) : SM(SM) {}

  SourceLocation First;

  bool VisitAtomicExpr(AtomicExpr *A) {
    if (A->getOp() != AtomicExpr::AO__c11_atomic_init &&
        A->getOp() != AtomicExpr::AO__c11_atomic_load &&
        A->getOp() != AtomicExpr::AO__atomic_load &&
        A->getOp() != AtomicExpr::AO__atomic_load_n &&
        A->getOp() != AtomicExpr::AO__c11_atomic_store &&
        A->getOp() != AtomicExpr::AO__atomic_store &&
        A->getOp() != AtomicExpr::AO__atomic_store_n)
      found(A->getBuiltinLoc());
    return true;
  }
  bool VisitCallExpr(CallExpr *C) {
    const FunctionDecl *FD = C->getDirectCallee();
    if (!FD || !FD->getIdentifier())
      return true;
    if ((FD->getBuiltinID() && FD->getName().starts_with("__sync_") &&
         FD->getName() != "__sync_synchronize") ||
        (FD->isExternC() && isLockFunction(FD->getName())))
      found(C->getBeginLoc());
    return true;
  }
  bool VisitCXXConstructExpr(CXXConstructExpr *C) {
    if (isStdLock(C->getType()))
      found(C->getBeginLoc());
    return true;
  }
  bool VisitUnaryOperator(UnaryOperator *U) {
    if (U->isIncrementDecrementOp() &&
        U->getSubExpr()->getType()->isAtomicType())
      found(U->getOperatorLoc());
    return true;
  }
  bool VisitCompoundAssignOperator(CompoundAssignOperator *B) {
    if (B->getLHS()->getType()->isAtomicType())
      found(B->getOperatorLoc());
    return true;
  }
  bool VisitCXXMemberCallExpr(CXXMemberCallExpr *C) {
    const CXXMethodDecl *M = C->getMethodDecl();
    if (!M || !M->getIdentifier())
      return true;
    QualType Object = C->getImplicitObjectArgument()->getType();
    if ((isUpdateMember(M->getName()) && isStdAtomic(Object)) ||
        (M->getName().starts_with("lock") ||
         M->getName().starts_with("try_lock")) &&
            isStdMutex(Object))
      found(C->getExprLoc());
    return true;
  }
  bool VisitCXXOperatorCallExpr(CXXOperatorCallExpr *C) {
    switch (C->getOperator()) {
    case OO_PlusPlus:
    case OO_MinusMinus:
    case OO_PlusEqual:
    case OO_MinusEqual:
    case OO_AmpEqual:
    case OO_PipeEqual:
    case OO_CaretEqual:
      if (C->getNumArgs() > 0 && isStdAtomic(C->getArg(0)->getType()))
        found(C->getOperatorLoc());
      break;
    default:
      break;
    }
    return true;
  }

private:
  void found(SourceLocation Loc) {
    SourceLocation File = SM.getExpansionLoc(Loc);
    if (First.isValid() || File.isInvalid() || SM.isInSystemHeader(File))
      return;
    // libito's own headers (their deques), also as lines of an ito-cc -E
    // output.
    PresumedLoc P = SM.getPresumedLoc(File);
    if (P.isValid() && (StringRef(P.getFilename()).contains("/include/ito/") ||
                        StringRef(P.getFilename()).starts_with("ito/")))
      return;
    First = File;
  }
  const SourceManager &SM;
};

} // namespace

void ito::emitAtomicSites(Edits &E) {
  UpdateFinder Finder(E.SM);
  for (Decl *D : E.Ctx.getTranslationUnitDecl()->decls())
    if (!E.SM.isInSystemHeader(E.SM.getExpansionLoc(D->getLocation())))
      Finder.TraverseDecl(D);
  if (Finder.First.isInvalid())
    return;
  PresumedLoc P = E.SM.getPresumedLoc(Finder.First);
  // The main file as the user named it (unless line markers name another).
  StringRef File = P.getFilename();
  OptionalFileEntryRef Main = E.SM.getFileEntryRefForID(E.SM.getMainFileID());
  if (Main && File == Main->getName() && !E.MainFileName.empty())
    File = E.MainFileName;
  std::string Where;
  llvm::raw_string_ostream OS(Where);
  OS << '"';
  OS.write_escaped(File);
  OS << ':' << P.getLine() << '"';
  E.insertAfter(E.SM.getLocForEndOfFile(E.SM.getMainFileID()),
                "\nstatic const char *const __ito_atomic_site "
                "__attribute__((section(\"ito_atomic_sites\"), used)) = " +
                    Where + ";\n");
}
