#!/usr/bin/env python3
"""Rebuilds the seed corpora in Fuzz/Corpus/<Target>/ from data already shipped in this repository.

Every seed is a copy, an excerpt (the first points of each segment, closed again so the document stays
well-formed) or a re-encoding of a file under Tests/Data, datasets/ or pipelines/, or a text literal from a
test or source file. README.md in this folder lists where each comes from. Seeds are kept under 64 KB.

Run from anywhere:  python3 Fuzz/Corpus/make-seeds.py   (removes and rewrites the target folders)
"""
import csv
import gzip
import io
import json
import os
import re
import shutil

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.normpath(os.path.join(HERE, "..", ".."))
LIMIT = 64 * 1024
TARGETS = ["FuzzGPX", "FuzzTCX", "FuzzFIT", "FuzzCSV", "FuzzGeoJSON", "FuzzNMEA", "FuzzGnssLogger", "FuzzNDJSON",
           "FuzzDetect", "FuzzSpec", "FuzzBadgeCatalog", "FuzzTrackPipeline"]


def src(*parts):
    return os.path.join(ROOT, *parts)


def read(*parts):
    with open(src(*parts), "rb") as f:
        return f.read()


def put(target, name, data):
    if isinstance(data, str):
        data = data.encode("utf-8")
    assert len(data) < LIMIT, f"{target}/{name} is {len(data)} bytes"
    assert data, f"{target}/{name} is empty"
    with open(os.path.join(HERE, target, name), "wb") as f:
        f.write(data)


def excerpt_xml(text, segment, point, keep):
    """Keeps the first `keep` <point> elements of every <segment> element (local names; any prefix)."""
    seg_re = re.compile(rf"(<(?:\w+:)?{segment}\b[^>]*>)(.*?)(</(?:\w+:)?{segment}>)", re.S)
    pt_re = re.compile(rf"<(?:\w+:)?{point}\b[^>]*?(?:/>|>.*?</(?:\w+:)?{point}>)", re.S)

    def trim(m):
        points = pt_re.findall(m.group(2))
        head = m.group(2)[: pt_re.search(m.group(2)).start()] if points else m.group(2)
        return m.group(1) + head + "\n".join(points[:keep]) + "\n" + m.group(3)

    return seg_re.sub(trim, text)


def iso(stamp):
    stamp = stamp.replace(" ", "T")
    return stamp if stamp.endswith("Z") else stamp + "Z"


def head_lines(data, n):
    return b"".join(data.splitlines(keepends=True)[:n])


def swift_literals(path):
    """Multi-line string literals (\"\"\" or #\"\"\"...\"\"\"#) of a Swift file, indentation removed; literals that
    interpolate (\\( ) are skipped."""
    text = open(src(path), encoding="utf-8").read()
    out = []
    for m in re.finditer(r'(#?)"""\n(.*?)\n([ \t]*)"""\1', text, re.S):
        body, indent = m.group(2), m.group(3)
        if "\\(" in body and not m.group(1):
            continue
        lines = [l[len(indent):] if l.startswith(indent) else l.lstrip() for l in body.split("\n")]
        out.append("\n".join(lines) + "\n")
    return out


def swift_raw_lines(path):
    """Single-line raw string literals #"..."# of a Swift file."""
    text = open(src(path), encoding="utf-8").read()
    return re.findall(r'#"(.*?)"#', text)


