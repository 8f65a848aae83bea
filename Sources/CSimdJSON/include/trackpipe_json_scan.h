#ifndef TRACKPIPE_JSON_SCAN_H
#define TRACKPIPE_JSON_SCAN_H
// A thin C face on simdjson's On-Demand parser for one flat JSON object at a time (an NDJSON fix line): the values of
// the keys the caller names, with their JSON kinds, and nothing else. Anything outside that shape is answered
// "not scanned" so that the caller can hand the text to a full JSON decoder for its verdict and its message.
#include <stddef.h>

#ifdef __cplusplus
extern "C" {
#endif

/// The JSON kind of one value; ABSENT when the key is not in the object.
typedef enum {
    TRACKPIPE_JSON_ABSENT = 0,
    TRACKPIPE_JSON_NUMBER = 1,
    TRACKPIPE_JSON_STRING = 2,
    TRACKPIPE_JSON_TRUE = 3,
    TRACKPIPE_JSON_FALSE = 4,
    TRACKPIPE_JSON_NULL = 5,
} trackpipe_json_kind;

/// One named key's value. `string` (not NUL-terminated, `length` bytes, escapes resolved) stays valid until the
/// scanner's next scan.
typedef struct {
    trackpipe_json_kind kind;
    double number;
    const char *string;
    size_t length;
} trackpipe_json_value;

typedef struct trackpipe_json_scanner trackpipe_json_scanner;

/// A scanner for objects whose interesting keys are `keys[0..<count]` (copied); NULL when out of memory.
trackpipe_json_scanner *trackpipe_json_scanner_create(const char *const *keys, size_t count);
void trackpipe_json_scanner_destroy(trackpipe_json_scanner *scanner);

/// Scans `text[0..<length]` as one JSON object and fills `values[i]` for `keys[i]` (`count` entries). Returns 1
/// when the text is exactly one valid object whose values are all numbers, strings, booleans or null and which
/// names no key twice; 0 otherwise (invalid JSON, not an object, a nested value, a repeated key, a number out of
/// range, with an exponent or of more than 19 digits): then `values` is unspecified.
int trackpipe_json_scan(trackpipe_json_scanner *scanner, const char *text, size_t length,
                        trackpipe_json_value *values);

#ifdef __cplusplus
}
#endif
#endif
