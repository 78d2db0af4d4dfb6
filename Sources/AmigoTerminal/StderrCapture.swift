@preconcurrency import Glibc

/// Redirects file descriptor 2 into an unlinked temporary file while curses owns the screen.
///
/// Anything written to stderr on the alternate screen (a `fatalError` message, a library warning,
/// readline's bell) would be lost when `endwin` switches screens, or would smear the display.
/// ``end()`` puts the real stderr back and replays what was captured. It uses only
/// async-signal-safe calls and a buffer allocated up front, so signal handlers may call it.
struct StderrCapture {
    private let savedDescriptor: Int32
    private let logDescriptor: Int32
    private let buffer: UnsafeMutableRawBufferPointer

    /// Starts capturing; nil (stderr untouched) if no temporary file can be made.
    static func begin() -> StderrCapture? {
        let directory = getenv("TMPDIR").map { String(cString: $0) }.flatMap { $0.isEmpty ? nil : $0 } ?? "/tmp"
        var template = Array("\(directory)/amigo-shell-stderr.XXXXXX".utf8CString)
        let log = template.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
        guard log >= 0 else { return nil }
        template.withUnsafeBufferPointer { _ = unlink($0.baseAddress!) }
        let saved = dup(STDERR_FILENO)
        guard saved >= 0, dup2(log, STDERR_FILENO) >= 0 else {
            close(log)
            if saved >= 0 { close(saved) }
            return nil
        }
        let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: 4096, alignment: 1)
        return StderrCapture(savedDescriptor: saved, logDescriptor: log, buffer: buffer)
    }

    /// Restores the real stderr and writes the captured text to it. Async-signal-safe.
    /// Call at most once per capture.
    func end() {
        dup2(savedDescriptor, STDERR_FILENO)
        close(savedDescriptor)
        if lseek(logDescriptor, 0, SEEK_SET) == 0 {
            while true {
                let count = read(logDescriptor, buffer.baseAddress, buffer.count)
                if count <= 0 { break }
                var written = 0
                while written < count {
                    let result = write(STDERR_FILENO, buffer.baseAddress! + written, count - written)
                    if result <= 0 { break }
                    written += result
                }
                if written < count { break }
            }
        }
        close(logDescriptor)
        // The 4 KiB buffer is deliberately not freed: end() may run inside a signal handler.
    }
}
