// The ITO_* environment variables: the one list of those ito knows.
//
// Every variable the runtime reads is read through env_value(), which stops
// with an internal error for a name missing from the list, so an option
// cannot be added without it; the list also names the variables that ito's
// tools read (ito-cc, ito-run, the scripts). At start-up rank 0 warns about
// any other ITO_* variable in the environment, naming the closest known one
// (a misspelled option would otherwise be ignored without a word).
#pragma once

namespace ito::platform {

// The value of known variable \p name (an ITO_* name from the list), or
// null when it is unset.
const char *env_value(const char *name);

// Warns once for every ITO_* variable in the environment that ito does not
// know. Call on one process.
void warn_unknown_environment();

} // namespace ito::platform
