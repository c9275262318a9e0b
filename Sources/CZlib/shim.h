// zlib for the kitty graphics protocol's compressed payloads (o=z).
#ifndef NUDGE_CZLIB_SHIM_H
#define NUDGE_CZLIB_SHIM_H
#include <zlib.h>
#endif
