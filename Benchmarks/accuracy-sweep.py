#!/usr/bin/env python3
"""Distance error of pipelines on simulated runs they were not tuned on (issue 12's goals), by scenario.

    python3 Benchmarks/accuracy-sweep.py                          # the default, seeds 1-5, every scenario
    python3 Benchmarks/accuracy-sweep.py --seeds 11-20 --pipeline default --pipeline my-spec.json
    python3 Benchmarks/accuracy-sweep.py --binary .build/release/trackpipe --work /tmp/sweep
    python3 Benchmarks/accuracy-sweep.py --scenario city-loop --set warm-up.fixes=90 --set warm-up.initial-error=250

For every built-in scenario (park loop, city loop, out and back, 400 m track) and seed it simulates a run with
the simulator's default effects (warm-up, jumps, cell fixes, out-of-order and duplicate records, signal gaps) in
four variants — with and without multipath bursts, with and without the receiver's Doppler speed and course —
scores every --pipeline against the truth with `trackpipe compare`, and prints, per scenario and variant, the
mean, the smallest and the largest distance error and how many runs are within issue 12's goal: |error| <= 0.5 %
with Doppler, <= 1.5 % without (runs with multipath bursts are shown, but the issue's goal without speeds leaves
bursts out; its urban canyon, <= 3 %, is `datasets/urban-canyon.gpx`).

With --breakdown, the first pipeline's error on every run is also split by where it arises, in % of the true
distance: `start` (run before the first kept fix: warm-up fixes dropped), `paused` (true distance of steps into
fixes auto-pause marked paused, which are not counted, and the measured minus the true distance of a step that
leaves a pause measured from the pause's anchor by positions), `segments` (steps across a segment break), `gaps` (steps
over 2 s: the measured minus the true distance), `stops` (steps touching a second the runner truly stood) and
`moving` (every other step). Steps are measured as `DistanceAccumulator` measures them (by their speeds when
both fixes carry one and the step is short or follows a short one — a gap's held near the path across it —, else
by the distance of their positions, by the default `local` formula), so the parts add up to the pipeline's error to within a few hundredths of a percent.

Simulated runs are deterministic for a seed, so the table is too (for one binary). Accuracy is measured here and
in `trackpipe compare`, not in tests with timing; the tests hold the committed datasets' figures.
"""
import argparse
import csv
import io
from datetime import datetime
import json
import math
import os
import statistics
import subprocess
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
SCENARIOS = ["park-loop", "city-loop", "out-and-back", "track-400"]
VARIANTS = [  # (name, simulator settings)
    ("speeds, no bursts", ["--set", "multipath.enabled=off", "--set", "doppler.enabled=on"]),
    ("speeds, bursts", ["--set", "doppler.enabled=on"]),
    ("no speeds, no bursts", ["--set", "multipath.enabled=off"]),
    ("no speeds, bursts", []),
]


def fail(message):
    print(f"accuracy-sweep.py: {message}", file=sys.stderr)
    sys.exit(1)


