import Amigo
import Foundation
import Testing
@testable import AmigoShellCore

@Suite struct ScratchExplore {
    @Test func explore() throws {
        let path = TemporaryFile.path("paging")
        let engine = try SQLiteEngine(path: path, options: OpenOptions(create: true))
        try engine.executeScript("""
            CREATE TABLE big (id INTEGER PRIMARY KEY, grp INTEGER, label TEXT NOT NULL);
            WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 50000)
            INSERT INTO big SELECT i, CASE WHEN i % 7 = 0 THEN NULL ELSE (i * 37) % 100 END, 'row ' || i FROM n;
            """)
        let e = try Explorer(amigo: Amigo(reflecting: engine), displayPath: "paging.sqlite")
        try e.open("big")
        e.moveCursor(to: 49999)
        e.echoLog.clear()
        var end = 50000
        for _ in 0..<25 {
            let start = end - 37
            e.moveCursor(to: start)
            _ = try e.values(in: start..<end)
            for ev in e.echoLog.entries { print(start, end, ev.sql, ev.arguments) }
            e.echoLog.clear()
            end = start
        }
    }
}