def main():
    for t in TARGETS:
        shutil.rmtree(os.path.join(HERE, t), ignore_errors=True)
        os.makedirs(os.path.join(HERE, t))

    # --- GPX -------------------------------------------------------------------------------------------------
    gpx = {
        "planned-route.gpx": read("Tests/Data/real/whitchurch-ride-A/planned-route.gpx"),
    }
    excerpts = [
        ("applewatch-run.gpx", "Tests/Data/real/applewatch-run/myfile_multseg.gpx", 25),
        ("mtk-logger.gpx", "Tests/Data/real/gpsbabel-loggers/mtk_logger.gpx", 30),
        ("sbn-v13.gpx", "Tests/Data/real/gpsbabel-loggers/sbn-v13.gpx", 30),
        ("garmin-edge-605.gpx", "Tests/Data/real/whitchurch-ride-A/tracks/Garmin-Edge-605.gpx", 12),
        ("xiaomi-osmand.gpx", "Tests/Data/real/whitchurch-ride-A/tracks/xiaomi.gpx", 30),
        ("adafruit.gpx", "Tests/Data/real/whitchurch-ride-A/tracks/adafruit.gpx", 30),
        ("jumpy.gpx", "datasets/jumpy.gpx", 40),
    ]
    for name, path, keep in excerpts:
        gpx[name] = excerpt_xml(read(path).decode("utf-8"), "trkseg", "trkpt", keep).encode("utf-8")
    for i, lit in enumerate(swift_literals("Tests/TrackPipeIOTests/GPXReaderTests.swift")):
        if "<gpx" in lit:
            gpx[f"gpx-reader-test-{i:02d}.gpx"] = lit.encode("utf-8")
    for name, data in gpx.items():
        put("FuzzGPX", name, data)

    # --- TCX -------------------------------------------------------------------------------------------------
    tcx_full = gzip.decompress(read("Tests/Data/tcx/fenix2-run.gpsbabel.tcx.gz")).decode("utf-8")
    tcx = excerpt_xml(tcx_full, "Track", "Trackpoint", 20)
    put("FuzzTCX", "fenix2-run.gpsbabel.tcx", tcx)
    for i, lit in enumerate(swift_literals("Tests/TrackPipeIOTests/TCXReaderTests.swift")):
        if "TrainingCenterDatabase" in lit:
            put("FuzzTCX", f"tcx-reader-test-{i:02d}.tcx", lit)

    # --- FIT -------------------------------------------------------------------------------------------------
    for i in range(8):
        put("FuzzFIT", f"random-{i}.fit", read(f"Tests/Data/fit/random-{i}.fit"))
    # The real Fenix 2 file is 119 KB: its first 16 KB (the header says more; the reader must cope).
    put("FuzzFIT", "fenix2-run-first-16k.fit", read("Tests/Data/real/fenix2-run-fit/activity-small-fenix2-run.fit")[:16384])

    # --- CSV -------------------------------------------------------------------------------------------------
    csvs = {
        "fenix2-derived.csv": head_lines(read("Tests/Data/real/fenix2-run-fit/activity-small-fenix2-run.derived.csv"), 40),
        "kalman-input.csv": head_lines(read("Tests/Data/reference/kalman/input_2300.csv"), 40),
        "open-park-truth.csv": head_lines(read("datasets/open-park.truth.csv"), 40),
    }
    for i, lit in enumerate(swift_literals("Tests/TrackPipeIOTests/CSVReaderTests.swift")):
        csvs[f"csv-reader-test-{i:02d}.csv"] = lit.encode("utf-8")
    for name, data in csvs.items():
        put("FuzzCSV", name, data)

    # --- NMEA ------------------------------------------------------------------------------------------------
    put("FuzzNMEA", "f9k-rtk-drive.nmea",
        head_lines(read("Tests/Data/real/f9k-rtk-drive/MTV.Local1.ublox-F9K.20200206-181434.nmea"), 300))
    nmea_text = open(src("Tests/TrackPipeIOTests/NMEAReaderTests.swift"), encoding="utf-8").read()
    nmea_lits = list(dict.fromkeys(re.findall(r'"(\$G[A-Z]{4},[^"\\]*)"', nmea_text)))
    if nmea_lits:
        put("FuzzNMEA", "nmea-reader-test-lines.nmea", "\r\n".join(nmea_lits) + "\r\n")

    # --- GnssLogger ------------------------------------------------------------------------------------------
    log = read("Tests/Data/real/gnsslogger-static/pseudoranges_log_2016_06_30_21_26_07.txt").splitlines(keepends=True)
    keep, fixes = [], 0
    for line in log:
        if line.startswith(b"Fix,"):
            fixes += 1
        if line.startswith(b"#") or line.startswith(b"Fix,") or (line.startswith(b"Raw,") and fixes < 3):
            keep.append(line)
        if fixes >= 40:
            break
    put("FuzzGnssLogger", "pseudoranges-log.txt", b"".join(keep))
    for i, lit in enumerate(swift_literals("Tests/TrackPipeIOTests/GnssLoggerReaderTests.swift")):
        put("FuzzGnssLogger", f"gnsslogger-reader-test-{i:02d}.txt", lit)

    # --- GeoJSON ---------------------------------------------------------------------------------------------
    geo = {}
    for i, lit in enumerate(swift_literals("Tests/TrackPipeIOTests/GeoJSONReaderTests.swift")):
        geo[f"geojson-reader-test-{i:02d}.geojson"] = lit
    for i, lit in enumerate(l for l in swift_raw_lines("Tests/TrackPipeIOTests/GeoJSONReaderTests.swift") if '"type"' in l):
        geo[f"geojson-reader-test-line-{i:02d}.geojson"] = lit + "\n"
    # The first 40 records of the Fenix 2 dump as a LineString with times and per-point properties.
    rows = list(csv.DictReader(io.StringIO(read("Tests/Data/real/fenix2-run-fit/activity-small-fenix2-run.derived.csv").decode())))[:40]
    rows = [r for r in rows if r["lat"] and r["lon"]]
    feature = {"type": "FeatureCollection", "features": [{"type": "Feature",
               "properties": {"name": "Fenix 2 run", "activity": "running",
                              "coordTimes": [iso(r["timestamp_utc"]) for r in rows],
                              "coordinateProperties": {"heartRate": [float(r["heart_rate"] or 0) for r in rows]}},
               "geometry": {"type": "LineString",
                            "coordinates": [[float(r["lon"]), float(r["lat"]), float(r["altitude_m"] or 0)] for r in rows]}}]}
    geo["fenix2-linestring.geojson"] = json.dumps(feature, indent=1) + "\n"
    for name, data in geo.items():
        put("FuzzGeoJSON", name, data)

    # --- NDJSON ----------------------------------------------------------------------------------------------
    nd = {"ndjson-reader-test.ndjson": "\n".join(l for l in swift_raw_lines("Tests/TrackPipeIOTests/NDJSONReaderTests.swift")
                                                  if l.startswith('{"time"') or l.startswith('{"lat"')) + "\n"}
    lines = []
    for i, r in enumerate(rows):
        rec = {"time": iso(r["timestamp_utc"]), "lat": float(r["lat"]), "lon": float(r["lon"]),
               "ele": float(r["altitude_m"] or 0), "speed": float(r["speed_mps"] or 0), "hr": float(r["heart_rate"] or 0),
               "cad": float(r["cadence"] or 0)}
        if i % 7 == 3:
            rec["hacc"] = 4.5
            rec["sats"] = 9
            rec["fix"] = "3d"
        if i == 20:
            rec["segment"] = 1
            rec["paused"] = True
        lines.append(json.dumps(rec))
    nd["fenix2-fixes.ndjson"] = "\n".join(lines) + "\n"
    # The same fixes in the shape TrackPipe writes (a provenance line, typed fix lines with index, Unix times).
    typed = ['{"type": "provenance", "pipeline": "default", "spec_sha256": "0000"}']
    for i, l in enumerate(lines[:20]):
        rec = json.loads(l)
        rec.update({"type": "fix", "index": i, "time": 1439646000 + i})
        typed.append(json.dumps(rec))
    nd["typed-fixes.ndjson"] = "\r\n".join(typed) + "\r\n"
    for name, data in nd.items():
        put("FuzzNDJSON", name, data)

    # --- Detect: one of each format, and gzip ----------------------------------------------------------------
    put("FuzzDetect", "planned-route.gpx", gpx["planned-route.gpx"])
    put("FuzzDetect", "applewatch-run.gpx.gz", gzip.compress(gpx["applewatch-run.gpx"], mtime=0))
    put("FuzzDetect", "fenix2-run.gpsbabel.tcx.gz", read("Tests/Data/tcx/fenix2-run.gpsbabel.tcx.gz"))
    put("FuzzDetect", "fenix2-run.gpsbabel.tcx", tcx)
    put("FuzzDetect", "random-3.fit", read("Tests/Data/fit/random-3.fit"))
    put("FuzzDetect", "fenix2-derived.csv", csvs["fenix2-derived.csv"])
    put("FuzzDetect", "f9k-rtk-drive.nmea",
        head_lines(read("Tests/Data/real/f9k-rtk-drive/MTV.Local1.ublox-F9K.20200206-181434.nmea"), 100))
    put("FuzzDetect", "pseudoranges-log.txt", b"".join(keep))
    put("FuzzDetect", "fenix2-linestring.geojson", geo["fenix2-linestring.geojson"])
    put("FuzzDetect", "fenix2-fixes.ndjson", nd["fenix2-fixes.ndjson"])

    # --- Pipeline specs --------------------------------------------------------------------------------------
    for name in sorted(os.listdir(src("pipelines"))):
        if name.endswith(".json") and name != "pipeline.schema.json":
            put("FuzzSpec", name, read("pipelines", name))
    for i, lit in enumerate(swift_literals("Tests/TrackPipeTests/PipelineSpecTests.swift")):
        if lit.lstrip().startswith("{"):
            put("FuzzSpec", f"pipeline-spec-test-{i:02d}.json", lit)

    for i, lit in enumerate(l for l in swift_raw_lines("Tests/TrackPipeTests/PipelineSpecTests.swift") if l.startswith('{"version"')):
        put("FuzzSpec", f"pipeline-spec-test-line-{i:02d}.json", lit + "\n")
    # Every stage the schema knows, each parameter at its documented default (enums: every value in turn over
    # several specs), so the fuzzer starts from every parameter name.
    schema = json.loads(read("pipelines/pipeline.schema.json"))
    variants = schema["properties"]["stages"]["items"]["oneOf"]
    for k in range(3):
        stages = []
        for v in variants:
            entry = {"stage": v["properties"]["stage"]["const"]}
            for prop, d in sorted(v["properties"].items()):
                if prop in ("stage", "label"):
                    continue
                if "enum" in d:
                    entry[prop] = d["enum"][k % len(d["enum"])]
                elif d.get("default") is not None:
                    entry[prop] = d["default"]
            stages.append(entry)
        spec = {"version": 1, "name": f"every-stage-{k}", "stages": stages}
        put("FuzzSpec", f"every-stage-{k}.json", json.dumps(spec, indent=1, ensure_ascii=False) + "\n")

    # --- Badge catalogs --------------------------------------------------------------------------------------
    default = swift_literals("Sources/TrackPipeStages/Badges/DefaultBadgeCatalog.swift")
    for lit in default:
        if lit.lstrip().startswith("["):
            put("FuzzBadgeCatalog", "default-catalog.json", lit)
    for i, lit in enumerate(swift_literals("Tests/TrackPipeStagesTests/BadgeCatalogTests.swift")):
        if lit.lstrip()[:1] in "[{":
            put("FuzzBadgeCatalog", f"badge-catalog-test-{i:02d}.json", lit)
    put("FuzzBadgeCatalog", "docc-example.json",
        '[{"name": "Earth", "information": "You are off the launch pad.", "distance": 0, "imageName": "earth"},\n'
        ' {"name": "Moon", "information": "…", "distance": "1000", "imageName": "moon"}]\n')

    # --- The default pipeline on an NDJSON or CSV track ------------------------------------------------------
    for name in ("fenix2-fixes.ndjson", "typed-fixes.ndjson", "ndjson-reader-test.ndjson"):
        put("FuzzTrackPipeline", name, nd[name])
    for name in ("fenix2-derived.csv", "kalman-input.csv"):
        put("FuzzTrackPipeline", name, csvs[name])

    for t in TARGETS:
        files = os.listdir(os.path.join(HERE, t))
        print(f"{t:20s} {len(files):3d} seeds, {sum(os.path.getsize(os.path.join(HERE, t, f)) for f in files):7d} bytes")


if __name__ == "__main__":
    main()
