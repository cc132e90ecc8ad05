//===- MigrationChecks.h - Report what breaks once tasks migrate -*- C++
//-*-===//
//
// Part of ito.
//
//===----------------------------------------------------------------------===//
//
// After a fork or a join a task may be running in another process. The
// checks report, as clang diagnostics with notes and fix-its, the code that
// then breaks: a task reaching another task's stack, process-local heap
// memory or an open checkout kept across a fork or join, file-scope data
// written in a task, and receivers used before their sync. The rules and
// every diagnostic are in docs/diagnostics.md.
//
//===----------------------------------------------------------------------===//

#ifndef ITO_CHECKS_MIGRATIONCHECKS_H
#define ITO_CHECKS_MIGRATIONCHECKS_H

#include "ito/Checks/CheckOptions.h"

namespace clang {
class ASTContext;
} // namespace clang

namespace ito {

struct TranslationPlan;

/// Runs every enabled check over the translation unit in \p Ctx, whose
/// Cilk constructs \p Plan describes, and reports through its
/// DiagnosticsEngine.
void runMigrationChecks(clang::ASTContext &Ctx, const TranslationPlan &Plan,
                        const CheckOptions &Options);

/// How long the checks took in this process, in seconds, all runs.
double migrationChecksSeconds();

} // namespace ito

#endif // ITO_CHECKS_MIGRATIONCHECKS_H
