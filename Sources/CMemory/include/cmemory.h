#ifndef AMIGO_CMEMORY_H
#define AMIGO_CMEMORY_H
#include <stddef.h>
/* The usable size of a heap block, which Swift's C modules do not declare: glibc's and musl's
   malloc_usable_size (malloc.h), Darwin's malloc_size. Elsewhere 0, which callers read as
   "cannot confirm" and take their slower path. Every platform-only call is behind #if here
   (scripts/check-layers refuses one elsewhere). */
#if defined(__linux__)
#include <malloc.h>
static inline size_t amigo_allocation_size(void *pointer) { return malloc_usable_size(pointer); }
#elif defined(__APPLE__)
#include <malloc/malloc.h>
static inline size_t amigo_allocation_size(void *pointer) { return malloc_size(pointer); }
#else
static inline size_t amigo_allocation_size(void *pointer) { (void)pointer; return 0; }
#endif
#endif
