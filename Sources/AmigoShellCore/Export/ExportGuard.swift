import Amigo
import Foundation

/// Decides whether `export` may write a file: never over the open database or the files SQLite
/// keeps beside it, and not over another SQLite database unless asked (`--force`).
struct ExportGuard {
    /// A guard for the database an engine has open and the files attached to it (`:memory:`, a
    /// URI or an empty path protect nothing).
    init(databasePath: String?, attachedFiles: [String] = []) {
        func usable(_ path: String?) -> String? {
            guard let path, !path.isEmpty, path != ":memory:", !path.hasPrefix("file:") else { return nil }
            return path
        }
        self.databasePath = usable(databasePath)
        self.attachedFiles = attachedFiles.compactMap(usable)
    }

    /// The open database's file; nil for an in-memory database.
    let databasePath: String?
    /// The files attached to it (`attach`, or more files on the command line).
    let attachedFiles: [String]

    /// The files a write to would destroy or corrupt the open database or a file attached to it:
    /// each database and the `-journal`, `-wal` and `-shm` files SQLite keeps beside it — named
    /// both as the path was given and as SQLite names them, after the real path (its unix VFS
    /// resolves symbolic links, so `link.sqlite`'s journal is `real.sqlite-journal`).
    var protectedPaths: [String] {
        let suffixes = ["", "-journal", "-wal", "-shm"]
        return ([databasePath].compactMap { $0 } + attachedFiles).flatMap { path -> [String] in
            let real = Self.resolved(path)
            return suffixes.map { real + $0 } + (real == path ? [] : suffixes.map { path + $0 })
        }
    }

    /// Throws ``ShellError/cannotWrite(path:reason:)`` when `path` is, however it is spelled, one
    /// of the protected files, or is an existing SQLite database and `force` is false.
    ///
    /// The same file is found by device and inode (symbolic and hard links, `..`, bind mounts);
    /// a protected file that does not exist yet (a journal) by its folder's device and inode and
    /// its name compared without case (a case-insensitive file system names it either way).
    func check(_ path: String, force: Bool) throws {
        var target = stat()
        let exists = stat(path, &target) == 0
        let resolvedTarget = Self.resolved(path)
        let targetFolder = Self.folderIdentity(of: resolvedTarget)
        let targetName = (resolvedTarget as NSString).lastPathComponent.lowercased()
        for protected in protectedPaths {
            var file = stat()
            let protectedExists = stat(protected, &file) == 0
            let sameFile = exists && protectedExists && file.st_dev == target.st_dev && file.st_ino == target.st_ino
            let resolvedProtected = Self.resolved(protected)
            let sameName = targetFolder != nil && targetFolder == Self.folderIdentity(of: resolvedProtected)
                && targetName == (resolvedProtected as NSString).lastPathComponent.lowercased()
            if sameFile || sameName || resolvedTarget == resolvedProtected {
                let isDatabase = protected == databasePath || protected == databasePath.map(Self.resolved)
                let name = (resolvedProtected as NSString).lastPathComponent
                let attached = attachedFiles.first { protected.hasPrefix($0) || protected.hasPrefix(Self.resolved($0)) }
                let what = isDatabase ? "the open database"
                    : attached.map { protected == $0 || protected == Self.resolved($0) } == true ? "a file attached to the open database"
                    : attached != nil ? "a file of a file attached to the open database (\(name))"
                    : "a file of the open database (\(name))"
                throw ShellError.cannotWrite(path: path, reason: "it is \(what)")
            }
        }
        if exists, !force, (target.st_mode & S_IFMT) == S_IFREG, Self.isSQLiteDatabase(path) {
            throw ShellError.cannotWrite(path: path, reason: "it is an SQLite database (add --force to overwrite it)")
        }
    }

    /// The device and inode of the folder `path` is in; nil when it cannot be read.
    static func folderIdentity(of path: String) -> [UInt64]? {
        var folder = stat()
        guard stat((path as NSString).deletingLastPathComponent, &folder) == 0 else { return nil }
        return [UInt64(folder.st_dev), UInt64(folder.st_ino)]
    }

    /// `path` made absolute with symbolic links resolved, the last component too when it exists,
    /// or the folder's when it does not (a journal not created yet).
    static func resolved(_ path: String) -> String {
        let absolute = URL(fileURLWithPath: path).standardizedFileURL
        if let real = realpath(absolute.path, nil) {
            defer { free(real) }
            return String(cString: real)
        }
        let folder = absolute.deletingLastPathComponent().path
        guard let real = realpath(folder, nil) else { return absolute.path }
        defer { free(real) }
        return (String(cString: real) as NSString).appendingPathComponent(absolute.lastPathComponent)
    }

    /// Whether the file starts with SQLite's 16-byte header.
    static func isSQLiteDatabase(_ path: String) -> Bool {
        guard let handle = FileHandle(forReadingAtPath: path) else { return false }
        defer { try? handle.close() }
        let header = (try? handle.read(upToCount: 16)) ?? Data()
        return header == Data("SQLite format 3\0".utf8)
    }
}
