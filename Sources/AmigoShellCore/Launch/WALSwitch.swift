import Amigo
import Foundation

/// Puts the SQLite file the shell opens in write-ahead-log mode, so that other programs' readers
/// never wait for the shell's writes nor the shell's reads (its idle counts too) for theirs:
/// for good with `--wal` (``apply(to:path:)``), or while the full-screen UI has the file open
/// (``switchWhileOpen(_:path:)``). The mode is written into the file, so either says so.
package enum WALSwitch {
    /// How long the switch, and putting the mode back, wait for another program's lock: WAL mode
    /// needs the file alone for a moment, and an opening or an exit must not stall on it.
    static let lockWaitMilliseconds = 250

    /// `--wal`: switches the file `path` open on `engine` to WAL, unless it is in WAL already,
    /// and returns what to tell the user (nil when there was nothing to do).
    ///
    /// - Throws: ``LaunchError/walNeedsAWritableFile(path:)`` for a file opened read-only; what
    ///   SQLite says when the switch fails.
    package static func apply(to engine: any Engine, path: String) throws -> String? {
        guard let sqlite = engine as? SQLiteEngine else { return nil }
        if sqlite.isReadOnly { throw LaunchError.walNeedsAWritableFile(path: path) }
        let before = try sqlite.journalMode()
        guard before != "wal" else { return nil }
        let after = try sqlite.switchToWAL()
        guard after == "wal" else { return "--wal: SQLite kept \(path) in \(after) mode (WAL needs a file on a local disk that shared memory can map)" }
        return "\(path) is in WAL mode now (it was \(before); it stays so: sqlite3 and other programs read it as before)"
    }

    /// The full-screen UI's default: switches the file `path` open on `engine` to WAL while the
    /// shell has it open, where the file allows it — a SQLite file opened read-write, not in WAL
    /// already, named by a path (not a `file:` URI, whose parameters may say otherwise), in a
    /// folder the shell can write (WAL keeps its `-wal` and `-shm` files there) on a local file
    /// system (WAL's shared memory does not work over a network), and not held by another
    /// program at that moment. Never throws: where the file does not allow it, the mode is kept.
    ///
    /// - Returns: what to tell the user (nil when nothing changed and nothing needs saying) and
    ///   the lease that puts the file's own mode back at exit (nil when nothing changed).
    package static func switchWhileOpen(_ engine: any Engine, path: String) -> (note: String?, lease: JournalModeLease?) {
        guard let sqlite = engine as? SQLiteEngine, !sqlite.isReadOnly, !path.hasPrefix("file:"),
              let before = try? sqlite.journalMode(), SQLiteEngine.rollbackJournalModes.contains(before) else { return (nil, nil) }
        let folder = (path as NSString).deletingLastPathComponent
        guard access(folder.isEmpty ? "." : folder, W_OK) == 0, FileSystemKind.of(folder.isEmpty ? "." : folder) != .network else {
            return (nil, nil)
        }
        switch withShortLockWait(sqlite, { try? sqlite.switchToWAL() }) {
        case "wal"?:
            break
        case nil:
            return ("\(path) stays in \(before) mode: another program has it open (other programs' readers may wait for the shell's commits)", nil)
        case let kept?:
            return ("\(path) stays in \(kept) mode: SQLite will not put it in WAL mode here (other programs' readers may wait for the shell's commits)", nil)
        }
        return ("in WAL mode while open (was \(before): put back on quit; --no-wal keeps it)",
                JournalModeLease(engine: sqlite, path: path, mode: before))
    }

    /// Runs `work` on `engine` with lock waits cut to ``lockWaitMilliseconds``.
    static func withShortLockWait<T>(_ engine: SQLiteEngine, _ work: () -> T) -> T {
        let deadline = DispatchTime.now().uptimeNanoseconds + UInt64(lockWaitMilliseconds) * 1_000_000
        engine.setInterruptCheck { DispatchTime.now().uptimeNanoseconds > deadline }
        defer { engine.setInterruptCheck(nil) }
        return work()
    }
}

/// A file the shell put in WAL mode while it has it open (``WALSwitch/switchWhileOpen(_:path:)``):
/// ``end()`` puts the file's own journal mode back.
package struct JournalModeLease {
    /// The connection the shell has the file open on.
    let engine: SQLiteEngine
    /// The file, as the user named it.
    package let path: String
    /// The journal mode the file was in (`delete`, `truncate` or `persist`).
    package let mode: String

    /// At exit, once the shell's session has ended: copies the log into the file and puts the
    /// file back in its own journal mode, which removes the `-wal` and `-shm` files. Returns what
    /// to tell the user when that could not be done (another program has the file open: it then
    /// stays in WAL mode, every commit in it, readable by sqlite3 and other programs as before).
    package func end() -> String? {
        let after = WALSwitch.withShortLockWait(engine) { try? engine.leaveWAL(for: mode) }
        guard after != mode else { return nil }
        return "\(path) stays in WAL mode (it was in \(mode) mode): another program has it open; its data is all there, and sqlite3 reads it as before"
    }
}

/// What kind of file system a folder is on, as far as SQLite's WAL mode cares.
enum FileSystemKind: Equatable {
    /// A network file system (NFS, SMB/CIFS, AFS, Coda, 9P, Ceph, Lustre, GlusterFS, a FUSE
    /// mount such as sshfs), where SQLite's WAL shared memory is not safe.
    case network
    /// Anything else.
    case local

    /// The types (as `/proc/self/mounts` names them) of the file systems taken for network ones;
    /// every `fuse.` type is one too.
    static let networkTypes: Set<String> = ["nfs", "nfs4", "cifs", "smb3", "smbfs", "9p", "afs", "coda", "ceph",
                                            "lustre", "gfs2", "ocfs2", "glusterfs", "fuse", "fuseblk"]

    /// The kind of file system `folder` is on, from the mount table `mounts` (the text of
    /// `/proc/self/mounts`: device, mount point, type, … per line, spaces in a mount point
    /// written `\040`): the type of the longest mount point the folder's real path is under
    /// (local when it cannot be told).
    static func of(_ folder: String, mounts: String? = try? String(contentsOfFile: "/proc/self/mounts", encoding: .utf8)) -> FileSystemKind {
        guard let mounts else { return .local }
        let path = URL(fileURLWithPath: folder).resolvingSymlinksInPath().path
        var best: (length: Int, type: String)?
        for line in mounts.split(separator: "\n") {
            let fields = line.split(separator: " ")
            guard fields.count >= 3 else { continue }
            let point = fields[1].replacingOccurrences(of: "\\040", with: " ")
            let under = point == "/" || path == point || path.hasPrefix(point + "/")
            if under, point.count >= (best?.length ?? -1) { best = (point.count, String(fields[2])) }
        }
        guard let type = best?.type else { return .local }
        return networkTypes.contains(type) || type.hasPrefix("fuse.") ? .network : .local
    }
}
