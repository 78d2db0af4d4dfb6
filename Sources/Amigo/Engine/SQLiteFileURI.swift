import Foundation

/// The `file:` URI SQLite opens a database file through, so that how it is opened is said in the
/// name (`?mode=ro`: read-only; `?mode=rw`: read-write, never created) rather than by the
/// connection's flags, as `ATTACH` needs (the connection is opened with `SQLITE_OPEN_URI`).
///
/// The path is made absolute and every byte but letters, digits, `/`, `-`, `.`, `_` and `~` is
/// written `%HH`, so that a file named with `?`, `#`, `%` or a space is the file meant:
///
///     SQLiteFileURI.uri(for: "/data/a b?.sqlite", readOnly: true)
///     // "file:///data/a%20b%3F.sqlite?mode=ro"
public enum SQLiteFileURI {
    /// The URI of the file at `path` (relative to the current folder when not absolute), opened
    /// read-only or read-write.
    public static func uri(for path: String, readOnly: Bool) -> String {
        let absolute = path.hasPrefix("/") ? path : FileManager.default.currentDirectoryPath + "/" + path
        return "file://" + encoded(absolute) + (readOnly ? "?mode=ro" : "?mode=rw")
    }

    /// `path` with every byte outside the unreserved set and `/` written `%HH`.
    static func encoded(_ path: String) -> String {
        var text = ""
        for byte in path.utf8 {
            let scalar = Unicode.Scalar(byte)
            let plain = (0x41...0x5A).contains(byte) || (0x61...0x7A).contains(byte) || (0x30...0x39).contains(byte)
            if plain || "/-._~".unicodeScalars.contains(scalar) {
                text.unicodeScalars.append(scalar)
            } else {
                text += String(format: "%%%02X", byte)
            }
        }
        return text
    }
}
