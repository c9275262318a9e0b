// The C header Swift sees for libpng (Debian's libpng-dev, libpng16).
#ifndef NUDGE_CLIBPNG_SHIM_H
#define NUDGE_CLIBPNG_SHIM_H
#include <png.h>

// PNG_FORMAT_RGBA is a macro built from other macros with '|', which Swift does not import;
// these constants carry the simplified API's values across.
static const png_uint_32 nudge_png_format_rgba = PNG_FORMAT_RGBA;
static const png_uint_32 nudge_png_image_version = PNG_IMAGE_VERSION;
#endif
