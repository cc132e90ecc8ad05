//===- Checks.h - The migration checks --------------------------*- C++ -*-===//
//
// Part of ito.
//
//===----------------------------------------------------------------------===//
//
// One check per file, each a function over the task sites of the
// translation unit that reports through the Reporter.
//
//===----------------------------------------------------------------------===//

#ifndef ITO_CHECKS_CHECKS_H
#define ITO_CHECKS_CHECKS_H

#include "Reporter.h"
#include "TaskSites.h"

namespace ito::checks {

struct CheckContext {
  clang::ASTContext &Ctx;
  TaskSites &Sites;
  Reporter &Report;
};

/// -Wito-stack-sharing, -Wito-maybe-stack-sharing: a child reaches its
/// parent's stack.
void checkStackSharing(CheckContext &C);
/// -Wito-stack-sharing (the other way): a child storing an address in its
/// own stack where its parent can read it.
void checkStackPublish(CheckContext &C);
/// -Wito-stack-sharing (through globals): a parent's stack address stored
/// in file-scope or static data that a child reads.
void checkGlobalStack(CheckContext &C);
/// -Wito-stack-sharing (through a call): a local that a function that may
/// fork gets, which the translation cannot move off the stack.
void checkUnmovedLocals(CheckContext &C);
/// -Wito-this-capture: a task lambda captures `this`.
void checkThisCapture(CheckContext &C);
/// -Wito-checkout-across-fork: a checkout open across a fork or join.
void checkCheckoutAcrossFork(CheckContext &C);
/// -Wito-static-write: file-scope, static or thread_local data in tasks.
void checkStaticWrite(CheckContext &C);
/// -Wito-receiver-race: a receiver used between its spawn and the sync.
void checkReceiverRace(CheckContext &C);
/// -Rito-promotion: each local the translation moves off the stack.
void remarkPromotions(CheckContext &C);

/// How the code in \p Body uses the variables declared outside \p Own (a
/// cilk_for body's statement): for each, its first use and its first write.
struct OuterUse {
  const clang::VarDecl *Var;
  const clang::Expr *FirstUse = nullptr;
  const clang::Expr *FirstWrite = nullptr; ///< assigned, incremented, ...
  bool WriteIsAddress = false; ///< the write is only its address taken
};
std::vector<OuterUse> outerUses(const clang::Stmt *Own,
                                const clang::VarDecl *LoopVar);

/// The body of a cilk_for, and its loop variable (private to each
/// iteration).
const clang::Stmt *cilkForBody(const CilkFor &F);
const clang::VarDecl *cilkForLoopVar(const CilkFor &F);

} // namespace ito::checks

#endif // ITO_CHECKS_CHECKS_H
