import Foundation

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
        guard !path.hasPrefix("file:"), let real = realPath(path) else { return false }
        var info = stat()
        guard stat(real, &info) == 0, info.st_uid == geteuid() else { return false }
        let folder = (real as NSString).deletingLastPathComponent
        return faccessat(AT_FDCWD, folder, W_OK, AT_EACCESS) == 0 && FileSystemKind.of(folder) != .network
    }

    /// The file `path` names, symbolic links resolved (the file SQLite opens, whose folder holds
    /// its `-wal` and `-shm` files); nil when there is none.
    static func realPath(_ path: String) -> String? {
        guard let resolved = realpath(path, nil) else { return nil }
        defer { free(resolved) }
        return String(cString: resolved)
    }
}
