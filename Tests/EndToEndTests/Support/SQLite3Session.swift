import Foundation
import Testing

/// A `sqlite3` process kept open on a database, fed statements one batch at a time: another
/// program holding a transaction while the shell runs.
final class SQLite3Session {
    private let process = Process()
    private let input = Pipe(), output = Pipe()

    /// Starts `sqlite3 -batch database`, its output and errors read by ``run(_:)``.
    init(_ database: String, sourceLocation: SourceLocation = #_sourceLocation) throws {
        let sqlite3 = try #require(Fixture.executable(named: "sqlite3"), "the sqlite3 command-line shell is not installed",
                                   sourceLocation: sourceLocation)
        process.executableURL = URL(fileURLWithPath: sqlite3)
        process.arguments = ["-batch", database]
        process.standardInput = input
        process.standardOutput = output
        process.standardError = output
        try process.run()
    }

    /// Runs `sql` and returns once sqlite3 has run all of it (it prints a marker after it).
    func run(_ sql: String) throws {
        let marker = "done-\(UUID().uuidString.prefix(8))"
        input.fileHandleForWriting.write(Data("\(sql)\nSELECT '\(marker)';\n".utf8))
        var seen = ""
        while !seen.contains(marker) {
            let chunk = output.fileHandleForReading.availableData
            if chunk.isEmpty { throw CocoaError(.fileReadUnknown, userInfo: [NSLocalizedDescriptionKey: "sqlite3 ended: \(seen)"]) }
            seen += String(decoding: chunk, as: UTF8.self)
        }
        #expect(!seen.contains("Error"), "sqlite3: \(seen)")
    }

    /// Ends sqlite3 and waits for it.
    func finish() throws {
        input.fileHandleForWriting.write(Data(".quit\n".utf8))
        try input.fileHandleForWriting.close()
        process.waitUntilExit()
    }
}
