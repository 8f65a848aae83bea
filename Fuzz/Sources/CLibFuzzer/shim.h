// libFuzzer's driver entry and the test function every fuzz target defines (with @_cdecl).
// Declarations only: the runtime comes from `-sanitize=fuzzer`; nothing here is compiled.
#include <stddef.h>
#include <stdint.h>

int LLVMFuzzerRunDriver(int *argc, char ***argv, int (*UserCb)(const uint8_t *Data, size_t Size));
int LLVMFuzzerTestOneInput(const uint8_t *Data, size_t Size);
