import Dispatch
@preconcurrency import CNcursesw
@preconcurrency import Glibc
import AmigoShellCore

/// Why the terminal could not be taken over.
public enum TerminalError: Error, CustomStringConvertible {
    /// Another ``TerminalScreen`` is already active in this process.
    case alreadyActive
    /// `newterm` refused the terminal named by `TERM`.
    case cannotOpenTerminal(term: String)

    /// A one-line message for the user.
    public var description: String {
        switch self {
        case .alreadyActive: return "the terminal is already in use by another screen"
        case .cannotOpenTerminal(let term): return "cannot open terminal '\(term)'"
        }
    }
}

/// The full-screen terminal: curses setup and teardown, drawing ``ScreenGrid``s, reading ``Key``s.
///
/// Check ``TerminalCapabilities/detect()`` first. Create one screen at a time and use it from one
/// thread. The terminal is restored by ``stop()``, and also on `exit`, SIGINT/SIGTERM/SIGHUP and
/// crashes; anything written to stderr meanwhile is shown after the screen is restored.
///
/// For example:
///
///     let screen = try TerminalScreen()
///     defer { screen.stop() }
///     screen.draw(render(state, size: screen.size))
///     while let key = screen.readKey() { … }
public final class TerminalScreen {
    private let screen: OpaquePointer
    private let window: UnsafeMutablePointer<WINDOW>
    private let colors: Bool
    private var cursorVisible = false
    /// Whether ``stop()`` ran.
    private var stoppedByCall = false
    /// Whether the screen is unusable: stopped, or a SIGHUP or SIGTERM restored the terminal
    /// (``TerminalRestore/endRequested``) — nothing may draw or read keys through curses then,
    /// which would take the terminal back.
    private var stopped: Bool { stoppedByCall || TerminalRestore.endRequested != 0 }

    /// The signal (SIGHUP or SIGTERM) that asked the program to end while the screen was up, or
    /// nil: the caller ends the way a quit does, then exits with `128 + signal`.
    public static var endRequestedBySignal: Int32? { TerminalRestore.endRequested == 0 ? nil : TerminalRestore.endRequested }

    /// Takes over the terminal on stdin/stdout.
    ///
    /// Sets a UTF-8 locale (forcing C.UTF-8 when needed), starts curses with `newterm` (which,
    /// unlike `initscr`, fails instead of exiting), raw mode without echo, keypad decoding, a hidden
    /// cursor, colours when available and a 25 ms Escape delay; redirects stderr to a temporary log
    /// and installs the restore handlers.
    ///
    /// Raw mode means Ctrl-C arrives as `.control("c")` instead of raising SIGINT.
    ///
    /// - Throws: ``TerminalError``.
    public init() throws {
        guard !TerminalRestore.active else { throw TerminalError.alreadyActive }
        TerminalLocale.ensureUTF8()
        let capture = StderrCapture.begin()
        guard let screen = amigo_newterm_stdio() else {
            capture?.end()
            let term = getenv("TERM").map { String(cString: $0) } ?? ""
            throw TerminalError.cannotOpenTerminal(term: term)
        }
        set_term(screen)
        self.screen = screen
        self.window = amigo_stdscr()
        raw()
        noecho()
        nonl()
        keypad(window, true)
        intrflush(window, false)
        curs_set(0)
        set_escdelay(25)
        colors = CursesStyle.startColors(allowed: !CursesStyle.userWantsNoColor)
        amigo_define_paste_keys()
        TerminalRestore.activate(capture: capture)
        TerminalRestore.setBracketedPaste(true)
    }

    deinit { stop() }

    /// The terminal size in columns and rows (updated by the time `.resize` is read).
    public var size: (width: Int, height: Int) {
        (Int(amigo_maxx(window)), Int(amigo_maxy(window)))
    }

