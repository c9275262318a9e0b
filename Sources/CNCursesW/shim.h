// The one C header Swift sees for ncursesw. SwiftPM drops pkg-config's -D_XOPEN_SOURCE, so the
// wide-character API is switched on here, before ncurses.h is read.
//
// Swift 6 cannot import ncurses' mutable globals (stdscr, curscr, LINES, COLS, COLORS), its
// function-like macros (getmaxyx, A_BOLD, the mouse masks, KEY_F) or cchar_t handling in a
// convenient way, so each is wrapped in a `static inline` function below. Only the
// CursesTerminal module calls these.
//
// The emergency-restore block at the end keeps its state in C statics so that a signal handler
// can reach it without touching Swift (whose globals and allocator are not async-signal-safe).
#ifndef NUDGE_CNCURSESW_SHIM_H
#define NUDGE_CNCURSESW_SHIM_H
#define NCURSES_WIDECHAR 1
#include <errno.h>
#include <locale.h>
#include <langinfo.h>
#include <ncurses.h>
#include <signal.h>
#include <stdio.h>
#include <string.h>
#include <sys/ioctl.h>
#include <fcntl.h>
#include <stdlib.h>
#include <termios.h>
#include <unistd.h>
#include <wchar.h>

// MARK: Globals and macros

static inline WINDOW *nudge_stdscr(void) { return stdscr; }
static inline WINDOW *nudge_curscr(void) { return curscr; }
static inline FILE *nudge_stdout(void) { return stdout; }
static inline FILE *nudge_stdin(void) { return stdin; }
static inline int nudge_colors(void) { return COLORS; }
static inline int nudge_color_pairs(void) { return COLOR_PAIRS; }
static inline int nudge_max_x(WINDOW *w) { int y, x; getmaxyx(w, y, x); (void)y; return x; }
static inline int nudge_max_y(WINDOW *w) { int y, x; getmaxyx(w, y, x); (void)x; return y; }
static inline int nudge_key_f(int n) { return KEY_F(n); }
static inline const char *nudge_codeset(void) { return nl_langinfo(CODESET); }

// MARK: Mouse masks (mouse ABI 2 on Debian: take them from here, never hard-code)

static inline mmask_t nudge_all_mouse_events(void) { return ALL_MOUSE_EVENTS; }
static inline mmask_t nudge_report_mouse_position(void) { return REPORT_MOUSE_POSITION; }
static inline mmask_t nudge_button_pressed(int b) {
    switch (b) { case 1: return BUTTON1_PRESSED; case 2: return BUTTON2_PRESSED; case 3: return BUTTON3_PRESSED;
                 case 4: return BUTTON4_PRESSED; case 5: return BUTTON5_PRESSED; default: return 0; }
}
static inline mmask_t nudge_button_released(int b) {
    switch (b) { case 1: return BUTTON1_RELEASED; case 2: return BUTTON2_RELEASED; case 3: return BUTTON3_RELEASED;
                 case 4: return BUTTON4_RELEASED; case 5: return BUTTON5_RELEASED; default: return 0; }
}
static inline mmask_t nudge_button_clicked(int b) {
    switch (b) {
    case 1: return BUTTON1_CLICKED | BUTTON1_DOUBLE_CLICKED | BUTTON1_TRIPLE_CLICKED;
    case 2: return BUTTON2_CLICKED | BUTTON2_DOUBLE_CLICKED | BUTTON2_TRIPLE_CLICKED;
    case 3: return BUTTON3_CLICKED | BUTTON3_DOUBLE_CLICKED | BUTTON3_TRIPLE_CLICKED;
    default: return 0; }
}
static inline mmask_t nudge_button_shift(void) { return BUTTON_SHIFT; }
static inline mmask_t nudge_button_ctrl(void) { return BUTTON_CTRL; }
static inline mmask_t nudge_button_alt(void) { return BUTTON_ALT; }

/// getmouse into plain ints (MEVENT's layout stays on the C side).
static inline int nudge_getmouse(int *x, int *y, mmask_t *bstate) {
    MEVENT e;
    if (getmouse(&e) != OK) return ERR;
    *x = e.x; *y = e.y; *bstate = e.bstate;
    return OK;
}

/// The terminfo XM string (how ncurses switches the mouse on), or NULL.
static inline const char *nudge_xm_capability(void) {
    char *s = tigetstr("XM");
    if (s == (char *)-1 || s == NULL) return NULL;
    return s;
}

// MARK: Input and output

/// wget_wch into an unsigned int: returns OK (a character), KEY_CODE_YES (a key code) or ERR.
static inline int nudge_get_wch(WINDOW *w, unsigned int *out) {
    wint_t c = 0;
    int r = wget_wch(w, &c);
    *out = (unsigned int)c;
    return r;
}

