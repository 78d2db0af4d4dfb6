import Foundation
import Testing

/// Where the end-to-end tests find things: the package root, the built binary, the sample data.
///
/// The binary is the one `swift build` leaves next to the test bundle (by default
/// `<package root>/.build/debug/amigo-shell`); this target has no dependencies, so `swift test`
/// alone does not build it.
enum Fixture {
    /// `Support/Fixture.swift` → `EndToEndTests` → `Tests` → the package root.
    static let packageRoot: URL = {
        var url = URL(fileURLWithPath: #filePath)
        for _ in 0..<4 { url.deleteLastPathComponent() }
        return url
    }()

    /// The `amigo-shell` built next to the running tests (the same build folder, whichever
    /// `--scratch-path` was used), else `<package root>/.build/debug/amigo-shell`.
    static var binaryPath: String {
        let testsBinary = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath()
        let sibling = testsBinary.deletingLastPathComponent().appendingPathComponent("amigo-shell").path
        if FileManager.default.isExecutableFile(atPath: sibling) { return sibling }
        return packageRoot.appendingPathComponent(".build/debug/amigo-shell").path
    }

    /// `<package root>/Tests/Fixtures/chinook.sqlite`, the committed original (never written).
    static var chinookPath: String {
        packageRoot.appendingPathComponent("Tests/Fixtures/chinook.sqlite").path
    }

    /// The binary's path, or a failed requirement that says how to build it.
    static func binary(sourceLocation: SourceLocation = #_sourceLocation) throws -> String {
        try #require(FileManager.default.isExecutableFile(atPath: binaryPath),
                     "amigo-shell is not built: \(binaryPath) is missing. Run `swift build` before `swift test`.",
                     sourceLocation: sourceLocation)
        return binaryPath
    }

    /// The first executable called `name` on the `PATH`.
    static func executable(named name: String) -> String? {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
        return path.split(separator: ":").map { "\($0)/\(name)" }
            .first { FileManager.default.isExecutableFile(atPath: $0) }
    }
}

/// A temporary folder holding a writable copy of chinook.sqlite and whatever else a test writes.
/// The folder is removed when the workspace goes away.
final class Workspace {
    /// The folder.
    let directory: URL
    /// The copy of chinook.sqlite that the test opens.
    let database: String
    /// The copy's bytes before the test touched it.
    let originalBytes: Data

    /// Copies chinook.sqlite into a new folder whose name starts with `name`.
    init(_ name: String, sourceLocation: SourceLocation = #_sourceLocation) throws {
        let fm = FileManager.default
        try #require(fm.fileExists(atPath: Fixture.chinookPath),
                     "test fixture missing: \(Fixture.chinookPath)", sourceLocation: sourceLocation)
        directory = fm.temporaryDirectory.appendingPathComponent("amigo-e2e-\(name)-\(UUID().uuidString.prefix(8))")
        try fm.createDirectory(at: directory, withIntermediateDirectories: true)
        database = directory.appendingPathComponent("chinook.sqlite").path
        try fm.copyItem(atPath: Fixture.chinookPath, toPath: database)
        // The original is read-only (0444) and copyItem keeps the mode.
        try fm.setAttributes([.posixPermissions: 0o644], ofItemAtPath: database)
        originalBytes = try Data(contentsOf: URL(fileURLWithPath: database))
    }

    deinit { try? FileManager.default.removeItem(at: directory) }

    /// A path inside the workspace.
    func path(_ name: String) -> String { directory.appendingPathComponent(name).path }

    /// Whether the database file is byte-for-byte what it was before the test.
    var databaseIsUnchanged: Bool {
        (try? Data(contentsOf: URL(fileURLWithPath: database))) == originalBytes
    }

    /// Whether the database holds what it held before the test: the same schema and rows, as
    /// `sqlite3 .dump` writes them, whatever its header says (the full-screen UI puts a file in
    /// WAL mode while it has it open, which counts in the header's change counter).
    var databaseHoldsWhatItHeld: Bool {
        let original = path("original-\(UUID().uuidString.prefix(8)).sqlite")
        defer { try? FileManager.default.removeItem(atPath: original) }
        guard (try? originalBytes.write(to: URL(fileURLWithPath: original))) != nil,
              let before = try? SQLite3.query(original, ".dump"), let now = try? SQLite3.query(database, ".dump") else { return false }
        return before == now
    }

    /// The database's journal mode as sqlite3 reports it (`delete`, `wal`, …).
    var journalMode: String { (try? SQLite3.query(database, "PRAGMA journal_mode")) ?? "unreadable" }

    /// Whether a clean quit left the database as it was: what it held, back in its own journal
    /// mode (chinook.sqlite's is `delete`), with no journal or WAL files beside it. Only the
    /// header's change counter tells that the UI had it in WAL mode meanwhile.
    var databaseIsBackAsItWas: Bool { databaseHoldsWhatItHeld && journalMode == "delete" && leftoverJournals.isEmpty }

    /// Journal files left next to the database (none after a clean exit or a rollback).
    var leftoverJournals: [String] {
        ["-journal", "-wal", "-shm"].map { database + $0 }.filter { FileManager.default.fileExists(atPath: $0) }
    }
}

/// The `sqlite3` command-line shell, the independent witness of what is in the file.
enum SQLite3 {
    /// Runs `sql` read-only against `database` (with extra `options` such as `-csv`) and returns
    /// the output without the final line break.
    static func query(_ database: String, _ sql: String, options: [String] = [],
                      sourceLocation: SourceLocation = #_sourceLocation) throws -> String {
        let sqlite3 = try #require(Fixture.executable(named: "sqlite3"),
                                   "the sqlite3 command-line shell is not installed (apt-get install sqlite3)",
                                   sourceLocation: sourceLocation)
        let result = try ProcessRunner.run(sqlite3, ["-readonly", "-batch"] + options + [database, sql])
        try #require(result.status == 0, "sqlite3 failed: \(result.stderr)", sourceLocation: sourceLocation)
        var output = result.stdout
        while output.hasSuffix("\n") || output.hasSuffix("\r") { output.removeLast() }
        return output
    }
}

extension String {
    /// Runs of whitespace (including line breaks) collapsed into one space, trimmed.
    var collapsingWhitespace: String {
        split(whereSeparator: { $0.isWhitespace }).joined(separator: " ")
    }

    /// Single-quoted for `sh`.
    var shellQuoted: String { "'" + replacingOccurrences(of: "'", with: "'\\''") + "'" }
}
