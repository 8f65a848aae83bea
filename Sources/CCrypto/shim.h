// The system's libcrypto (OpenSSL), for one thing: SHA-256 of a pipeline spec's canonical JSON.
#include <openssl/sha.h>
