//===- Reporter.cpp - Diagnostics of the migration checks -----------------===//
//
// Part of ito.
//
//===----------------------------------------------------------------------===//

#include "Reporter.h"
#include "clang/AST/Decl.h"
#include "clang/Basic/SourceManager.h"

using namespace clang;
using namespace ito;
using namespace ito::checks;

std::string checks::quoted(const NamedDecl *D) {
  return "'" + D->getNameAsString() + "'";
}

bool Reporter::report(CheckId Id, SourceLocation Loc, StringRef Text,
                      SourceRange Range, ArrayRef<Evidence> Notes,
                      ArrayRef<FixItHint> FixIts) {
  if (Loc.isInvalid())
    return false;
  SourceLocation FileLoc = SM.getFileLoc(Loc);
  CheckLevel Level = Options.level(Id, FileLoc, SM);
  if (Level == CheckLevel::Ignored || SM.isInSystemHeader(FileLoc))
    return false;
  // A template's code is checked once, but one place may be reached by
  // more than one route.
  if (!Reported.insert({static_cast<unsigned>(Id), FileLoc.getRawEncoding()})
           .second)
    return false;
  const char *Flag = allChecks()[static_cast<unsigned>(Id)].Name;
  std::vector<Evidence> FileNotes(Notes.begin(), Notes.end());
  for (Evidence &E : FileNotes)
    E.Loc = SM.getFileLoc(E.Loc);
  Queue.push_back({Level, Flag, FileLoc, Text.str(), Range,
                   std::move(FileNotes),
                   std::vector<FixItHint>(FixIts.begin(), FixIts.end())});
  return true;
}

void Reporter::flush() {
  std::stable_sort(Queue.begin(), Queue.end(),
                   [&](const Pending &A, const Pending &B) {
                     return SM.isBeforeInTranslationUnit(A.Loc, B.Loc);
                   });
  unsigned NoteID = Diags.getCustomDiagID(DiagnosticsEngine::Note, "%0");
  for (const Pending &P : Queue) {
    unsigned DiagID = Diags.getCustomDiagID(
        P.Level == CheckLevel::Error    ? DiagnosticsEngine::Error
        : P.Level == CheckLevel::Remark ? DiagnosticsEngine::Remark
                                        : DiagnosticsEngine::Warning,
        P.Level == CheckLevel::Remark ? "%0 [-R%1]" : "%0 [-W%1]");
    {
      DiagnosticBuilder D = Diags.Report(P.Loc, DiagID);
      D << P.Text << P.Flag;
      if (P.Range.isValid())
        D << P.Range;
      for (const FixItHint &F : P.FixIts)
        D << F;
    }
    for (const Evidence &E : P.Notes) {
      DiagnosticBuilder D = Diags.Report(E.Loc, NoteID);
      D << E.Text;
      if (E.Range.isValid())
        D << E.Range;
    }
  }
  Queue.clear();
}
