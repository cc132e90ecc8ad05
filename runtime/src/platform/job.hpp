// The processes of this job on this machine, as they see each other through
// one small shared page: who they are (world ranks and pids), and the
// decisions that must be taken once per job however many processes reach
// them at the same moment: whose message stands for the job (a fatal error
// or a crash), and which exit ends it (process_exit.hpp).
//
// The page spans the machine (MPI_COMM_TYPE_SHARED), not the runtime's node:
// with ITO_FORCE_INTERNODE every rank is a node of its own, yet the ranks of
// one machine can still signal each other.
#pragma once

#include <string>

#include <mpi.h>

#include <atomic>
#include <cstdint>
#include <sys/types.h>

namespace ito::platform {

struct job_page {
  // World rank + 1 of the process whose error message stands for the job;
  // 0 while nobody has reported one.
  std::atomic<int32_t> reporter;
  // The exit that ends the job: 0, or stop_code(rank, status).
  std::atomic<int64_t> stop;
  // Processes of this machine that flushed their output for that exit.
  std::atomic<int32_t> flushed;
  int32_t n_procs;
  struct proc {
    int32_t rank;
    pid_t pid;
  } procs[1]; // n_procs entries
};

// An exit: who leads it, how (process_exit.hpp's exit_kind), and its status.
inline int64_t stop_code(int rank, int status, int kind) {
  return (static_cast<int64_t>(rank + 1) << 32) | ((kind & 0xff) << 8) |
         (status & 0xff);
}
inline int stop_rank(int64_t code) { return static_cast<int>(code >> 32) - 1; }
inline int stop_kind(int64_t code) {
  return static_cast<int>((code >> 8) & 0xff);
}
inline int stop_status(int64_t code) { return static_cast<int>(code & 0xff); }

// Collective over MPI_COMM_WORLD: maps this machine's page. Until then (and
// after leave_job) every query below answers as for a job of one process.
void join_job();
// The job ends normally (ito_fini, before MPI_Finalize): exits after this
// are ordinary process exits.
void leave_job();

// The page, or null outside a job (and in a child the program forked: it
// is not a process of the job).
job_page *this_job();
// This process's world rank (0 outside a job).
int job_rank();
int job_size();
// The name of this job's POSIX shared-memory segment `what` of a rank,
// "/ito.<job>.<rank>.<what>": the job's id (random, drawn by rank 0 and
// broadcast by join_job) keeps two jobs on one machine apart.
std::string job_segment_name(int rank, const char *what);
// Whether a world rank runs on this machine (and is in the page).
bool on_this_machine(int rank);
// A private communicator for the end of the job (acknowledgements between
// machines), apart from the runtime's and the program's messages.
MPI_Comm job_control_comm();

// True for the first process of the machine to ask (or outside a job): it
// prints the message that stands for the job; the others stay quiet.
bool claim_job_report();

} // namespace ito::platform
