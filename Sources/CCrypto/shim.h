// The system's libcrypto (OpenSSL), for one thing: SHA-256 of a pipeline spec's canonical JSON (and of an input
// file's bytes for the run store).
//
// OpenSSL 3's one-shot SHA256() fetches the digest from its default provider, which loads the configuration
// file and registers every algorithm first: about 1 ms of every process on the project machine, to hash a few
// hundred bytes. The context functions compute the same digest directly (9 µs for the first call). OpenSSL 3
// deprecates them in favour of EVP, which pays the same provider start-up, but keeps them in every 3.x
// release; the deprecation attributes are suppressed for this header only.
#define OPENSSL_SUPPRESS_DEPRECATED
#include <openssl/sha.h>

/// SHA-256 of `count` bytes at `data` into the 32 bytes at `digest`.
static inline void trackpipe_sha256(const void *data, size_t count, unsigned char *digest) {
    SHA256_CTX context;
    SHA256_Init(&context);
    SHA256_Update(&context, data, count);
    SHA256_Final(digest, &context);
}
