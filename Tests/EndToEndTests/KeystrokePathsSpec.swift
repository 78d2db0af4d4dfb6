import Foundation
import Testing

/// The ten "how is this connected?" questions of demo/KEYSTROKES.md, each replayed with exactly
/// the keys its tables count (typed in full, as you type, shortest), from the first screen, in a
/// real terminal (tmux 120×40);
/// the answer must be on the screen, with names. Plus the keys behind them: find, jump to a key,
/// Backspace popping a filter, `q` from the tables pane and the hint line at 80×24.
@Suite("keystroke paths (demo/KEYSTROKES.md)", .serialized,
       .enabled(if: TmuxSession.executable != nil, "tmux is not installed; the terminal scenarios need it"))
struct KeystrokePathsSpec {
    /// One press: a named key (`Enter`, `Tab`, `BSpace`, `Escape`, or a single character), or
    /// text typed literally (one key per character). `waitFor` is what to wait for before the next
    /// press (a prompt that opens, say): waiting costs no key.
    enum Press {
        case key(String, waitFor: String? = nil)
        case text(String, waitFor: String? = nil)

        var count: Int {
            switch self {
            case .key: return 1
            case .text(let text, _): return text.count
            }
        }
    }

    /// Starts amigo-shell on chinook (or, with `database` nil, the built-in demo) and waits for the first frame.
    private func launch(_ name: String, database: String?, width: Int = 120, height: Int = 40) async throws -> (TmuxSession, Workspace) {
        let workspace = try Workspace(name)
        let tmux = try TmuxSession(socket: "amigo-keys-\(name)", directory: workspace.directory)
        try tmux.start([try Fixture.binary()] + (database.map { [$0] } ?? []), in: workspace.directory,
                       history: workspace.path("history"), width: width, height: height)
        try await tmux.waitFor(database == nil ? "workout_meta" : "3503")
        return (tmux, workspace)
    }

    /// Replays `presses` and returns how many keys they were.
    @discardableResult
    private func replay(_ presses: [Press], in tmux: TmuxSession) async throws -> Int {
        for press in presses {
            switch press {
            case .key(let name, let wait):
                try tmux.sendKeys(name)
                if let wait { try await tmux.waitFor(wait) }
            case .text(let text, let wait):
                try tmux.sendLiteral(text)
                if let wait { try await tmux.waitFor(wait) }
            }
        }
        return presses.reduce(0) { $0 + $1.count }
    }

