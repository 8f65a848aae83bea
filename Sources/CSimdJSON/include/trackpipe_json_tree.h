#ifndef TRACKPIPE_JSON_TREE_H
#define TRACKPIPE_JSON_TREE_H
// A thin C face on simdjson's On-Demand parser for a whole JSON document (a GeoJSON file): its values in document
// order, each array or object followed by its members. Anything Foundation's JSONDecoder might read otherwise is
// answered "not parsed", so that the caller can hand the text to JSONDecoder for its verdict and its message.
#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/// The JSON kind of one node.
typedef enum {
    TRACKPIPE_JSON_NODE_NULL = 0,
    TRACKPIPE_JSON_NODE_FALSE = 1,
    TRACKPIPE_JSON_NODE_TRUE = 2,
    TRACKPIPE_JSON_NODE_NUMBER = 3,
    TRACKPIPE_JSON_NODE_STRING = 4,
    TRACKPIPE_JSON_NODE_ARRAY = 5,
    TRACKPIPE_JSON_NODE_OBJECT = 6,
    /// The name of the object member whose value is the next node.
    TRACKPIPE_JSON_NODE_KEY = 7,
} trackpipe_json_node_kind;

/// One node, 16 bytes. An array is followed by its `count` members; an object by `count` pairs of a key node and
/// the member's value (each value with its own members after it). `number` is a number's value; `string`
/// (`count` bytes, UTF-8, escapes resolved, not NUL-terminated) a string's or key's text, valid until the tree's
/// next parse.
typedef struct {
    trackpipe_json_node_kind kind;
    uint32_t count;
    union {
        double number;
        const char *string;
    };
} trackpipe_json_node;

typedef struct trackpipe_json_tree trackpipe_json_tree;

/// A reusable parser; NULL when out of memory.
trackpipe_json_tree *trackpipe_json_tree_create(void);
void trackpipe_json_tree_destroy(trackpipe_json_tree *tree);

/// Parses `text[0..<length]` as one JSON document and sets `*nodes` to its values in document order. Returns their
/// number (at least 1) when the text is exactly one valid array or object nested at most `max_depth` deep, with no key
/// twice in an object and no number that underflows to zero or below the normal range; 0 otherwise (then `*nodes`
/// is unspecified). Numbers with an exponent are left to JSONDecoder too (it refuses some valid ones, such as 0e5),
/// and numbers of more than 19 digits (simdjson 3.0.1 misreads some).
/// Those are the documents JSONDecoder reads to the same values.
size_t trackpipe_json_tree_parse(trackpipe_json_tree *tree, const char *text, size_t length, size_t max_depth,
                                 const trackpipe_json_node **nodes);

#ifdef __cplusplus
}
#endif
#endif
