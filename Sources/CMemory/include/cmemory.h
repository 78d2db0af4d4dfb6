#ifndef AMIGO_CMEMORY_H
#define AMIGO_CMEMORY_H
#include <malloc.h>
/* glibc's malloc_usable_size is declared in malloc.h, which Swift's Glibc module does not include. */
static inline size_t amigo_allocation_size(void *pointer) { return malloc_usable_size(pointer); }
#endif
