import Foundation
import Testing

/// The conventions of a command-line tool: version, usage errors, exit statuses, messages on
/// standard error, and the installed layout.
@Suite("amigo-shell's command line")
struct CommandLineSpec {
    /// Runs the binary with `arguments` from `/`, so nothing depends on the package folder.
    func run(_ arguments: [String], stdin: String? = nil) throws -> ProcessResult {
        let binary = try Fixture.binary()
        return try ProcessRunner.run("/bin/sh", ["-c", "cd / && exec \"$@\"", "sh", binary] + arguments, stdin: stdin)
    }

    /// The one version string, as the library declares it.
    func declaredVersion() throws -> String {
        let source = try String(contentsOf: Fixture.packageRoot.appendingPathComponent("Sources/Amigo/AmigoVersion.swift"), encoding: .utf8)
        let match = try #require(source.firstMatch(of: /current = "([0-9]+\.[0-9]+\.[0-9]+)"/))
        return String(match.1)
    }

    @Test("--version prints the version without a database, from any folder; the changelog names it")
    func version() throws {
        let result = try run(["--version"])
        let version = try declaredVersion()
        #expect(result.status == 0)
        #expect(result.stdout == version + "\n")
        let changelog = try String(contentsOf: Fixture.packageRoot.appendingPathComponent("CHANGELOG.md"), encoding: .utf8)
        #expect(changelog.contains("## \(version)"))
    }

    @Test("--help documents the exit statuses and works without a database")
    func help() throws {
        let result = try run(["--help"])
        #expect(result.status == 0)
        #expect(result.stdout.collapsingWhitespace.contains("Exit status: 0 ok; 1 a command failed; 2 the database cannot be opened; 64 usage error."))
    }

    @Test("a usage error is exit status 64, with every line on stderr starting amigo-shell:")
    func usageError() throws {
        let result = try run(["--no-such-option"])
        #expect(result.status == 64)
        #expect(result.stdout == "")
        let lines = result.stderr.split(separator: "\n")
        #expect(lines.first == "amigo-shell: Unknown option '--no-such-option'")
        #expect(lines.allSatisfy { $0.hasPrefix("amigo-shell: ") })
    }

    @Test("--wal puts the file in WAL mode and says so; at exit the file alone holds every commit and no -wal or -shm is left")
    func walSwitchesTheJournalMode() throws {
        let workspace = try Workspace("wal")
        let database = workspace.database
        let result = try run(["--wal", database, "-c", "sql UPDATE Artist SET Name = 'Renamed' WHERE ArtistId = 1", "-c", "commit"])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stderr.contains("is in WAL mode now (it was delete; it stays so"))
        // Checked before sqlite3 opens the file (its own close removes them too).
        #expect(!FileManager.default.fileExists(atPath: database + "-wal") && !FileManager.default.fileExists(atPath: database + "-shm"))
        // The file alone (copied without any -wal) holds the commit.
        let copy = workspace.path("copy.sqlite")
        try FileManager.default.copyItem(atPath: database, toPath: copy)
        #expect(try SQLite3.query(copy, "SELECT Name FROM Artist WHERE ArtistId = 1") == "Renamed")
        #expect(try SQLite3.query(database, "PRAGMA journal_mode") == "wal")
        let refused = try run(["--wal", "--read-only", database, "-c", "tables"])
        #expect(refused.status == 2)
        #expect(refused.stderr.contains("--wal changes the file's journal mode"))
    }

    @Test("a failing command is exit status 1, named by its -c number or its line")
    func failingCommandsSayWhere() throws {
        let c = try run(["-c", "tables", "-c", "open NoSuchTable"])
        #expect(c.status == 1)
        #expect(c.stderr == "amigo-shell: -c #2: error: open: no table or view 'NoSuchTable'; tables lists them\n")
        let piped = try run([], stdin: "tables\n\nbogus\n")
        #expect(piped.status == 1)
        #expect(piped.stderr == "amigo-shell: line 3: error: unknown command 'bogus'; type help for the list\n")
    }

    @Test("--generate-manual writes a page man can format, with every command")
    func manualPage() throws {
        let result = try run(["--generate-manual"])
        #expect(result.status == 0)
        #expect(result.stdout.hasPrefix(".TH AMIGO\\-SHELL 1"))
        for section in ["OPTIONS", "KEYS", "COMMANDS", "FILTER LANGUAGE", "EXIT STATUS", "ENVIRONMENT"] {
            #expect(result.stdout.contains(".SH \(section)"))
        }
        if let man = Fixture.executable(named: "man") {
            let folder = FileManager.default.temporaryDirectory.appendingPathComponent("amigo-man-\(UUID().uuidString)")
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            defer { try? FileManager.default.removeItem(at: folder) }
            let page = folder.appendingPathComponent("amigo-shell.1").path
            try result.stdout.write(toFile: page, atomically: true, encoding: .utf8)
            let formatted = try ProcessRunner.run(man, ["-l", page], environment: ["MANPAGER": "cat", "MANWIDTH": "100"])
            #expect(formatted.status == 0, "\(formatted.stderr)")
            #expect(formatted.stdout.contains("EXIT STATUS"))
        }
    }

    @Test("completion scripts for bash, zsh and fish name the options")
    func completionScripts() throws {
        for shell in ["bash", "zsh", "fish"] {
            let result = try run(["--generate-completion-script", shell])
            #expect(result.status == 0)
            #expect(result.stdout.contains("read-only"), "\(shell)")
        }
    }

    @Test("bash completion completes file names for the database and the modes after --mode")
    func bashCompletion() throws {
        let workspace = try Workspace("bash-completion")
        let script = """
            source <("$0" --generate-completion-script bash)
            complete_words() {
                COMP_WORDS=("$@"); COMP_CWORD=$(( $# - 1 )); COMP_LINE="$*"; COMP_POINT=${#COMP_LINE}; COMPREPLY=()
                _amigo-shell amigo-shell "${COMP_WORDS[COMP_CWORD]}" "${COMP_WORDS[COMP_CWORD-1]}"
                printf '%s\\n' "${COMPREPLY[@]}"
            }
            echo "== file"; complete_words amigo-shell chin
            echo "== mode"; complete_words amigo-shell --mode js
            """
        let result = try ProcessRunner.run("/bin/bash", ["-c", "cd \(workspace.directory.path.shellQuoted) && " + script, try Fixture.binary()])
        #expect(result.stdout == "== file\nchinook.sqlite\n== mode\njson\njsonl\njson-sqlite3\n", "\(result.stdout)\(result.stderr)")
    }
}
