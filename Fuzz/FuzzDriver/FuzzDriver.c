// The declaration in include/FuzzDriver.h is all this target provides.
#include "FuzzDriver.h"
