#ifndef AMIGO_CREADLINE_SHIM_H
#define AMIGO_CREADLINE_SHIM_H
/* readline.h uses FILE without including stdio.h. */
#include <stdio.h>
#include <readline/readline.h>
#include <readline/history.h>
#endif
