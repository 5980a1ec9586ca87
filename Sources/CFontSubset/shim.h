// HarfBuzz's font subsetter (libharfbuzz-subset), for the font subsets that
// vector output embeds.
#include <hb.h>
#include <hb-subset.h>
