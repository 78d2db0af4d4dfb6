import CSQLite
import Foundation

/// The sample databases in `Tests/Fixtures`, copied to a temporary file before anything touches
/// them. Chinook, Northwind and Sakila are real files written by other people (their origins and
/// licences are in `Tests/Fixtures/README.md`); `university` is built from `university.sql`,
/// written for these tests. Shared by the test targets.
public enum SampleDatabase: String, CaseIterable, Sendable {
    case chinook, northwind, sakila, university

    /// The `Tests/Fixtures` folder of this repository.
    public static let fixturesFolder: URL = {
        var url = URL(fileURLWithPath: #filePath)
        for _ in 0..<2 { url.deleteLastPathComponent() }   // SampleDatabases.swift, AmigoTestSupport
        return url.appendingPathComponent("Fixtures")
    }()

    /// The file to copy from: the committed original, or (for `university`) a file built once per
    /// process from its SQL.
    public var originalPath: String {
        get throws {
            switch self {
            case .university: return try UniversityFixture.builtPath()
            default:
                let path = Self.fixturesFolder.appendingPathComponent("\(rawValue).sqlite").path
                guard FileManager.default.fileExists(atPath: path) else { throw FixtureError.missing(path) }
                return path
            }
        }
    }

    /// A fresh writable copy in a temporary folder; delete it with `TemporaryFile.remove`.
    public func copy() throws -> String {
        let path = TemporaryFile.path(rawValue)
        try FileManager.default.copyItem(atPath: try originalPath, toPath: path)
        try? FileManager.default.setAttributes([.posixPermissions: 0o644], ofItemAtPath: path)
        return path
    }
}

/// A fixture that could not be found or built: one line naming the file.
public enum FixtureError: Error, CustomStringConvertible {
    /// The file is not in the repository.
    case missing(String)
    /// The fixture's SQL failed.
    case buildFailed(String, String)

    public var description: String {
        switch self {
        case .missing(let path): return "test fixture missing: \(path)"
        case .buildFailed(let path, let message): return "test fixture \(path) failed to build: \(message)"
        }
    }
}

/// Builds a database from an SQL script in `Tests/Fixtures`, once per process.
public enum SQLFixture {
    /// Runs the script `name`.sql of the fixtures folder into a new file at `path`.
    public static func build(_ name: String, at path: String) throws {
        let script = SampleDatabase.fixturesFolder.appendingPathComponent("\(name).sql").path
        guard let sql = FileManager.default.contents(atPath: script).flatMap({ String(data: $0, encoding: .utf8) }) else {
            throw FixtureError.missing(script)
        }
        try? FileManager.default.removeItem(atPath: path)
        var db: OpaquePointer?
        defer { sqlite3_close(db) }
        guard sqlite3_open(path, &db) == SQLITE_OK else { throw FixtureError.buildFailed(script, "cannot create \(path)") }
        var error: UnsafeMutablePointer<CChar>?
        guard sqlite3_exec(db, sql, nil, nil, &error) == SQLITE_OK else {
            let message = error.map { String(cString: $0) } ?? "unknown error"
            sqlite3_free(error)
            throw FixtureError.buildFailed(script, message)
        }
    }
}

/// `university.sqlite`, built from `Tests/Fixtures/university.sql` the first time a test asks.
private enum UniversityFixture {
    private static let lock = NSLock()
    nonisolated(unsafe) private static var built: Result<String, Error>?

    static func builtPath() throws -> String {
        lock.lock()
        defer { lock.unlock() }
        if let built { return try built.get() }
        let path = TemporaryFile.path("university-fixture")
        let result = Result { try SQLFixture.build("university", at: path); return path }
        built = result
        return try result.get()
    }
}

/// Temporary file paths unique per test.
public enum TemporaryFile {
    /// A new path in the temporary folder (nothing is created).
    public static func path(_ stem: String = "amigo", ext: String = "sqlite") -> String {
        FileManager.default.temporaryDirectory.appendingPathComponent("\(stem)-\(UUID().uuidString).\(ext)").path
    }

    /// Removes the file and its journal, WAL and shared-memory files.
    public static func remove(_ path: String) {
        for suffix in ["", "-journal", "-wal", "-shm"] { try? FileManager.default.removeItem(atPath: path + suffix) }
    }
}
