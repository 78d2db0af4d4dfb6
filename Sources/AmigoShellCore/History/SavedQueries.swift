import Foundation

/// Commands saved by name for one database (`save NAME`, `run NAME`), kept in a plain text file
/// of their own under the user's data folder: `$XDG_DATA_HOME/amigo-shell/saved-queries/`
/// (`~/.local/share/amigo-shell/saved-queries/` when XDG_DATA_HOME is unset), one file per
/// database, named after it (`chinook.sqlite-1f2e3d4c5b6a7980.queries`, the number a hash of its
/// full path). Each line is a name, a tab and the command; lines starting with `#` are comments:
///
///     # amigo-shell saved queries for /home/ada/chinook.sqlite
///     rock	filter GenreId = 1
///     long	sql SELECT Name FROM Track WHERE Milliseconds > 600000
///
/// A file that cannot be read, or has a line that is not `NAME<tab>COMMAND`, is reported and
/// never written over.
package struct SavedQueries: Sendable {
    /// The file.
    public let path: String
    /// The database it is for (its full path, or a server's target), written in its first line.
    public let database: String

    /// The saved queries of `database` in the file `path`.
    package init(path: String, database: String) {
        self.path = path
        self.database = database
    }

    /// The saved queries of `database` (a file's path, made absolute), under the data folder
    /// `environment` names.
    package init(database: String, environment: [String: String]) {
        let full = SavedQueries.fullPath(database)
        let name = (full as NSString).lastPathComponent.isEmpty ? "database" : (full as NSString).lastPathComponent
        let file = name.replacingOccurrences(of: "/", with: "_") + "-" + SavedQueries.hashText(full) + ".queries"
        self.init(path: (SavedQueries.folder(environment: environment) as NSString).appendingPathComponent(file), database: full)
    }

    /// `$XDG_DATA_HOME/amigo-shell/saved-queries`, or `$HOME/.local/share/amigo-shell/saved-queries`
    /// (an XDG_DATA_HOME that is not an absolute path is ignored, as the XDG rules say).
    public static func folder(environment: [String: String]) -> String {
        let base: String
        if let data = environment["XDG_DATA_HOME"], data.hasPrefix("/") {
            base = data
        } else {
            base = ((environment["HOME"] ?? NSHomeDirectory()) as NSString).appendingPathComponent(".local/share")
        }
        return (base as NSString).appendingPathComponent("amigo-shell/saved-queries")
    }

    /// A name a query can be saved under: letters, digits, `_`, `-` and `.`, not starting with `#`.
    package static func isValidName(_ name: String) -> Bool {
        !name.isEmpty && name.count <= 64 && name.allSatisfy { $0.isLetter || $0.isNumber || $0 == "_" || $0 == "-" || $0 == "." }
    }

    /// The saved queries, in the file's order (none when the file does not exist yet).
    ///
    /// - Throws: ``ShellError/savedQueriesFile(path:reason:)`` when the file cannot be read or a
    ///   line is malformed.
    public func load() throws -> [(name: String, command: String)] {
        guard FileManager.default.fileExists(atPath: path) else { return [] }
        let data: Data
        do { data = try Data(contentsOf: URL(fileURLWithPath: path)) } catch {
            throw ShellError.savedQueriesFile(path: path, reason: "cannot be read (\((error as NSError).localizedDescription))")
        }
        guard let text = String(data: data, encoding: .utf8) else {
            throw ShellError.savedQueriesFile(path: path, reason: "is not UTF-8 text")
        }
        var queries: [(name: String, command: String)] = []
        for (index, raw) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let line = raw.hasSuffix("\r") ? String(raw.dropLast()) : String(raw)
            if line.trimmingCharacters(in: .whitespaces).isEmpty || line.hasPrefix("#") { continue }
            guard let tab = line.firstIndex(of: "\t") else {
                throw ShellError.savedQueriesFile(path: path, reason: "line \(index + 1) is not NAME<tab>COMMAND")
            }
            let name = String(line[..<tab]), command = line[line.index(after: tab)...].trimmingCharacters(in: .whitespaces)
            guard SavedQueries.isValidName(name), !command.isEmpty else {
                throw ShellError.savedQueriesFile(path: path, reason: "line \(index + 1) is not NAME<tab>COMMAND (a name of letters, digits, _ - .)")
            }
            queries.removeAll { $0.name == name }
            queries.append((name, command))
        }
        return queries
    }

    /// The saved names, for `run` and Tab; empty when the file cannot be read (``load()`` says why).
    public var names: [String] { ((try? load()) ?? []).map(\.name) }

    /// The command saved as `name`.
    ///
    /// - Throws: ``ShellError/noSavedQuery(name:available:)``; what ``load()`` throws.
    public func command(named name: String) throws -> String {
        let queries = try load()
        guard let found = queries.last(where: { $0.name == name }) else {
            throw ShellError.noSavedQuery(name: name, available: queries.map(\.name))
        }
        return found.command
    }

    /// Saves `command` as `name` (replacing a query of that name), writing the file whole through
    /// a temporary file renamed over it, and the folder if needed.
    ///
    /// - Throws: ``ShellError/usage(command:usage:)`` for a bad name;
    ///   ``ShellError/savedQueriesFile(path:reason:)`` when the file is unreadable or malformed
    ///   (it is not written) or cannot be written.
    package func save(_ command: String, as name: String) throws {
        guard SavedQueries.isValidName(name) else {
            throw ShellError.usage(command: "save", usage: "save NAME [COMMAND] (NAME: letters, digits, _ - .)")
        }
        let single = command.split(whereSeparator: \.isNewline).joined(separator: " ").trimmingCharacters(in: .whitespaces)
        var queries = try load()
        queries.removeAll { $0.name == name }
        queries.append((name, single))
        let text = "# amigo-shell saved queries for \(database)\n# NAME<tab>COMMAND, one a line (run NAME runs one)\n"
            + queries.map { "\($0.name)\t\($0.command)\n" }.joined()
        do {
            let folder = (path as NSString).deletingLastPathComponent
            try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
            let temporary = path + ".tmp-\(getpid())"
            try Data(text.utf8).write(to: URL(fileURLWithPath: temporary))
            if rename(temporary, path) != 0 {
                let reason = String(cString: strerror(errno))
                unlink(temporary)
                throw ShellError.savedQueriesFile(path: path, reason: "cannot be written (\(reason))")
            }
        } catch let error as ShellError {
            throw error
        } catch {
            throw ShellError.savedQueriesFile(path: path, reason: "cannot be written (\((error as NSError).localizedDescription))")
        }
    }

    /// `path` absolute and without symbolic links (a server's target as it is).
    static func fullPath(_ path: String) -> String {
        guard !path.isEmpty, !path.contains("://"), !path.contains("="), path != ":memory:" else { return path.isEmpty ? ":memory:" : path }
        return URL(fileURLWithPath: path).standardizedFileURL.resolvingSymlinksInPath().path
    }

    /// A stable 64-bit FNV-1a hash of `text`, in hex (Swift's own hashes change per run).
    static func hashText(_ text: String) -> String {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in text.utf8 {
            hash ^= UInt64(byte)
            hash = hash &* 0x0000_0100_0000_01b3
        }
        return String(hash, radix: 16)
    }
}
