// Internal to CSimdJSON: the text copied where simdjson's On-Demand parser may read it.
#ifndef TRACKPIPE_PADDED_TEXT_H
#define TRACKPIPE_PADDED_TEXT_H

#include <simdjson.h>

#include <cstring>
#include <vector>

namespace trackpipe {

// Copies `text[0..<length]` into `padded` with simdjson's padding of zeros after it (its parser reads up to
// SIMDJSON_PADDING bytes past the end) and starts `parser` on it; false when out of memory or the text is not JSON
// simdjson can start on. `padded` is kept between calls, so a reused buffer stops allocating.
inline bool iterate_padded(simdjson::ondemand::parser &parser, std::vector<char> &padded, const char *text, size_t length,
                           simdjson::ondemand::document &doc) {
    try {
        if (padded.size() < length + simdjson::SIMDJSON_PADDING) padded.resize(length + simdjson::SIMDJSON_PADDING);
    } catch (...) {
        return false;
    }
    std::memcpy(padded.data(), text, length);
    std::memset(padded.data() + length, 0, simdjson::SIMDJSON_PADDING);
    return parser.iterate(padded.data(), length, padded.size()).get(doc) == simdjson::SUCCESS;
}

}  // namespace trackpipe

#endif
