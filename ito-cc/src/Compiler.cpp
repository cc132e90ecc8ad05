//===- Compiler.cpp - Run clang for ito-cc --------------------------------===//

#include "Compiler.h"

#include "llvm/ADT/StringRef.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Program.h"
#include "llvm/Support/raw_ostream.h"

using namespace llvm;

namespace ito::cc {

namespace {

bool needsQuotes(StringRef Arg) {
  if (Arg.empty())
    return true;
  for (char C : Arg)
    if (!isalnum(static_cast<unsigned char>(C)) &&
        !StringRef("_-+=/.,:@%^").contains(C))
      return true;
  return false;
}

/// Quoted for clang's (GNU) response file syntax.
std::string responseFileArgument(StringRef Arg) {
  std::string Out = "\"";
  for (char C : Arg) {
    if (C == '"' || C == '\\')
      Out += '\\';
    Out += C;
  }
  return Out + "\"";
}

} // namespace

std::string commandLine(ArrayRef<std::string> Cmd) {
  std::string Line;
  for (size_t I = 0; I < Cmd.size(); I++) {
    if (I)
      Line += ' ';
    if (!needsQuotes(Cmd[I])) {
      Line += Cmd[I];
      continue;
    }
    Line += '\'';
    for (char C : Cmd[I])
      Line += C == '\'' ? std::string("'\\''") : std::string(1, C);
    Line += '\'';
  }
  return Line;
}

Expected<int>
runCompiler(ArrayRef<std::string> Cmd, const Streams &S,
            const std::function<Expected<std::string>(StringRef)> &TempFile) {
  const std::string &Name = Cmd.front();
  ErrorOr<std::string> Program = StringRef(Name).contains('/')
                                     ? ErrorOr<std::string>(Name)
                                     : sys::findProgramByName(Name);
  if (!Program || !sys::fs::can_execute(*Program))
    return createStringError(inconvertibleErrorCode(),
                             "cannot run '%s': not found (install clang-19, "
                             "or set ITO_CLANG / ITO_CLANGXX)",
                             Name.c_str());
  std::vector<StringRef> Args(Cmd.begin(), Cmd.end());
  std::string Response;
  if (!sys::commandLineFitsWithinSystemLimits(*Program, Args)) {
    Expected<std::string> Path = TempFile("command.rsp");
    if (!Path)
      return Path.takeError();
    std::error_code EC;
    raw_fd_ostream OS(*Path, EC);
    for (size_t I = 1; I < Cmd.size() && !EC; I++)
      OS << responseFileArgument(Cmd[I]) << "\n";
    OS.close();
    if (EC || OS.error())
      return createStringError(EC ? EC : OS.error(), "cannot write %s",
                               Path->c_str());
    Response = "@" + *Path;
    Args = {Args.front(), Response};
  }
  std::optional<StringRef> Redirects[3];
  if (S.In)
    Redirects[0] = *S.In;
  if (S.Out)
    Redirects[1] = *S.Out;
  if (S.Err)
    Redirects[2] = *S.Err;
  std::string ErrMsg;
  int RC = sys::ExecuteAndWait(*Program, Args, /*Env=*/std::nullopt, Redirects,
                               0, 0, &ErrMsg);
  if (RC < 0)
    return createStringError(inconvertibleErrorCode(), "running %s failed: %s",
                             Program->c_str(), ErrMsg.c_str());
  return RC;
}

} // namespace ito::cc
