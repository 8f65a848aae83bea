// The C face of simdjson's On-Demand parser declared in include/trackpipe_json_tree.h.
#include "trackpipe_json_tree.h"
#include "number_rule.h"
#include "padded_text.h"

#include <simdjson.h>

#include <algorithm>
#include <cstdint>
#include <cstring>
#include <new>
#include <string_view>
#include <utility>
#include <vector>

struct trackpipe_json_tree {
    simdjson::ondemand::parser parser;
    std::vector<trackpipe_json_node> nodes;
    // The text with simdjson's padding after it (`trackpipe::iterate_padded`).
    std::vector<char> padded;
    // The keys of the objects being read, one run per open object (to find a key given twice).
    std::vector<std::string_view> keys;
};

extern "C" trackpipe_json_tree *trackpipe_json_tree_create(void) { return new (std::nothrow) trackpipe_json_tree(); }

extern "C" void trackpipe_json_tree_destroy(trackpipe_json_tree *tree) { delete tree; }

namespace {

// A node for a string or key; false when its length does not fit the node's count.
bool set_text(trackpipe_json_node &node, trackpipe_json_node_kind kind, std::string_view string) {
    if (string.size() > UINT32_MAX) return false;
    node.kind = kind;
    node.count = static_cast<uint32_t>(string.size());
    node.string = string.data();
    return true;
}

// Appends `value` and its members to `tree->nodes`; false when the document is not one to read here.
bool read(trackpipe_json_tree *tree, simdjson::ondemand::value value, size_t depth, size_t max_depth) {
    using namespace simdjson;
    ondemand::json_type type;
    if (value.type().get(type) != SUCCESS) return false;
    trackpipe_json_node node{};
    node.kind = TRACKPIPE_JSON_NODE_NULL;
    switch (type) {
    case ondemand::json_type::number: {
        if (value.get_double().get(node.number) != SUCCESS) return false;
        if (trackpipe::left_to_decoder(value.raw_json_token(), node.number)) return false;
        node.kind = TRACKPIPE_JSON_NODE_NUMBER;
        tree->nodes.push_back(node);
        return true;
    }
    case ondemand::json_type::string: {
        std::string_view string;
        if (value.get_string().get(string) != SUCCESS || !set_text(node, TRACKPIPE_JSON_NODE_STRING, string)) return false;
        tree->nodes.push_back(node);
        return true;
    }
    case ondemand::json_type::boolean: {
        bool flag;
        if (value.get_bool().get(flag) != SUCCESS) return false;
        node.kind = flag ? TRACKPIPE_JSON_NODE_TRUE : TRACKPIPE_JSON_NODE_FALSE;
        tree->nodes.push_back(node);
        return true;
    }
    case ondemand::json_type::null: {
        bool is_null;
        if (value.is_null().get(is_null) != SUCCESS || !is_null) return false;
        tree->nodes.push_back(node);
        return true;
    }
    case ondemand::json_type::array: {
        // JSONDecoder reads at most 512 levels: a deeper document is its to refuse.
        if (depth >= max_depth) return false;
        ondemand::array array;
        if (value.get_array().get(array) != SUCCESS) return false;
        const size_t at = tree->nodes.size();
        node.kind = TRACKPIPE_JSON_NODE_ARRAY;
        tree->nodes.push_back(node);
        size_t count = 0;
        for (auto element : array) {
            ondemand::value member;
            if (std::move(element).get(member) != SUCCESS) return false;
            if (!read(tree, member, depth + 1, max_depth)) return false;
            if (++count > UINT32_MAX) return false;
        }
        tree->nodes[at].count = static_cast<uint32_t>(count);
        return true;
    }
    case ondemand::json_type::object: {
        if (depth >= max_depth) return false;
        ondemand::object object;
        if (value.get_object().get(object) != SUCCESS) return false;
        const size_t at = tree->nodes.size();
        node.kind = TRACKPIPE_JSON_NODE_OBJECT;
        tree->nodes.push_back(node);
        const size_t first_key = tree->keys.size();
        size_t count = 0;
        for (auto field_result : object) {
            ondemand::field field;
            if (std::move(field_result).get(field) != SUCCESS) return false;
            std::string_view name;
            if (field.unescaped_key().get(name) != SUCCESS) return false;
            tree->keys.push_back(name);
            trackpipe_json_node key{};
            if (!set_text(key, TRACKPIPE_JSON_NODE_KEY, name)) return false;
            tree->nodes.push_back(key);
            if (!read(tree, field.value(), depth + 1, max_depth)) return false;
            if (++count > UINT32_MAX) return false;
        }
        // A key given twice: JSONDecoder keeps one of the values; which is its to say. (The object's keys are the
        // last `count` of `keys`: its members' own keys were dropped as each member ended.)
        if (count > 1 && count <= 8) {
            for (size_t i = first_key; i < tree->keys.size(); i++) {
                for (size_t j = i + 1; j < tree->keys.size(); j++) {
                    if (tree->keys[i] == tree->keys[j]) return false;
                }
            }
        } else if (count > 8) {
            std::vector<std::string_view> sorted(tree->keys.begin() + first_key, tree->keys.end());
            std::sort(sorted.begin(), sorted.end());
            if (std::adjacent_find(sorted.begin(), sorted.end()) != sorted.end()) return false;
        }
        tree->keys.resize(first_key);
        tree->nodes[at].count = static_cast<uint32_t>(count);
        return true;
    }
    default:
        return false;
    }
}

}  // namespace

extern "C" size_t trackpipe_json_tree_parse(trackpipe_json_tree *tree, const char *text, size_t length,
                                            size_t max_depth, const trackpipe_json_node **nodes) {
    using namespace simdjson;
    if (tree == nullptr) return 0;
    try {
        tree->nodes.clear();
        tree->keys.clear();
        ondemand::document doc;
        if (!trackpipe::iterate_padded(tree->parser, tree->padded, text, length, doc)) return 0;
        // An array or an object (a GeoJSON document is an object): simdjson does not check what follows a scalar
        // root ("false;" reads as false), so a scalar document is left to JSONDecoder.
        ondemand::json_type type;
        if (doc.type().get(type) != SUCCESS) return 0;
        if (type != ondemand::json_type::array && type != ondemand::json_type::object) return 0;
        ondemand::value root;
        if (doc.get_value().get(root) != SUCCESS) return 0;
        if (!read(tree, root, 0, max_depth)) return 0;
        // Nothing may follow the root: simdjson's document is at its end when it has no location left.
        if (doc.current_location().error() != OUT_OF_BOUNDS) return 0;
        *nodes = tree->nodes.data();
        return tree->nodes.size();
    } catch (...) {
        return 0;
    }
}
