#!/usr/bin/env python3
"""Writes small FIT activity files that exercise what the FIT protocol allows and real watches rarely show, and
the values an independent decoder reads from them.

The files are encoded here, by hand, from the protocol description (struct.pack): random record fields with
some values missing (the invalid sentinels), definitions in little- and big-endian order, developer fields,
records with compressed-timestamp headers, timer stops and restarts, and a session with a sport.

The expected values are NOT what this script meant to write: each file is decoded with fit-tool (PyPI
`fit-tool`, an independent decoder), and what it reads is stored as NAME.expected.json. TrackPipe's reader is
tested against those.

    pip install fit-tool==0.9.16
    python3 Tests/Data/fit/make_fit_files.py          # rewrites Tests/Data/fit/random-*.fit and their .expected.json
"""
import json
import pathlib
import random
import struct

FIT_EPOCH = 631065600
HERE = pathlib.Path(__file__).resolve().parent

CRC_TABLE = [0x0000, 0xCC01, 0xD801, 0x1400, 0xF001, 0x3C00, 0x2800, 0xE401,
             0xA001, 0x6C00, 0x7800, 0xB401, 0x5000, 0x9C01, 0x8801, 0x4400]


def crc16(data, crc=0):
    for byte in data:
        tmp = CRC_TABLE[crc & 0xF]
        crc = (crc >> 4) & 0x0FFF
        crc = crc ^ tmp ^ CRC_TABLE[byte & 0xF]
        tmp = CRC_TABLE[crc & 0xF]
        crc = (crc >> 4) & 0x0FFF
        crc = crc ^ tmp ^ CRC_TABLE[(byte >> 4) & 0xF]
    return crc


# (field number, struct code, base type byte, invalid value)
RECORD_FIELDS = [
    (253, "I", 0x86, 0xFFFFFFFF),  # timestamp
    (0, "i", 0x85, 0x7FFFFFFF),    # position_lat, semicircles
    (1, "i", 0x85, 0x7FFFFFFF),    # position_long
    (2, "H", 0x84, 0xFFFF),        # altitude, /5 - 500
    (3, "B", 0x02, 0xFF),          # heart_rate
    (4, "B", 0x02, 0xFF),          # cadence
    (5, "I", 0x86, 0xFFFFFFFF),    # distance, /100
    (6, "H", 0x84, 0xFFFF),        # speed, /1000
    (13, "b", 0x01, 0x7F),         # temperature
    (31, "B", 0x02, 0xFF),         # gps_accuracy
]
COMPRESSED_FIELDS = [f for f in RECORD_FIELDS if f[0] != 253]


class Writer:
    def __init__(self):
        self.data = bytearray()

    def define(self, local, global_number, fields, big_endian, developer=()):
        header = 0x40 | local | (0x20 if developer else 0)
        order = ">" if big_endian else "<"
        self.data += bytes([header, 0, 1 if big_endian else 0]) + struct.pack(order + "H", global_number)
        self.data += bytes([len(fields)])
        for number, code, base, _ in fields:
            self.data += bytes([number, struct.calcsize(code), base])
        if developer:
            self.data += bytes([len(developer)])
            for number, size, index in developer:
                self.data += bytes([number, size, index])
        return order

    def message(self, header, order, fields, values, developer_bytes=b""):
        self.data += bytes([header])
        for (number, code, _, invalid), value in zip(fields, values):
            self.data += struct.pack(order + code, invalid if value is None else value)
        self.data += developer_bytes

    def file(self):
        header = struct.pack("<BBHI4s", 14, 0x20, 2132, len(self.data), b".FIT")
        header += struct.pack("<H", crc16(header))
        body = header + bytes(self.data)
        return body + struct.pack("<H", crc16(body))


def maybe(rng, value, p=0.15):
    return None if rng.random() < p else value


