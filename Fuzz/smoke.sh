#!/usr/bin/env bash
# Fuzz/smoke.sh [SECONDS] [TARGET...]
#
# The CI smoke run. Builds every fuzz target, then for each (or only the TARGETs named):
#   1. replays every file under Fuzz/Regressions/TARGET/ (each crashed once; each must now pass), and
#   2. fuzzes for SECONDS (default 30) from the committed seeds, in a fresh temporary corpus.
# Exits 1 when any replay or run fails (crash, trap, memory error, leak, timeout > 10 s, RSS > 2 GB), 0 otherwise,
# after running every target. A failing input is copied to Fuzz/.work/smoke-failures/TARGET/.
set -uo pipefail
source "$(dirname "$0")/common.sh"

seconds="${1:-30}"
[[ "$seconds" =~ ^[0-9]+$ ]] || { echo "smoke.sh: SECONDS must be a whole number, not '$seconds'" >&2; exit 2; }
[ $# -ge 1 ] && shift
targets=()
for t in "$@"; do
  n="$(fuzz_target_name "$t")" || { echo "smoke.sh: no fuzz target '$t' (targets: ${FUZZ_TARGETS[*]})" >&2; exit 2; }
  targets+=("$n")
done
[ ${#targets[@]} -gt 0 ] || targets=("${FUZZ_TARGETS[@]}")

fuzz_build "${targets[@]}" || { echo "smoke.sh: build failed" >&2; exit 1; }

tmp="$(mktemp -d "${TMPDIR:-/tmp}/trackpipe-fuzz-smoke.XXXXXX")"
trap 'rm -rf "$tmp"' EXIT
failures="$WORK_DIR/smoke-failures"
failed=()
summary=()

for target in "${targets[@]}"; do
  binary="$(fuzz_binary "$target")"
  mapfile -t target_options < <(fuzz_target_options "$target")
  log="$tmp/$target.log"

  regressions=()
  if [ -d "$FUZZ_DIR/Regressions/$target" ]; then
    while IFS= read -r -d '' f; do regressions+=("$f"); done \
      < <(find "$FUZZ_DIR/Regressions/$target" -type f ! -name '*.md' ! -name '.*' -print0 | sort -z)
  fi
  if [ ${#regressions[@]} -gt 0 ]; then
    if ! "$binary" "${FUZZ_LIMIT_OPTIONS[@]}" "${target_options[@]}" "${regressions[@]}" >"$log" 2>&1; then
      echo "smoke.sh: $target: a regression input fails again:" >&2
      grep -E "Running: |ERROR|Fatal error|SUMMARY|#[0-9]+ 0x" "$log" | head -14 | fuzz_demangle >&2
      failed+=("$target (regression)")
      summary+=("$target: REGRESSION FAILS (${#regressions[@]} inputs)")
      continue
    fi
  fi

  mkdir -p "$tmp/corpus/$target" "$tmp/artifacts/$target"
  "$binary" "${FUZZ_LIMIT_OPTIONS[@]}" "${target_options[@]}" -max_total_time="$seconds" \
    -artifact_prefix="$tmp/artifacts/$target/" "$tmp/corpus/$target" "$FUZZ_DIR/Corpus/$target" >"$log" 2>&1
  status=$?
  stats="$(grep -E '^#[0-9]+' "$log" | tail -1 | sed 's/^#\([0-9]*\)[[:space:]]*[A-Z_]*[[:space:]]*/execs \1 /' | cut -c1-110)"
  if [ $status -ne 0 ]; then
    mkdir -p "$failures/$target"
    cp "$tmp/artifacts/$target/"* "$failures/$target/" 2>/dev/null
    echo "smoke.sh: $target FAILED (exit $status); input(s) kept in $failures/$target/:" >&2
    grep -E "ERROR|Fatal error|SUMMARY|#[0-9]+ 0x" "$log" | head -12 | fuzz_demangle >&2
    failed+=("$target")
    summary+=("$target: FAILED  $stats")
  else
    summary+=("$target: ok (${#regressions[@]} regressions replayed)  $stats")
  fi
done

echo
echo "== fuzz smoke ($FUZZ_CONFIG, ${seconds}s per target)"
printf '  %s\n' "${summary[@]}"
if [ ${#failed[@]} -gt 0 ]; then
  echo "== FAILED: ${failed[*]}"
  exit 1
fi
echo "== all ${#targets[@]} targets passed"
