// The system's zlib: inflating gzip-compressed track files (.gpx.gz, .fit.gz, … as Strava's bulk export hands
// them out), and deflating outputs named .gz.
#include <zlib.h>

// inflateInit2 is a macro in zlib.h; Swift cannot call macros.
static inline int trackpipe_inflate_init_gzip(z_stream *stream) {
    return inflateInit2(stream, 16 + MAX_WBITS);
}

// deflateInit2 likewise: a gzip wrapper (16 + window bits), default level and memory.
static inline int trackpipe_deflate_init_gzip(z_stream *stream) {
    return deflateInit2(stream, Z_DEFAULT_COMPRESSION, Z_DEFLATED, 16 + MAX_WBITS, 8, Z_DEFAULT_STRATEGY);
}
