"""Writes a Cilk C file of <n> spawning functions, and a main that calls
every hundredth one: make_large_file.py <n> <out.c>"""
import sys

n, out = int(sys.argv[1]), sys.argv[2]
with open(out, "w") as f:
    f.write("#include <cilk/cilk.h>\n#include <stdio.h>\n")
    for i in range(n):
        f.write(f"static int f{i}(int n) {{ if (n < 2) return n + {i}; "
                f"int a = cilk_spawn f{i}(n - 1); int b = f{i}(n - 2); "
                f"cilk_sync; return (a + b) % 1000; }}\n")
    f.write("int main(void) {\n  long s = 0;\n")
    for i in range(0, n, 100):
        f.write(f"  s += f{i}(5);\n")
    f.write('  printf("%ld\\n", s);\n  return 0;\n}\n')
