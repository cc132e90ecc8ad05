//===- MigrationChecks.cpp - Report what breaks once tasks migrate --------===//
//
// Part of ito.
//
//===----------------------------------------------------------------------===//

#include "ito/Checks/MigrationChecks.h"
#include "Checks.h"
#include "clang/AST/ASTContext.h"

using namespace clang;
using namespace ito;
using namespace ito::checks;

void ito::runMigrationChecks(ASTContext &Ctx, const TranslationPlan &Plan,
                             const CheckOptions &Options) {
  Reporter Report(Ctx.getDiagnostics(), Ctx.getSourceManager(), Options);
  TaskSites Sites(Ctx, Plan);
  CheckContext C{Ctx, Sites, Report};
  checkStackSharing(C);
  checkThisCapture(C);
  checkLocalHeap(C);
  checkCheckoutAcrossFork(C);
  checkStaticWrite(C);
  checkReceiverRace(C);
  Report.flush();
}
