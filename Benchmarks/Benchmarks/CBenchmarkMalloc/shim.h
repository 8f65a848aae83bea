// glibc's allocator settings (mallopt) for the benchmark processes, set as the command-line tool sets them
// (BenchmarkPolicy.mallocAsTheTool). The main package's CMalloc is not a product, and a target name may appear
// only once in a package graph, hence this one.
#include <malloc.h>
