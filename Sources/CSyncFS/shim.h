// syncfs(2), a Linux call the Glibc module does not declare (glibc declares it only for _GNU_SOURCE): a batch run
// syncs its outputs' file system once instead of each file (Sources/TrackPipeIO/Writers/FileSystemSync.swift).
#ifdef __linux__
int syncfs(int fd);
#endif
