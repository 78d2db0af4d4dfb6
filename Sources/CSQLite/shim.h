#ifndef AMIGO_CSQLITE_SHIM_H
#define AMIGO_CSQLITE_SHIM_H
#include <sqlite3.h>

/* SQLITE_TRANSIENT is a cast macro ((sqlite3_destructor_type)-1) that Swift cannot import. */
static inline sqlite3_destructor_type amigo_sqlite_transient(void) { return SQLITE_TRANSIENT; }
/* SQLITE_STATIC is a cast macro too. */
static inline sqlite3_destructor_type amigo_sqlite_static(void) { return SQLITE_STATIC; }
/* sqlite3_db_config is variadic, which Swift cannot call. */
static inline int amigo_sqlite_enable_defensive(sqlite3 *db) { return sqlite3_db_config(db, SQLITE_DBCONFIG_DEFENSIVE, 1, (int *)0); }
#endif
