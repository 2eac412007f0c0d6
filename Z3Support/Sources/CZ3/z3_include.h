#include <z3.h>
