// Linux calls the Glibc module does not declare (glibc declares them only for _GNU_SOURCE):
// - syncfs(2): a batch run syncs its outputs' file system once instead of each file
//   (Sources/TrackPipeIO/Writers/FileSystemSync.swift);
// - sync_file_range(2) with SYNC_FILE_RANGE_WRITE: an output synced on its own has each large block's write-back
//   started as it is written, so its final fsync waits for the last blocks only (Sources/TrackPipeIO/Writers/OutputSet.swift).
#ifdef __linux__
#include <sys/types.h>
int syncfs(int fd);
int sync_file_range(int fd, __off64_t offset, __off64_t count, unsigned int flags);
#define TRACKPIPE_SYNC_FILE_RANGE_WRITE 2
#endif
