// The C face of simdjson's On-Demand parser declared in include/trackpipe_json_scan.h.
#include "trackpipe_json_scan.h"
#include "number_rule.h"
#include "padded_text.h"

#include <simdjson.h>

#include <cstdlib>
#include <cstring>
#include <new>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

struct trackpipe_json_scanner {
    simdjson::ondemand::parser parser;
    std::vector<std::string> keys;
    // The indices of the keys by their first byte: a field's key is compared with one to three names, not all.
    std::vector<size_t> by_first_byte[256];
    // The text with simdjson's padding after it (`trackpipe::iterate_padded`).
    std::vector<char> padded;
};

extern "C" trackpipe_json_scanner *trackpipe_json_scanner_create(const char *const *keys, size_t count) {
    auto *scanner = new (std::nothrow) trackpipe_json_scanner();
    if (scanner == nullptr) return nullptr;
    try {
        for (size_t i = 0; i < count; i++) {
            scanner->keys.emplace_back(keys[i]);
            const unsigned char first = scanner->keys.back().empty() ? 0 : static_cast<unsigned char>(keys[i][0]);
            scanner->by_first_byte[first].push_back(i);
        }
    } catch (...) {
        delete scanner;
        return nullptr;
    }
    return scanner;
}

extern "C" void trackpipe_json_scanner_destroy(trackpipe_json_scanner *scanner) { delete scanner; }

static long key_index(const trackpipe_json_scanner *scanner, std::string_view key) {
    const unsigned char first = key.empty() ? 0 : static_cast<unsigned char>(key[0]);
    for (size_t i : scanner->by_first_byte[first]) {
        if (scanner->keys[i] == key) return static_cast<long>(i);
    }
    return -1;
}

extern "C" int trackpipe_json_scan(trackpipe_json_scanner *scanner, const char *text, size_t length,
                                   trackpipe_json_value *values) {
    using namespace simdjson;
    const size_t count = scanner->keys.size();
    for (size_t i = 0; i < count; i++) values[i] = trackpipe_json_value{TRACKPIPE_JSON_ABSENT, 0, nullptr, 0};
    ondemand::document doc;
    if (!trackpipe::iterate_padded(scanner->parser, scanner->padded, text, length, doc)) return 0;
    ondemand::object object;
    if (doc.get_object().get(object) != SUCCESS) return 0;
    for (auto field_result : object) {
        ondemand::field field;
        if (std::move(field_result).get(field) != SUCCESS) return 0;
        std::string_view key;
        if (field.unescaped_key().get(key) != SUCCESS) return 0;
        const long index = key_index(scanner, key);
        trackpipe_json_value scratch{};
        trackpipe_json_value &out = index >= 0 ? values[index] : scratch;
        if (index >= 0 && out.kind != TRACKPIPE_JSON_ABSENT) return 0;  // a repeated key
        ondemand::value value = field.value();
        ondemand::json_type type;
        if (value.type().get(type) != SUCCESS) return 0;
        switch (type) {
        case ondemand::json_type::number: {
            double number;
            if (value.get_double().get(number) != SUCCESS) return 0;
            if (trackpipe::left_to_decoder(value.raw_json_token(), number)) return 0;
            out.kind = TRACKPIPE_JSON_NUMBER;
            out.number = number;
            break;
        }
        case ondemand::json_type::string: {
            std::string_view string;
            if (value.get_string().get(string) != SUCCESS) return 0;
            out.kind = TRACKPIPE_JSON_STRING;
            out.string = string.data();
            out.length = string.size();
            break;
        }
        case ondemand::json_type::boolean: {
            bool flag;
            if (value.get_bool().get(flag) != SUCCESS) return 0;
            out.kind = flag ? TRACKPIPE_JSON_TRUE : TRACKPIPE_JSON_FALSE;
            break;
        }
        case ondemand::json_type::null: {
            bool is_null;
            if (value.is_null().get(is_null) != SUCCESS || !is_null) return 0;
            out.kind = TRACKPIPE_JSON_NULL;
            break;
        }
        default:
            return 0;  // an object or array: left to the full decoder
        }
    }
    // Nothing may follow the object: simdjson's document is at its end when it has no location left.
    return doc.current_location().error() == OUT_OF_BOUNDS ? 1 : 0;
}
