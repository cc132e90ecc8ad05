//===- EmitSyncSites.cpp - Record waits libito cannot do between nodes ---===//
//
// Part of ito.
//
//===----------------------------------------------------------------------===//
//
// Atomic operations, plain mutexes and spin locks work between nodes
// (clang-plugin/lib/Passes/GlobalAtomics.cpp, runtime api/c_locks.cpp). What
// sleeps on a futex in the C library does not: a waiter on one node is
// never woken by a process of another. So that a program using one does not
// hang or run silently wrong there, the translation records the first such
// wait of each source (its place) in the section ito_sync_sites, and libito
// stops a job on several nodes that has one, naming it: read-write locks
// (pthread_rwlock_*, std::shared_mutex, std::shared_lock), condition
// variables (pthread_cond_*wait, std::condition_variable's waits, C11's
// cnd_wait), timed mutex locks, barriers and semaphores, recursive mutexes
// (and any object of those types the program declares).
//
// Within one node the processes share the memory of such an object; libito
// makes them process-shared there (api/c_locks.cpp, api/c_waits.cpp).
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

bool isStdClass(QualType T, std::initializer_list<StringRef> Names) {
  const auto *RD = T.getNonReferenceType()->getAsCXXRecordDecl();
  if (!RD || !RD->isInStdNamespace() || !RD->getIdentifier())
    return false;
  for (StringRef N : Names)
    if (RD->getName() == N)
      return true;
  return false;
}

bool isWaitFunction(StringRef Name) {
  return Name == "pthread_mutex_timedlock" ||
         Name == "pthread_mutex_clocklock" ||
         Name.starts_with("pthread_rwlock_") ||
         (Name.starts_with("pthread_cond_") && Name.contains("wait")) ||
         Name == "pthread_barrier_wait" || Name == "sem_wait" ||
         Name == "sem_timedwait" || Name == "sem_clockwait" ||
         Name == "sem_trywait" || Name == "pthread_mutexattr_settype" ||
         Name == "mtx_timedlock" || Name == "cnd_wait" ||
         Name == "cnd_timedwait";
}

bool isWaitType(QualType T) {
  const auto *TT = T->getAs<TypedefType>();
  for (; TT; TT = TT->desugar()->getAs<TypedefType>()) {
    StringRef N = TT->getDecl()->getName();
    if (N == "pthread_rwlock_t" || N == "pthread_cond_t" ||
        N == "pthread_barrier_t" || N == "sem_t" || N == "cnd_t")
      return true;
  }
  return false;
}

class WaitFinder : public RecursiveASTVisitor<WaitFinder> {
public:
  explicit WaitFinder(const SourceManager &SM) : SM(SM) {}

  SourceLocation First;

  bool VisitCallExpr(CallExpr *C) {
    const FunctionDecl *FD = C->getDirectCallee();
    if (FD && FD->getIdentifier() && FD->isExternC() &&
        isWaitFunction(FD->getName()))
      found(C->getBeginLoc());
    return true;
  }
  bool VisitCXXConstructExpr(CXXConstructExpr *C) {
    if (isStdClass(C->getType(), {"shared_lock"}))
      found(C->getBeginLoc());
    return true;
  }
  // An object of such a type, wherever it is locked (std::unique_lock of a
  // std::shared_mutex locks it inside libstdc++), and a recursive mutex,
  // which would otherwise stop the job only at its first lock.
  bool VisitDeclaratorDecl(DeclaratorDecl *D) {
    if (!isa<VarDecl>(D) && !isa<FieldDecl>(D))
      return true;
    QualType T = D->getType();
    while (const ArrayType *A = T->getAsArrayTypeUnsafe())
      T = A->getElementType();
    if (isStdClass(T, {"shared_mutex", "shared_timed_mutex", "recursive_mutex",
                       "recursive_timed_mutex", "condition_variable",
                       "condition_variable_any"}) ||
        isWaitType(T))
      found(D->getLocation());
    return true;
  }
  bool VisitCXXMemberCallExpr(CXXMemberCallExpr *C) {
    const CXXMethodDecl *M = C->getMethodDecl();
    if (!M || !M->getIdentifier())
      return true;
    QualType Object = C->getImplicitObjectArgument()->getType();
    StringRef Name = M->getName();
    if ((Name.starts_with("wait") &&
         isStdClass(Object, {"condition_variable", "condition_variable_any",
                             "barrier", "latch", "counting_semaphore"})) ||
        (Name.starts_with("acquire") &&
         isStdClass(Object, {"counting_semaphore"})) ||
        isStdClass(Object, {"shared_mutex", "shared_timed_mutex"}) ||
        ((Name == "try_lock_for" || Name == "try_lock_until") &&
         isStdClass(Object, {"timed_mutex", "recursive_timed_mutex"})))
      found(C->getExprLoc());
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

void ito::emitSyncSites(Edits &E) {
  WaitFinder Finder(E.SM);
  for (Decl *D : E.Ctx.getTranslationUnitDecl()->decls())
    if (!E.SM.isInSystemHeader(E.SM.getExpansionLoc(D->getLocation())))
      Finder.TraverseDecl(D);
  if (Finder.First.isInvalid())
    return;
  E.insertAfter(E.SM.getLocForEndOfFile(E.SM.getMainFileID()),
                "\nstatic const char *const __ito_sync_site "
                "__attribute__((section(\"ito_sync_sites\"), used)) = " +
                    E.quotedPlace(Finder.First) + ";\n");
}
