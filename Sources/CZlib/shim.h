// The system's zlib, for one thing: inflating gzip-compressed track files (.gpx.gz, .fit.gz, … as Strava's
// bulk export hands them out).
#include <zlib.h>

// inflateInit2 is a macro in zlib.h; Swift cannot call macros.
static inline int trackpipe_inflate_init_gzip(z_stream *stream) {
    return inflateInit2(stream, 16 + MAX_WBITS);
}
