import Foundation

/// The real databases in ../shared/data, copied to a temporary file before anything touches them.
enum SampleDatabase: String, CaseIterable {
    case chinook, northwind, sakila, university

    /// The read-only original.
    var originalPath: String {
        var url = URL(fileURLWithPath: #filePath)
        for _ in 0..<5 { url.deleteLastPathComponent() }   // Support → AmigoTests → Tests → main → work
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
