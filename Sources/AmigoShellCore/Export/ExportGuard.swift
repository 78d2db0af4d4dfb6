import Amigo
import Foundation

/// Decides whether `export` may write a file: never over the open database or the files SQLite
/// keeps beside it, and not over another SQLite database unless asked (`--force`).
struct ExportGuard {
    /// A guard for the database an engine has open (`:memory:`, a URI or an empty path protect nothing).
    init(databasePath: String?) {
        guard let path = databasePath, !path.isEmpty, path != ":memory:", !path.hasPrefix("file:") else {
            self.databasePath = nil
            return
        }
        self.databasePath = path
    }

    /// The open database's file; nil for an in-memory database.
    let databasePath: String?

    /// The files a write to would destroy or corrupt the open database.
    var protectedPaths: [String] {
        guard let databasePath else { return [] }
        return ["", "-journal", "-wal", "-shm"].map { databasePath + $0 }
    }

    /// Throws ``ShellError/cannotWrite(path:reason:)`` when `path` is (or resolves to) one of the
    /// protected files, or is an existing SQLite database and `force` is false.
    func check(_ path: String, force: Bool) throws {
        var target = stat()
        let exists = stat(path, &target) == 0
        for protected in protectedPaths {
            var file = stat()
            let sameFile = exists && stat(protected, &file) == 0 && file.st_dev == target.st_dev && file.st_ino == target.st_ino
            if sameFile || Self.resolved(path) == Self.resolved(protected) {
                let what = protected == databasePath ? "the open database" : "a file of the open database (\((protected as NSString).lastPathComponent))"
                throw ShellError.cannotWrite(path: path, reason: "it is \(what)")
            }
        }
        if exists, !force, (target.st_mode & S_IFMT) == S_IFREG, Self.isSQLiteDatabase(path) {
            throw ShellError.cannotWrite(path: path, reason: "it is an SQLite database (add --force to overwrite it)")
        }
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
