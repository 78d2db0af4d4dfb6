import Amigo
import CXattr
import Foundation

/// The mark the full-screen UI leaves on a file it put in WAL mode while open: an extended
/// attribute (`user.amigo.journal-mode`) holding the mode to put back. It is removed when the mode
/// is put back; a file still marked was left in WAL by a shell that could not put it back (another
/// program, or another amigo-shell, had it open at quit; SIGKILL; a crash), and the next UI that
/// opens it takes the lease over. A file system without extended attributes gets no mark.
enum JournalModeMark {
    /// The extended attribute's name.
    static let attribute = "user.amigo.journal-mode"

    /// Marks the file at `path` (its real path) as put in WAL mode from `mode`; false when the
    /// file system keeps no such attributes.
    @discardableResult
    static func set(_ path: String, mode: String) -> Bool {
        guard let real = FileForWAL.realPath(path) else { return false }
        return mode.utf8CString.withUnsafeBufferPointer { bytes in
            setxattr(real, attribute, bytes.baseAddress, bytes.count - 1, 0) == 0
        }
    }

    /// The mode the file at `path` was marked as put in WAL mode from, when it is one the file
    /// can be put back in (``SQLiteEngine/rollbackJournalModes``); nil when unmarked.
    static func read(_ path: String) -> String? {
        guard let real = FileForWAL.realPath(path) else { return nil }
        var buffer = [UInt8](repeating: 0, count: 16)
        let count = getxattr(real, attribute, &buffer, buffer.count)
        guard count > 0 else { return nil }
        let mode = String(decoding: buffer.prefix(count), as: UTF8.self)
        return SQLiteEngine.rollbackJournalModes.contains(mode) ? mode : nil
    }

    /// Removes the mark from the file at `path`, if any.
    static func remove(_ path: String) {
        guard let real = FileForWAL.realPath(path) else { return }
        _ = removexattr(real, attribute)
    }
}
