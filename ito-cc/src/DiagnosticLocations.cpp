//===- DiagnosticLocations.cpp - Diagnostics at the user's lines ----------===//

#include "DiagnosticLocations.h"

#include "llvm/ADT/SmallString.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Format.h"
#include "llvm/Support/JSON.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/raw_ostream.h"

#include <algorithm>
#include <functional>

using namespace llvm;

namespace ito::cc {

namespace {

std::string absolute(StringRef Path) {
  SmallString<256> Abs(Path);
  sys::fs::make_absolute(Abs);
  sys::path::remove_dots(Abs, /*remove_dot_dot=*/true);
  return std::string(Abs);
}

std::vector<std::string> splitLines(StringRef Text) {
  std::vector<std::string> Lines;
  while (!Text.empty()) {
    auto [Line, Rest] = Text.split('\n');
    Lines.push_back(Line.rtrim('\r').str());
    Text = Rest;
  }
  return Lines;
}

std::string toUri(StringRef Path) {
  std::string Uri = "file://";
  for (char C : absolute(Path)) {
    if (isalnum(static_cast<unsigned char>(C)) ||
        StringRef("/-._~").contains(C))
      Uri += C;
    else
      Uri += "%" + utohexstr(static_cast<unsigned char>(C), false, 2);
  }
  return Uri;
}

std::string fromUri(StringRef Uri) {
  if (!Uri.consume_front("file://"))
    return Uri.str();
  std::string Path;
  for (size_t I = 0; I < Uri.size(); I++) {
    unsigned Byte;
    if (Uri[I] == '%' && I + 2 < Uri.size() &&
        !Uri.substr(I + 1, 2).getAsInteger(16, Byte)) {
      Path += static_cast<char>(Byte);
      I += 2;
    } else {
      Path += Uri[I];
    }
  }
  return Path;
}

} // namespace

bool parseLineMarker(StringRef Line, unsigned &Number, std::string &Name) {
  Line = Line.ltrim();
  if (!Line.consume_front("#"))
    return false;
  Line = Line.ltrim();
  if (Line.consume_front("line"))
    Line = Line.ltrim();
  size_t Digits = Line.find_first_not_of("0123456789");
  if (Digits == 0 || Line.substr(0, Digits).getAsInteger(10, Number))
    return false;
  Line = Digits == StringRef::npos ? "" : Line.drop_front(Digits).ltrim();
  Name.clear();
  if (!Line.consume_front("\""))
    return Line.empty();
  for (size_t I = 0; I < Line.size() && Line[I] != '"'; I++) {
    if (Line[I] == '\\' && I + 1 < Line.size())
      I++;
    Name += Line[I];
  }
  return true;
}

std::string withoutSelfNames(StringRef Text, StringRef Self) {
  std::string Out;
  for (std::string &Line : splitLines(Text)) {
    unsigned Number;
    std::string Name;
    if (parseLineMarker(Line, Number, Name) && Name == Self)
      Line = "#line " + std::to_string(Number);
    Out += Line + "\n";
  }
  return Out;
}

DiagnosticLocations::DiagnosticLocations(ArrayRef<TranslatedFile> Translated) {
  for (const TranslatedFile &T : Translated) {
    File F;
    F.Original = T.Original;
    F.Names.push_back(absolute(T.Translated));
    if (T.Header)
      F.Names.push_back(absolute(T.Original));
    if (T.Original == "<stdin>")
      F.Names.push_back("<stdin>");
    int Source = -1;
    unsigned Next = 0;
    for (std::string &Text : splitLines(T.Text)) {
      unsigned Number;
      std::string Name;
      Line L;
      if (parseLineMarker(Text, Number, Name)) {
        if (Name.empty())
          Name = T.Original; // #line N: the file itself
        auto It = std::find(Sources.begin(), Sources.end(), Name);
        Source = static_cast<int>(It - Sources.begin());
        if (It == Sources.end())
          Sources.push_back(Name);
        if (!is_contained(F.SourcesNamed, Source))
          F.SourcesNamed.push_back(Source);
        Next = Number;
      } else if (Source >= 0) {
        L.Source = Source;
        L.Number = Next++;
      }
      L.Text = std::move(Text);
      F.Lines.push_back(std::move(L));
    }
    Files.push_back(std::move(F));
  }
}

const DiagnosticLocations::File *
DiagnosticLocations::find(StringRef Path) const {
  std::string Abs = Path == "<stdin>" ? Path.str() : absolute(Path);
  for (const File &F : Files)
    if (std::find(F.Names.begin(), F.Names.end(), Abs) != F.Names.end())
      return &F;
  // Clang's fix-its name the file as a line marker does (and count lines
  // in the translation).
  for (const File &F : Files)
    for (int Source : F.SourcesNamed)
      if (Sources[Source] == Path || absolute(Sources[Source]) == Abs)
        return &F;
  return nullptr;
}

const std::string *DiagnosticLocations::sourceLine(int Source,
                                                   unsigned Number) const {
  auto It = SourceLines.find(Source);
  if (It == SourceLines.end()) {
    std::vector<std::string> Lines;
    if (auto Buf = MemoryBuffer::getFile(Sources[Source]))
      Lines = splitLines((*Buf)->getBuffer());
    It = SourceLines.insert({Source, std::move(Lines)}).first;
  }
  if (Number == 0 || Number > It->second.size())
    return nullptr;
  return &It->second[Number - 1];
}

namespace {

/// The column of \p Original that column \p Column (1-based) of \p Changed
/// stands for, by the longest common subsequence of the two lines; 0 if
/// there is none (or the lines are too long to align cheaply).
unsigned alignedColumn(StringRef Changed, StringRef Original, unsigned Column) {
  const size_t N = Changed.size(), M = Original.size();
  if (Column == 0 || Column > N + 1 || N * M > (size_t(1) << 22))
    return 0;
  // Suffix LCS lengths, then a walk from the start that pairs equal
  // characters whenever pairing keeps the LCS.
  std::vector<uint16_t> L((N + 1) * (M + 1), 0);
  auto At = [&](size_t I, size_t J) -> uint16_t & {
    return L[I * (M + 1) + J];
  };
  for (size_t I = N; I-- > 0;)
    for (size_t J = M; J-- > 0;)
      At(I, J) = Changed[I] == Original[J]
                     ? At(I + 1, J + 1) + 1
                     : std::max(At(I + 1, J), At(I, J + 1));
  std::vector<int> Match(N + 1, -1);
  Match[N] = static_cast<int>(M); // the end of one line is the other's
  for (size_t I = 0, J = 0; I < N && J < M;) {
    if (Changed[I] == Original[J] && At(I, J) == At(I + 1, J + 1) + 1)
      Match[I++] = static_cast<int>(J++);
    else if (At(I + 1, J) >= At(I, J + 1))
      I++;
    else
      J++;
  }
  for (size_t I = Column - 1; I <= N; I++)
    if (Match[I] >= 0)
      return static_cast<unsigned>(Match[I]) + 1;
  return 0;
}

} // namespace

std::optional<DiagnosticLocations::Position>
DiagnosticLocations::map(StringRef Path, unsigned LineNo, unsigned Column,
                         bool Inexact) const {
  const File *F = find(Path);
  if (!F || LineNo == 0 || LineNo > F->Lines.size())
    return std::nullopt;
  const Line &L = F->Lines[LineNo - 1];
  if (L.Source < 0)
    return std::nullopt;
  Position P{Sources[L.Source], L.Number, 0};
  // The column holds where the translation left the line as it was.
  const std::string *Original = sourceLine(L.Source, L.Number);
  if (Original && (*Original == L.Text ||
                   (Column <= Original->size() && Column <= L.Text.size() &&
                    StringRef(*Original).take_front(Column) ==
                        StringRef(L.Text).take_front(Column))))
    P.Column = Column; // what comes before it is as the user wrote it
  else if (Original && Inexact)
    P.Column = alignedColumn(L.Text, *Original, Column);
  return P;
}

std::string DiagnosticLocations::rewriteFixIt(StringRef Line) const {
  // fix-it:"<file>":{<line>:<col>-<line>:<col>}:"<text>"
  StringRef Rest = Line;
  if (!Rest.consume_front("fix-it:\""))
    return Line.str() + "\n";
  std::string Path;
  size_t I = 0;
  for (; I < Rest.size() && Rest[I] != '"'; I++) {
    if (Rest[I] == '\\' && I + 1 < Rest.size())
      I++;
    Path += Rest[I];
  }
  Rest = Rest.drop_front(I);
  unsigned L1, C1, L2, C2;
  if (!Rest.consume_front("\":{"))
    return Line.str() + "\n";
  auto Number = [&](unsigned &N, char After) {
    size_t End = Rest.find(After);
    if (End == StringRef::npos || Rest.substr(0, End).getAsInteger(10, N))
      return false;
    Rest = Rest.drop_front(End + 1);
    return true;
  };
  if (!Number(L1, ':') || !Number(C1, '-') || !Number(L2, ':') ||
      !Number(C2, '}') || !find(Path))
    return Line.str() + "\n";
  std::optional<Position> B = map(Path, L1, C1), E = map(Path, L2, C2);
  // A fix-it in code the translation changed or made has no place in the
  // user's file: dropped.
  if (!B || !E || !B->Column || !E->Column || B->File != E->File)
    return "";
  std::string Out;
  raw_string_ostream OS(Out);
  OS << "fix-it:\"";
  OS.write_escaped(B->File);
  OS << "\":{" << B->Line << ":" << B->Column << "-" << E->Line << ":"
     << E->Column << "}" << Rest << "\n";
  return Out;
}

void DiagnosticLocations::mapPhysicalLocation(json::Object &Location,
                                              bool Presumed) const {
  json::Object *Artifact = Location.getObject("artifactLocation");
  json::Object *Region = Location.getObject("region");
  if (!Artifact || !Region || !Artifact->getString("uri"))
    return;
  std::string Path = fromUri(*Artifact->getString("uri"));
  const File *F = find(Path);
  if (!F)
    return;
  if (Presumed) {
    // Already at the user's line and column (see rewriteSarif).
    (*Artifact)["uri"] = toUri(F->Original);
    Artifact->erase("index");
    return;
  }
  auto Get = [&](StringRef Key) {
    return static_cast<unsigned>(Region->getInteger(Key).value_or(0));
  };
  std::optional<Position> B =
      map(Path, Get("startLine"), Get("startColumn"), /*Inexact=*/true);
  if (!B)
    return; // generated code: left where it is
  std::optional<Position> E =
      map(Path, Get("endLine"), Get("endColumn"), /*Inexact=*/true);
  (*Artifact)["uri"] = toUri(B->File);
  Artifact->erase("index");
  (*Region)["startLine"] = B->Line;
  if (B->Column)
    (*Region)["startColumn"] = B->Column;
  else
    Region->erase("startColumn");
  if (E && E->File == B->File) {
    (*Region)["endLine"] = E->Line;
    if (E->Column && B->Column)
      (*Region)["endColumn"] = E->Column;
    else
      Region->erase("endColumn");
  } else {
    Region->erase("endLine");
    Region->erase("endColumn");
  }
}

std::string DiagnosticLocations::rewriteSarif(StringRef Document) const {
  Expected<json::Value> Doc = json::parse(Document);
  if (!Doc) {
    consumeError(Doc.takeError());
    return Document.str() + "\n";
  }
  // Clang 19 lists a result's ranges first, at their places in the
  // translation, and its own location last, at the line and column the
  // line markers give it (in SARIF mode the translations' markers name no
  // file: withoutSelfNames).
  json::Object *Root = Doc->getAsObject();
  json::Array *Runs = Root ? Root->getArray("runs") : nullptr;
  for (size_t RunIndex = 0; Runs && RunIndex < Runs->size(); RunIndex++) {
    json::Object *R = (*Runs)[RunIndex].getAsObject();
    if (!R)
      continue;
    if (json::Array *Artifacts = R->getArray("artifacts"))
      for (json::Value &A : *Artifacts)
        if (json::Object *Loc = A.getAsObject()
                                    ? A.getAsObject()->getObject("location")
                                    : nullptr)
          if (std::optional<StringRef> Uri = Loc->getString("uri"))
            if (const File *F = find(fromUri(*Uri))) {
              (*Loc)["uri"] = toUri(F->Original);
              uint64_t Size;
              if (!sys::fs::file_size(F->Original, Size))
                (*A.getAsObject())["length"] = static_cast<int64_t>(Size);
            }
    json::Array *Results = R->getArray("results");
    for (size_t I = 0; Results && I < Results->size(); I++) {
      json::Object *O = (*Results)[I].getAsObject();
      json::Array *Locations = O ? O->getArray("locations") : nullptr;
      if (!Locations)
        continue;
      for (size_t J = 0; J < Locations->size(); J++)
        if (json::Object *L = (*Locations)[J].getAsObject())
          if (json::Object *P = L->getObject("physicalLocation"))
            mapPhysicalLocation(*P, J + 1 == Locations->size());
    }
  }
  std::string Out;
  raw_string_ostream OS(Out);
  OS << *Doc << "\n";
  return Out;
}

std::string DiagnosticLocations::rewrite(StringRef Output) const {
  std::string Out;
  while (!Output.empty()) {
    auto [Line, Rest] = Output.split('\n');
    bool Newline = Output.size() > Line.size();
    Output = Rest;
    if (Line.starts_with("fix-it:\"")) {
      Out += rewriteFixIt(Line);
    } else if (Line.starts_with("{") && Line.contains("\"runs\"")) {
      Out += rewriteSarif(Line);
    } else {
      Out += Line.str();
      if (Newline)
        Out += "\n";
    }
  }
  return Out;
}

} // namespace ito::cc
