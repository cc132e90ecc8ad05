//===- CheckOptions.cpp - The migration checks and their -W flags ---------===//
//
// Part of ito.
//
//===----------------------------------------------------------------------===//

#include "ito/Checks/CheckOptions.h"
#include "ito/Checks/DiagnosticPragmas.h"
#include "clang/Basic/DiagnosticOptions.h"
#include "clang/Basic/SourceManager.h"
#include <optional>

using namespace ito;
using llvm::StringRef;

static const CheckInfo Checks[] = {
    {CheckId::StackSharing, "ito-stack-sharing", true},
    {CheckId::MaybeStackSharing, "ito-maybe-stack-sharing", false},
    {CheckId::ThisCapture, "ito-this-capture", false},
    // Retired: the program's heap is global memory now. The name stays so
    // that build files that turn it off still work; nothing reports it.
    {CheckId::LocalHeap, "ito-local-heap", true},
    {CheckId::CheckoutAcrossFork, "ito-checkout-across-fork", true},
    {CheckId::StaticWrite, "ito-static-write", false},
    {CheckId::ReceiverRace, "ito-receiver-race", true},
    {CheckId::Promotion, "ito-promotion", false, /*Remark=*/true},
};

llvm::ArrayRef<CheckInfo> ito::allChecks() { return Checks; }

CheckOptions::CheckOptions() : States(std::size(Checks)) {
  for (const CheckInfo &C : Checks) {
    States[static_cast<unsigned>(C.Id)].ErrorByDefault = C.ErrorByDefault;
    States[static_cast<unsigned>(C.Id)].Enabled = !C.Remark;
  }
}

bool CheckOptions::applyWarningOption(StringRef Option) {
  if (Option == "error") {
    WarningsAsErrors = true;
    return true;
  }
  if (Option == "no-error") {
    WarningsAsErrors = false;
    return true;
  }
  bool Negative = Option.consume_front("no-");
  bool ErrorForm = Option.consume_front("error=");
  if (!Option.starts_with("ito"))
    return true;
  bool Known = false;
  for (const CheckInfo &C : Checks) {
    // "ito" names them all. (Remarks have -R flags.)
    if (C.Remark || (Option != "ito" && Option != C.Name))
      continue;
    Known = true;
    State &S = States[static_cast<unsigned>(C.Id)];
    if (ErrorForm) {
      // -Werror=x enables x as an error; -Wno-error=x keeps it a warning.
      S.Error = !Negative;
      S.NoError = Negative;
      if (!Negative)
        S.Enabled = true;
    } else {
      S.Enabled = !Negative;
    }
  }
  return Known;
}

CheckOptions
CheckOptions::fromDiagnosticOptions(const clang::DiagnosticOptions &Opts,
                                    std::vector<std::string> *Unknown) {
  CheckOptions O;
  for (const std::string &W : Opts.Warnings)
    if (!O.applyWarningOption(W) && Unknown)
      Unknown->push_back(W);
  O.setIgnoreWarnings(Opts.IgnoreWarnings);
  return O;
}

CheckOptions CheckOptions::fromArguments(llvm::ArrayRef<std::string> Args,
                                         std::vector<std::string> *Unknown) {
  CheckOptions O;
  for (const std::string &A : Args) {
    StringRef Arg(A);
    if (Arg == "-w")
      O.setIgnoreWarnings(true);
    else if (O.applyFeatureOption(Arg))
      continue;
    else if (Arg.starts_with("-R") && isCheckFlag(Arg) && Unknown)
      Unknown->push_back(A); // -Rito-<no remark of ito's>
    else if (Arg.consume_front("-W") && !O.applyWarningOption(Arg) && Unknown)
      Unknown->push_back(A);
  }
  return O;
}

bool CheckOptions::applyFeatureOption(StringRef Arg) {
  if (Arg == "-fito-promote" || Arg == "-fno-ito-promote") {
    Promote = Arg == "-fito-promote";
    return true;
  }
  if (!Arg.consume_front("-R"))
    return false;
  bool Negative = Arg.consume_front("no-");
  for (const CheckInfo &C : Checks)
    if (C.Remark && Arg == C.Name) {
      States[static_cast<unsigned>(C.Id)].Enabled = !Negative;
      return true;
    }
  return false;
}

bool CheckOptions::isCheckFlag(StringRef Arg) {
  if (Arg == "-fito-promote" || Arg == "-fno-ito-promote")
    return true;
  if (Arg.consume_front("-R")) {
    Arg.consume_front("no-");
    return Arg.starts_with("ito-");
  }
  if (!Arg.consume_front("-W"))
    return false;
  Arg.consume_front("no-");
  Arg.consume_front("error=");
  return Arg == "ito" || Arg.starts_with("ito-");
}

CheckLevel CheckOptions::level(CheckId Id) const {
  const State &S = States[static_cast<unsigned>(Id)];
  if (Checks[static_cast<unsigned>(Id)].Remark)
    return S.Enabled ? CheckLevel::Remark : CheckLevel::Ignored;
  if (!S.Enabled)
    return CheckLevel::Ignored;
  if (S.Error || (S.ErrorByDefault && !S.NoError))
    return CheckLevel::Error;
  if (WarningsAsErrors && !S.NoError)
    return CheckLevel::Error;
  return IgnoreWarnings ? CheckLevel::Ignored : CheckLevel::Warning;
}

CheckLevel CheckOptions::level(CheckId Id, clang::SourceLocation Loc,
                               const clang::SourceManager &SM) const {
  if (!Pragmas || Checks[static_cast<unsigned>(Id)].Remark)
    return level(Id);
  // The pragmas before Loc, as clang applies them: push saves the state,
  // pop restores it, the others set the check's severity.
  using Kind = DiagnosticPragmas::Kind;
  const char *Name = Checks[static_cast<unsigned>(Id)].Name;
  std::optional<Kind> Current;
  std::vector<std::optional<Kind>> Saved;
  for (const DiagnosticPragmas::Pragma &P : Pragmas->pragmas()) {
    if (!SM.isBeforeInTranslationUnit(P.Loc, Loc))
      break;
    if (P.K == Kind::Push) {
      Saved.push_back(Current);
    } else if (P.K == Kind::Pop) {
      if (!Saved.empty()) {
        Current = Saved.back();
        Saved.pop_back();
      }
    } else if (DiagnosticPragmas::names(P.Group, Name)) {
      Current = P.K;
    }
  }
  if (!Current)
    return level(Id);
  const State &S = States[static_cast<unsigned>(Id)];
  switch (*Current) {
  case Kind::Ignored:
    return CheckLevel::Ignored;
  case Kind::Warning:
    // As clang: -Werror still makes it an error, -w silences it.
    if (WarningsAsErrors && !S.NoError)
      return CheckLevel::Error;
    return IgnoreWarnings ? CheckLevel::Ignored : CheckLevel::Warning;
  default:
    // -w silences what only a pragma made an error.
    return IgnoreWarnings && !S.ErrorByDefault ? CheckLevel::Ignored
                                               : CheckLevel::Error;
  }
}

bool CheckOptions::mayReport(CheckId Id) const {
  if (level(Id) != CheckLevel::Ignored)
    return true;
  if (!Pragmas)
    return false;
  const char *Name = Checks[static_cast<unsigned>(Id)].Name;
  for (const DiagnosticPragmas::Pragma &P : Pragmas->pragmas())
    if ((P.K == DiagnosticPragmas::Kind::Warning ||
         P.K == DiagnosticPragmas::Kind::Error) &&
        DiagnosticPragmas::names(P.Group, Name))
      return true;
  return false;
}