def seeds(text):
    """'1-5' or '1,4,9' or a mix: the seeds, in order."""
    out = []
    for part in text.split(","):
        if "-" in part:
            lo, hi = part.split("-", 1)
            out.extend(range(int(lo), int(hi) + 1))
        elif part:
            out.append(int(part))
    if not out:
        raise argparse.ArgumentTypeError("no seeds")
    return out


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--binary", default=os.path.join(ROOT, ".build", "release", "trackpipe"),
                        help="a built trackpipe (default: the release build)")
    parser.add_argument("--seeds", type=seeds, default=seeds("1-5"), help="simulator seeds, e.g. 1-5 or 3,7")
    parser.add_argument("--pipeline", action="append", help="a preset or spec file (repeatable; default: default)")
    parser.add_argument("--work", default="/tmp/trackpipe-accuracy-sweep", help="folder for the simulated runs")
    parser.add_argument("--breakdown", action="store_true", help="split the first pipeline's error on each run by where it arises")
    parser.add_argument("--scenario", action="append", choices=SCENARIOS, help="only this scenario (repeatable; default: all)")
    parser.add_argument("--set", action="append", default=[], metavar="SETTING=VALUE",
                        help="a simulator setting for every run (repeatable), e.g. warm-up.fixes=90; "
                             "see trackpipe simulate --list-parameters")
    args = parser.parse_args()
    pipelines = args.pipeline or ["default"]
    if not os.access(args.binary, os.X_OK):
        fail(f"{args.binary} is not an executable; build it (swift build -c release --product trackpipe) or give --binary")

    runs = []  # (path, scenario, variant)
    for v, (variant, settings) in enumerate(VARIANTS):
        folder = os.path.join(args.work, f"variant-{v}")
        os.makedirs(folder, exist_ok=True)
        for scenario in args.scenario or SCENARIOS:
            for seed in args.seeds:
                path = os.path.join(folder, f"{scenario}-{seed}.gpx")
                extra = [word for setting in args.set for word in ("--set", setting)]
                result = subprocess.run([args.binary, "simulate", "--scenario", scenario, "--seed", str(seed), *extra,
                                         *settings, "-o", path, "--force"], capture_output=True, text=True)
                if result.returncode != 0:
                    fail(f"simulate {scenario} seed {seed} failed: {result.stderr.strip()}")
                runs.append((path, scenario, variant))

    argv = [args.binary, "compare", "--format", "csv"]
    for p in pipelines:
        argv += ["--pipeline", p]
    result = subprocess.run(argv + [path for path, _, _ in runs], capture_output=True, text=True)
    if result.returncode != 0:
        fail(f"compare failed: {result.stderr.strip()}")
    where = {os.path.abspath(path): (scenario, variant) for path, scenario, variant in runs}
    errors = {}  # (pipeline, scenario, variant) -> [percent]
    for row in csv.DictReader(io.StringIO(result.stdout)):
        key = where.get(os.path.abspath(row["dataset"]))
        if key is None or not row["distance_error_pct"]:
            continue
        errors.setdefault((row["pipeline"], *key), []).append(float(row["distance_error_pct"]))

    print(f"Distance error, %, of each pipeline on {len(args.seeds)} simulated runs per scenario and variant "
          f"(seeds {','.join(map(str, args.seeds))}; goal: within 0.5 % with speeds, 1.5 % without)\n")
    header = f"{'pipeline':<12} {'variant':<21} {'scenario':<13} {'mean':>7} {'min':>7} {'max':>7}  within goal"
    print(header)
    print("-" * len(header))
    for pipeline in sorted({k[0] for k in errors}, key=lambda p: pipelines.index(p) if p in pipelines else 0):
        for variant, _ in VARIANTS:
            goal = 0.5 if variant.startswith("speeds") else 1.5
            for scenario in SCENARIOS:
                values = errors.get((pipeline, scenario, variant))
                if not values:
                    continue
                within = sum(abs(e) <= goal for e in values)
                print(f"{pipeline:<12} {variant:<21} {scenario:<13} {statistics.mean(values):+7.2f} {min(values):+7.2f} "
                      f"{max(values):+7.2f}  {within}/{len(values)}")


    if args.breakdown:
        print(f"\nWhere {pipelines[0]}'s error arises, % of the true distance")
        parts = ["start", "paused", "segments", "gaps", "stops", "moving"]
        header = f"{'variant':<21} {'run':<18} {'error':>7} " + " ".join(f"{p:>8}" for p in parts)
        print(header)
        print("-" * len(header))
        means = {}
        for path, scenario, variant in runs:
            split = breakdown(args.binary, pipelines[0], path, os.path.join(args.work, "breakdown.ndjson"))
            means.setdefault((variant, scenario), []).append(split)
            print(f"{variant:<21} {os.path.basename(path)[:-4]:<18} {sum(split.values()):+7.2f} "
                  + " ".join(f"{split[p]:+8.2f}" for p in parts))
        print(f"\nThe same, mean over the seeds")
        print(header.replace(f"{'run':<18}", f"{'scenario':<18}"))
        print("-" * len(header))
        for (variant, scenario), splits in means.items():
            mean = {p: statistics.mean(s[p] for s in splits) for p in parts}
            print(f"{variant:<21} {scenario:<18} {sum(mean.values()):+7.2f} " + " ".join(f"{mean[p]:+8.2f}" for p in parts))


