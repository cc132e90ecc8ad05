// ito: the C++ API of libito.
//
//   ito::init() / ito::fini()       start and stop the runtime (collective)
//   ito::root_exec(f, args...)      run f as the root task on all processes
//                                   (collective), return its value everywhere
//   ito::thread<T> th(f, args...)   fork f as a child task (child first)
//   th.join()                       wait for it, return its value
//   ito::parallel_invoke(f, g, ...) run callables in parallel, return values
//   ito::future<T> x = ito::async(f, args...)
//                                   a task any other task may join (get()),
//   ito::async(ito::consumers{n}, f, args...)   ... exactly n of them
//   ito::malloc_coll, ito::checkout, ...  global memory (ito/global.hpp)
//
// Compiled with ITO_SERIAL defined, every call becomes a plain call (the
// serial elision), so a program can be timed against its own serial version.
#ifndef ITO_ITO_HPP
#define ITO_ITO_HPP

#include <ito/ito.h>

#include <cstddef>
#include <tuple>
#include <type_traits>
#include <utility>

namespace ito {

// Starts the runtime (and MPI, unless the program already started it).
// Collective over all processes.
inline void init(int *argc = nullptr, char ***argv = nullptr) {
  ito_init(argc, argv);
}

// Stops the runtime (and MPI, if init() started it). Collective.
inline void fini() { ito_fini(); }

inline bool is_initialized() { return ito_is_initialized() != 0; }

inline int my_rank() { return ito_rank(); }
inline int n_ranks() { return ito_n_ranks(); }
inline bool is_master() { return ito_is_master() != 0; }

inline int my_node() { return ito_node(); }
inline int n_nodes() { return ito_n_nodes(); }
inline int my_node_rank() { return ito_node_rank(); }
inline int node_n_ranks() { return ito_node_n_ranks(); }

// Starts the runtime on construction and stops it on destruction, so that an
// early return from main still shuts down every process cleanly.
class runtime {
public:
  runtime(int *argc = nullptr, char ***argv = nullptr) { init(argc, argv); }
  ~runtime() { fini(); }
  runtime(const runtime &) = delete;
  runtime &operator=(const runtime &) = delete;
};

} // namespace ito

#if defined(ITO_SERIAL)
#include <ito/detail/serial.hpp>
#else
#include <ito/detail/tasks.hpp>
#endif
#include <ito/global.hpp>
#include <ito/patterns.hpp>

#endif // ITO_ITO_HPP
