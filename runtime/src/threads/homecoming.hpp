// The root task's return to process 0 (ito_abi_home, homecoming.cpp).
#pragma once

#include "comm/global_ref.hpp"

namespace ito::threads {

class worker;

// Process 0: the root thread, evacuated by the process it left, if it has
// been sent home; the scheduler loop resumes it.
bool take_homecoming(worker &w, comm::global_ref &thread);
// Process 0: a homecoming message from another node.
void deliver_homecoming(worker &w, comm::global_ref thread);

} // namespace ito::threads
