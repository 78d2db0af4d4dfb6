import Amigo
import AmigoTestSupport
import Foundation
import Testing
@testable import AmigoShellCore

/// What the shell does with a SQLite file's journal mode: the full-screen UI puts a file it opens
/// read-write in WAL mode while it has it open (and says so), so that its reads never wait for
/// another program's write, and puts the file's own mode back on quit; text mode, `--no-wal`,
/// `--read-only` and other files keep the mode; `--wal` switches for good.
@Suite struct JournalModeSpec {
    private static func noPostgres(_ connection: String, _ readOnly: Bool) throws -> any Engine { throw LaunchError.unknownOutputMode("unused") }

    /// A file of `rows` rows in rollback-journal (`delete`) mode.
    private func makeFile(_ stem: String, rows: Int = 50) throws -> String {
        let path = TemporaryFile.path(stem)
        let engine = try SQLiteEngine(path: path, options: OpenOptions(create: true))
        try engine.executeScript("""
            CREATE TABLE item (id INTEGER PRIMARY KEY, name TEXT NOT NULL);
            WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < \(rows))
            INSERT INTO item (name) SELECT printf('item %d with a name long enough to fill pages', i) FROM n;
            """)
        return path
    }

    private func plan(_ path: String?, wal: Bool? = nil, readOnly: Bool = false, commands: [String] = [],
                      attaching: [String] = []) throws -> LaunchPlan {
        var arguments = LaunchArguments(database: path)
        arguments.wal = wal
        arguments.readOnly = readOnly
        arguments.commands = commands
        arguments.statements = attaching
        return try LaunchPlan(arguments: arguments, environment: [:], fileExists: { FileManager.default.fileExists(atPath: $0) },
                              terminal: { .fullScreen })
    }

    private func journalMode(_ path: String) throws -> String {
        try SQLiteEngine(path: path, options: OpenOptions(readOnly: true)).journalMode()
    }

    @Test func theFullScreenUIOnAWritableFileIsTheOnlyDefaultThatSwitches() throws {
        #expect(try plan("a.sqlite").journalMode == .walWhileOpen)
        #expect(try plan("a.sqlite", wal: false).journalMode == .keep)
        #expect(try plan("a.sqlite", wal: true).journalMode == .walForGood)
        #expect(try plan("a.sqlite", readOnly: true).journalMode == .keep)
        // Text mode answers as sqlite3 does: it never changes a journal mode by itself.
        #expect(try plan("a.sqlite", commands: ["tables"]).journalMode == .keep)
        #expect(try plan("a.sqlite", wal: true, commands: ["tables"]).journalMode == .walForGood)
        // Not a SQLite file: the demo, a server, a data file.
        #expect(try plan(nil).journalMode == .keep)
        #expect(try plan("postgres://db/shop").journalMode == .keep)
        #expect(try plan("people.csv").journalMode == .keep)
    }

    @Test func filesOpenedSideBySideKeepTheirModeSoATransactionOverThemStaysAtomic() throws {
        let first = try makeFile("journal-first"), second = try makeFile("journal-second")
        defer { TemporaryFile.remove(first); TemporaryFile.remove(second) }
        #expect(try plan(first, attaching: [second]).journalMode == .keep)
        #expect(try plan(first).journalMode == .walWhileOpen)
    }

