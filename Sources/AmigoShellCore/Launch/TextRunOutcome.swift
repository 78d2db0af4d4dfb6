/// How a text-mode run ended, and what that makes the program's exit status.
///
/// For example:
///
/// ```swift
/// TextRunOutcome(commandFailed: false, outputError: nil).exitStatus          // 0
/// TextRunOutcome(commandFailed: true, outputError: nil).exitStatus           // 1
/// TextRunOutcome(commandFailed: true, outputError: nil, requestedStatus: 3).exitStatus  // 3
/// TextRunOutcome(commandFailed: false, outputError: "No space left on device").message
/// // "cannot write standard output: No space left on device"
/// ```
package struct TextRunOutcome: Equatable, Sendable {
    /// Whether a command of the run failed (the runner's ``TextModeRunner/failed``).
    package var commandFailed: Bool
    /// Why standard output could not be written at the end, if it could not; a reader that went
    /// away (`| head`, EPIPE) is not such an error and is given as nil.
    package var outputError: String?
    /// The status `exit CODE` asked for (the runner's ``TextModeRunner/requestedExitStatus``).
    package var requestedStatus: Int32?

    /// An outcome: whether a command failed, why output could not be written (if so), and the
    /// status a script asked for.
    package init(commandFailed: Bool, outputError: String?, requestedStatus: Int32? = nil) {
        self.commandFailed = commandFailed
        self.outputError = outputError
        self.requestedStatus = requestedStatus
    }

    /// The exit status: ``ExitStatus/commandFailed`` when output was lost; else the status the
    /// script asked for (sqlite3's `.exit CODE`); else ``ExitStatus/commandFailed`` when a
    /// command failed, ``ExitStatus/ok`` when none did.
    package var exitStatus: Int32 {
        if outputError != nil { return ExitStatus.commandFailed }
        return requestedStatus ?? (commandFailed ? ExitStatus.commandFailed : ExitStatus.ok)
    }

    /// What to say on standard error at the end (a failed command said its own error already).
    public var message: String? { outputError.map { "cannot write standard output: \($0)" } }

    /// Whether the session is closed before exiting: not when output was lost (the program
    /// stops there, as it always has).
    package var closesSession: Bool { outputError == nil }
}