/// Puts one character with a color pair (any pair number, through setcchar's opts) at (y, x).
static inline int nudge_put_cell(WINDOW *w, int y, int x, unsigned int ch, int bold, int pair) {
    cchar_t c;
    wchar_t s[2] = { (wchar_t)ch, 0 };
    int p = pair;
    if (setcchar(&c, s, bold ? A_BOLD : A_NORMAL, 0, &p) == ERR) return ERR;
    return mvwadd_wch(w, y, x, &c);
}

/// wcwidth() of the C library (declared here: glibc's <wchar.h> hides it without _XOPEN_SOURCE,
/// which SwiftPM does not pass).
extern int wcwidth(wchar_t c);
static inline int nudge_wcwidth(unsigned int c) { return wcwidth((wchar_t)c); }

/// Writes all of `s` to `fd`, retrying on short writes and EINTR. Async-signal-safe.
static inline void nudge_write_all(int fd, const char *s, size_t n) {
    while (n > 0) {
        ssize_t k = write(fd, s, n);
        if (k < 0) { if (errno == EINTR) continue; return; }
        s += k; n -= (size_t)k;
    }
}

/// The terminal's size in cells (TIOCGWINSZ); 0 and the size, or -1 when it has none.
static inline int nudge_window_size(int fd, int *rows, int *columns) {
    struct winsize w;
    memset(&w, 0, sizeof w);
    if (ioctl(fd, TIOCGWINSZ, &w) != 0 || w.ws_row == 0 || w.ws_col == 0) return -1;
    *rows = w.ws_row; *columns = w.ws_col;
    return 0;
}

// MARK: Window size changes
//
// The driver catches SIGWINCH itself (installed before newterm, so ncurses, which only takes a
// signal whose action is the default, leaves it alone) and resizes ncurses from the loop. ncurses'
// own handler would make the next doupdate ask its output descriptor for the size, and during a
// doupdate that descriptor is the output pipe (see TerminalOutput), which has none.

static volatile sig_atomic_t nudge_caught_winch = 0;
static void nudge_on_winch(int sig) { (void)sig; nudge_caught_winch = 1; }
static inline struct sigaction *nudge_previous_winch(void) { static struct sigaction a; return &a; }

/// Catches SIGWINCH (no SA_RESTART: a waiting read returns so the loop sees it at once).
static inline void nudge_catch_winch(void) {
    struct sigaction sa;
    memset(&sa, 0, sizeof sa);
    sigemptyset(&sa.sa_mask);
    sa.sa_handler = nudge_on_winch;
    sigaction(SIGWINCH, &sa, nudge_previous_winch());
}

/// Gives SIGWINCH back to whoever had it before `nudge_catch_winch`.
static inline void nudge_release_winch(void) { sigaction(SIGWINCH, nudge_previous_winch(), NULL); }

/// Whether a SIGWINCH came since the last call; clears it.
static inline int nudge_take_winch(void) {
    int s = nudge_caught_winch;
    nudge_caught_winch = 0;
    return s;
}

// MARK: Pseudo-terminals (tests drive ncurses through one)

// SwiftPM drops -D_XOPEN_SOURCE, which hides these declarations in <stdlib.h>; without them
// ptsname's pointer would be truncated to an implicit int.
extern int posix_openpt(int flags);
extern int grantpt(int fd);
extern int unlockpt(int fd);
extern char *ptsname(int fd);

/// Opens a pseudo-terminal pair; returns 0 and the two descriptors, or -1.
static inline int nudge_open_pty(int *master, int *slave) {
    int m = posix_openpt(O_RDWR | O_NOCTTY);
    if (m < 0) return -1;
    if (grantpt(m) != 0 || unlockpt(m) != 0) { close(m); return -1; }
    char *name = ptsname(m);
    if (name == NULL) { close(m); return -1; }
    int s = open(name, O_RDWR | O_NOCTTY);
    if (s < 0) { close(m); return -1; }
    *master = m; *slave = s;
    return 0;
}

static inline int nudge_set_window_size(int fd, int rows, int columns) {
    struct winsize w;
    memset(&w, 0, sizeof w);
    w.ws_row = (unsigned short)rows; w.ws_col = (unsigned short)columns;
    return ioctl(fd, TIOCSWINSZ, &w);
}

// MARK: Emergency restore (async-signal-safe)
//
// `nudge_emergency_arm` records the terminal's settings before curses changes them;
// `nudge_emergency_restore` puts them back with only write() and tcsetattr(), both
// async-signal-safe, which endwin() is not. It turns off every mouse mode, resets colors,
// shows the cursor and leaves the alternate screen.

static int nudge_emergency_out_fd = -1;
static int nudge_emergency_in_fd = -1;
static int nudge_emergency_has_termios = 0;
static volatile sig_atomic_t nudge_caught_signal = 0;
// Function-local statics: Swift's C importer emits these reliably (file-scope tentative
// definitions of structs were left undefined at link time).
static inline struct termios *nudge_saved_termios(void) { static struct termios t; return &t; }
static inline struct sigaction *nudge_previous_action(int sig) {
    static struct sigaction actions[65];
    return &actions[(sig > 0 && sig < 65) ? sig : 0];
}

