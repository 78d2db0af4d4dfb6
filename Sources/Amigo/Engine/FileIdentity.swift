import Foundation

/// Which file a path names, whatever the path: its device and inode, the same for a symbolic
/// link, a hard link or a path through `..` to it.
public struct FileIdentity: Sendable, Hashable {
    /// The device the file is on.
    public let device: UInt64
    /// Its inode on that device.
    public let inode: UInt64

    /// The identity of the file at `path`, or nil when there is none (or it is a database in
    /// memory, `:memory:` or empty).
    public init?(_ path: String) {
        guard !path.isEmpty, path != ":memory:" else { return nil }
        var info = stat()
        guard stat(path, &info) == 0 else { return nil }
        device = UInt64(info.st_dev)
        inode = UInt64(info.st_ino)
    }
}
