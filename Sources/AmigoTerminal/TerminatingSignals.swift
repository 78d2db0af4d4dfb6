@preconcurrency import Glibc

/// The signals whose default action ends the process, split by how ``TerminalRestore`` ends it.
///
/// Linux's `signal(7)`: every signal ends the process by default except SIGCHLD, SIGCONT, SIGURG
/// and SIGWINCH (ignored), SIGSTOP, SIGTSTP, SIGTTIN and SIGTTOU (stop). SIGKILL and SIGSTOP
/// cannot be caught; SIGPIPE is ignored by the program (a closed reader is an error it reports).
enum TerminatingSignals {
    /// Signals sent to end the program (by a person, a parent, a timer or the kernel's limits):
    /// restore the terminal, then end with status `128 + signal`. The real-time signals
    /// (SIGRTMIN…SIGRTMAX, whose default also ends the process) are included.
    static var requests: [Int32] {
        [SIGINT, SIGTERM, SIGHUP, SIGQUIT, SIGUSR1, SIGUSR2, SIGALRM, SIGVTALRM, SIGPROF, SIGXCPU, SIGXFSZ,
         SIGSYS, SIGSTKFLT, SIGPWR, SIGIO] + realTime
    }

    /// Crashes: restore the terminal, then hand the signal to the previous handler (the Swift
    /// backtracer) when the process raised it itself; sent by another process, end at once.
    static let faults: [Int32] = [SIGSEGV, SIGILL, SIGBUS, SIGFPE, SIGABRT, SIGTRAP]

    /// SIGRTMIN…SIGRTMAX as this C library numbers them (it keeps the first few for itself).
    static var realTime: [Int32] {
        let low = __libc_current_sigrtmin(), high = __libc_current_sigrtmax()
        return low <= high ? Array(low...high) : []
    }
}
