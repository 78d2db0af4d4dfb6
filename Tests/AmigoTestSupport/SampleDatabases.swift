import Foundation

/// The real databases in ../shared/data, copied to a temporary file before anything touches them
/// (the originals are read-only). Shared by the test targets.
public enum SampleDatabase: String, CaseIterable, Sendable {
    case chinook, northwind, sakila, university

    /// The read-only original, in the `shared/data` folder beside the repository.
    public var originalPath: String {
        var url = URL(fileURLWithPath: #filePath)
        for _ in 0..<3 { url.deleteLastPathComponent() }   // SampleDatabases.swift, AmigoTestSupport, Tests: the repository
        return url.appendingPathComponent("../shared/data/\(rawValue).sqlite").standardized.path
    }

    /// A fresh writable copy in a temporary folder; delete it with `TemporaryFile.remove`.
    public func copy() throws -> String {
        let path = TemporaryFile.path(rawValue)
        try FileManager.default.copyItem(atPath: originalPath, toPath: path)
        try? FileManager.default.setAttributes([.posixPermissions: 0o644], ofItemAtPath: path)
        return path
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
