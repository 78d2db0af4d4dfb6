#ifndef AMIGO_BENCH_LIBPQ_SHIM_H
#define AMIGO_BENCH_LIBPQ_SHIM_H
/* Debian's libpq-dev keeps the header in /usr/include/postgresql. */
#include </usr/include/postgresql/libpq-fe.h>
#endif
