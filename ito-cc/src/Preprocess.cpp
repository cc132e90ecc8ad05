//===- Preprocess.cpp - ito-cc -E: Cilk stays Cilk ------------------------===//

#include "Preprocess.h"

#include "Compiler.h"

#include "llvm/ADT/StringRef.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/raw_ostream.h"

using namespace llvm;

namespace ito::cc {

namespace {

bool isIdentifierChar(char C) {
  return isalnum(static_cast<unsigned char>(C)) || C == '_';
}

/// Whether preprocessed \p Text uses a Cilk keyword.
bool usesCilk(StringRef Text) {
  for (size_t At = Text.find("_Cilk_"); At != StringRef::npos;
       At = Text.find("_Cilk_", At + 1)) {
    if (At > 0 && isIdentifierChar(Text[At - 1]))
      continue;
    StringRef Word = Text.substr(At + 6);
    for (StringRef K : {"spawn", "sync", "for", "scope"})
      if (Word.starts_with(K) &&
          (Word.size() == K.size() || !isIdentifierChar(Word[K.size()])))
        return true;
  }
  return false;
}

} // namespace

Expected<int> preprocessKeepingCilk(const CommandLine &CL, const Toolchain &TC,
                                    Translation &T) {
  // <cilk/ito_keywords.h> then leaves the keywords as they are.
  std::vector<std::string> Args = CL.ClangArgs;
  Args.push_back("-D__ITO_KEEP_CILK_KEYWORDS__");
  // The output goes to a file first: what to do depends on it.
  Expected<std::string> Temp = T.tempFile("preprocessed");
  if (!Temp)
    return Temp.takeError();
  Streams S;
  if (CL.Output.empty())
    S.Out = *Temp;
  else if (Args[CL.OutputArg] == CL.Output)
    Args[CL.OutputArg] = *Temp;
  else
    Args[CL.OutputArg] = "-o" + *Temp;
  for (const Input &In : CL.Inputs)
    if (In.isStdin()) {
      Expected<std::string> Saved = T.savedStdin();
      if (!Saved)
        return Saved.takeError();
      S.In = *Saved;
    }
  auto Run = [&](ArrayRef<std::string> Extra) -> Expected<int> {
    std::vector<std::string> Cmd{TC.Compiler};
    Cmd.insert(Cmd.end(), TC.CompileFlags.begin(), TC.CompileFlags.end());
    Cmd.insert(Cmd.end(), Extra.begin(), Extra.end());
    Cmd.insert(Cmd.end(), Args.begin(), Args.end());
    return runCompiler(Cmd, S, [&](StringRef N) { return T.tempFile(N); });
  };
  Expected<int> RC = Run({});
  if (!RC)
    return RC.takeError();
  auto Buf = MemoryBuffer::getFile(*Temp);
  if (*RC == 0 && Buf && usesCilk((*Buf)->getBuffer())) {
    // Again, with libito's interface first, for the later translation.
    RC = Run({"-include", "ito/cilk_prologue.h"});
    if (!RC)
      return RC.takeError();
    Buf = MemoryBuffer::getFile(*Temp);
  }
  if (!Buf)
    return *RC; // clang failed before writing anything
  if (CL.Output.empty() || CL.Output == "-") {
    outs() << (*Buf)->getBuffer();
    outs().flush();
  } else {
    std::error_code EC;
    raw_fd_ostream OS(CL.Output, EC);
    if (EC)
      return createStringError(EC, "cannot write %s: %s", CL.Output.c_str(),
                               EC.message().c_str());
    OS << (*Buf)->getBuffer();
  }
  return *RC;
}

} // namespace ito::cc
