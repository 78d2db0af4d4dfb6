import Foundation

/// Where text goes when a command names a file: `export … FILE`, `.output FILE`, `.once FILE`.
/// `-` (or a name for this program's own standard output) is text mode's standard output; a
/// file is opened in place (a symbolic link keeps pointing at it, a FIFO or device is written to,
/// never replaced) and closed by ``close()``.
public final class OutputFile {
    /// The name it was opened by.
    public let path: String
    private let writer: (String) throws -> Void
    private var handle: FileHandle?

    private init(path: String, handle: FileHandle?, writer: @escaping (String) throws -> Void) {
        self.path = path
        self.handle = handle
        self.writer = writer
    }

    deinit { close() }

    /// Writes `text`; a failed write is a ``ShellError/cannotWrite(path:reason:)``.
    public func write(_ text: String) throws { try writer(text) }

    /// Closes the file (standard output stays open).
    public func close() {
        try? handle?.close()
        handle = nil
    }

    /// Opens `path` for `explorer`'s output. Refuses the open database, its `-journal`, `-wal`
    /// and `-shm` files and anything that resolves to them (a symbolic or hard link), and,
    /// unless `force`, any other existing file that is an SQLite database; never waits for a
    /// FIFO that no program reads. `-` (or a name for this program's standard output) is
    /// `standardOutput` (an error where there is none: the terminal UI, whose standard output is
    /// the screen).
    public static func open(_ path: String, databasePath: String, standardOutput: ((String) throws -> Void)?,
                            force: Bool = false, command: String) throws -> OutputFile {
        if path != "-" { try ExportGuard(databasePath: databasePath).check(path, force: force) }
        switch Explorer.exportTarget(path) {
        case .standardOutput:
            guard let standardOutput else {
                throw ShellError.standardOutputIsTheScreen(command: command)
            }
            return OutputFile(path: path, handle: nil, writer: standardOutput)
        case .ownStream(let name):
            throw ShellError.cannotWrite(path: path, reason: "it is this program's \(name)")
        case .file(let existingIsRegular):
            let create = existingIsRegular ?? true ? O_CREAT | O_TRUNC : 0
            // Non-blocking, so that a FIFO nobody reads is an error (ENXIO) instead of a hang;
            // blocking again once open, for the writes.
            let descriptor = Glibc.open(path, O_WRONLY | O_CLOEXEC | O_NONBLOCK | create, 0o644)
            guard descriptor >= 0 else {
                let reason = errno == ENXIO ? "no program is reading it" : String(cString: strerror(errno))
                throw ShellError.cannotWrite(path: path, reason: reason)
            }
            _ = fcntl(descriptor, F_SETFL, fcntl(descriptor, F_GETFL) & ~O_NONBLOCK)
            let file = FileHandle(fileDescriptor: descriptor, closeOnDealloc: true)
            return OutputFile(path: path, handle: file) { text in
                do { try file.write(contentsOf: Data(text.utf8)) } catch {
                    throw ShellError.cannotWrite(path: path, reason: String(cString: strerror(errno)))
                }
            }
        }
    }
}
