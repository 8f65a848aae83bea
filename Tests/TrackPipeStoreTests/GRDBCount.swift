import GRDB

/// Direct SQL on a store file for the tests, beside the store's own API.
enum GRDBCount {
    static func rows(_ path: String, _ sql: String) throws -> Int {
        try DatabaseQueue(path: path).read { try Int.fetchOne($0, sql: sql) ?? 0 }
    }

    static func execute(_ path: String, _ sql: String) throws {
        try DatabaseQueue(path: path).write { try $0.execute(sql: sql) }
    }
}
