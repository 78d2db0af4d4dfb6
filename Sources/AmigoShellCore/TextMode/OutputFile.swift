import Foundation

/// Where text goes when a command names a file: `export … FILE`, `.output FILE`, `.once FILE`.
/// `-` (or a name for this program's own standard output) is text mode's standard output; a
/// FIFO, device or other file that is not a regular one is written in place (never replaced);
/// a regular file (or a new one) is replaced whole by ``commit()`` when opened `replacing`
/// (``FileReplacement``: `export`), else written in place (`.output`, `.once`, as sqlite3's
/// redirections write). A symbolic link keeps pointing at the file either way. ``close()`` ends it.
package final class OutputFile {
    /// The name it was opened by.
    public let path: String
    private let writer: (String) throws -> Void
    private var descriptor: Int32
    private let replacement: FileReplacement?

    private init(path: String, descriptor: Int32 = -1, replacement: FileReplacement? = nil, writer: @escaping (String) throws -> Void) {
        self.path = path
        self.descriptor = descriptor
        self.replacement = replacement
        self.writer = writer
    }

    deinit { close() }

    /// Whether the text goes to a temporary file that only ``commit()`` puts in the target's
    /// place (an export that stops leaves nothing); false for standard output, a FIFO or device,
    /// and a file written in place.
    package var replacesTarget: Bool { replacement != nil }

    /// Writes `text`; a failed write is a ``ShellError/cannotWrite(path:reason:)`` (in place) or
    /// ``ShellError/exportDiscarded(path:reason:)`` (a replacement, then removed).
    public func write(_ text: String) throws { try writer(text) }

    /// Ends a complete output: a replacement takes the target's place.
    public func commit() throws {
        try replacement?.commit()
        close()
    }

    /// Closes the file (standard output stays open); a replacement not committed is removed.
    public func close() {
        replacement?.discard()
        if descriptor >= 0 { _ = Glibc.close(descriptor) }
        descriptor = -1
    }

    /// Opens `path` for `explorer`'s output. Refuses the open database and the files attached to
    /// it, their `-journal`, `-wal` and `-shm` files and anything that resolves to them (a symbolic or hard link, a link not
    /// resolved yet), and, unless `force`, any other existing file that is an SQLite database;
    /// never waits for a FIFO that no program reads. `-` (or a name for this program's standard
    /// output) is `standardOutput` (an error where there is none: the terminal UI, whose standard
    /// output is the screen). With `replacing`, a regular or new file is written whole or not at
    /// all (``FileReplacement``).
    public static func open(_ path: String, databasePath: String, attachedFiles: [String] = [],
                            standardOutput: ((String) throws -> Void)?,
                            force: Bool = false, replacing: Bool = false, command: String) throws -> OutputFile {
        if path != "-" {
            let guardian = ExportGuard(databasePath: databasePath, attachedFiles: attachedFiles)
            try guardian.check(path, force: force)
            // A link that names a file not made yet is checked by that file's name too.
            if let destination = FileReplacement.followingLinks(path), destination != path {
                do { try guardian.check(destination, force: force) } catch ShellError.cannotWrite(_, let reason) {
                    throw ShellError.cannotWrite(path: path, reason: reason)
                }
            }
        }
        switch Exporter.exportTarget(path) {
        case .standardOutput:
            guard let standardOutput else {
                throw ShellError.standardOutputIsTheScreen(command: command)
            }
            return OutputFile(path: path, writer: standardOutput)
        case .ownStream(let name):
            throw ShellError.cannotWrite(path: path, reason: "it is this program's \(name)")
        case .file(let existingIsRegular) where replacing && existingIsRegular != false:
            let replacement = try FileReplacement(path: path)
            return OutputFile(path: path, replacement: replacement, writer: replacement.write)
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
            return OutputFile(path: path, descriptor: descriptor) { text in
                let failure = StandardStreams.write(text, to: descriptor)
                if failure != 0 { throw ShellError.cannotWrite(path: path, reason: String(cString: strerror(failure))) }
            }
        }
    }
}
