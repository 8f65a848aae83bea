# Shared by run.sh and smoke.sh (sourced, not run). Everything a fuzz build and run needs lives here, so no flag
# has to be remembered.

FUZZ_DIR="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
WORK_DIR="$FUZZ_DIR/.work"

# -c release: -O keeps every trap the fuzzers look for (overflow, bounds, `!`, `try!`, precondition); the library has
# no `assert`, the one thing -O drops. -Ounchecked must never be used (it removes the traps). FUZZ_CONFIG=debug
# builds at -Onone: 2-4x slower, but a crash's report names the failed check and each inlined frame's line.
FUZZ_CONFIG="${FUZZ_CONFIG:-release}"
case "$FUZZ_CONFIG" in
  release|debug) ;;
  *) echo "fuzz: FUZZ_CONFIG must be release or debug, not '$FUZZ_CONFIG'" >&2; exit 2 ;;
esac

# -sanitize=fuzzer,address: libFuzzer's coverage instrumentation and runtime, and AddressSanitizer (memory errors
# and leaks). No -parse-as-library: SwiftPM (tools >= 5.5) links a target's top-level code as `main`, so each
# main.swift ends by starting libFuzzer's driver itself (Fuzz.runLibFuzzer, FuzzCommon).
FUZZ_BUILD_FLAGS=(-c "$FUZZ_CONFIG" --package-path "$FUZZ_DIR" -Xswiftc -sanitize=fuzzer,address)

FUZZ_TARGETS=(FuzzGPX FuzzTCX FuzzFIT FuzzCSV FuzzGeoJSON FuzzNMEA FuzzGnssLogger FuzzNDJSON FuzzDetect
              FuzzSpec FuzzBadgeCatalog FuzzTrackPipeline)

# Swift's runtime backtracer (on by default on Linux since 5.9) would catch a trap's SIGILL before libFuzzer and
# AddressSanitizer do (libFuzzer keeps a handler it finds installed), and its helper deadlocks under ASan: the
# process hangs instead of reporting the crash. Off, so the trap is reported with ASan's stack and saved.
export SWIFT_BACKTRACE=enable=no

# Symbolized AddressSanitizer and libFuzzer stack traces.
if [ -z "${ASAN_SYMBOLIZER_PATH:-}" ]; then
  for s in "$(dirname "$(command -v swift 2>/dev/null || echo /opt/swift/usr/bin/swift)")/llvm-symbolizer" \
           "$(command -v llvm-symbolizer 2>/dev/null)"; do
    if [ -n "$s" ] && [ -x "$s" ]; then export ASAN_SYMBOLIZER_PATH="$s"; break; fi
  done
fi
export ASAN_OPTIONS="${ASAN_OPTIONS:-symbolize=1:detect_leaks=1:abort_on_error=0:handle_abort=1:handle_sigill=1:handle_sigtrap=1}"

# The canonical target name for `FuzzGPX`, `GPX` or `gpx`; empty when there is none.
fuzz_target_name() {
  local want="${1#Fuzz}" t
  for t in "${FUZZ_TARGETS[@]}"; do
    if [ "$(echo "${t#Fuzz}" | tr '[:upper:]' '[:lower:]')" = "$(echo "$want" | tr '[:upper:]' '[:lower:]')" ]; then
      echo "$t"; return 0
    fi
  done
  return 1
}

# The libFuzzer options that depend on the target: the largest input and the dictionary.
fuzz_target_options() {
  local dict="" max_len=16384
  case "$1" in
    FuzzGPX|FuzzTCX) dict=xml.dict; max_len=65536 ;;
    FuzzDetect) dict=xml.dict; max_len=65536 ;;
    FuzzFIT) max_len=32768 ;;
    FuzzCSV|FuzzGnssLogger) dict=csv.dict ;;
    FuzzGeoJSON|FuzzNDJSON|FuzzBadgeCatalog|FuzzTrackPipeline) dict=json.dict ;;
    FuzzNMEA) dict=nmea.dict; max_len=32768 ;;
    FuzzSpec) dict=spec.dict; max_len=8192 ;;
  esac
  echo "-max_len=$max_len"
  [ -n "$dict" ] && echo "-dict=$FUZZ_DIR/Dictionaries/$dict"
  return 0
}

# Limits shared by every run: what counts as a timeout or an out-of-memory is a failure. The timeout is wall-clock
# seconds per input (FUZZ_TIMEOUT, default 10): a fuzzer at `nice 19` on cores that builds and tests keep busy gets
# next to no CPU for seconds at a time, and an input that runs in 8 ms was once reported as an 11-s timeout that
# way; raise it (e.g. FUZZ_TIMEOUT=60) when fuzzing beside other work. Every input libFuzzer keeps as slow is
# replayed alone before it counts (Fuzz/RUNS.md).
FUZZ_TIMEOUT="${FUZZ_TIMEOUT:-10}"
[[ "$FUZZ_TIMEOUT" =~ ^[0-9]+$ ]] || { echo "fuzz: FUZZ_TIMEOUT must be a whole number of seconds, not '$FUZZ_TIMEOUT'" >&2; exit 2; }
FUZZ_LIMIT_OPTIONS=(-rss_limit_mb=2048 -malloc_limit_mb=2048 -timeout="$FUZZ_TIMEOUT" -print_final_stats=1)

fuzz_build() {
  # Builds the named products, or every fuzz target when none is named (or all are): one `swift build` for the
  # whole package, since SwiftPM builds only the last of several --product options. Then checks each binary is
  # there.
  local args=() p
  if [ $# -gt 0 ] && [ $# -lt ${#FUZZ_TARGETS[@]} ]; then
    for p in "$@"; do
      echo "fuzz: swift build ${FUZZ_BUILD_FLAGS[*]} --product $p" >&2
      # ld.gold warns once per AddressSanitizer helper symbol ("Cannot export local symbol"); those are noise.
      swift build "${FUZZ_BUILD_FLAGS[@]}" --product "$p" 2>&1 | grep -v "Cannot export local symbol" >&2
      [ "${PIPESTATUS[0]}" -eq 0 ] || return 1
    done
  else
    echo "fuzz: swift build ${FUZZ_BUILD_FLAGS[*]}" >&2
    swift build "${FUZZ_BUILD_FLAGS[@]}" 2>&1 | grep -v "Cannot export local symbol" >&2
    [ "${PIPESTATUS[0]}" -eq 0 ] || return 1
  fi
  local built=("$@")
  [ ${#built[@]} -gt 0 ] || built=("${FUZZ_TARGETS[@]}")
  for p in "${built[@]}"; do
    [ -x "$(fuzz_binary "$p")" ] || { echo "fuzz: $p was not built ($(fuzz_binary "$p") is missing)" >&2; return 1; }
  done
}

# Demangles Swift symbols in a report (ASan prints them mangled).
fuzz_demangle() {
  if command -v swift-demangle >/dev/null 2>&1; then swift-demangle --simplified; else cat; fi
}

fuzz_binary() {
  echo "$FUZZ_DIR/.build/$FUZZ_CONFIG/$1"
}
