/// The exit statuses amigo-shell documents (in `--help`, the manual page and the README).
package enum ExitStatus {
    /// Everything ran.
    public static let ok: Int32 = 0
    /// A command failed (text mode), or standard output could not be written.
    package static let commandFailed: Int32 = 1
    /// The database could not be opened (missing, not SQLite, locked, no permission).
    package static let cannotOpen: Int32 = 2
    /// The arguments were wrong (EX_USAGE, as swift-argument-parser's `validationFailure`).
    public static let usage: Int32 = 64

    /// The statuses in one line, for `--help` and the manual page.
    package static let documentation = "0 ok; 1 a command failed; 2 the database cannot be opened; \(usage) usage error."
}
