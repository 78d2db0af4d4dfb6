import Foundation

/// A file written whole or not at all: the text goes to a new temporary file beside the
/// destination, which ``commit()`` renames over it (after `fsync`), so that the destination holds
/// either its old bytes or all the new ones. A failed write, ``discard()`` and deinit remove the
/// temporary file; the destination is then as it was (or still absent).
///
/// A symbolic link is followed to the file it names (existing or not), so the link keeps
/// pointing at the new file. The temporary file is created with `O_EXCL` and the mode a new file
/// gets (0644 less the umask); replacing a file that exists, it takes that file's mode (and,
/// where allowed, its owner and group), as writing it in place would have kept them.
final class FileReplacement {
    /// `write(2)` as this type calls it: bytes written, or -1 with `errno` set (tests put a full disk here).
    typealias WriteCall = (_ descriptor: Int32, _ bytes: UnsafeRawBufferPointer) -> Int

    /// The name the export was given (for messages).
    let path: String
    /// The file the temporary file replaces: `path` with symbolic links followed.
    let destination: String
    /// The temporary file beside ``destination``.
    let temporaryPath: String
    private var descriptor: Int32
    private let writeCall: WriteCall

    /// Creates the temporary file for replacing `path`.
    ///
    /// - Throws: ``ShellError/cannotWrite(path:reason:)`` when the links loop or the folder
    ///   cannot hold a new file (not writable, missing, full).
    init(path: String, writeCall: @escaping WriteCall = { Glibc.write($0, $1.baseAddress, $1.count) }) throws {
        self.path = path
        self.writeCall = writeCall
        guard let destination = Self.followingLinks(path) else {
            throw ShellError.cannotWrite(path: path, reason: String(cString: strerror(ELOOP)))
        }
        self.destination = destination
        let folder = (destination as NSString).deletingLastPathComponent
        let name = (destination as NSString).lastPathComponent
        var existing = stat()
        let replacesExisting = stat(destination, &existing) == 0
        var attempt = 0
        while true {
            let candidate = (folder.isEmpty ? "" : folder + "/") + ".\(name).\(String(UInt32.random(in: .min ... .max), radix: 16)).amigo-tmp"
            let opened = Glibc.open(candidate, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o644)
            if opened >= 0 {
                temporaryPath = candidate
                descriptor = opened
                break
            }
            let failure = errno
            attempt += 1
            guard failure == EEXIST, attempt < 100 else {
                throw ShellError.cannotWrite(path: path, reason: Self.folderReason(failure))
            }
        }
        if replacesExisting {
            _ = fchmod(descriptor, existing.st_mode & 0o7777)
            _ = fchown(descriptor, existing.st_uid, existing.st_gid)
        }
    }

    deinit { discard() }

    /// Appends `text` to the temporary file; a failure removes it.
    ///
    /// - Throws: ``ShellError/exportDiscarded(path:reason:)`` (a full disk, an I/O error).
    func write(_ text: String) throws {
        guard descriptor >= 0 else { return }
        var text = text
        let failure: Int32 = text.withUTF8 { bytes in
            var rest = UnsafeRawBufferPointer(bytes)
            while !rest.isEmpty {
                let written = writeCall(descriptor, rest)
                if written < 0 {
                    if errno == EINTR { continue }
                    return errno
                }
                rest = UnsafeRawBufferPointer(rebasing: rest[written...])
            }
            return 0
        }
        if failure != 0 { try fail(failure) }
    }

    /// Puts the written file in the destination's place (flushed to disk first).
    ///
    /// - Throws: ``ShellError/exportDiscarded(path:reason:)`` when it cannot; the temporary file is removed.
    func commit() throws {
        guard descriptor >= 0 else { return }
        if fsync(descriptor) != 0 { try fail(errno) }
        if Glibc.close(descriptor) != 0 { descriptor = -1; try fail(errno) }
        descriptor = -1
        if rename(temporaryPath, destination) != 0 { try fail(errno) }
    }

    /// Removes the temporary file (nothing, once committed).
    func discard() {
        if descriptor >= 0 {
            _ = Glibc.close(descriptor)
            descriptor = -1
            _ = unlink(temporaryPath)
        }
    }

    /// Removes the temporary file and throws ``ShellError/exportDiscarded(path:reason:)`` for `error`.
    private func fail(_ error: Int32) throws -> Never {
        discard()
        _ = unlink(temporaryPath)
        throw ShellError.exportDiscarded(path: path, reason: String(cString: strerror(error)))
    }

    /// Why a temporary file could not be made in the destination's folder.
    private static func folderReason(_ error: Int32) -> String {
        let text = String(cString: strerror(error))
        return error == EACCES || error == EROFS ? text + " (the file is replaced whole, so its folder must be writable)" : text
    }

    /// `path` with symbolic links followed to the name that is no link (it may not exist); nil
    /// when they loop.
    static func followingLinks(_ path: String) -> String? {
        var current = path
        for _ in 0..<40 {
            var info = stat()
            guard lstat(current, &info) == 0, (info.st_mode & S_IFMT) == S_IFLNK,
                  let target = try? FileManager.default.destinationOfSymbolicLink(atPath: current) else { return current }
            current = target.hasPrefix("/") ? target : ((current as NSString).deletingLastPathComponent as NSString).appendingPathComponent(target)
        }
        return nil
    }
}