def local_distance(a, b):
    """Metres between two fixes' positions by the library's default formula (`local`: flat across the short step,
    with the WGS84 radii of curvature at the mid-latitude)."""
    semi_major, flattening = 6378137.0, 1 / 298.257223563
    e2 = flattening * (2 - flattening)
    phi = math.radians((a["lat"] + b["lat"]) / 2)
    w = 1 - e2 * math.sin(phi) ** 2
    meridian = semi_major * (1 - e2) / w ** 1.5
    prime_vertical = semi_major / math.sqrt(w)
    d_lon = (b["lon"] - a["lon"] + 540) % 360 - 180
    north = meridian * math.radians(b["lat"] - a["lat"])
    east = prime_vertical * math.cos(phi) * math.radians(d_lon)
    return math.hypot(north, east)


def gap_length(by_speed, a, b, dt):
    """A gap's length by its speeds held within 2 standard deviations of the positions' noise (the fixes' reported
    accuracies) of the path their velocities describe across it, as `DistanceAccumulator` holds it (`GapPath`):
    the cubic Hermite curve with the velocities times the gap as tangents, scaled by 4 tan(θ/4) / θ for a turn of
    θ, or the two legs along the courses when they meet ahead and behind and are shorter. The curve's length is
    integrated here with 400 straight pieces (the library: Gauss–Legendre quadrature)."""
    if "course" not in a or "course" not in b or "hacc" not in a or "hacc" not in b or a["hacc"] < 0 or b["hacc"] < 0:
        return by_speed
    semi_major, flattening = 6378137.0, 1 / 298.257223563
    e2 = flattening * (2 - flattening)
    phi = math.radians((a["lat"] + b["lat"]) / 2)
    w = 1 - e2 * math.sin(phi) ** 2
    north = semi_major * (1 - e2) / w ** 1.5 * math.radians(b["lat"] - a["lat"])
    east = semi_major / math.sqrt(w) * math.cos(phi) * math.radians((b["lon"] - a["lon"] + 540) % 360 - 180)
    va = (a["speed"] * math.sin(math.radians(a["course"])), a["speed"] * math.cos(math.radians(a["course"])))
    vb = (b["speed"] * math.sin(math.radians(b["course"])), b["speed"] * math.cos(math.radians(b["course"])))
    turn = abs(math.atan2(va[0] * vb[1] - va[1] * vb[0], va[0] * vb[0] + va[1] * vb[1]))
    k = (4 * math.tan(turn / 4) / turn if turn > 1e-9 else 1) * dt
    length, x, y, pieces = 0.0, 0.0, 0.0, 400
    for i in range(1, pieces + 1):
        u = i / pieces
        h10, h01, h11 = u ** 3 - 2 * u ** 2 + u, -2 * u ** 3 + 3 * u ** 2, u ** 3 - u ** 2
        nx = h10 * k * va[0] + h01 * east + h11 * k * vb[0]
        ny = h10 * k * va[1] + h01 * north + h11 * k * vb[1]
        length += math.hypot(nx - x, ny - y)
        x, y = nx, ny
    # Or the corner, when shorter: two legs along the courses, meeting ahead of the first fix and behind the second.
    na, nb = math.hypot(*va), math.hypot(*vb)
    if na > 0 and nb > 0:
        ua, ub = (va[0] / na, va[1] / na), (vb[0] / nb, vb[1] / nb)
        det = ua[0] * ub[1] - ua[1] * ub[0]
        if abs(det) > 1e-6:
            s, t = (east * ub[1] - north * ub[0]) / det, (ua[0] * north - ua[1] * east) / det
            if s >= 0 and t >= 0:
                length = min(length, s + t)
    band = 2 * math.hypot(a["hacc"], b["hacc"])
    return min(max(by_speed, length - band), length + band)


