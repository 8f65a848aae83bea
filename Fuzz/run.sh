#!/usr/bin/env bash
# Fuzz/run.sh TARGET [SECONDS] [-- LIBFUZZER_OPTION...]
#
# Builds TARGET (FuzzGPX, GPX or gpx; `Fuzz/run.sh list` lists them) and fuzzes it for SECONDS (default 300) on a
# working corpus Fuzz/.work/corpus/TARGET that starts from the committed seeds Fuzz/Corpus/TARGET and grows
# across runs (the seeds are read, never written). Crash, leak, timeout and out-of-memory inputs are written to
# Fuzz/.work/artifacts/TARGET/; the full log to Fuzz/.work/logs/. Prints executions, exec/s, coverage (cov, ft)
# and the corpus size at the end. Exit status: 0 when the run ended without a failure, libFuzzer's otherwise.
#
# Extra libFuzzer options after `--`, e.g. `Fuzz/run.sh gpx 60 -- -jobs=2 -workers=2` or `-- -only_ascii=1`.
# FUZZ_CONFIG=debug builds at -Onone (see common.sh). To replay one input: Fuzz/run.sh TARGET replay FILE...
set -euo pipefail
source "$(dirname "$0")/common.sh"

usage() { sed -n 2,11p "$0" | sed 's/^# \{0,1\}//' >&2; exit 2; }
[ $# -ge 1 ] || usage
if [ "$1" = list ]; then printf '%s\n' "${FUZZ_TARGETS[@]}"; exit 0; fi
target="$(fuzz_target_name "$1")" || { echo "run.sh: no fuzz target '$1' (targets: ${FUZZ_TARGETS[*]})" >&2; exit 2; }
shift

fuzz_build "$target"
binary="$(fuzz_binary "$target")"
mapfile -t target_options < <(fuzz_target_options "$target")

if [ "${1:-}" = replay ]; then
  shift
  [ $# -ge 1 ] || { echo "run.sh: replay needs input files" >&2; exit 2; }
  # libFuzzer runs each file given as an argument once, and exits non-zero on the first failure.
  "$binary" "${FUZZ_LIMIT_OPTIONS[@]}" "${target_options[@]}" "$@" 2>&1 | fuzz_demangle
  exit "${PIPESTATUS[0]}"
fi

seconds="${1:-300}"
[ $# -ge 1 ] && shift
[[ "$seconds" =~ ^[0-9]+$ ]] || { echo "run.sh: SECONDS must be a whole number, not '$seconds'" >&2; exit 2; }
if [ "${1:-}" = "--" ]; then shift; fi

corpus="$WORK_DIR/corpus/$target"
artifacts="$WORK_DIR/artifacts/$target"
logs="$WORK_DIR/logs"
mkdir -p "$corpus" "$artifacts" "$logs"
log="$logs/$target-$(date -u +%Y%m%dT%H%M%SZ).log"

echo "run.sh: $target for ${seconds}s; corpus $corpus (+ seeds Fuzz/Corpus/$target), log $log" >&2
set +e
(
  cd "$WORK_DIR"   # libFuzzer writes fuzz-N.log files here with -jobs
  "$binary" "${FUZZ_LIMIT_OPTIONS[@]}" "${target_options[@]}" -max_total_time="$seconds" \
    -artifact_prefix="$artifacts/" "$@" "$corpus" "$FUZZ_DIR/Corpus/$target"
) 2>&1 | tee "$log" | grep -E --line-buffered "INITED|DONE|ERROR|==[0-9]+==|Fatal error|Test unit written|SUMMARY|Slowest unit" >&2
status=${PIPESTATUS[0]}
set -e

last_stats="$(grep -E '^#[0-9]+' "$log" | tail -1 || true)"
execs="$(sed -n 's/^stat::number_of_executed_units: *//p' "$log" | tail -1)"
speed="$(sed -n 's/^stat::average_exec_per_sec: *//p' "$log" | tail -1)"
rss="$(sed -n 's/^stat::peak_rss_mb: *//p' "$log" | tail -1)"
cov="$(sed -n 's/.* cov: \([0-9]*\).*/\1/p' <<<"$last_stats")"
ft="$(sed -n 's/.* ft: \([0-9]*\).*/\1/p' <<<"$last_stats")"
corp="$(sed -n 's/.* corp: \([^ ]*\).*/\1/p' <<<"$last_stats")"
files=$(find "$corpus" -type f | wc -l)
bytes=$(du -sk "$corpus" | cut -f1)
echo
echo "== $target ($FUZZ_CONFIG): ${seconds}s, executions ${execs:-?}, ${speed:-?} exec/s, cov ${cov:-?}, ft ${ft:-?}, corpus ${corp:-?} (work corpus: $files files, ${bytes} KB), peak RSS ${rss:-?} MB"
if [ "$status" -ne 0 ]; then
  echo "== $target: FAILED (libFuzzer exit $status); input(s) in $artifacts:"
  ls -1t "$artifacts" | head -5 | sed "s|^|   $artifacts/|"
  echo "   log: $log; top frames:"
  grep -E "ERROR: |^ *#[0-9]+ 0x" "$log" | head -12 | fuzz_demangle | sed 's/^/   /'
  echo "   reproduce: FUZZ_CONFIG=debug Fuzz/run.sh $target replay <input>"
fi
exit "$status"
