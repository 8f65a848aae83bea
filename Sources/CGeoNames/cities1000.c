// The gazetteer's bytes, embedded with C23's #embed (clang 19+): no generated source, no resource lookup at run
// time. Built by Scripts/make-gazetteer.py; provenance and licence in SOURCE.txt.
#include "CGeoNames.h"

#pragma clang diagnostic ignored "-Wc23-extensions"

// 4-byte aligned: Gazetteer.swift reads the u32/i32 sections in place.
static const unsigned char bytes[] __attribute__((aligned(4))) = {
#embed "cities1000.tpgz"
};

const unsigned char *tp_geonames_cities1000(void) { return bytes; }

size_t tp_geonames_cities1000_size(void) { return sizeof bytes; }
