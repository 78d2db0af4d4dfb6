import Amigo
import Foundation
import AmigoTestSupport
import Testing

// Helpers shared by the Reflection* suites.

/// A reflected, writable copy of one of the real sample databases; the copy is deleted when this goes away.
final class ReflectedCopy {
    let path: String
    let amigo: AmigoDatabase

    init(_ database: SampleDatabase, options: OpenOptions = OpenOptions()) throws {
        path = try database.copy()
        do {
            amigo = try AmigoDatabase(reflecting: path, options: options)
        } catch {
            TemporaryFile.remove(path)
            throw error
        }
    }

    deinit { TemporaryFile.remove(path) }

    var engine: any Engine { amigo.engine }

    /// The model named `name`, or a recorded issue.
    func model(_ name: String) throws -> ORMModel { try amigo.model(named: name) }

    /// A plain SQL integer through the engine (sqlite3's own answer to compare with).
    func int(_ sql: String, _ arguments: [DatabaseValue] = []) throws -> Int {
        try engine.int(sql, arguments)
    }
}

/// A database file built by a test from a DDL/DML script; deleted (with journals) when this goes away.
final class SyntheticDatabase {
    let path: String

    init(_ script: String) throws {
        path = TemporaryFile.path("reflection-synthetic")
        let engine = try SQLiteEngine(path: path, options: OpenOptions(create: true))
        try engine.executeScript(script)
    }

    deinit { TemporaryFile.remove(path) }

    /// Reflects the file.
    func reflect(_ options: OpenOptions = OpenOptions()) throws -> AmigoDatabase { try AmigoDatabase(reflecting: path, options: options) }

    /// A second, independent connection to the same file.
    func secondConnection() throws -> SQLiteEngine { try SQLiteEngine(path: path) }
}

extension Engine {
    /// The first column of the first row as an Int (-1 for NULL or no row).
    func int(_ sql: String, _ arguments: [DatabaseValue] = []) throws -> Int {
        Int(try fetchScalar(sql, arguments).integerValue ?? -1)
    }

    /// The first column of every row.
    func column(_ sql: String, _ arguments: [DatabaseValue] = []) throws -> [DatabaseValue] {
        try fetchAll(sql, arguments).rows.map { $0[0] }
    }
}

extension ORMModel {
    /// `name kind → Target` for every relationship, in order, e.g. `albums one-to-many → Album`;
    /// many-to-many adds ` via Junction` and ` (through)` when the junction is a through model.
    var relationshipSignatures: [String] {
        relationships.map { r in
            var text = "\(r.name) \(r.kind.rawValue) → \(r.target.name)"
            if let junction = r.junction { text += " via \(junction.name)" }
            if r.through != nil { text += " (through)" }
            return text
        }
    }

    /// The relationship named `name` or a thrown error.
    func require(_ name: String) throws -> Relationship {
        try #require(relationship(named: name), "\(self.name) has no relationship '\(name)'")
    }
}

extension Session {
    /// `relatedCounts(of:)` as a dictionary by relationship name.
    func relatedCountsByName(of row: AmigoModel) throws -> [String: Int] {
        Dictionary(try relatedCounts(of: row).map { ($0.relationship.name, $0.count) }, uniquingKeysWith: { a, _ in a })
    }
}

/// The bytes of a file (nil when it does not exist), to prove nothing was written.
func fileContents(_ path: String) -> Data? { FileManager.default.contents(atPath: path) }

/// Whether a file or folder exists at `path`.
func exists(_ path: String) -> Bool { FileManager.default.fileExists(atPath: path) }

/// The names in a folder, sorted.
func listing(_ folder: String) -> [String] {
    ((try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []).sorted()
}

/// A fresh empty folder in the temporary directory.
func temporaryFolder() throws -> String {
    let path = TemporaryFile.path("reflection-folder", ext: "d")
    try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: false)
    return path
}
