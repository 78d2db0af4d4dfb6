import Foundation
import Testing

/// amigo-shell on a hot standby (issue 25: the way PostgreSQL users scale out): a streaming
/// replica that scripts/pg-test-server makes from the cluster with pg_basebackup. The shell opens
/// it read-only on its own and says why, browses it as the primary, and sees the primary's
/// commits once the replica has replayed them.
enum TestStandby {
    /// Whether the standby's socket is in the test server's folder.
    static var isAvailable: Bool {
        guard let folder = PostgresDatabase.socketFolder else { return false }
        return FileManager.default.fileExists(atPath: folder + "/.s.PGSQL.5433")
    }

    /// What the shell says once as it opens the standby.
    static let notice = "amigo-shell: note: the server is a hot standby (a replica in recovery), which refuses writes\n"

    /// `db`'s URL on the standby.
    static func url(_ db: PostgresDatabase) -> String { db.url + "&port=5433" }

    /// Waits (up to 60 s) until `query` answers `expected` on the standby: replication is
    /// asynchronous, so the standby shows a commit of the primary a moment later.
    static func waitForReplay(_ db: PostgresDatabase, _ query: String, _ expected: String) throws {
        var last = ""
        for _ in 0..<600 {
            let result = try ProcessRunner.run("\(db.bin)/psql", [url(db), "-X", "-q", "-A", "-t", "-c", query])
            last = result.stdout.trimmingCharacters(in: .whitespacesAndNewlines)
            if result.status == 0, last == expected { return }
            Thread.sleep(forTimeInterval: 0.1)
        }
        Issue.record("the standby did not replay the primary's commit: \(query) answered \(last.debugDescription)")
    }
}

@Suite("amigo-shell on a hot standby (text mode)",
       .enabled(if: TestStandby.isAvailable, "no standby beside the test server (scripts/pg-test-server starts one on port 5433)"))
struct PostgresStandbySpec {

    @Test("the core scenarios read on the standby: tables, open, filter through a path, follow, sql, export")
    func theCoreScenariosReadOnTheStandby() throws {
        let db = try PostgresDatabase(PostgresShellSpec.schema)
        try TestStandby.waitForReplay(db, "SELECT count(*) FROM album_genre", "3")
        let result = try PostgresDatabase.shell(TestStandby.url(db), ["tables", "open artist", "get 1", "follow albums", "show",
                                                          "open album", "filter artist.name BEGINSWITH[c] 'ab' OR genres.name = 'Pop'",
                                                          "count", "sql SELECT count(*) AS n FROM album_genre", "open artist", "export csv -"])
        #expect(result.stderr == TestStandby.notice, "said once, when it opens")
        #expect(result.status == 0)
        let primary = try PostgresDatabase.shell(db.url, ["tables", "open artist", "get 1", "follow albums", "show",
                                              "open album", "filter artist.name BEGINSWITH[c] 'ab' OR genres.name = 'Pop'",
                                              "count", "sql SELECT count(*) AS n FROM album_genre", "open artist", "export csv -"])
        #expect(result.stdout == primary.stdout, "the standby answers as the primary")
    }

    @Test("a write on the standby is refused before it is tried, saying the server is a hot standby; nothing is pending")
    func writesAreRefusedWithTheReason() throws {
        let db = try PostgresDatabase(PostgresShellSpec.schema)
        try TestStandby.waitForReplay(db, "SELECT count(*) FROM album_genre", "3")
        let result = try PostgresDatabase.shell(TestStandby.url(db), ["open genre", "insert name='Jazz'"])
        #expect(result.status == 1)
        #expect(result.stderr.contains("hot standby"), "says why: \(result.stderr)")
        let sql = try PostgresDatabase.shell(TestStandby.url(db), ["sql INSERT INTO genre (name) VALUES ('Jazz')"])
        #expect(sql.status == 1)
        #expect(sql.stderr.contains("read-only"), "the server's refusal is shown: \(sql.stderr)")
    }

    @Test("the standby follows the primary: a row committed there is seen by a later command of the same session")
    func followsThePrimarysCommits() throws {
        let db = try PostgresDatabase(PostgresShellSpec.schema)
        try TestStandby.waitForReplay(db, "SELECT count(*) FROM album_genre", "3")
        // One amigo-shell on the standby reads its commands from a pipe: once it has answered the
        // first count, the primary commits a row, and the pipe waits until the standby has
        // replayed it before sending the second.
        let standby = TestStandby.url(db)
        let psql = "\(db.bin)/psql"
        let output = FileManager.default.temporaryDirectory.appendingPathComponent("standby-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: output) }
        let script = """
            { printf 'open genre\\ncount\\n'
              for i in $(seq 600); do [ -s \(output.shellQuoted) ] && break; sleep 0.1; done
              \(psql.shellQuoted) \(db.url.shellQuoted) -X -q -c "INSERT INTO genre (name) VALUES ('Jazz')"
              for i in $(seq 600); do
                [ "$(\(psql.shellQuoted) \(standby.shellQuoted) -X -q -A -t -c 'SELECT count(*) FROM genre')" = 3 ] && break
                sleep 0.1
              done
              printf 'count\\nfilter name = \\047Jazz\\047\\ncount\\n'; } | \(try Fixture.binary().shellQuoted) \(standby.shellQuoted) > \(output.shellQuoted)
            status=$?; cat \(output.shellQuoted); exit $status
            """
        let result = try ProcessRunner.run("/bin/sh", ["-c", script], timeout: 90)
        #expect(result.stderr == TestStandby.notice)
        #expect(result.status == 0)
        let lines = result.stdout.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }
        #expect(lines.suffix(3) == ["2", "3", "1"], "two genres, then the replayed third, which the filter finds: \(result.stdout)")
    }
}
