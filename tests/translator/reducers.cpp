// C++: a reducer alias template's uses name its companion, the struct
// beside it with its identity and reduce (written by hand in ito's
// headers, emitted after a user's own alias); a reducer typed directly
// names its operations; binding a reference to a reducer keeps the
// reducer (a spawned call's reference argument too); a local reducer
// registers for its scope (sum and top are promoted: a child reaches them). (Comment lines are
// dropped from the translation, so that no pattern matches its own CHECK
// line.)
// RUN: %ito-translate %s -- -I %ito-include | grep -v '^ *//' | FileCheck %s

#include <cilk/cilk.h>
#include <cilk/opadd_reducer.h>

#include <new>

template <typename T> void none(void *v) { new (v) T(); }
template <typename T> void join_max(void *l, void *r) {
  if (*static_cast<T *>(r) > *static_cast<T *>(l))
    *static_cast<T *>(l) = *static_cast<T *>(r);
}

// CHECK: template <typename T> using max_reducer = T cilk_reducer(none<T>, join_max<T>); template <typename T> struct __ito_reducer_max_reducer { static constexpr void (*identity)(void *) = none<T>; static constexpr void (*reduce)(void *, void *) = join_max<T>; };
template <typename T> using max_reducer = T cilk_reducer(none<T>, join_max<T>);

// CHECK-LABEL: void add(int n, cilk::opadd_reducer<long> &sum, max_reducer<int> &top) {
// CHECK-NEXT: ::ito::cilk::__view<::cilk::__ito_reducer_opadd_reducer<long>>(sum) += n;
// CHECK-NEXT: if (n > ::ito::cilk::__view<::__ito_reducer_max_reducer<int>>(top))
// CHECK-NEXT: ::ito::cilk::__view<::__ito_reducer_max_reducer<int>>(top) = n;
void add(int n, cilk::opadd_reducer<long> &sum, max_reducer<int> &top) {
  sum += n;
  if (n > top)
    top = n;
}

// CHECK-LABEL: long run() {
// CHECK-NEXT: {{.*}} ::ito::cilk::__reducer_scope __ito_r_sum(sum, ::cilk::__ito_reducer_opadd_reducer<long>::identity, ::cilk::__ito_reducer_opadd_reducer<long>::reduce);
// CHECK: __ito_s1.__fork([__a0 = (1), &__a1 = (sum), &__a2 = (top)]
// CHECK: long cilk_reducer(none<long>, join_max<long>) direct = 0;
// CHECK: ::ito::cilk::__view(direct, none<long>, join_max<long>) = 5;
long run() {
  cilk::opadd_reducer<long> sum = 0;
  max_reducer<int> top = 0;
  cilk_spawn add(1, sum, top);
  add(2, sum, top);
  cilk_sync;
  long cilk_reducer(none<long>, join_max<long>) direct = 0;
  direct = 5;
  return sum + top + direct;
}
