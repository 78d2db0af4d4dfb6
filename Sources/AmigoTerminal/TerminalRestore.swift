@preconcurrency import CNcursesw
@preconcurrency import Glibc

/// Puts the terminal back (leaves curses, restores stderr) however the process ends:
/// ``TerminalScreen/stop()``, `exit`, a terminating signal or a crash.
///
/// Signal handlers and `atexit` are C callbacks and cannot capture anything, so the state lives
/// in `nonisolated(unsafe)` statics. Invariant: the shell is single-threaded; these statics are
/// only written on the main thread by ``activate(capture:)`` / ``deactivate()``, and otherwise
/// only read by ``restore()``, which is idempotent behind ``active``.
enum TerminalRestore {
    /// Whether curses is active and the terminal still needs restoring.
    nonisolated(unsafe) static var active = false
    nonisolated(unsafe) private static var capture: StderrCapture?
    nonisolated(unsafe) private static var atexitRegistered = false
    /// Actions that were in place before ours, indexed by signal number.
    nonisolated(unsafe) private static var previousActions: UnsafeMutablePointer<sigaction> = {
        let actions = UnsafeMutablePointer<sigaction>.allocate(capacity: Int(NSIG))
        actions.initialize(repeating: sigaction(), count: Int(NSIG))
        return actions
    }()

    /// Signals whose default action ends the program: restore, then `_exit(128 + signal)`
    /// (``TerminatingSignals/requests``) — except SIGHUP and SIGTERM, which end it gracefully.
    private static let terminatingSignals = TerminatingSignals.requests
    /// SIGHUP (the terminal closed) or SIGTERM (asked to end) received while curses was active:
    /// the terminal is restored at once and the UI loop ends as if input ended, so that the
    /// program ends the way a quit does (the session rolled back, a file's journal mode put
    /// back) and then exits with `128 + signal`. A second such signal, or ``gracefulSeconds``
    /// without the program ending, ends it at once. 0 when none came.
    nonisolated(unsafe) static var endRequested: sig_atomic_t = 0
    /// How long a graceful end may take before the process is ended at once (`alarm`).
    static let gracefulSeconds: UInt32 = 3
    /// Set by the SIGTSTP handler when the terminal was given back before stopping; the UI loop
    /// repaints when it sees it (``TerminalScreen/resumeIfSuspended()``).
    nonisolated(unsafe) static var wasSuspended: sig_atomic_t = 0
    /// Crashes: restore, then hand the signal to the previous handler (the Swift backtracer).
    private static let faultSignals = TerminatingSignals.faults

    /// Marks curses active and installs the signal handlers and the `atexit` hook.
    static func activate(capture: StderrCapture?) {
        self.capture = capture
        active = true
        if !atexitRegistered {
            atexitRegistered = true
            atexit { TerminalRestore.restore() }
        }
        endRequested = 0   // touched here, on the main thread, before any handler reads it
        for signal in terminatingSignals {
            install(signal) { signal, _, _ in
                TerminalRestore.restore()
                // A second request, or the alarm of the first one's deadline: end now.
                let first = TerminalRestore.endRequested
                if first != 0 { _exit(128 + first) }
                if signal == SIGHUP || signal == SIGTERM {
                    TerminalRestore.endRequested = signal
                    alarm(TerminalRestore.gracefulSeconds)
                    return
                }
                _exit(128 + signal)
            }
        }
        // `kill -TSTP` (Ctrl-Z itself arrives as a key in raw mode): give the terminal back, stop,
        // and let the UI loop take it again after `fg`.
        install(SIGTSTP, terminalSuspendHandler)
        for signal in faultSignals {
            install(signal) { signal, info, _ in
                TerminalRestore.restore()
                let sentByProcess = (info?.pointee.si_code ?? 0) <= 0   // kill, raise, abort
                // abort() raises SIGABRT in this process; `kill -ABRT` comes from another, and the
                // backtracer, handed it, would keep the process alive (waiting at the terminal).
                let abortedHere = signal == SIGABRT && info?.pointee._sifields._kill.si_pid == getpid()
                if sentByProcess && !abortedHere {
                    // Nothing would re-fault, and the backtracer returns after printing: just die.
                    var byDefault = sigaction()
                    sigaction(signal, &byDefault, nil)
                    raise(signal)
                    return
                }
                // Chain to the previous handler (the Swift backtracer). A synchronous fault re-faults
                // on return, so it reports the original crash address; SIGABRT (abort) and SIGTRAP
                // (int3 continues past the trap) are raised again, delivered when this returns.
                sigaction(signal, TerminalRestore.previousActions + Int(signal), nil)
                if signal == SIGABRT || signal == SIGTRAP { raise(signal) }
            }
        }
    }

    /// Restores the terminal and puts the previous signal actions back (the normal stop path).
    static func deactivate() {
        restore()
        for signal in terminatingSignals + faultSignals + [SIGTSTP] {
            sigaction(signal, previousActions + Int(signal), nil)
        }
    }

    /// Turns the terminal's bracketed paste mode on or off (`ESC [ ? 2004 h` / `l`): on while the
    /// UI runs, so that a paste arrives as text (``Key/paste(_:)``), never as keys. Signal-safe.
    static func setBracketedPaste(_ on: Bool) {
        let sequence: StaticString = on ? "\u{1B}[?2004h" : "\u{1B}[?2004l"
        _ = Glibc.write(1, sequence.utf8Start, sequence.utf8CodeUnitCount)
    }

    /// Leaves curses mode and restores stderr, once. Called from signal handlers: uses only
    /// `endwin` (not async-signal-safe in theory, the accepted practice) and signal-safe calls.
    static func restore() {
        guard active else { return }
        active = false
        setBracketedPaste(false)
        endwin()
        capture?.end()
        capture = nil
    }

    private static func install(
        _ signal: Int32,
        _ handler: @escaping @convention(c) (Int32, UnsafeMutablePointer<siginfo_t>?, UnsafeMutableRawPointer?) -> Void
    ) {
        var action = sigaction()
        action.__sigaction_handler.sa_sigaction = handler
        sigemptyset(&action.sa_mask)
        action.sa_flags = SA_SIGINFO
        sigaction(signal, &action, previousActions + Int(signal))
    }
}

/// SIGTSTP: leave curses, stop with the default action, and after SIGCONT put this handler
/// back and flag the UI loop to take the terminal again. Signal-safe calls only (and `endwin`).
private func terminalSuspendHandler(_: Int32, _: UnsafeMutablePointer<siginfo_t>?, _: UnsafeMutableRawPointer?) {
    guard TerminalRestore.active else { return }
    TerminalRestore.setBracketedPaste(false)
    endwin()
    TerminalRestore.wasSuspended = 1
    var byDefault = sigaction()
    sigaction(SIGTSTP, &byDefault, nil)
    raise(SIGTSTP)   // blocked while in this handler: delivered when it returns…
    var unblock = sigset_t()
    sigemptyset(&unblock)
    sigaddset(&unblock, SIGTSTP)
    sigprocmask(SIG_UNBLOCK, &unblock, nil)   // …so deliver it now: the process stops here
    var ours = sigaction()
    ours.__sigaction_handler.sa_sigaction = terminalSuspendHandler
    sigemptyset(&ours.sa_mask)
    ours.sa_flags = SA_SIGINFO
    sigaction(SIGTSTP, &ours, nil)
}
