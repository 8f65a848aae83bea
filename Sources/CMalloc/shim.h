// glibc's allocator settings (mallopt), which the Glibc module does not bring in: the command-line tool keeps
// large freed blocks in its heap for the next stage to reuse (Sources/trackpipe/Commands/TrackPipeCommand.swift).
#include <malloc.h>
