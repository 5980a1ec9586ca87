// zlib's deflate, for the Flate streams of PDF output.
#include <zlib.h>