    /// Runs one question: the keys (whose count must be `keys`, as in the table), then waits for `answer`.
    private func question(_ name: String, database: String? = "chinook.sqlite", keys: Int, _ presses: [Press],
                          answer: [String]) async throws {
        let (tmux, workspace) = try await launch(name, database: database)
        defer { withExtendedLifetime(workspace) {} }
        #expect(presses.reduce(0) { $0 + $1.count } == keys, "the path's key count differs from demo/KEYSTROKES.md")
        try await replay(presses, in: tmux)
        let screen = try await tmux.waitUntil("the answer \(answer)") { screen in answer.allSatisfy(screen.contains) }
        for text in answer { #expect(screen.contains(text)) }
        try await quit(tmux)
    }

    /// Closes the relations menu if it is open (there, q closes the menu), then quits.
    private func quit(_ tmux: TmuxSession) async throws {
        if try tmux.capture().contains("follows · Esc closes") {
            try tmux.sendKeys("q")
            try await tmux.waitUntil("the menu closed") { !$0.contains("follows · Esc closes") }
        }
        try tmux.sendKeys("q")
        #expect(try await tmux.rc() == 0)
    }

    /// `t`, the name, Enter: open a table by name.
    private static func openTable(_ name: String) -> [Press] {
        [.key("t", waitFor: "open table>"), .text(name), .key("Enter", waitFor: "row 1 of")]
    }

    /// A digit on the first screen: the table the tables pane lists with that number, `rows` long.
    private static func openNumbered(_ digit: String, rows: Int) -> [Press] {
        [.key(digit, waitFor: "row 1 of \(rows)")]
    }

    /// `t`, then `Table:key` or `Table/text` and Enter: open a table where it says. `found`, if
    /// given, is waited for before Enter (the row found as the text is typed).
    private static func go(_ target: String, found: String? = nil) -> [Press] {
        [.key("t", waitFor: "open table>"), .text(target, waitFor: found), .key("Enter")]
    }

    // MARK: The ten questions, the starting row's name or key typed in full

    @Test("Q1 the tracks of playlist 'Grunge' (many-to-many from a named row): 12 keys")
    func q1GrungeTracks() async throws {
        try await question("q1", keys: 12, Self.go("Pl/Grunge") + [.key("2")],
                           answer: ["Playlist 16 \"Grunge\" › tracks", "Smells Like Teen Spirit", "row 1 of 15"])
    }

    @Test("Q2 how many playlists hold the track 'Put The Finger On You' (a count through a junction): 26 keys")
    func q2PlaylistsOfATrack() async throws {
        try await question("q2", keys: 26, Self.go("Tr/Put The Finger On You"),
                           answer: ["found 'Put The Finger On You' in Name: row 6 of 3503", "7 playlists 2"])
    }

    @Test("Q3 which artist recorded 'Snowballed' (a chain of to-one links, by a value deep in a big table): 16 keys")
    func q3ArtistOfATrack() async throws {
        try await question("q3", keys: 16, Self.go("Tr/Snowballed") + [.key("1")],
                           answer: ["Track 9 \"Snowballed\" › album", "For Those About To Rock We Salute You  1 → AC/DC", "1 artist → AC/DC"])
    }

    @Test("Q4 who reports to Nancy Edwards (a self-reference): 11 keys")
    func q4ReportsToNancy() async throws {
        try await question("q4", keys: 11, Self.go("Em/Nancy") + [.key("3")],
                           answer: ["Employee 2 \"Nancy Edwards\" › reports", "Peacock     Jane", "Park        Margaret", "Johnson     Steve", "row 1 of 3"])
    }

    @Test("Q5 playlist and track of the PlaylistTrack row (1, 3402) (a composite key): 11 keys, PT the starts of the table's words")
    func q5CompositeKey() async throws {
        try await question("q5", keys: 11, [
            .key("t", waitFor: "open table>"), .text("PT:1,3402"), .key("Enter"),
        ], answer: ["PlaylistTrack 1,3402", "1 → Music     3402 → Band Members Discuss Tracks from \"Revelations\""])
    }

    @Test("Q6 how many tracks album 4 has, and its artist (children and a to-one): 6 keys")
    func q6AlbumFour() async throws {
        try await question("q6", keys: 6, Self.go("Al:4"), answer: ["row 4 of 347", "Let There Be Rock", "1 artist → AC/DC  2 tracks 8"])
    }

    @Test("Q7 the children of parent 7 in the demo (many-to-many through child_parent): 7 keys")
    func q7ChildrenOfAParent() async throws {
        try await question("q7", database: nil, keys: 7, Self.go("pa:7") + [.key("2")],
                           answer: ["parent 7 \"Parent 7\" › children", "row 1 of"])
    }

    @Test("Q8 how many exercises workout 3 has in the demo (a junction with payload columns): 5 keys")
    func q8ExercisesOfAWorkout() async throws {
        try await question("q8", database: nil, keys: 5, Self.go("w:3"), answer: ["Thursday session 1", "2 exercises 5"])
    }

    @Test("Q9 how many invoices customer Leonie Köhler has (rows pointing at a row through one column): 11 keys")
    func q9InvoicesOfACustomer() async throws {
        try await question("q9", keys: 11, Self.go("Cu/Leonie"), answer: ["found 'Leonie' in FirstName: row 2 of 59", "2 invoices 7"])
    }

    @Test("Q10 the dog of person 'Grace H.' in the demo (a to-one label, a row found by its name): 13 keys")
    func q10DogOfAPerson() async throws {
        try await question("q10", database: nil, keys: 13, Self.go("pe/Grace H."),
                           answer: ["found 'Grace H.' in name: row 2 of 400", "Grace H.        31  4 → Bella", "1 dog → Bella"])
    }

    // MARK: The same questions, typing a name only until the row shows (found as it is typed)

    @Test("Q1 as you type: Pl/Gr lands on Grunge: 8 keys")
    func q1AsYouType() async throws {
        try await question("q1t", keys: 8, Self.go("Pl/Gr", found: "found 'Gr' in Name: row 16 of 18") + [.key("2")],
                           answer: ["Playlist 16 \"Grunge\" › tracks", "Smells Like Teen Spirit", "row 1 of 15"])
    }

    @Test("Q2 as you type: Tr/Pu lands on Put The Finger On You: 7 keys")
    func q2AsYouType() async throws {
        try await question("q2t", keys: 7, Self.go("Tr/Pu", found: "found 'Pu' in Name: row 6 of 3503"),
                           answer: ["Put The Finger On You", "row 6 of 3503", "7 playlists 2"])
    }

    @Test("Q3 as you type: Tr/Sn lands on Snowballed: 8 keys")
    func q3AsYouType() async throws {
        try await question("q3t", keys: 8, Self.go("Tr/Sn", found: "found 'Sn' in Name: row 9 of 3503") + [.key("1")],
                           answer: ["Track 9 \"Snowballed\" › album", "1 artist → AC/DC"])
    }

    @Test("Q4 as you type: Em/Na lands on Nancy: 8 keys")
    func q4AsYouType() async throws {
        try await question("q4t", keys: 8, Self.go("Em/Na", found: "found 'Na' in FirstName: row 2 of 8") + [.key("3")],
                           answer: ["Employee 2 \"Nancy Edwards\" › reports", "Peacock     Jane", "row 1 of 3"])
    }

    @Test("Q9 as you type: Cu/Le lands on Leonie: 7 keys")
    func q9AsYouType() async throws {
        try await question("q9t", keys: 7, Self.go("Cu/Le", found: "found 'Le' in FirstName: row 2 of 59"),
                           answer: ["Leonie", "row 2 of 59", "2 invoices 7"])
    }

    @Test("Q10 as you type: pe/Gr lands on Grace H.: 7 keys")
    func q10AsYouType() async throws {
        try await question("q10t", database: nil, keys: 7, Self.go("pe/Gr", found: "found 'Gr' in name: row 2 of 400"),
                           answer: ["row 2 of 400", "Grace H.        31  4 → Bella", "1 dog → Bella"])
    }

    // MARK: The shortest paths (a short prefix that happens to be enough, a row near the top)

    @Test("Q1 shortest: 9 opens Playlist, f G Enter finds Grunge, 2: 5 keys")
    func q1Shortest() async throws {
        try await question("q1s", keys: 5, Self.openNumbered("9", rows: 18) + [.key("f", waitFor: "find in"), .text("G", waitFor: "row 16 of 18"), .key("Enter"), .key("2")],
                           answer: ["Playlist 16 \"Grunge\" › tracks", "row 1 of 15"])
    }

    @Test("Q2 shortest: t T/Pu Enter: 6 keys")
    func q2Shortest() async throws {
        try await question("q2s", keys: 6, Self.go("T/Pu", found: "row 6 of 3503"), answer: ["Put The Finger On You", "7 playlists 2"])
    }

    @Test("Q3 shortest: t T/Sn Enter 1: 7 keys")
    func q3Shortest() async throws {
        try await question("q3s", keys: 7, Self.go("T/Sn", found: "row 9 of 3503") + [.key("1")], answer: ["› album", "1 artist → AC/DC"])
    }

    @Test("Q4 shortest: 4 opens Employee, j 3: 3 keys")
    func q4Shortest() async throws {
        try await question("q4s", keys: 3, Self.openNumbered("4", rows: 8) + [.key("j"), .key("3")],
                           answer: ["Employee 2 \"Nancy Edwards\" › reports", "Peacock     Jane", "row 1 of 3"])
    }

    @Test("Q5 shortest: End k Enter in the tables pane, # 1,3402 Enter: 11 keys")
    func q5Shortest() async throws {
        try await question("q5s", keys: 11, [
            .key("End"), .key("k"), .key("Enter", waitFor: "row 1 of 8715"),
            .key("#", waitFor: "PlaylistTrack PlaylistId,TrackId ="), .text("1,3402"), .key("Enter"),
        ], answer: ["PlaylistTrack 1,3402", "1 → Music     3402 → Band Members Discuss Tracks from \"Revelations\""])
    }

    @Test("Q6 shortest: Enter opens the first table, j j j: 4 keys")
    func q6Shortest() async throws {
        try await question("q6s", keys: 4, [.key("Enter", waitFor: "row 1 of 347"), .key("j"), .key("j"), .key("j")],
                           answer: ["row 4 of 347", "1 artist → AC/DC  2 tracks 8"])
    }

    @Test("Q7 shortest: 5 opens parent, # 7 Enter, 2: 5 keys")
    func q7Shortest() async throws {
        try await question("q7s", database: nil, keys: 5, Self.openNumbered("5", rows: 60) + [.key("#", waitFor: "parent id ="), .text("7"), .key("Enter", waitFor: "row 7 of 60"), .key("2")],
                           answer: ["parent 7 \"Parent 7\" › children"])
    }

    @Test("Q8 shortest: 7 opens workout, j j: 3 keys")
    func q8Shortest() async throws {
        try await question("q8s", database: nil, keys: 3, Self.openNumbered("7", rows: 25) + [.key("j"), .key("j")], answer: ["row 3 of 25", "Thursday session 1", "2 exercises 5"])
    }

    @Test("Q9 shortest: 3 opens Customer, j: 2 keys")
    func q9Shortest() async throws {
        try await question("q9s", keys: 2, Self.openNumbered("3", rows: 59) + [.key("j")], answer: ["row 2 of 59", "Leonie", "2 invoices 7"])
    }

    @Test("Q10 shortest: 6 opens person: 1 key")
    func q10Shortest() async throws {
        try await question("q10s", database: nil, keys: 1, Self.openNumbered("6", rows: 400), answer: ["Grace H.        31  4 → Bella"])
    }

    @Test("Esc at the find prompt puts the cursor back where it was")
    func escapeCancelsAFindAsYouType() async throws {
        let (tmux, workspace) = try await launch("find-esc", database: "chinook.sqlite")
        defer { withExtendedLifetime(workspace) {} }
        try await replay(Self.openTable("Tr"), in: tmux)
        try await replay([.key("f", waitFor: "find in Name>"), .text("Sno", waitFor: "row 9 of 3503"), .key("Escape")], in: tmux)
        try await tmux.waitUntil("back at row 1") { $0.statusLine.hasPrefix("row 1 of 3503") && $0.statusLine.contains("cancelled") }
        try await quit(tmux)
    }

    // MARK: The keys behind them

    @Test("f finds, n goes to the next match, # jumps to a key, Backspace pops a filter and restores the row")
    func findJumpAndBack() async throws {
        let (tmux, workspace) = try await launch("find", database: "chinook.sqlite")
        defer { withExtendedLifetime(workspace) {} }
        try await replay(Self.openTable("Tr"), in: tmux)
        try await replay([.key("f", waitFor: "find in Name>"), .text("love"), .key("Enter")], in: tmux)
        try await tmux.waitFor("found 'love' in Name: row 24 of 3503")
        try tmux.sendKeys("n")
        try await tmux.waitFor("found 'love' in Name: row 56 of 3503")
        try await replay([.key("#", waitFor: "Track TrackId ="), .text("3000"), .key("Enter")], in: tmux)
        try await tmux.waitFor("Track 3000 \"God Part II\"")
        try await replay([.key("/", waitFor: "filter>"), .text("Milliseconds > 300000"), .key("Enter")], in: tmux)
        // The status line is drawn after the title: once it agrees, the frame is whole.
        try await tmux.waitUntil("the filter as a step") {
            $0.titleRow.hasSuffix("Track › filter: Milliseconds > 300000") && $0.statusLine.hasPrefix("row 1 of ")
        }
        try tmux.sendKeys("BSpace")
        let screen = try await tmux.waitUntil("back at row 3000") { $0.statusLine.hasPrefix("row 3000 of 3503") }
        #expect(screen.titleRow == "amigo-shell · chinook.sqlite  ›  Track")
        try tmux.sendKeys("q")
        #expect(try await tmux.rc() == 0)
    }

    @Test("q quits from the tables pane, and letters there never jump")
    func qQuitsFromTheTablesPane() async throws {
        let (tmux, workspace) = try await launch("quit", database: "chinook.sqlite")
        defer { withExtendedLifetime(workspace) {} }
        try tmux.sendKeys("w")
        try await tmux.waitFor("'w' does nothing here — t opens a table by name")
        try tmux.sendKeys("q")
        #expect(try await tmux.rc() == 0)
    }

    @Test("at 80×24 the hint line keeps ? help and q quit")
    func hintLineAt80By24() async throws {
        let (tmux, workspace) = try await launch("hints", database: "chinook.sqlite", width: 80, height: 24)
        defer { withExtendedLifetime(workspace) {} }
        let screen = try tmux.capture()
        #expect(screen.promptLine.hasSuffix("? help · q quit"))
        #expect(screen.promptLine.contains("t table · / filter · f find"))
        try tmux.sendKeys("q")
        #expect(try await tmux.rc() == 0)
    }
}
