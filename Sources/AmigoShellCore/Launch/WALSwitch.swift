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
        // WAL for good, as asked: no earlier shell's mark may put it back.
        JournalModeMark.remove(path)
        guard before != "wal" else { return nil }
        let after = try sqlite.switchToWAL()
        guard after == "wal" else { return "--wal: SQLite kept \(path) in \(after) mode (WAL needs a file on a local disk that shared memory can map)" }
        return "\(path) is in WAL mode now (it was \(before); it stays so: sqlite3 and other programs read it as before)"
    }

    /// The full-screen UI's default: switches the file `path` open on `engine` to WAL while the
    /// shell has it open, where the file allows it (``FileForWAL/allowsSwitch(_:)``: a SQLite file
    /// opened read-write, not in WAL already, named by a path, owned by the user, in a folder the
    /// user can write on a local file system) and no other program holds it at that moment. Never
    /// throws: where the file does not allow it, the mode is kept.
    ///
    /// - Returns: what to tell the user (nil when nothing changed and nothing needs saying) and
    ///   the lease that puts the file's own mode back at exit (nil when nothing changed).
    package static func switchWhileOpen(_ engine: any Engine, path: String) -> (note: String?, lease: JournalModeLease?) {
        guard let sqlite = engine as? SQLiteEngine, !sqlite.isReadOnly, FileForWAL.allowsSwitch(path),
              let before = try? sqlite.journalMode() else { return (nil, nil) }
        // In WAL already: left so by an earlier shell that could not put it back (its mark), the
        // lease is taken over; otherwise WAL is the file's own mode, and stays.
        if before == "wal" {
            guard let marked = JournalModeMark.read(path) else { return (nil, nil) }
            return ("in WAL mode while open (left so by an earlier amigo-shell; put back to \(marked) on quit; --no-wal leaves it alone)",
                    JournalModeLease(engine: sqlite, path: path, mode: marked))
        }
        guard SQLiteEngine.rollbackJournalModes.contains(before) else { return (nil, nil) }
        let outcome = withShortLockWait(sqlite) { Result { try sqlite.switchToWAL() } }
        // What the file is in now decides, whatever the statement said.
        if (try? sqlite.journalMode()) == "wal" {
            JournalModeMark.set(path, mode: before)
            return ("in WAL mode while open (was \(before); put back on quit; --no-wal leaves the mode alone)",
                    JournalModeLease(engine: sqlite, path: path, mode: before))
        }
        let because: String
        switch outcome {
        case .success: because = "SQLite will not put it in WAL mode here"
        case .failure(let error): because = heldElsewhere(error) ? "another program has it open" : ErrorText.line(error)
        }
        return ("\(path) stays in \(before) mode: \(because) (other programs' readers may wait for the shell's commits)", nil)
    }

    /// Whether `error` says another connection holds the file (busy, locked, or the short lock
    /// wait given up).
    static func heldElsewhere(_ error: any Error) -> Bool {
        guard case AmigoError.database(let database) = error else { return false }
        return database.isBusy || database.kind == .interrupted   // the short wait given up
    }

    /// Runs `work` on `engine` with lock waits cut to ``lockWaitMilliseconds``.
    static func withShortLockWait<T>(_ engine: SQLiteEngine, _ work: () -> T) -> T {
        let deadline = DispatchTime.now().uptimeNanoseconds + UInt64(lockWaitMilliseconds) * 1_000_000
        engine.setInterruptCheck { DispatchTime.now().uptimeNanoseconds > deadline }
        defer { engine.setInterruptCheck(nil) }
        return work()
    }
}

/// A file the shell put in WAL mode while it has it open (``WALSwitch/switchWhileOpen(_:path:)``),
/// or found so with an earlier shell's ``JournalModeMark``: ``end()`` puts the file's own journal
/// mode back, and removes the mark.
package struct JournalModeLease {
    /// The connection the shell has the file open on.
    let engine: SQLiteEngine
    /// The file, as the user named it.
    package let path: String
    /// The journal mode the connection reported before the switch (`delete` for a file read
    /// afresh: only WAL is kept in a file).
    package let mode: String

    /// At exit, once the shell's session has ended: copies the log into the file and puts the
    /// file back in its own journal mode, which removes the `-wal` and `-shm` files. Returns what
    /// to tell the user when that could not be done: the file then stays in WAL mode, and the
    /// last commits may be only in its `-wal` file until the program holding it closes it, so a
    /// copy of the file alone may lack them (sqlite3's `.backup` copies everything).
    package func end() -> String? {
        let outcome = WALSwitch.withShortLockWait(engine) { Result { try engine.leaveWAL(for: mode) } }
        guard (try? engine.journalMode()) == "wal" else {
            JournalModeMark.remove(path)
            return nil
        }
        // The mark stays: the next full-screen UI to open the file puts its mode back.
        let because: String
        switch outcome {
        case .success: because = "SQLite kept it so"
        case .failure(let error): because = WALSwitch.heldElsewhere(error) ? "another program has it open" : ErrorText.line(error)
        }
        let name = (path as NSString).lastPathComponent
        return "\(path) stays in WAL mode (it was in \(mode) mode): \(because); its last commits may be only in \(name)-wal until then, so copy it with sqlite3's .backup rather than cp"
    }
}

