// Everything is in include/lane_shuffles.h (static inline); SwiftPM wants one source file.
#include "lane_shuffles.h"
