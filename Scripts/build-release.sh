#!/usr/bin/env bash
# Builds the release `trackpipe` as the quick start, the end-to-end benchmark and the Spark recipe use it
# (.build/release/trackpipe); extra arguments go to `swift build`.
#
# - `--static-swift-stdlib`: the Swift runtime and Foundation linked in, so no Swift shared library is loaded and
#   relocated at each start (Benchmarks/README.md, "Start-up").
# - `-disable-concrete-type-metadata-mangled-name-accessors`: the compiler reaches a generic type's metadata
#   (`Dictionary<FileIdentity, Int>`, an option's property wrapper) through its accessor rather than by demangling
#   its name at run time, which looks each of the type's protocol conformances up in a scan of the binary's ~7100
#   conformance records (~0.1 ms each, the first time). `--version` 5.4 → 4.7 ms, a 2300-fix `run` 16.0 → 14.7 ms;
#   the same outputs. A frontend flag, so it is passed here rather than as an unsafe flag in Package.swift, which
#   would keep other packages from depending on TrackPipe's libraries.
set -euo pipefail
cd "$(dirname "$0")/.."
swift build -c release --product trackpipe --static-swift-stdlib \
  -Xswiftc -Xfrontend -Xswiftc -disable-concrete-type-metadata-mangled-name-accessors "$@"
