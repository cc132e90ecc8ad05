// _Exit, _exit and quick_exit of a Cilk program (ito-cc links with
// --wrap=_Exit,--wrap=_exit,--wrap=quick_exit): the whole job ends with the
// status, as with exit() (platform/process_exit.hpp), but without the exit
// handlers and, for _Exit and _exit, without flushing output, as in the
// serial program. Its own object in libito, linked only when the wrapping
// asks for it.
#include "platform/process_exit.hpp"

extern "C" {

void __real_quick_exit(int status);

[[noreturn]] void __wrap__Exit(int status) {
  ito::platform::end_job(status, /*flush=*/false, /*from_signal=*/false,
                         ito::platform::exit_kind::immediate);
}

[[noreturn]] void __wrap__exit(int status) { __wrap__Exit(status); }

[[noreturn]] void __wrap_quick_exit(int status) {
  ito::platform::note_quick_exit_status(status);
  __real_quick_exit(status);
  __builtin_unreachable();
}

} // extern "C"
