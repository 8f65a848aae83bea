// Internal to CSimdJSON: which numbers simdjson may read for JSONDecoder.
#ifndef TRACKPIPE_NUMBER_RULE_H
#define TRACKPIPE_NUMBER_RULE_H

#include <cfloat>
#include <cmath>
#include <string_view>

namespace trackpipe {

// Whether JSONDecoder might read the number token `token` (which simdjson read as `number`) otherwise, so that both
// parsers leave it to JSONDecoder:
// - a number with an exponent: Foundation's parser refuses some valid ones ("0e5", "-0.0e1") and takes "0e+5";
// - one of more than 19 digits: simdjson 3.0.1, Debian 12's, reads -0.111111111111111111111111 as -6.37e-06;
// - one that read as zero or subnormal although it has a non-zero digit: JSONDecoder refuses a number that
//   underflows, simdjson rounds it.
// `token` may run on past the number (simdjson's raw token); what follows the number is no digit of it.
inline bool left_to_decoder(std::string_view token, double number) {
    size_t digits = 0;
    bool non_zero = false;
    for (char c : token) {
        if (c >= '0' && c <= '9') {
            digits++;
            non_zero = non_zero || c != '0';
        } else if (c == 'e' || c == 'E') {
            return true;
        } else if (c != '-' && c != '.') {
            break;
        }
    }
    if (digits > 19) return true;
    return std::fabs(number) < DBL_MIN && non_zero;
}

}  // namespace trackpipe

#endif