def make(seed):
    rng = random.Random(seed)
    w = Writer()
    # file_id: type activity (4)
    order = w.define(0, 0, [(0, "B", 0x00, 0xFF)], big_endian=False)
    w.message(0x00, order, [(0, "B", 0x00, 0xFF)], [4])
    # developer data id (207) and a field description (206) per developer field: a decoder needs them to know the
    # developer fields' types; TrackPipe skips developer fields by their declared sizes.
    dev_id_fields = [(3, "B", 0x02, 0xFF)]
    order = w.define(5, 207, dev_id_fields, big_endian=False)
    w.message(0x05, order, dev_id_fields, [0])
    desc_fields = [(0, "B", 0x02, 0xFF), (1, "B", 0x02, 0xFF), (2, "B", 0x02, 0xFF)]
    order = w.define(6, 206, desc_fields, big_endian=False)
    w.message(0x06, order, desc_fields, [0, 0, 0x86])
    w.message(0x06, order, desc_fields, [0, 1, 0x84])
    t = 1_000_000_000 + rng.randrange(100_000)
    lat = rng.uniform(-60, 60)
    lon = rng.uniform(-179, 179)
    distance = 0.0
    event_fields = [(253, "I", 0x86, 0xFFFFFFFF), (0, "B", 0x00, 0xFF), (1, "B", 0x00, 0xFF)]
    ev_order = w.define(2, 21, event_fields, big_endian=rng.random() < 0.5)
    w.message(0x02, ev_order, event_fields, [t, 0, 0])  # timer start
    record_local = 1
    big = rng.random() < 0.5
    developer = [(0, 4, 0), (1, 2, 0)] if rng.random() < 0.7 else []
    order = w.define(record_local, 20, RECORD_FIELDS, big_endian=big, developer=developer)
    compressed_local = 3
    c_order = w.define(compressed_local, 20, COMPRESSED_FIELDS, big_endian=not big)
    for k in range(rng.randrange(40, 90)):
        step = rng.choice([1, 1, 1, 2, 5])
        t += step
        lat += rng.uniform(-2e-5, 2e-5)
        lon += rng.uniform(-2e-5, 2e-5)
        distance += rng.uniform(0, 4 * step)
        values = [
            maybe(rng, round(lat * 2**31 / 180), 0.08), maybe(rng, round(lon * 2**31 / 180), 0.08),
            maybe(rng, round((rng.uniform(-50, 3000) + 500) * 5)), maybe(rng, rng.randrange(40, 200)),
            maybe(rng, rng.randrange(0, 200)), maybe(rng, round(distance * 100)),
            maybe(rng, rng.randrange(0, 20000)), maybe(rng, rng.randrange(-20, 40)), maybe(rng, rng.randrange(1, 50)),
        ]
        if step < 32 and k > 0 and rng.random() < 0.3:
            w.message(0x80 | (compressed_local << 5) | (t & 0x1F), c_order, COMPRESSED_FIELDS, values)
        else:
            dev = bytes(rng.randrange(256) for _ in range(sum(s for _, s, _ in developer)))
            w.message(record_local, order, RECORD_FIELDS, [t] + values, dev)
        if rng.random() < 0.05:
            t += rng.randrange(10, 100)
            w.message(0x02, ev_order, event_fields, [t - rng.randrange(1, 9), 0, 1])  # timer stop
            w.message(0x02, ev_order, event_fields, [t, 0, 0])  # timer start
    w.message(0x02, ev_order, event_fields, [t, 0, 4])  # stop all
    session_fields = [(253, "I", 0x86, 0xFFFFFFFF), (5, "B", 0x00, 0xFF), (9, "I", 0x86, 0xFFFFFFFF)]
    s_order = w.define(4, 18, session_fields, big_endian=rng.random() < 0.5)
    sport = rng.choice([0, 1, 2, 11, 17, 5])
    w.message(0x04, s_order, session_fields, [t, sport, round(distance * 100)])
    return w.file()


def decode(path):
    """What fit-tool reads from the file: per record message, the fields TrackPipe maps."""
    from fit_tool.fit_file import FitFile
    from fit_tool.profile.messages.record_message import RecordMessage
    from fit_tool.profile.messages.event_message import EventMessage
    from fit_tool.profile.messages.session_message import SessionMessage

    fit = FitFile.from_file(str(path))
    records, events, session = [], [], {}
    for record in fit.records:
        m = record.message
        if isinstance(m, RecordMessage):
            def value(name):
                # fit-tool hands out invalid sentinels as numbers (255 bpm, 42 949 672.95 m): its base type says
                # which raw value is invalid.
                field = m.get_field_by_name(name)
                if field is None or not field.encoded_values or field.encoded_values[0] is None:
                    return None
                if field.encoded_values[0] == field.base_type.invalid_raw_value():
                    return None
                return getattr(m, name)
            timestamp = value("timestamp")
            records.append({
                "timestamp": None if timestamp is None else timestamp / 1000,
                "latitude": value("position_lat"), "longitude": value("position_long"),
                "altitude": value("altitude"), "heart_rate": value("heart_rate"), "cadence": value("cadence"),
                "distance": value("distance"), "speed": value("speed"), "temperature": value("temperature"),
                "gps_accuracy": value("gps_accuracy"),
            })
        elif isinstance(m, EventMessage):
            events.append({"timestamp": m.timestamp / 1000, "event": int(m.event), "event_type": int(m.event_type)})
        elif isinstance(m, SessionMessage):
            session = {"sport": None if m.sport is None else int(m.sport), "total_distance": m.total_distance}
    return {"decoder": "fit-tool 0.9.16", "records": records, "events": events, "session": session}


def main():
    for seed in range(8):
        path = HERE / f"random-{seed}.fit"
        path.write_bytes(make(seed))
        (HERE / f"random-{seed}.expected.json").write_text(json.dumps(decode(path), indent=1) + "\n")


if __name__ == "__main__":
    main()
