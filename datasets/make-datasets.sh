#!/bin/sh
# Regenerates the committed simulated datasets, bit for bit (the simulator is deterministic for a seed).
# Run from the package root:  sh datasets/make-datasets.sh   (TRACKPIPE=path/to/trackpipe to use a built binary)
# Each command writes datasets/NAME.gpx and datasets/NAME.truth.csv. Settings: trackpipe simulate --list-parameters.
set -eu
TRACKPIPE=${TRACKPIPE:-"swift run -c release trackpipe"}
OUT=datasets

# open-park: a park loop under open sky; two short stops, one jump, one cell/Wi-Fi episode; default warm-up,
# timestamp faults and gaps.
$TRACKPIPE simulate --scenario park-loop --seed 101 --name open-park \
  --set runner.extra-stops=2 --set jumps.count=1 --set cell-fixes.count=1 \
  -o $OUT/open-park.gpx

# urban-canyon: city blocks, twice the open-sky error and 2.5x that near buildings, frequent strong multipath.
$TRACKPIPE simulate --scenario city-loop --seed 202 --name urban-canyon \
  --set error.sigma=4 --set error.building-factor=2.5 \
  --set multipath.rate-per-hour=40 --set multipath.maximum-magnitude=60 \
  -o $OUT/urban-canyon.gpx

# stop-and-go: city blocks with most lights red and four extra stops; a faster runner (3.6 m/s) so the run
# is still about 6 km.
$TRACKPIPE simulate --scenario city-loop --seed 303 --name stop-and-go \
  --set runner.speed=3.6 --set runner.light-stop-probability=0.8 --set runner.extra-stops=4 \
  -o $OUT/stop-and-go.gpx

# heavy-warm-up: out and back; the receiver takes 90 s to settle from 250 m error.
$TRACKPIPE simulate --scenario out-and-back --seed 404 --name heavy-warm-up \
  --set warm-up.fixes=90 --set warm-up.initial-error=250 --set warm-up.final-error=15 \
  -o $OUT/heavy-warm-up.gpx

# jumpy: a 400 m track; 12 superman jumps of up to 4 fixes and 10 cell/Wi-Fi episodes of up to 5 fixes.
$TRACKPIPE simulate --scenario track-400 --seed 505 --name jumpy \
  --set jumps.count=12 --set jumps.maximum-fixes=4 --set cell-fixes.count=10 --set cell-fixes.maximum-fixes=5 \
  -o $OUT/jumpy.gpx

# clock-fault: out and back; the system clock steps back 90 s at 40 % of the run, 10 swapped pairs and
# 10 duplicate timestamps.
$TRACKPIPE simulate --scenario out-and-back --seed 606 --name clock-fault \
  --set clock-jump.enabled=on --set clock-jump.at=0.4 --set clock-jump.offset=-90 \
  --set out-of-order.count=10 --set duplicates.count=10 \
  -o $OUT/clock-fault.gpx

# The -doppler variants: the same runs (same seeds and settings, so the same positions and anomalies) with the
# receiver's Doppler speed and course on each fix, so `compare` shows what speeds are worth.
$TRACKPIPE simulate --scenario park-loop --seed 101 --name open-park-doppler \
  --set runner.extra-stops=2 --set jumps.count=1 --set cell-fixes.count=1 --set doppler.enabled=on \
  -o $OUT/open-park-doppler.gpx
$TRACKPIPE simulate --scenario city-loop --seed 202 --name urban-canyon-doppler \
  --set error.sigma=4 --set error.building-factor=2.5 \
  --set multipath.rate-per-hour=40 --set multipath.maximum-magnitude=60 --set doppler.enabled=on \
  -o $OUT/urban-canyon-doppler.gpx
$TRACKPIPE simulate --scenario city-loop --seed 303 --name stop-and-go-doppler \
  --set runner.speed=3.6 --set runner.light-stop-probability=0.8 --set runner.extra-stops=4 --set doppler.enabled=on \
  -o $OUT/stop-and-go-doppler.gpx
$TRACKPIPE simulate --scenario out-and-back --seed 404 --name heavy-warm-up-doppler \
  --set warm-up.fixes=90 --set warm-up.initial-error=250 --set warm-up.final-error=15 --set doppler.enabled=on \
  -o $OUT/heavy-warm-up-doppler.gpx