    /// Shows `grid`: clears the screen, copies the grid in (runs of equal style, wide characters
    /// whole, never the bottom-right cell), shows the cursor at `grid.cursor` or hides it, and sends
    /// only the changes to the terminal.
    /// Makes the next ``draw(_:)`` repaint every cell, not only what changed (for ^L, after
    /// something else wrote to the terminal).
    public func repaintAll() {
        guard !stopped else { return }
        clearok(window, true)
    }

    public func draw(_ grid: ScreenGrid) {
        guard !stopped else { return }
        werase(window)
        blit(grid, into: window, colors: colors)
        let (width, height) = size
        if let cursor = grid.cursor, cursor.row >= 0, cursor.row < height, cursor.column >= 0,
           cursor.column < width {
            wmove(window, Int32(cursor.row), Int32(cursor.column))
            setCursorVisible(true)
        } else {
            setCursorVisible(false)
        }
        wnoutrefresh(window)
        doupdate()
    }

    /// Writes `sequence` (a control sequence such as OSC 52, never data as is) to the terminal
    /// after what curses has drawn, without changing the screen curses keeps.
    public func writeDirectly(_ sequence: String) {
        guard !stopped else { return }
        fflush(nil)   // what curses buffered goes first (nil: every stream; `stdout` is unsafe to name in Swift 6)
        let bytes = Array(sequence.utf8)
        var written = 0
        while written < bytes.count {
            let n = bytes[written...].withUnsafeBytes { Glibc.write(STDOUT_FILENO, $0.baseAddress, $0.count) }
            if n < 0 && errno == EINTR { continue }
            guard n > 0 else { return }
            written += n
        }
    }

    /// Waits for the next key.
    ///
    /// - Parameter timeoutMilliseconds: how long to wait; nil waits indefinitely.
    /// - Returns: the key; `.resize` after the terminal was resized (``size`` is already updated);
    ///   nil when the timeout passed, or, for an indefinite wait, when input has ended.
    ///   Keys the shell does not use are skipped.
    public func readKey(timeoutMilliseconds: Int? = nil) -> Key? {
        guard !stopped else { return nil }
        if !unread.isEmpty { return unread.removeFirst() }
        wtimeout(window, Int32(clamping: timeoutMilliseconds ?? -1))
        while true {
            var character: wint_t = 0
            let status = wget_wch(window, &character)
            if status == ERR {
                if timeoutMilliseconds == nil && errno == EINTR && !stopped { continue }
                return nil
            }
            let code = Int32(bitPattern: character)
            if status == KEY_CODE_YES && code == amigo_KEY_PASTE_BEGIN() { return readPaste() }
            if let key = KeyDecoding.key(fromCurses: code, isKeyCode: status == KEY_CODE_YES, size: size) {
                return key
            }
        }
    }

    /// After the paste-begin marker: every character up to the end marker, as one ``Key/paste(_:)``.
    /// A terminal that never sends the end marker ends the paste after a second without input.
    private func readPaste() -> Key {
        var text = ""
        wtimeout(window, 1000)
        while true {
            var character: wint_t = 0
            let status = wget_wch(window, &character)
            if status == ERR {
                if errno == EINTR && !stopped { continue }
                break
            }
            let code = Int32(bitPattern: character)
            if status == KEY_CODE_YES {
                if code == amigo_KEY_PASTE_END() { break }
                if code == KEY_ENTER { text.unicodeScalars.append("\n") }
                continue    // other key codes are not text
            }
            if let scalar = Unicode.Scalar(UInt32(character)) { text.unicodeScalars.append(scalar) }
        }
        return .paste(text)
    }

    /// Drops keys typed but not read yet (``ShellTerminal/discardTypeahead()``).
    public func discardTypeahead() {
        guard !stopped else { return }
        unread.removeAll()
        flushinp()
    }

    /// Keys read while work ran that belong to what reads next (a prompt that opened): handed out
    /// by ``readKey(timeoutMilliseconds:)`` before the terminal's, in order.
    private var unread: [Key] = []

