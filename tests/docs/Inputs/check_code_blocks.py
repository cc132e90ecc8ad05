"""Builds and runs the programs that README.md and docs/*.md show.

Every fenced block in C (```c) or C++ (```c++, ```cpp) that defines main is
a program: it is compiled as shown with ito-cc or ito-c++ (-Wall -Werror:
the docs show code that compiles cleanly) and run on 2 processes under
ito-run, where it must end by itself with an exit status of its own (not a
signal, not the time limit). Prints one line per program and what failed;
exits 1 if anything did."""
import argparse
import glob
import os
import subprocess
import sys
import tempfile

LANGS = {"c": "c", "c++": "c++", "cpp": "c++"}


def blocks(path):
    """(line, language, text) of each C or C++ block of a Markdown file."""
    lines = open(path, encoding="utf-8").read().split("\n")
    i = 0
    while i < len(lines):
        if lines[i].startswith("```"):
            info = lines[i][3:].strip().split(" ")[0]
            j = i + 1
            while j < len(lines) and not lines[j].startswith("```"):
                j += 1
            if info in LANGS:
                yield i + 1, LANGS[info], "\n".join(lines[i + 1:j]) + "\n"
            i = j + 1
        else:
            i += 1


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--root", required=True, help="the source tree")
    ap.add_argument("--bin", required=True, help="where ito-cc and ito-run are")
    ap.add_argument("--timeout", default="60")
    a = ap.parse_args()
    docs = [os.path.join(a.root, "README.md")] + sorted(
        glob.glob(os.path.join(a.root, "docs", "*.md")))
    failures, programs = [], 0
    with tempfile.TemporaryDirectory() as work:
        for doc in docs:
            name = os.path.relpath(doc, a.root)
            for line, lang, text in blocks(doc):
                if "main(" not in text:
                    continue
                programs += 1
                where = f"{name}:{line}"
                src = os.path.join(work, f"block{programs}." +
                                   ("c" if lang == "c" else "cpp"))
                exe = os.path.join(work, f"block{programs}")
                with open(src, "w") as f:
                    f.write(text)
                driver = os.path.join(a.bin, "ito-cc" if lang == "c" else "ito-c++")
                build = subprocess.run([driver, "-O1", "-Wall", "-Werror", src, "-o", exe],
                                       capture_output=True, text=True)
                if build.returncode != 0:
                    failures.append(f"{where}: does not compile as shown:\n{build.stderr}")
                    continue
                run = subprocess.run([os.path.join(a.bin, "ito-run"), "--timeout", a.timeout,
                                      "-n", "2", exe], capture_output=True, text=True,
                                     cwd=work)
                if run.returncode < 0 or run.returncode >= 124:
                    failures.append(f"{where}: ended with status {run.returncode}:\n"
                                    f"{run.stderr[-2000:]}")
                    continue
                print(f"ok: {where} ({lang}, status {run.returncode})")
    for f in failures:
        print("FAIL:", f)
    print(f"{programs} programs, {len(failures)} failed")
    return 1 if failures or programs == 0 else 0


if __name__ == "__main__":
    sys.exit(main())
