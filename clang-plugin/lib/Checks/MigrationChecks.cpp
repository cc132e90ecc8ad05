//===- MigrationChecks.cpp - Report what breaks once tasks migrate --------===//
//
// Part of ito.
//
//===----------------------------------------------------------------------===//

#include "ito/Checks/MigrationChecks.h"
#include "Checks.h"
#include "clang/AST/ASTContext.h"
#include <chrono>

using namespace clang;
using namespace ito;
using namespace ito::checks;

static double Seconds = 0;

double ito::migrationChecksSeconds() { return Seconds; }

void ito::runMigrationChecks(ASTContext &Ctx, const TranslationPlan &Plan,
                             const CheckOptions &Options) {
  auto Start = std::chrono::steady_clock::now();
  struct AddTime {
    std::chrono::steady_clock::time_point Start;
    ~AddTime() {
      Seconds += std::chrono::duration<double>(
                     std::chrono::steady_clock::now() - Start)
                     .count();
    }
  } Timer{Start};
  Reporter Report(Ctx.getDiagnostics(), Ctx.getSourceManager(), Options);
  bool Any = false;
  for (const CheckInfo &I : allChecks())
    Any |= Report.enabled(I.Id);
  if (!Any)
    return; // -Wno-ito: no analysis at all
  TaskSites Sites(Ctx, Plan, Options.promote());
  CheckContext C{Ctx, Sites, Report};
  checkStackSharing(C);
  checkStackPublish(C);
  checkGlobalStack(C);
  checkUnmovedLocals(C);
  // With promotion, an object whose method hands `this` to a task is moved
  // off the stack like any local whose address reaches one, and the heap is
  // global memory: only without it (-fno-ito-promote) may `this` point out
  // of a migrating task's reach.
  if (!Options.promote())
    checkThisCapture(C);
  checkCheckoutAcrossFork(C);
  checkStaticWrite(C);
  checkReceiverRace(C);
  remarkPromotions(C);
  Report.flush();
}
