import Amigo
import Foundation
@testable import AmigoShellCore

/// The real databases in ../shared/data, copied to a temporary file before anything touches them
/// (the originals are read-only). A copy of Tests/AmigoTests/Support/SampleDatabases.swift:
/// test targets cannot share files.
enum SampleDatabase: String, CaseIterable {
    case chinook, northwind, sakila, university

    /// The read-only original.
    var originalPath: String {
        var url = URL(fileURLWithPath: #filePath)
        for _ in 0..<5 { url.deleteLastPathComponent() }   // Support → AmigoShellCoreTests → Tests → main → work
        let shared = url.appendingPathComponent("shared/data/\(rawValue).sqlite").path
        if FileManager.default.fileExists(atPath: shared) { return shared }
        return url.appendingPathComponent("main/../shared/data/\(rawValue).sqlite").standardized.path
    }

    /// A fresh writable copy in a temporary folder; delete it with `TemporaryFile.remove`.
    func copy() throws -> String {
        let path = TemporaryFile.path(rawValue)
        try FileManager.default.copyItem(atPath: originalPath, toPath: path)
        return path
    }
}

/// Temporary file paths unique per test.
enum TemporaryFile {
    static func path(_ stem: String = "amigo", ext: String = "sqlite") -> String {
        FileManager.default.temporaryDirectory.appendingPathComponent("\(stem)-\(UUID().uuidString).\(ext)").path
    }

    static func remove(_ path: String) {
        for suffix in ["", "-journal", "-wal", "-shm"] { try? FileManager.default.removeItem(atPath: path + suffix) }
    }
}

/// An explorer over a private copy of chinook; the copy is deleted when the fixture goes away.
final class ChinookFixture {
    let path: String
    let explorer: Explorer

    init(options: OpenOptions = OpenOptions()) throws {
        path = try SampleDatabase.chinook.copy()
        explorer = try Explorer(amigo: Amigo(reflecting: path, options: options), displayPath: "chinook.sqlite")
    }

    var amigo: Amigo { explorer.amigo }

    /// The first column of the first row of `sql`, as an integer (for counts computed by SQLite itself).
    func scalar(_ sql: String, _ arguments: [DatabaseValue] = []) throws -> Int? {
        try amigo.engine.fetchScalar(sql, arguments).integerValue.map(Int.init)
    }

    deinit {
        try? explorer.session.close()
        TemporaryFile.remove(path)
    }
}
