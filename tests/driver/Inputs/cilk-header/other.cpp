#include "tfib.hpp"

long other() { return tfib(10) + ifib(10); }
