// Cilk constructs in system headers are not the translator's business; those
// in user headers are translated with the source: ito-translate writes them
// to --header-dir, with an overlay for clang's -ivfsoverlay (ito-cc does the
// same in its temporary directory).
// RUN: %ito-translate %s -o %t.c -- -I %ito-include -isystem %S/Inputs/system
// RUN: diff %s %t.c
//
// Without --header-dir, one clear error, and no output.
// RUN: rm -rf %t.c %t.dir
// RUN: not %ito-translate %s -o %t.c -- -I %ito-include \
// RUN:   -isystem %S/Inputs/system -DUSER 2>&1 | FileCheck %s \
// RUN:   --check-prefix=NODIR --implicit-check-not=error:
// NODIR: ito-translate: error: {{.*}}user-spawn.h has Cilk code too: give --header-dir=<dir> for the translations of headers (clang then compiles with -ivfsoverlay <dir>/overlay.yaml), or compile with ito-cc
// RUN: not ls %t.c
//
// With it: the header's spawn and sync become a fork and a join, at the
// header's lines, under names of its own; the source (no Cilk of its own)
// becomes part of a Cilk program; the system header is left alone.
// RUN: %ito-translate %s -o %t.c --header-dir=%t.dir -- -I %ito-include \
// RUN:   -isystem %S/Inputs/system -DUSER
// RUN: FileCheck %s --check-prefix=HEADER --input-file=%t.dir/user-spawn.h
// HEADER: #include <ito/cilk_abi.h>
// HEADER-NEXT: #line 1 "{{.*}}Inputs/user/user-spawn.h"
// HEADER: static inline int user_twice(int (*f)(int), int n) {ito_abi_spawn __ito_s_user_spawn_h_[[TAG:[0-9a-f]+]]_1 = ito_abi_spawn_init;
// HEADER: ito_abi_fork(&__ito_s_user_spawn_h_[[TAG]]_1, __ito_e_user_spawn_h_[[TAG]]_1
// HEADER: ito_abi_sync(&__ito_s_user_spawn_h_[[TAG]]_1
// RUN: FileCheck %s --check-prefix=MAIN --input-file=%t.c
// MAIN: #include <ito/cilk_abi.h>
// MAIN: int main(void) { return system_twice(id, 0) + user_twice(id, 0); }
// MAIN: __ito_cilk_program = 1;
// RUN: FileCheck %s --check-prefix=OVERLAY --input-file=%t.dir/overlay.yaml
// OVERLAY: 'use-external-names': 'false'
// OVERLAY: 'name': "{{.*}}Inputs/user"
// OVERLAY: 'name': "user-spawn.h"
// OVERLAY: 'external-contents': "{{.*}}.dir/user-spawn.h"
//
// Clang compiles the source with the translated header through the overlay,
// which it names as the user's.
// RUN: %clang -fsyntax-only -Werror -I %ito-include -isystem %S/Inputs/system \
// RUN:   -iquote %S -DUSER -ivfsoverlay %t.dir/overlay.yaml %t.c
// RUN: %clang -E -I %ito-include -isystem %S/Inputs/system -iquote %S -DUSER \
// RUN:   -ivfsoverlay %t.dir/overlay.yaml %t.c | FileCheck %s --check-prefix=VFS
// VFS: # 1 "{{.*}}tests/translator/Inputs/user/user-spawn.h" 1
// VFS: ito_abi_fork(&__ito_s_user_spawn_h_

#include <system-spawn.h>
#ifdef USER
#include "Inputs/user/user-spawn.h"
#endif

static int id(int n) { return n; }

#ifdef USER
int main(void) { return system_twice(id, 0) + user_twice(id, 0); }
#else
int main(void) { return system_twice(id, 0); }
#endif
