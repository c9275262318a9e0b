// The C header Swift sees for libpng (Debian's libpng-dev, libpng16).
#ifndef NUDGE_CLIBPNG_SHIM_H
#define NUDGE_CLIBPNG_SHIM_H
#include <png.h>
#endif
