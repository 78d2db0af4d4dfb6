#ifndef AMIGO_CNCURSESW_SHIM_H
#define AMIGO_CNCURSESW_SHIM_H
/* SwiftPM drops the -D_XOPEN_SOURCE flags from ncursesw.pc, which hides the wide-character API. */
#define NCURSES_WIDECHAR 1
#include <locale.h>
#include <langinfo.h>
#include <curses.h>
/* setupterm / tigetstr live in term.h. */
#include <term.h>

/* Globals and function-like macros that Swift cannot import or use under strict concurrency. */
/* newterm on the process's own stdout and stdin (C globals that Swift 6 calls unsafe to touch). */
static inline SCREEN *amigo_newterm_stdio(void) { return newterm(NULL, stdout, stdin); }
static inline WINDOW *amigo_stdscr(void) { return stdscr; }
static inline WINDOW *amigo_curscr(void) { return curscr; }
static inline int amigo_lines(void) { return LINES; }
static inline int amigo_cols(void) { return COLS; }
static inline int amigo_maxy(WINDOW *w) { int y, x; getmaxyx(w, y, x); (void)x; return y; }
static inline int amigo_maxx(WINDOW *w) { int y, x; getmaxyx(w, y, x); (void)y; return x; }
static inline attr_t amigo_A_NORMAL(void) { return A_NORMAL; }
static inline attr_t amigo_A_BOLD(void) { return A_BOLD; }
static inline attr_t amigo_A_REVERSE(void) { return A_REVERSE; }
static inline attr_t amigo_A_UNDERLINE(void) { return A_UNDERLINE; }
static inline attr_t amigo_A_DIM(void) { return A_DIM; }
static inline attr_t amigo_COLOR_PAIR(int n) { return (attr_t)COLOR_PAIR(n); }
static inline int amigo_KEY_F(int n) { return KEY_F(n); }
static inline int amigo_wattrset(WINDOW *w, attr_t a) { return wattrset(w, (int)a); }
/* The terminfo "cup" capability: NULL or (char *)-1 when the terminal has no cursor addressing. */
static inline int amigo_terminal_can_address_cursor(void) {
    char *cup = tigetstr("cup");
    return cup != NULL && cup != (char *)-1;
}
/* Bracketed paste (xterm's mode 2004): the terminal wraps pasted text in ESC [ 200 ~ … ESC [ 201 ~.
   Key codes above KEY_MAX are free for define_key; these two are the markers' codes. */
static inline int amigo_KEY_PASTE_BEGIN(void) { return KEY_MAX + 1; }
static inline int amigo_KEY_PASTE_END(void) { return KEY_MAX + 2; }
static inline void amigo_define_paste_keys(void) {
    define_key("\033[200~", KEY_MAX + 1);
    define_key("\033[201~", KEY_MAX + 2);
}
#endif
