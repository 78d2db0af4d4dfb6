import Foundation

/// Asking for a PostgreSQL password at the terminal, as psql does.
enum PasswordPrompt {
    /// The prompt for a server that wants a password none was given for: only when standard
    /// input is a terminal.
    static var ifInteractive: (() -> String?)? { isatty(0) != 0 ? { read() } : nil }

    /// A password read from the terminal without echo (`Password: `), or nil when none was typed.
    static func read() -> String? {
        guard let typed = getpass("Password: ") else { return nil }
        let password = String(cString: typed)
        // getpass's buffer is static: wipe what was typed.
        memset(typed, 0, strlen(typed))
        return password.isEmpty ? nil : password
    }
}
