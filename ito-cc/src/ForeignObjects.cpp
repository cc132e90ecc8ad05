#include "ForeignObjects.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/BinaryFormat/ELF.h"
#include "llvm/Object/Archive.h"
#include "llvm/Object/ELFObjectFile.h"
#include "llvm/Object/ObjectFile.h"
#include "llvm/Support/Error.h"
#include "llvm/Support/MemoryBuffer.h"

using namespace llvm;
using namespace llvm::object;

namespace ito::cc {

namespace {

/// Writable, allocated, not thread-local: per-process data (.data, .bss).
bool isWritableData(const ELFSectionRef &S) {
  const uint64_t Flags = S.getFlags();
  return (Flags & ELF::SHF_ALLOC) && (Flags & ELF::SHF_WRITE) &&
         !(Flags & ELF::SHF_EXECINSTR) && !(Flags & ELF::SHF_TLS);
}

void inspect(const ObjectFile &Obj, const std::string &Name, LinkInputs &Out) {
  const auto *Elf = dyn_cast<ELFObjectFileBase>(&Obj);
  if (!Elf)
    return;
  for (const SectionRef &S : Obj.sections()) {
    Expected<StringRef> SName = S.getName();
    if (!SName) {
      consumeError(SName.takeError());
      continue;
    }
    if (*SName != "ito_objects")
      continue;
    // Compiled by ito-cc: its variables are placed; is it a Cilk program?
    for (const SymbolRef &Sym : Obj.symbols()) {
      Expected<StringRef> SymName = Sym.getName();
      if (!SymName)
        consumeError(SymName.takeError());
      else if (*SymName == "__ito_cilk_program")
        Out.CilkProgram = true;
    }
    return;
  }
  ForeignObject F{Name, {}};
  for (const ELFSymbolRef &Sym : Elf->symbols()) {
    if (Sym.getELFType() != ELF::STT_OBJECT || Sym.getSize() == 0)
      continue;
    Expected<uint32_t> Flags = Sym.getFlags();
    if (!Flags) {
      consumeError(Flags.takeError());
      continue;
    }
    if (*Flags & SymbolRef::SF_Undefined)
      continue;
    bool Writable = *Flags & SymbolRef::SF_Common;
    if (!Writable) {
      Expected<section_iterator> Sec = Sym.getSection();
      if (!Sec) {
        consumeError(Sec.takeError());
        continue;
      }
      if (*Sec == Obj.section_end())
        continue;
      Writable = isWritableData(ELFSectionRef(**Sec));
    }
    if (!Writable)
      continue;
    Expected<StringRef> SymName = Sym.getName();
    if (!SymName)
      consumeError(SymName.takeError());
    else if (!SymName->starts_with("__ito"))
      F.Variables.push_back(SymName->str());
  }
  if (!F.Variables.empty()) {
    llvm::sort(F.Variables);
    Out.Foreign.push_back(std::move(F));
  }
}

} // namespace

LinkInputs inspectLinkInputs(ArrayRef<std::string> Paths) {
  LinkInputs Out;
  for (const std::string &Path : Paths) {
    ErrorOr<std::unique_ptr<MemoryBuffer>> Buf = MemoryBuffer::getFile(Path);
    if (!Buf)
      continue;
    Expected<std::unique_ptr<Binary>> Bin =
        createBinary((*Buf)->getMemBufferRef());
    if (!Bin) {
      consumeError(Bin.takeError());
      continue;
    }
    if (const auto *Obj = dyn_cast<ObjectFile>(Bin->get())) {
      inspect(*Obj, Path, Out);
      continue;
    }
    const auto *Ar = dyn_cast<Archive>(Bin->get());
    if (!Ar)
      continue;
    Error Err = Error::success();
    for (const Archive::Child &C : Ar->children(Err)) {
      Expected<std::unique_ptr<Binary>> Member = C.getAsBinary();
      if (!Member) {
        consumeError(Member.takeError());
        continue;
      }
      std::string MemberName = "?";
      if (Expected<StringRef> MName = C.getName())
        MemberName = MName->str();
      else
        consumeError(MName.takeError());
      if (const auto *Obj = dyn_cast<ObjectFile>(Member->get()))
        inspect(*Obj, Path + "(" + MemberName + ")", Out);
    }
    consumeError(std::move(Err));
  }
  return Out;
}

} // namespace ito::cc
