#ifndef CGEONAMES_H
#define CGEONAMES_H

#include <stddef.h>

/// GeoNames' populated places (cities1000, CC BY 4.0) in TrackPipe's gazetteer layout, compiled into the
/// binary so that a static executable needs no data file beside it. Layout: Scripts/make-gazetteer.py.
const unsigned char *tp_geonames_cities1000(void);

/// Size of the bytes at tp_geonames_cities1000(), in bytes.
size_t tp_geonames_cities1000_size(void);

#endif
