// Cilk constructs in C++: templates (reported once, not per instantiation),
// lambdas, member functions, range-based cilk_for.
// RUN: not %ito-translate %s -o %t.cpp -- -std=c++17 -I %ito-include 2>&1 \
// RUN:   | FileCheck %s --implicit-check-not=error: --match-full-lines
// RUN: not ls %t.cpp

#include <cilk/cilk.h>
#include <vector>

template <typename T> T sum(const std::vector<T> &Values, std::size_t Begin,
                            std::size_t End) {
  if (End - Begin < 2)
    return Begin == End ? T() : Values[Begin];
  std::size_t Mid = Begin + (End - Begin) / 2;
  // CHECK: {{.*}}keywords-unsupported.cpp:[[@LINE+1]]:12: error: 'cilk_spawn' is not supported by this version of ito-translate
  T Left = cilk_spawn sum(Values, Begin, Mid);
  T Right = sum(Values, Mid, End);
  // CHECK: {{.*}}keywords-unsupported.cpp:[[@LINE+1]]:3: error: 'cilk_sync' is not supported by this version of ito-translate
  cilk_sync;
  return Left + Right;
}

struct Scaler {
  int Factor;
  void scale(std::vector<int> &Values) const {
    // CHECK: {{.*}}keywords-unsupported.cpp:[[@LINE+1]]:5: error: 'cilk_for' is not supported by this version of ito-translate
    cilk_for (int &Value : Values)
      Value *= Factor;
  }
};

int main() {
  std::vector<int> Values{1, 2, 3, 4};
  Scaler{2}.scale(Values);
  auto Total = [&] {
    int Result;
    // CHECK: {{.*}}keywords-unsupported.cpp:[[@LINE+1]]:5: error: 'cilk_scope' is not supported by this version of ito-translate
    cilk_scope Result = sum(Values, 0, Values.size());
    return Result;
  };
  return sum(Values, 0, Values.size()) + sum<int>({}, 0, 0) + Total();
}

// CHECK: 4 errors generated.
