import AmigoShellCore
import Foundation

/// Edits the text of a prompt in the user's editor — `$VISUAL`, else `$EDITOR`, else `vi` — as
/// readline's `edit-and-execute-command` does in bash (Ctrl-X Ctrl-E), for a statement too long
/// to write on one line. The prompt takes one line back: the file's lines joined by spaces, each
/// `--` comment dropped (it would swallow the lines after it), other control characters left out.
/// The edited text is put in the prompt, not run: Enter runs it.
enum ExternalEditor {
    /// The editor command: `$VISUAL`, else `$EDITOR` (either may hold arguments, `code -w`), else `vi`.
    static func command(environment: [String: String]) -> String {
        for name in ["VISUAL", "EDITOR"] {
            if let value = environment[name]?.trimmingCharacters(in: .whitespaces), !value.isEmpty { return value }
        }
        return "vi"
    }

    /// Runs the editor on a temporary file holding `text` (the terminal must be in its normal
    /// mode: the caller leaves curses or readline's mode first) and returns the edited text as
    /// one line; nil when the file cannot be written or read, or the editor fails (a non-zero
    /// exit, as `:cq` in vi), which leaves the prompt as it was.
    static func edit(_ text: String, environment: [String: String] = ProcessInfo.processInfo.environment) -> String? {
        let folder = FileManager.default.temporaryDirectory
        let file = folder.appendingPathComponent("amigo-shell-\(getpid())-\(UInt32.random(in: 0...UInt32.max)).sql")
        guard FileManager.default.createFile(atPath: file.path, contents: Data((text + "\n").utf8),
                                             attributes: [.posixPermissions: 0o600]) else { return nil }
        defer { try? FileManager.default.removeItem(at: file) }
        let editor = Process()
        editor.executableURL = URL(fileURLWithPath: "/bin/sh")
        // The command is the user's own, as a shell runs it; the file is its argument, quoted by sh.
        editor.arguments = ["-c", command(environment: environment) + " \"$1\"", "amigo-shell-editor", file.path]
        do {
            try editor.run()
            editor.waitUntilExit()
        } catch {
            return nil
        }
        guard editor.terminationStatus == 0, let data = FileManager.default.contents(atPath: file.path) else { return nil }
        return oneLine(String(decoding: data, as: UTF8.self))
    }

    /// `text` as the prompt takes it: each `--` comment (outside quotes) dropped to the end of its
    /// line, then the lines joined by spaces (``Key/pastedLine(_:)``), blanks at the ends trimmed.
    static func oneLine(_ text: String) -> String {
        var kept = ""
        var quote: Character?
        var characters = text[...]
        while let c = characters.first {
            characters = characters.dropFirst()
            if let open = quote {
                if c == open { quote = nil }
            } else if c == "'" || c == "\"" || c == "`" {
                quote = c
            } else if c == "-", characters.first == "-" {
                characters = characters.drop { $0 != "\n" }
                continue
            } else if c == "\n" {
                quote = nil
            }
            kept.append(c)
        }
        return Key.pastedLine(kept).trimmingCharacters(in: .whitespaces)
    }
}