    /// Puts `keys` back, to be read next and in this order, before any the terminal has.
    public func unread(_ keys: [Key]) { unread = keys + unread }

    /// What ``waitForKey(idleAfterMilliseconds:)`` saw.
    public enum KeyWait: Equatable {
        /// A key (or `.resize`).
        case key(Key)
        /// No key for the whole wait: time for idle work.
        case idle
        /// Input has ended.
        case closed
    }

    /// Waits for the next key, but at most `milliseconds`, so that the caller can do idle work
    /// (such as noticing that another program changed the file) between keys.
    public func waitForKey(idleAfterMilliseconds milliseconds: Int) -> KeyWait {
        guard !stopped else { return .closed }
        let started = DispatchTime.now().uptimeNanoseconds
        if let key = readKey(timeoutMilliseconds: milliseconds) { return .key(key) }
        if stopped { return .closed }   // a SIGHUP or SIGTERM came meanwhile
        // A timeout returns after the whole wait (a signal, such as a resize, returns early with
        // EINTR); an immediate error with neither means input has ended.
        let waited = (DispatchTime.now().uptimeNanoseconds - started) / 1_000_000
        return waited * 2 >= UInt64(milliseconds) || errno == EINTR ? .idle : .closed
    }

    /// Gives the terminal back and stops the process (Ctrl-Z); returns after `fg`, with the screen
    /// to be repainted by the next ``draw(_:)``.
    public func suspend() {
        guard !stopped else { return }
        TerminalRestore.setBracketedPaste(false)
        endwin()
        // Stop with the default action, then take our handler back.
        var byDefault = sigaction(), ours = sigaction()
        sigaction(SIGTSTP, &byDefault, &ours)
        raise(SIGTSTP)
        sigaction(SIGTSTP, &ours, nil)
        resumeAfterStop()
    }

    /// Runs `body` with the terminal given back (curses left, bracketed paste off), as an editor
    /// or pager started from the UI needs it, then takes the terminal again, to be repainted.
    public func outsideCurses<T>(_ body: () throws -> T) rethrows -> T {
        guard !stopped else { return try body() }
        TerminalRestore.setBracketedPaste(false)
        def_prog_mode()
        endwin()
        defer { resumeAfterStop() }
        return try body()
    }

    /// After a `kill -TSTP` from outside and `fg`: takes the terminal again. Returns whether the
    /// screen must be repainted.
    @discardableResult
    public func resumeIfSuspended() -> Bool {
        guard TerminalRestore.wasSuspended != 0 else { return false }
        TerminalRestore.wasSuspended = 0
        resumeAfterStop()
        return true
    }

    private func resumeAfterStop() {
        TerminalRestore.setBracketedPaste(true)
        reset_prog_mode()
        clearok(window, true)
        wrefresh(window)
    }

    /// Writes `text` over the status line (the second row from the bottom) at once, without
    /// rendering the rest of the screen: used while a query runs, when nothing may query.
    public func showStatus(_ text: String) {
        guard !stopped else { return }
        let (width, height) = size
        guard height >= 2, width >= 2 else { return }
        wmove(window, Int32(height - 2), 0)
        wclrtoeol(window)
        _ = amigo_wattrset(window, amigo_A_REVERSE())
        waddstr(window, " " + DisplayWidth.truncate(text, to: width - 2))
        _ = amigo_wattrset(window, amigo_A_NORMAL())
        wrefresh(window)
    }

    /// Leaves curses and restores the terminal, the signal handlers and stderr, then prints what
    /// was written to stderr meanwhile. Safe to call more than once; the screen is unusable after.
    public func stop() {
        guard !stoppedByCall else { return }
        stoppedByCall = true
        TerminalRestore.deactivate()
        delscreen(screen)
    }

    private func setCursorVisible(_ visible: Bool) {
        guard visible != cursorVisible else { return }
        cursorVisible = visible
        curs_set(visible ? 1 : 0)
    }
}
