#ifndef AMIGO_CPOSTGRESQL_SHIM_H
#define AMIGO_CPOSTGRESQL_SHIM_H
/* Debian's libpq-dev puts the header in /usr/include/postgresql; naming the path here spares
   the package pkg-config flags (and SwiftPM's "prohibited flag(s)" warnings downstream). */
#include </usr/include/postgresql/libpq-fe.h>
#endif