    @Test func theUISwitchesWhileOpenSaysSoAndPutsTheModeBackOnQuit() throws {
        let path = try makeFile("journal-ui")
        defer { TemporaryFile.remove(path) }
        var notes: [String] = [], lease: JournalModeLease?
        let explorer = try plan(path).openExplorer(postgres: Self.noPostgres, notes: { notes.append($0) }, walLease: { lease = $0 })
        #expect(notes == ["in WAL mode while open (was delete; put back on quit; --no-wal leaves the mode alone)"])
        #expect(try journalMode(path) == "wal")
        #expect(lease?.mode == "delete")
        // An edit committed while in WAL mode is in the file once the mode is back.
        _ = try explorer.run("sql UPDATE item SET name = 'renamed' WHERE id = 1")
        try explorer.commit()
        explorer.settleBeforeExit()
        #expect(lease?.end() == nil)
        #expect(try journalMode(path) == "delete")
        #expect(!FileManager.default.fileExists(atPath: path + "-wal") && !FileManager.default.fileExists(atPath: path + "-shm"))
        #expect(try SQLiteEngine(path: path, options: OpenOptions(readOnly: true)).fetchScalar("SELECT name FROM item WHERE id = 1")
                == .text("renamed"))
    }

    @Test func quittingWithChangesPendingRollsThemBackAndStillPutsTheModeBack() throws {
        let path = try makeFile("journal-pending")
        defer { TemporaryFile.remove(path) }
        var lease: JournalModeLease?
        let explorer = try plan(path).openExplorer(postgres: Self.noPostgres, walLease: { lease = $0 })
        _ = try explorer.run("sql DELETE FROM item")
        #expect(explorer.pendingChanges > 0)
        explorer.settleBeforeExit()
        #expect(lease?.end() == nil)
        #expect(try journalMode(path) == "delete")
        #expect(try SQLiteEngine(path: path, options: OpenOptions(readOnly: true)).fetchScalar("SELECT count(*) FROM item") == .integer(50))
    }

    @Test func inWALModeTheUIReadsWhileAnotherProgramWritesAndWithoutItItWaits() throws {
        let path = try makeFile("journal-reader", rows: 3_000)
        defer { TemporaryFile.remove(path) }
        /// Another program in the middle of a big write: its cache holds one page, so its changes
        /// go to the file (or, in WAL mode, to the log) before it commits.
        func writerInTheMiddleOfABigWrite() throws -> SQLiteEngine {
            let writer = try SQLiteEngine(path: path)
            try writer.executeScript("PRAGMA cache_size = 1; BEGIN IMMEDIATE; UPDATE item SET name = name || ' (changed)'")
            return writer
        }
        var lease: JournalModeLease?
        let explorer = try plan(path).openExplorer(postgres: Self.noPostgres, walLease: { lease = $0 })
        explorer.releaseIdleLocks()
        var writer: SQLiteEngine? = try writerInTheMiddleOfABigWrite()
        #expect(try explorer.run("sql SELECT count(*) FROM item WHERE name LIKE '%(changed)'").output.contains("0"))
        try writer?.executeScript("ROLLBACK")
        writer = nil
        explorer.settleBeforeExit()
        #expect(lease?.end() == nil)

        // --no-wal: the rollback journal, where a writer whose changes reach the file shuts readers out.
        let kept = try plan(path, wal: false).openExplorer(postgres: Self.noPostgres)
        kept.releaseIdleLocks()
        writer = try writerInTheMiddleOfABigWrite()
        #expect(throws: (any Error).self) { try kept.run("sql SELECT count(*) FROM item") }
        try writer?.executeScript("ROLLBACK")
    }

    @Test func anotherProgramHoldingTheFileKeepsItsModeAndTheUISaysSo() throws {
        let path = try makeFile("journal-held")
        defer { TemporaryFile.remove(path) }
        // Another program reading, its read transaction open: WAL needs the file alone for a moment.
        let reader = try SQLiteEngine(path: path, options: OpenOptions(readOnly: true))
        try reader.executeScript("BEGIN")
        _ = try reader.fetchScalar("SELECT count(*) FROM item")
        var notes: [String] = [], lease: JournalModeLease?
        _ = try plan(path).openExplorer(postgres: Self.noPostgres, notes: { notes.append($0) }, walLease: { lease = $0 })
        #expect(lease == nil)
        #expect(notes == ["\(path) stays in delete mode: another program has it open (other programs' readers may wait for the shell's commits)"])
        try reader.executeScript("COMMIT")
        #expect(try journalMode(path) == "delete")
    }

    @Test func aFileStillHeldByAnotherProgramAtQuitStaysInWALModeAndTheUISaysSo() throws {
        let path = try makeFile("journal-held-at-quit")
        defer { TemporaryFile.remove(path) }
        var lease: JournalModeLease?
        let explorer = try plan(path).openExplorer(postgres: Self.noPostgres, walLease: { lease = $0 })
        let other = try SQLiteEngine(path: path)
        try other.executeScript("BEGIN")
        _ = try other.fetchScalar("SELECT count(*) FROM item")
        explorer.settleBeforeExit()
        let name = (path as NSString).lastPathComponent
        #expect(lease?.end() == "\(path) stays in WAL mode (it was in delete mode): another program has it open; its last commits may be only in \(name)-wal until then, so copy it with sqlite3's .backup rather than cp")
        try other.executeScript("COMMIT")
        #expect(try journalMode(path) == "wal")
    }

    @Test func aFileInWALModeAlreadyAURIAndAReadOnlyOpenAreLeftAsTheyAre() throws {
        let path = try makeFile("journal-already")
        defer { TemporaryFile.remove(path) }
        _ = try SQLiteEngine(path: path).switchToWAL()
        var notes: [String] = [], leases = 0
        _ = try plan(path).openExplorer(postgres: Self.noPostgres, notes: { notes.append($0) }, walLease: { _ in leases += 1 })
        #expect(notes.isEmpty && leases == 0)

        let plain = try makeFile("journal-uri")
        defer { TemporaryFile.remove(plain) }
        let (note, lease) = WALSwitch.switchWhileOpen(try SQLiteEngine(path: plain), path: "file:" + plain)
        #expect(note == nil && lease == nil)
        let (readOnlyNote, readOnlyLease) = WALSwitch.switchWhileOpen(try SQLiteEngine(path: plain, options: OpenOptions(readOnly: true)), path: plain)
        #expect(readOnlyNote == nil && readOnlyLease == nil)
        #expect(try journalMode(plain) == "delete")
    }

    @Test func filesAttachedInTheUIKeepTheirOwnModeWhenTheMainFileGetsItsBack() throws {
        let path = try makeFile("journal-main")
        let inWAL = try makeFile("journal-attached-wal"), inDelete = try makeFile("journal-attached-delete")
        defer { [path, inWAL, inDelete].forEach(TemporaryFile.remove) }
        _ = try SQLiteEngine(path: inWAL).switchToWAL()
        var lease: JournalModeLease?
        let explorer = try plan(path).openExplorer(postgres: Self.noPostgres, walLease: { lease = $0 })
        // Written to: the commit over both files is atomic in each only, and the UI says so.
        let said = try explorer.attachFile(inWAL, as: "logged", writable: true)
        #expect(said.hasSuffix("; the open database is in WAL mode, so a commit over both files is atomic in each file, not across them"))
        #expect(try !explorer.attachFile(inDelete, as: "plain").contains("WAL"))   // read-only: nothing to commit there
        explorer.settleBeforeExit()
        #expect(lease?.end() == nil)
        #expect(try journalMode(path) == "delete")
        #expect(try journalMode(inWAL) == "wal")
        #expect(try journalMode(inDelete) == "delete")
    }

    @Test func aFileOfAnotherUserIsLeftAsItIs() throws {
        let path = try makeFile("journal-other-user")
        defer { TemporaryFile.remove(path) }
        #expect(FileForWAL.allowsSwitch(path))
        #expect(!FileForWAL.allowsSwitch("file:" + path))
        #expect(!FileForWAL.allowsSwitch(path + "-missing"))
        // Root acting on a file that belongs to someone else (nobody) leaves its mode alone.
        guard geteuid() == 0 else { return }
        #expect(chown(path, 65534, 65534) == 0)
        #expect(!FileForWAL.allowsSwitch(path))
        var notes: [String] = [], leases = 0
        _ = try plan(path).openExplorer(postgres: Self.noPostgres, notes: { notes.append($0) }, walLease: { _ in leases += 1 })
        #expect(notes.isEmpty && leases == 0)
        #expect(try journalMode(path) == "delete")
    }

    /// Whether the temporary folder's file system keeps extended attributes (tmpfs before Linux
    /// 6.6 keeps no `user.` ones): the mark's specs need it.
    static let marksWork: Bool = {
        let probe = TemporaryFile.path("journal-mark-probe")
        defer { TemporaryFile.remove(probe) }
        guard FileManager.default.createFile(atPath: probe, contents: Data()) else { return false }
        return JournalModeMark.set(probe, mode: "delete") && JournalModeMark.read(probe) == "delete"
    }()

    @Test(.enabled(if: marksWork, "the temporary folder keeps no extended attributes"))
    func aFileLeftInWALByAnEarlierShellIsPutBackByTheNextOne() throws {
        let path = try makeFile("journal-mark")
        defer { TemporaryFile.remove(path) }
        var first: JournalModeLease?, second: JournalModeLease?, notes: [String] = []
        var explorer: Explorer? = try plan(path).openExplorer(postgres: Self.noPostgres, walLease: { first = $0 })
        #expect(JournalModeMark.read(path) == "delete")
        // A second shell on the same file finds it in WAL, marked: it takes the lease over.
        let other = try plan(path).openExplorer(postgres: Self.noPostgres, notes: { notes.append($0) }, walLease: { second = $0 })
        #expect(notes == ["in WAL mode while open (left so by an earlier amigo-shell; put back to delete on quit; --no-wal leaves it alone)"])
        // The first quits while the second has the file open: it stays in WAL, still marked.
        explorer?.settleBeforeExit()
        #expect(first?.end() != nil)
        #expect(try journalMode(path) == "wal" && JournalModeMark.read(path) == "delete")
        explorer = nil   // the first shell's process ends: its connection closes
        first = nil
        // The second quits last: the mode is back and the mark gone.
        other.settleBeforeExit()
        #expect(second?.end() == nil)
        #expect(try journalMode(path) == "delete")
        #expect(JournalModeMark.read(path) == nil)
    }

    @Test(.enabled(if: marksWork, "the temporary folder keeps no extended attributes"))
    func walForGoodAndAFileInWALOfItsOwnAreNeverPutBack() throws {
        let path = try makeFile("journal-mark-for-good")
        defer { TemporaryFile.remove(path) }
        _ = try SQLiteEngine(path: path).switchToWAL()
        JournalModeMark.set(path, mode: "delete")
        // --wal: WAL for good, as asked; the mark of an earlier shell goes.
        _ = try plan(path, wal: true, commands: ["tables"]).openExplorer(postgres: Self.noPostgres)
        #expect(JournalModeMark.read(path) == nil)
        var leases = 0
        _ = try plan(path).openExplorer(postgres: Self.noPostgres, walLease: { _ in leases += 1 })
        #expect(leases == 0)
        #expect(try journalMode(path) == "wal")
        // A mark that names no mode a file can be put back in is no mark.
        JournalModeMark.set(path, mode: "memory")
        #expect(JournalModeMark.read(path) == nil)
    }

    @Test func aNetworkFileSystemIsToldFromTheMountTable() {
        let mounts = """
            /dev/vda / ext4 rw,relatime 0 0
            server:/export /mnt/share nfs4 rw 0 0
            me@host:/ /mnt/my\\040ssh fuse.sshfs rw 0 0
            /dev/vdb /mnt/share/local ext4 rw 0 0
            """
        #expect(FileSystemKind.of("/home/me", mounts: mounts) == .local)
        #expect(FileSystemKind.of("/mnt/share/db", mounts: mounts) == .network)
        #expect(FileSystemKind.of("/mnt/my ssh/data", mounts: mounts) == .network)
        #expect(FileSystemKind.of("/mnt/shared", mounts: mounts) == .local)          // a name that only starts alike
        #expect(FileSystemKind.of("/mnt/share/local/x", mounts: mounts) == .local)   // the longest mount point decides
        #expect(FileSystemKind.of("/anywhere", mounts: nil) == .local)
        #expect(FileSystemKind.of("/media/sf_shared/db", mounts: "none /media/sf_shared vboxsf rw 0 0\n/dev/vda / ext4 rw 0 0") == .network)
        #expect(FileSystemKind.unescaped("/mnt/a\\011tab\\134back\\012line") == "/mnt/a\ttab\\back\nline")
    }
}
