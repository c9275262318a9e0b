// FreeType for the Snapshots module: labels and other text in snapshots are drawn in a real font.
#ifndef NUDGE_CFREETYPE_SHIM_H
#define NUDGE_CFREETYPE_SHIM_H
#include <ft2build.h>
#include FT_FREETYPE_H

static inline FT_Int32 nudge_ft_load_render(void) { return FT_LOAD_RENDER; }
#endif
