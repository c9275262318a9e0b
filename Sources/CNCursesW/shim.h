// The one C header Swift sees for ncursesw. SwiftPM drops pkg-config's -D_XOPEN_SOURCE, so the
// wide-character API is switched on here, before ncurses.h is read.
#ifndef NUDGE_CNCURSESW_SHIM_H
#define NUDGE_CNCURSESW_SHIM_H
#define NCURSES_WIDECHAR 1
#include <locale.h>
#include <ncurses.h>
#endif