def breakdown(binary, pipeline, path, output):
    """The pipeline's distance error on `path`, split by where it arises (see the module's text), % of the truth."""
    result = subprocess.run([binary, "run", path, "--pipeline", pipeline, "-o", output, "--force"], capture_output=True, text=True)
    if result.returncode != 0:
        fail(f"run {path} failed: {result.stderr.strip()}")
    truth = {}
    with open(path[:-4] + ".truth.csv") as f:
        for row in csv.DictReader(f):
            truth[round(float(row["time"]))] = (float(row["cumulative_distance_m"]), row["moving"] == "true")
    fixes = []
    with open(output) as f:
        for line in f:
            record = json.loads(line)
            if record.get("type") == "fix":
                record["t"] = round(parse_time(record["time"]))
                fixes.append(record)
    total = truth[max(truth)][0]
    split = dict.fromkeys(["start", "paused", "segments", "gaps", "stops", "moving"], 0.0)
    split["start"] = -truth[fixes[0]["t"]][0]
    split["start"] -= total - truth[fixes[-1]["t"]][0]  # and after the last kept fix
    previous_short = False
    # The pause being crossed, as DistanceAccumulator follows it: its anchor (the unpaused fix before it), whether
    # the last paused fix began the anchor's next segment ("resuming"), and how far the runner can have gone
    # between the anchor and the first paused fix (the speed into the anchor times that time).
    anchor, pause, arrival_reach, last_speed, previous_dt = None, None, 0.0, 0.0, None
    for a, b in zip(fixes, fixes[1:]):
        true_step = truth[b["t"]][0] - truth[a["t"]][0]
        dt = b["t"] - a["t"]
        short = dt <= 2
        segment_a, segment_b = a.get("segment", 0), b.get("segment", 0)
        step_dt, previous_dt = previous_dt, dt
        if b.get("paused"):
            split["paused"] -= true_step
            if pause is None:
                if not a.get("paused") and segment_b in (segment_a, segment_a + 1):
                    anchor, pause = a, "open" if segment_b == segment_a else "resuming"
                    arrival_reach = last_speed * dt if dt > 0 else 0.0
            elif pause == "open":
                if segment_b != anchor.get("segment", 0):
                    pause = "resuming" if segment_b == anchor.get("segment", 0) + 1 else None
            else:
                pause = None
            last_speed = 0.0
        elif segment_a != segment_b:
            split["segments"] -= true_step
            pause, last_speed = None, 0.0
        else:
            leaves_pause = pause == "resuming"
            pause = None
            if "speed" in a and "speed" in b and dt > 0 and (short or previous_short):
                measured = (a["speed"] + b["speed"]) / 2 * dt
                if not short:
                    measured = gap_length(measured, a, b, dt)
            elif leaves_pause:
                # From the anchor, less the fixes' noise, within what the runner can have covered at the two ends.
                step = local_distance(a, b)
                noise = 2 * (anchor.get("hacc", 0) ** 2 + b.get("hacc", 0) ** 2)
                departure_reach = step / dt * step_dt if dt > 0 and step_dt and step_dt > 0 else 0.0
                reach = step + arrival_reach + departure_reach
                crossing = max(step, min(reach, math.sqrt(max(0, local_distance(anchor, b) ** 2 - noise))))
                split["paused"] += crossing - true_step
                last_speed = crossing / dt if dt > 0 else 0.0
                previous_short = short
                continue
            else:
                measured = local_distance(a, b)
            last_speed = measured / dt if dt > 0 else 0.0
            if not short:
                split["gaps"] += measured - true_step
            elif not (truth[a["t"]][1] and truth[b["t"]][1]):
                split["stops"] += measured - true_step
            else:
                split["moving"] += measured - true_step
        previous_short = short
    return {k: v / total * 100 for k, v in split.items()}


def parse_time(text):
    """Seconds since 1970 of an ISO 8601 UTC time as TrackPipe writes it."""
    return datetime.fromisoformat(text.replace("Z", "+00:00")).timestamp()


if __name__ == "__main__":
    main()