static inline void nudge_emergency_arm(int in_fd, int out_fd) {
    nudge_emergency_in_fd = in_fd;
    nudge_emergency_has_termios = tcgetattr(in_fd, nudge_saved_termios()) == 0;
    nudge_emergency_out_fd = out_fd;
}

static inline void nudge_emergency_disarm(void) { nudge_emergency_out_fd = -1; nudge_emergency_has_termios = 0; }

static inline int nudge_emergency_is_armed(void) { return nudge_emergency_out_fd >= 0; }

static inline void nudge_emergency_restore(void) {
    int fd = nudge_emergency_out_fd;
    if (fd < 0) return;
    nudge_emergency_out_fd = -1;
    static const char reset[] = "\033[?2004l\033[?1003l\033[?1002l\033[?1000l\033[?1006l\033[0m\033[?25h\033[?1049l\r\n";
    nudge_write_all(fd, reset, sizeof reset - 1);
    if (nudge_emergency_has_termios) tcsetattr(nudge_emergency_in_fd, TCSANOW, nudge_saved_termios());
    nudge_emergency_has_termios = 0;
}

static volatile sig_atomic_t nudge_caught_stop = 0;

static void nudge_on_termination_signal(int sig) { nudge_caught_signal = sig; }

static void nudge_on_stop_signal(int sig) { (void)sig; nudge_caught_stop = 1; }

static void nudge_on_fatal_signal(int sig) {
    nudge_emergency_restore();
    // Hand the signal to whoever had it before (Swift's backtracer, or the default action).
    if (sig > 0 && sig < 65) sigaction(sig, nudge_previous_action(sig), NULL);
    raise(sig);
}

/// Every signal whose default action ends the process without a crash (SIGTERM, SIGHUP, SIGINT,
/// SIGQUIT, SIGUSR1, SIGUSR2, SIGALRM, SIGPIPE, SIGVTALRM, SIGXCPU, SIGXFSZ, SIGPWR, SIGPROF,
/// SIGIO, SIGSYS, SIGSTKFLT where the system has it, and every real-time signal SIGRTMIN to
/// SIGRTMAX, whose default action is to end the process too) only sets a
/// flag (read with nudge_take_caught_signal), so the app leaves through its ordinary path and
/// gives the terminal back; SIGTSTP (`kill -TSTP`, not only the Ctrl-Z key) sets another, so the
/// app suspends the way Ctrl-Z does, tracking off first. Crash signals restore the terminal at
/// once and re-raise. No SA_RESTART: a blocking read returns early so a flag is seen promptly.
static inline void nudge_install_signal_handlers(void) {
    struct sigaction sa;
    memset(&sa, 0, sizeof sa);
    sigemptyset(&sa.sa_mask);
    sa.sa_handler = nudge_on_termination_signal;
    int soft[] = { SIGTERM, SIGHUP, SIGINT, SIGQUIT, SIGUSR1, SIGUSR2, SIGALRM, SIGPIPE, SIGVTALRM, SIGXCPU, SIGXFSZ,
                   SIGPWR, SIGPROF, SIGIO, SIGSYS,
#ifdef SIGSTKFLT
                   SIGSTKFLT,
#endif
    };
    for (unsigned i = 0; i < sizeof soft / sizeof soft[0]; i++) sigaction(soft[i], &sa, NULL);
    // SIGRTMIN is a call in glibc (it keeps the first few for its threads): read it at run time.
    for (int rt = SIGRTMIN; rt <= SIGRTMAX; rt++) sigaction(rt, &sa, NULL);
    struct sigaction stop;
    memset(&stop, 0, sizeof stop);
    sigemptyset(&stop.sa_mask);
    stop.sa_handler = nudge_on_stop_signal;
    sigaction(SIGTSTP, &stop, NULL);
    struct sigaction fatal;
    memset(&fatal, 0, sizeof fatal);
    sigemptyset(&fatal.sa_mask);
    fatal.sa_handler = nudge_on_fatal_signal;
    int hard[] = { SIGSEGV, SIGBUS, SIGILL, SIGTRAP, SIGABRT, SIGFPE };
    for (unsigned i = 0; i < sizeof hard / sizeof hard[0]; i++) sigaction(hard[i], &fatal, nudge_previous_action(hard[i]));
}

/// Whether a SIGTSTP came since the last call; clears it.
static inline int nudge_take_caught_stop(void) {
    int s = nudge_caught_stop;
    nudge_caught_stop = 0;
    return s;
}

/// The termination signal caught since the last call, or 0; clears it.
static inline int nudge_take_caught_signal(void) {
    int s = nudge_caught_signal;
    nudge_caught_signal = 0;
    return s;
}

#endif
