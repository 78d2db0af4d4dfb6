import Foundation

extension SQLiteConnection {
    /// Why the file at `path` cannot be opened as a database, found before SQLite tries (which
    /// reports a FIFO as a "disk I/O error", or waits on it, and an unreadable file as "unable to
    /// open"); nil when it may be one, or does not exist (said elsewhere).
    static func refusalBeforeOpening(_ path: String) -> String? {
        var info = stat()
        guard stat(path, &info) == 0 else { return nil }
        switch info.st_mode & S_IFMT {
        case S_IFIFO: return "it is a named pipe (FIFO), not a database file"
        case S_IFDIR: return "it is a folder, not a database file"
        case S_IFCHR, S_IFBLK: return "it is a device, not a database file"
        case S_IFSOCK: return "it is a socket, not a database file"
        default: break
        }
        if access(path, R_OK) != 0 {
            return "permission denied: this user may not read it (\(String(cString: strerror(errno))))"
        }
        return nil
    }

    /// A clear reason for an error SQLite gave while the file was first read, when there is one.
    static func reasonAtOpen(_ error: DatabaseError, path: String) -> String? {
        switch error.extendedCode {
        case 776:   // SQLITE_READONLY_ROLLBACK
            return "it has an unfinished transaction (a hot journal, \(path)-journal) that only a read-write open can roll back; open it read-write once (without --read-only)"
        case 264:   // SQLITE_READONLY_RECOVERY
            return "its write-ahead log needs recovery, which a read-only open cannot do; open it read-write once (without --read-only)"
        default:
            return nil
        }
    }
}
