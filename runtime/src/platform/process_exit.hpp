// How a job ends when one process ends it: exit(), quick_exit() or _Exit()
// in any task or in SPMD code, a fatal error, a crash
// (docs/exit-and-crashes.md).
//
// The process that ends the job (the leader) claims the machine's job page
// and asks every other process to stop; a process idle in the scheduler
// sees the request at once and exits the same way (running its exit
// handlers, as when main returns), a busy one is signalled and only
// flushes its output; processes on other machines get a message. The
// leader waits briefly for them to flush, then exits with its status, and
// the others follow with the same status. MPI launchers stop the rest of a
// job when one process leaves without MPI_Finalize, so the leader's status
// becomes the job's, and nobody waits in a barrier for a process that is
// gone.
#pragma once

namespace ito::platform {

// How the process that ends the job leaves, which the others imitate.
enum class exit_kind { exit, quick_exit, immediate };

// Sends a stop request (an encoded stop_code) to every process on other
// machines; set by the layer that owns the transport.
using stop_sender = void (*)(long long code);
void set_stop_sender(stop_sender send);

// The memory fences around an exit() in a task: the process that ends the
// job writes home what it wrote before the others run the exit handlers
// (at process 0, where main registered them), and a process about to run
// them drops what it has cached; set by the layer that owns global memory.
using exit_fence = void (*)();
void set_exit_fences(exit_fence release, exit_fence acquire);

// Ends the job with status. flush: this process's stdio goes out first (an
// exit; not after a crash, whose buffers may be corrupt). from_signal: no
// messages are sent (MPI is not safe in a signal handler); processes on
// other machines are stopped by the launcher instead.
[[noreturn]] void end_job(int status, bool flush, bool from_signal,
                          exit_kind kind = exit_kind::immediate);

// Another process of this machine is reporting the job's error and will
// end the job: wait for that (briefly), then follow it.
[[noreturn]] void await_job_end(int status);

// Whether some process asked the job to stop; checked where the runtime is
// idle (one load of a shared word).
bool stop_requested();
// Stops this process the way the leader does, from a point where the
// runtime holds nothing (the scheduler's loop, a poll).
[[noreturn]] void stop_at_safe_point();
// A stop request from another machine, received at such a point.
[[noreturn]] void follow_remote_stop(long long code, int from_rank);

// The handler of the signal by which a leader on this machine asks a busy
// process to stop.
void install_stop_handler();

// quick_exit(status) is under way: its handlers cannot see the status.
void note_quick_exit_status(int status);

// The process's next exit() is the program's normal end (main returned):
// once the program's own exit handlers and static destructors have run,
// with the runtime still up, finish(), not the ending of the job, runs.
void end_normally_with(void (*finish)());

// _exit(2) for the runtime's own use (the program's _exit may be wrapped).
[[noreturn]] void exit_process(int status);

} // namespace ito::platform
