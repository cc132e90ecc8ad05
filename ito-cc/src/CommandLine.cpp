//===- CommandLine.cpp - What an ito-cc command line asks for -------------===//

#include "CommandLine.h"

#include "clang/Driver/Driver.h"
#include "clang/Driver/Options.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Option/ArgList.h"
#include "llvm/Option/OptTable.h"
#include "llvm/Support/Allocator.h"
#include "llvm/Support/Path.h"

using namespace llvm;
namespace opts = clang::driver::options;
namespace types = clang::driver::types;

namespace ito::cc {

bool Input::translatable() const {
  return Type == types::TY_C || Type == types::TY_CXX ||
         Type == types::TY_PP_C || Type == types::TY_PP_CXX;
}

bool Input::preprocessed() const {
  return Type == types::TY_PP_C || Type == types::TY_PP_CXX;
}

Error expandResponseFiles(std::vector<const char *> &Args,
                          std::vector<std::string> &Storage) {
  BumpPtrAllocator Alloc;
  SmallVector<const char *, 64> Expanded(Args.begin(), Args.end());
  // GNU quoting, or Windows quoting with --rsp-quoting=windows, as clang
  // picks them.
  if (Error E =
          clang::driver::expandResponseFiles(Expanded,
                                             /*ClangCLMode=*/false, Alloc))
    return E;
  Storage.assign(Expanded.begin(), Expanded.end());
  Args.clear();
  for (const std::string &S : Storage)
    Args.push_back(S.c_str());
  return Error::success();
}

namespace {

/// ito's own options, taken out of the command. Returns false for an
/// argument that is not one.
Expected<bool> takeItoOption(StringRef Arg, CommandLine &CL) {
  if (Arg == "--ito-show" || Arg == "-show" || Arg == "-showme" ||
      Arg == "--showme")
    CL.Show = CommandLine::ShowKind::Command;
  else if (Arg == "--showme:compile" || Arg == "-showme:compile")
    CL.Show = CommandLine::ShowKind::CompileFlags;
  else if (Arg == "--showme:link" || Arg == "-showme:link")
    CL.Show = CommandLine::ShowKind::LinkFlags;
  else if (Arg == "--ito-check-only")
    CL.CheckOnly = true;
  else if (Arg == "--ito-no-translate")
    CL.NoTranslate = true;
  else if (Arg == "--ito-fixit")
    CL.FixIt = true;
  else if (Arg.consume_front("--ito-emit-translated=")) {
    if (Arg.empty())
      return createStringError(inconvertibleErrorCode(),
                               "--ito-emit-translated= needs a file name");
    CL.EmitTranslated = Arg.str();
  } else if (Arg == "--help")
    CL.Help = true;
  else if (Arg == "--version")
    CL.Version = true;
  else if (Arg.starts_with("--ito-"))
    return createStringError(inconvertibleErrorCode(),
                             "unknown option '%s' (see ito-cc --help)",
                             Arg.str().c_str());
  // OpenCilk's compiler needs -fopencilk (Cilk Plus's -fcilkplus) to know
  // the keywords; ito always knows them.
  else if (Arg == "-fopencilk" || Arg == "-fcilkplus")
    ;
  else
    return false;
  return true;
}

/// OpenCilk's tools (-fcilktool=cilksan, cilkscale; -fsanitize=cilk)
/// instrument for OpenCilk's runtime, which ito replaces; ito measures work
/// and span itself for -fcilktool=cilkscale (takeCilkTool).
Error rejectCilkTool(StringRef Arg) {
  StringRef Tool;
  if (Arg.starts_with("-fcilktool="))
    Tool = Arg.drop_front(strlen("-fcilktool="));
  else if (Arg.starts_with("-fsanitize=")) {
    SmallVector<StringRef, 4> Sanitizers;
    Arg.drop_front(strlen("-fsanitize=")).split(Sanitizers, ',');
    if (!is_contained(Sanitizers, "cilk"))
      return Error::success();
    Tool = "cilksan";
  } else {
    return Error::success();
  }
  return createStringError(
      inconvertibleErrorCode(),
      "'%s' asks for OpenCilk's %s, which instruments OpenCilk's runtime; ito "
      "has no such tool: build without it (ito's checks for code that breaks "
      "across processes run on every compile; --ito-check-only runs only "
      "them; -fcilktool=cilkscale measures work and span)",
      Arg.str().c_str(), Tool.empty() ? "Cilk tools" : Tool.str().c_str());
}

/// ThreadSanitizer and MemorySanitizer reserve most of the address space for
/// their shadow at fixed places, where ito's global memory and task stacks
/// live; AddressSanitizer and UndefinedBehaviorSanitizer work.
Error rejectSanitizer(StringRef Arg) {
  if (!Arg.starts_with("-fsanitize="))
    return Error::success();
  SmallVector<StringRef, 4> Sanitizers;
  Arg.drop_front(strlen("-fsanitize=")).split(Sanitizers, ',');
  for (StringRef S : Sanitizers) {
    if (S != "thread" && S != "memory")
      continue;
    return createStringError(
        inconvertibleErrorCode(),
        "'%s': %s cannot run with ito: its shadow memory takes the "
        "address ranges where every process maps global memory and task "
        "stacks; use -fsanitize=address or -fsanitize=undefined",
        Arg.str().c_str(),
        static_cast<const char *>(S == "thread" ? "ThreadSanitizer"
                                                : "MemorySanitizer"));
  }
  return Error::success();
}

/// -fcilktool=cilkscale: the translated program measures its work and span
/// (runtime/include/ito/detail/work_span.h); <cilk/cilkscale.h> then has
/// real measurements, as under OpenCilk, where the flag defines
/// __cilkscale__.
bool takeCilkTool(StringRef Arg, CommandLine &CL) {
  if (Arg != "-fcilktool=cilkscale")
    return false;
  CL.Cilkscale = true;
  return true;
}

} // namespace

Expected<CommandLine> parseCommandLine(ArrayRef<const char *> Args,
                                       bool CXXDriver) {
  CommandLine CL;
  std::vector<std::string> WarningArgs;
  for (size_t I = 0; I < Args.size(); I++) {
    StringRef Arg(Args[I]);
    if (Arg == "-w" || Arg.starts_with("-W") ||
        ito::CheckOptions::isCheckFlag(Arg))
      WarningArgs.push_back(Arg.str());
    if (ito::CheckOptions::isCheckFlag(Arg))
      continue; // ito's own: clang does not know them
    Expected<bool> Ito = takeItoOption(Arg, CL);
    if (!Ito)
      return Ito.takeError();
    if (*Ito)
      continue;
    if (takeCilkTool(Arg, CL))
      continue;
    if (Error E = rejectSanitizer(Arg))
      return E;
    if (Error E = rejectCilkTool(Arg))
      return E;
    // -Xclang -fixit: clang's way to apply fix-its; ito applies them to
    // the user's files from the translator.
    if (Arg == "-Xclang" && I + 1 < Args.size() &&
        StringRef(Args[I + 1]) == "-fixit") {
      CL.FixIt = true;
      I++;
      continue;
    }
    CL.ClangArgs.push_back(Arg.str());
  }

  // The serial elision (--ito-no-translate) has no runtime to measure with:
  // <cilk/cilkscale.h>'s measurements stay zero there.
  if (CL.Cilkscale && !CL.NoTranslate) {
    CL.ClangArgs.push_back("-DITO_CILKSCALE");
    CL.ClangArgs.push_back("-D__cilkscale__");
  }

  // AddressSanitizer's fake frames for stack-use-after-return belong to
  // the process that made them, and a task's frames move between
  // processes: a program built with it would report frames that moved.
  bool AddressSanitizer = false, ReturnChecks = false;
  for (const std::string &A : CL.ClangArgs) {
    StringRef Arg(A);
    if (Arg.starts_with("-fsanitize-address-use-after-return"))
      ReturnChecks = true;
    else if (Arg.consume_front("-fsanitize=")) {
      SmallVector<StringRef, 4> Sanitizers;
      Arg.split(Sanitizers, ',');
      if (is_contained(Sanitizers, "address"))
        AddressSanitizer = true;
    } else if (Arg == "-fno-sanitize=address" || Arg == "-fno-sanitize=all") {
      AddressSanitizer = false;
    }
  }
  if (AddressSanitizer && !ReturnChecks && !CL.NoTranslate)
    CL.ClangArgs.push_back("-fsanitize-address-use-after-return=never");

  std::vector<std::string> Unknown;
  CL.Checks = ito::CheckOptions::fromArguments(WarningArgs, &Unknown);
  if (!Unknown.empty())
    return createStringError(
        inconvertibleErrorCode(),
        "unknown %s option '%s'; ito's checks are -Wito-stack-sharing, "
        "-Wito-maybe-stack-sharing, -Wito-this-capture, -Wito-local-heap, "
        "-Wito-checkout-across-fork, -Wito-static-write and "
        "-Wito-receiver-race, its remark -Rito-promotion "
        "(docs/diagnostics.md)",
        StringRef(Unknown.front()).starts_with("-R") ? "remark" : "warning",
        Unknown.front().c_str());

  // Let clang's option table classify the rest, so that options taking a
  // separate value (-o x, -MF x, -include x, -Xlinker x, ...) are never
  // mistaken for inputs.
  std::vector<const char *> Raw;
  for (const std::string &S : CL.ClangArgs)
    Raw.push_back(S.c_str());
  const opt::OptTable &Table = clang::driver::getDriverOptTable();
  unsigned MissingIndex = 0, MissingCount = 0;
  // Only the gcc-style options: in clang-cl's table "/work/x.o" is an option.
  opt::InputArgList Parsed = Table.ParseArgs(
      Raw, MissingIndex, MissingCount, opt::Visibility(opts::ClangOption));
  if (MissingCount)
    return createStringError(inconvertibleErrorCode(),
                             "argument to '%s' is missing",
                             Parsed.getArgString(MissingIndex));

  // Each input's type, as clang's driver decides it: the last -x before it
  // ("none": from its name), C as C++ under ito-c++ (as clang++ does).
  const char *Language = nullptr;
  for (const opt::Arg *A : Parsed.filtered(opts::OPT_x, opts::OPT_INPUT)) {
    if (A->getOption().matches(opts::OPT_x)) {
      Language = A->getValue();
      // "-x c" and "--language c" are two arguments, "-xc" one.
      StringRef Spelling = CL.ClangArgs[A->getIndex()];
      CL.LanguageArgs.push_back(A->getIndex());
      if (Spelling == "-x" || Spelling == "--language")
        CL.LanguageArgs.push_back(A->getIndex() + 1);
      if (StringRef(Language) == "none")
        Language = nullptr;
      continue;
    }
    Input In;
    In.Path = A->getValue();
    In.Index = A->getIndex();
    if (Language) {
      In.Type = types::lookupTypeForTypeSpecifier(Language);
    } else if (In.isStdin()) {
      In.Type = types::TY_C; // (clang wants -x, except with -E)
    } else {
      StringRef Ext = sys::path::extension(In.Path);
      In.Type = Ext.empty() ? types::TY_Object
                            : types::lookupTypeForExtension(Ext.drop_front());
      if (In.Type == types::TY_INVALID)
        In.Type = types::TY_Object;
      if (CXXDriver)
        In.Type = types::lookupCXXTypeForCType(In.Type);
    }
    CL.Inputs.push_back(In);
  }

  for (const opt::Arg *A :
       Parsed.filtered(opts::OPT__HASH_HASH_HASH, opts::OPT_v,
                       opts::OPT_save_temps_EQ, opts::OPT_save_temps))
    CL.DriverOnlyArgs.push_back(A->getIndex());
  CL.PrintCommands = Parsed.hasArg(opts::OPT__HASH_HASH_HASH);
  CL.Verbose = Parsed.hasArg(opts::OPT_v);
  CL.Preprocess = Parsed.hasArg(opts::OPT_E);
  CL.PreprocessOnly = Parsed.hasArg(opts::OPT_E, opts::OPT_M, opts::OPT_MM);
  CL.WritesDepFile = Parsed.hasArg(opts::OPT_MD, opts::OPT_MMD);
  if (const opt::Arg *A = Parsed.getLastArg(opts::OPT_MF))
    CL.DepFile = A->getValue();
  // -Wp,-MD,<file> (and -MMD): the preprocessor's own spelling of the same.
  for (const opt::Arg *A : Parsed.filtered(opts::OPT_Wp_COMMA))
    for (size_t I = 0; I + 1 < A->getNumValues(); I++) {
      StringRef V = A->getValue(I);
      if (V == "-MD" || V == "-MMD") {
        CL.WritesDepFile = true;
        CL.DepFile = A->getValue(I + 1);
      }
    }
  if (const opt::Arg *A = Parsed.getLastArg(opts::OPT_o)) {
    CL.Output = A->getValue();
    CL.OutputArg = A->getIndex() +
                   (StringRef(CL.ClangArgs[A->getIndex()]) == "-o" ? 1 : 0);
  }
  CL.ParseableFixits = Parsed.hasArg(opts::OPT_fdiagnostics_parseable_fixits);
  if (const opt::Arg *A = Parsed.getLastArg(opts::OPT_fdiagnostics_format_EQ))
    CL.Sarif = StringRef(A->getValue()).equals_insensitive("sarif");
  CL.ColorChosen = Parsed.hasArg(opts::OPT_fcolor_diagnostics,
                                 opts::OPT_fno_color_diagnostics,
                                 opts::OPT_fdiagnostics_color_EQ);

  // The same phases clang stops at before linking.
  bool StopsBeforeLink = Parsed.hasArg(
      opts::OPT_c, opts::OPT_S, opts::OPT_E, opts::OPT_M, opts::OPT_MM,
      opts::OPT_fsyntax_only, opts::OPT__precompile);
  CL.Links = !CL.Inputs.empty() && !StopsBeforeLink;
  return CL;
}

} // namespace ito::cc
