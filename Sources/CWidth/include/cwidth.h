#ifndef AMIGO_CWIDTH_H
#define AMIGO_CWIDTH_H
#include <stdint.h>
/// Display width of one Unicode scalar in the C.UTF-8 locale (glibc wcwidth, the function ncursesw uses);
/// -1 for non-printable scalars. Thread-safe: uses a thread-local locale, never the global one.
int amigo_scalar_width(uint32_t scalar);
#endif
