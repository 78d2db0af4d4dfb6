/* CMemory has only static inline functions (include/cmemory.h); SwiftPM needs one source file. */
#include "cmemory.h"
