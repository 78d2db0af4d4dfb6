#define _XOPEN_SOURCE 700
#define _GNU_SOURCE
#include <wchar.h>
#include <locale.h>
#include "cwidth.h"

static __thread locale_t utf8_locale = (locale_t)0;

int amigo_scalar_width(uint32_t scalar) {
    if (utf8_locale == (locale_t)0) {
        utf8_locale = newlocale(LC_CTYPE_MASK, "C.UTF-8", (locale_t)0);
        if (utf8_locale == (locale_t)0) return scalar < 0x7f ? (scalar >= 0x20 ? 1 : -1) : 1;
    }
    locale_t previous = uselocale(utf8_locale);
    int width = wcwidth((wchar_t)scalar);
    uselocale(previous);
    return width;
}
