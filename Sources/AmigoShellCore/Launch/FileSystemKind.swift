import Foundation

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