/// Whether a SQLite file allows the full-screen UI to put it in WAL mode while open: it changes
/// the file for every program and user that reads it, so only where that is safe and the user's
/// own to decide.
enum FileForWAL {
    /// Whether the file at `path` allows it: named by a path (not a `file:` URI, whose parameters
    /// may say otherwise); owned by the user running the shell (root acting on another user's
    /// file, or a file shared through its group, is left as it is); in a folder the user can write
    /// (WAL keeps its `-wal` and `-shm` files there), on a local file system (WAL's shared memory
    /// does not work over a network) — the folder of the file a symbolic link leads to, where
    /// SQLite keeps them.
    static func allowsSwitch(_ path: String) -> Bool {
        guard !path.hasPrefix("file:"), let resolved = realpath(path, nil) else { return false }
        let real = String(cString: resolved)
        free(resolved)
        var info = stat()
        guard stat(real, &info) == 0, info.st_uid == geteuid() else { return false }
        let folder = (real as NSString).deletingLastPathComponent
        return faccessat(AT_FDCWD, folder, W_OK, AT_EACCESS) == 0 && FileSystemKind.of(folder) != .network
    }
}

/// What kind of file system a folder is on, as far as SQLite's WAL mode cares.
enum FileSystemKind: Equatable {
    /// A network file system (NFS, SMB/CIFS, AFS, Coda, 9P, Ceph, Lustre, GlusterFS, a FUSE
    /// mount such as sshfs), where SQLite's WAL shared memory is not safe.
    case network
    /// Anything else.
    case local

    /// The types (as `/proc/self/mounts` names them) of the file systems taken for network or
    /// host-shared ones (a virtual machine's or WSL's folders from its host); every `fuse.` type
    /// is one too.
    static let networkTypes: Set<String> = ["nfs", "nfs4", "cifs", "smb3", "smbfs", "9p", "afs", "coda", "ceph",
                                            "lustre", "gfs2", "ocfs2", "glusterfs", "fuse", "fuseblk",
                                            "vboxsf", "drvfs", "prl_fs", "vmhgfs"]

    /// The kind of file system `folder` is on, from the mount table `mounts` (the text of
    /// `/proc/self/mounts`: device, mount point, type, … per line, a space, tab, line break or
    /// backslash in a mount point written as its octal escape): the type of the longest mount
    /// point the folder's real path is under (local when it cannot be told).
    static func of(_ folder: String, mounts: String? = try? String(contentsOfFile: "/proc/self/mounts", encoding: .utf8)) -> FileSystemKind {
        guard let mounts else { return .local }
        let path = URL(fileURLWithPath: folder).resolvingSymlinksInPath().path
        var best: (length: Int, type: String)?
        for line in mounts.split(separator: "\n") {
            let fields = line.split(separator: " ")
            guard fields.count >= 3 else { continue }
            let point = unescaped(fields[1])
            let under = point == "/" || path == point || path.hasPrefix(point + "/")
            if under, point.count >= (best?.length ?? -1) { best = (point.count, String(fields[2])) }
        }
        guard let type = best?.type else { return .local }
        return networkTypes.contains(type) || type.hasPrefix("fuse.") ? .network : .local
    }

    /// A mount table field with its octal escapes (`\040` and the like) decoded.
    static func unescaped(_ field: Substring) -> String {
        var bytes: [UInt8] = []
        var rest = Array(field.utf8)[...]
        while let byte = rest.popFirst() {
            if byte == UInt8(ascii: "\\"), rest.count >= 3, let code = UInt8(String(decoding: rest.prefix(3), as: UTF8.self), radix: 8) {
                bytes.append(code)
                rest = rest.dropFirst(3)
            } else {
                bytes.append(byte)
            }
        }
        return String(decoding: bytes, as: UTF8.self)
    }
}
