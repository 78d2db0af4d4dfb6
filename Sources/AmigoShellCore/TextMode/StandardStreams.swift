import Foundation

/// Standard output and standard error, written with `write(2)` and no buffer in between — the
/// one writer for both in text mode, so that a reader that goes away is handled in one place.
///
/// A reader that went away (`EPIPE`: `| head -1` has what it wanted) is not an error: standard
/// output throws ``ShellError/outputClosed``, which ends a text run quietly (as sqlite3 ends);
/// standard error stops being written. No write ever traps.
package enum StandardStreams {
    /// Whether standard error's reader went away; later messages are dropped.
    nonisolated(unsafe) public private(set) static var errorReaderGone = false

    /// Writes all of `text` to standard output.
    ///
    /// - Throws: ``ShellError/outputClosed`` when its reader went away, else
    ///   ``ShellError/cannotWrite(path:reason:)`` (a full disk, an I/O error).
    package static func writeOutput(_ text: String) throws {
        let failure = write(text, to: 1)
        switch failure {
        case 0: return
        case EPIPE: throw ShellError.outputClosed
        default: throw ShellError.cannotWrite(path: "standard output", reason: String(cString: strerror(failure)))
        }
    }

    /// Writes all of `text` to standard error; a failure drops it (there is nowhere to say so).
    package static func writeError(_ text: String) {
        guard !errorReaderGone else { return }
        if write(text, to: 2) == EPIPE { errorReaderGone = true }
    }

    /// Writes every byte of `text` to `descriptor`, retrying after signals; 0, or the `errno` of
    /// the write that failed.
    static func write(_ text: String, to descriptor: Int32) -> Int32 {
        var text = text
        return text.withUTF8 { bytes in
            var rest = UnsafeRawBufferPointer(bytes)
            while !rest.isEmpty {
                let written = Glibc.write(descriptor, rest.baseAddress, rest.count)
                if written < 0 {
                    if errno == EINTR { continue }
                    return errno
                }
                rest = UnsafeRawBufferPointer(rebasing: rest[written...])
            }
            return 0
        }
    }
}
