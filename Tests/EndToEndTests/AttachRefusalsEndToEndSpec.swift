import Foundation
import Testing

/// `attach` through standard input: each refusal is one line on standard error, nothing is
/// attached or created, and the commands after it still run; a file attached without `rw`
/// refuses a write and keeps what is pending.
@Suite("attach refusals and read-only attached files in text mode")
struct AttachRefusalsEndToEndSpec {
    private func shell(_ workspace: Workspace, _ commands: [String]) throws -> ProcessResult {
        let script = commands.joined(separator: "\n") + "\n"
        let result = try ProcessRunner.run("/bin/sh", ["-c", "cd \(workspace.directory.path.shellQuoted) && exec \"$@\"", "sh",
                                                      try Fixture.binary(), "chinook.sqlite"],
                                           stdin: script, environment: ["AMIGO_HISTFILE": workspace.path("history")])
        #expect(!result.timedOut, "amigo-shell did not finish within 10 s")
        return result
    }

    @Test("the open file by a link, a text file and a missing file are refused in one line each; a read-only file's write too")
    func refusalsInTextMode() throws {
        let workspace = try Workspace("attach-refusals")
        let sqlite3 = try #require(Fixture.executable(named: "sqlite3"), "the sqlite3 command-line shell is not installed")
        try String(repeating: "words, not a database. ", count: 10).write(toFile: workspace.path("notes.txt"), atomically: true, encoding: .utf8)
        try FileManager.default.createSymbolicLink(atPath: workspace.path("same.sqlite"), withDestinationPath: "chinook.sqlite")
        let made = try ProcessRunner.run(sqlite3, [workspace.path("archive.sqlite"), "CREATE TABLE album (id INTEGER PRIMARY KEY, title TEXT); INSERT INTO album VALUES (10, 'First');"])
        try #require(made.status == 0, "sqlite3 failed: \(made.stderr)")
        let result = try shell(workspace, ["attach same.sqlite AS again", "attach notes.txt", "attach missing.sqlite",
                                           "attach archive.sqlite AS old", "open Genre", "get 1", "set Name = 'Rock!'",
                                           "sql UPDATE old.album SET title = 'x';", "changes", "rollback", "sql SELECT title FROM old.album;"])
        #expect(result.stderr == """
            amigo-shell: line 1: error: cannot attach same.sqlite as again: it is the open database file itself (chinook.sqlite)
            amigo-shell: line 2: error: cannot attach notes.txt as notes: it is not an SQLite database (file is not a database)
            amigo-shell: line 3: error: cannot attach missing.sqlite as missing: no such file
            amigo-shell: line 8: error: sql: old is attached read-only (without rw); to write it: detach old, then attach \(workspace.path("archive.sqlite")) AS old rw; nothing was written, pending changes are kept

            """)
        // The refused write lost nothing: the change before it is still listed, then rolled back.
        #expect(result.stdout == """
            UPDATE "Genre" SET "Name" = ? WHERE "GenreId" = ?  ['Rock!', 1]
            1 row changed (1 uncommitted; commit to keep)
            1 uncommitted change, 1 row (undo takes back the last; commit keeps them; rollback undoes all):
            1. set Name = 'Rock!' on Genre 1 "Rock" — 1 row
               UPDATE "Genre" SET "Name" = ? WHERE "GenreId" = ?  ['Rock!', 1]
            rolled back 1 change(s)
            title
            -----
            First
            (1 row)

            """)
        #expect(!FileManager.default.fileExists(atPath: workspace.path("missing.sqlite")))
        #expect(workspace.databaseIsUnchanged)
    }

    @Test("a file another program holds locked is refused with a reason, nothing is attached, and the run goes on")
    func aLockedFileIsRefused() throws {
        let workspace = try Workspace("attach-locked")
        let sqlite3 = try #require(Fixture.executable(named: "sqlite3"), "the sqlite3 command-line shell is not installed")
        let made = try ProcessRunner.run(sqlite3, [workspace.path("busy.sqlite"), "CREATE TABLE t (a); INSERT INTO t VALUES (1);"])
        try #require(made.status == 0, "sqlite3 failed: \(made.stderr)")
        // Another program: sqlite3 inside BEGIN EXCLUSIVE with a write made, waiting for more input.
        let holder = Process()
        holder.executableURL = URL(fileURLWithPath: sqlite3)
        holder.arguments = [workspace.path("busy.sqlite")]
        let input = Pipe()
        holder.standardInput = input
        holder.standardOutput = FileHandle.nullDevice
        try holder.run()
        // Ended by its input closing (a signal may be blocked in a child of the test process).
        defer {
            input.fileHandleForWriting.write(Data("ROLLBACK;\n.quit\n".utf8))
            try? input.fileHandleForWriting.close()
            holder.waitUntilExit()
        }
        input.fileHandleForWriting.write(Data("BEGIN EXCLUSIVE;\nINSERT INTO t VALUES (2);\n".utf8))
        let deadline = Date().addingTimeInterval(10)
        while !FileManager.default.fileExists(atPath: workspace.path("busy.sqlite-journal")), Date() < deadline { usleep(20_000) }
        try #require(FileManager.default.fileExists(atPath: workspace.path("busy.sqlite-journal")), "sqlite3 never took the lock")

        let result = try shell(workspace, ["attach busy.sqlite", "schemas", "sql SELECT count(*) FROM Genre;"])
        #expect(result.stderr.hasPrefix("amigo-shell: line 1: error: cannot attach busy.sqlite as busy: another program holds it locked"), "\(result.stderr)")
        #expect(result.stderr.split(separator: "\n").count == 1, "\(result.stderr)")
        #expect(result.stdout.contains("main") && !result.stdout.contains("busy"), "\(result.stdout)")
        #expect(result.stdout.hasSuffix("count(*)\n--------\n25\n(1 row)\n") || result.stdout.hasSuffix("25\n"), "\(result.stdout)")
        #expect(result.status == 1)
    }
}
