import Foundation

/// The name a database file is attached under when none is given (`attach archive.sqlite`, or a
/// second file on the command line): its file name without the extension, made a plain name
/// SQLite and the filter language read as they are (letters, digits and `_`; no dot, which would
/// read as `name.table`), and not one already taken.
///
/// For example:
///
/// ```swift
/// AttachName.forFile("/data/archive.sqlite", taken: [])          // "archive"
/// AttachName.forFile("sales 2024.v2.db", taken: [])              // "sales_2024_v2"
/// AttachName.forFile("archive.sqlite", taken: ["main", "archive"]) // "archive2"
/// AttachName.forFile("2024.db", taken: [])                       // "_2024"
/// ```
package enum AttachName {
    /// The name for the file at `path`, different (ignoring case) from every name in `taken`
    /// and from `main` and `temp`.
    package static func forFile(_ path: String, taken: [String]) -> String {
        let file = URL(fileURLWithPath: path).lastPathComponent
        let stem = file.contains(".") ? String(file[..<file.lastIndex(of: ".")!]) : file
        var name = String(stem.map { $0.isASCII && ($0.isLetter || $0.isNumber) ? $0 : "_" })
        if name.isEmpty { name = "db" }
        if name.first!.isNumber { name = "_" + name }
        let used = Set((taken + ["main", "temp"]).map { $0.lowercased() })
        guard used.contains(name.lowercased()) else { return name }
        var n = 2
        while used.contains("\(name)\(n)".lowercased()) { n += 1 }
        return "\(name)\(n)"
    }
}
