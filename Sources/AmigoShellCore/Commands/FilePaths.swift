import Foundation

/// File names as a user types them at a prompt: `~` expanded, and completed from the folder.
package enum FilePaths {
    /// `path` with a leading `~` or `~/` replaced by the home folder (other text unchanged).
    package static func expandingTilde(_ path: String) -> String {
        guard path == "~" || path.hasPrefix("~/") else { return path }
        let home = ProcessInfo.processInfo.environment["HOME"] ?? NSHomeDirectory()
        return home + path.dropFirst()
    }

    /// File and folder names that complete `word` (folders end in `/`), relative to the current
    /// folder unless `word` is absolute or starts with `~`; `word`'s own spelling of the folder is kept.
    package static func completions(of word: String) -> [String] {
        let slash = word.lastIndex(of: "/")
        let folderPart = slash.map { String(word[...$0]) } ?? ""
        let namePart = slash.map { String(word[word.index(after: $0)...]) } ?? word
        let folder = folderPart.isEmpty ? "." : expandingTilde(folderPart)
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: folder) else { return [] }
        return names.filter { $0.hasPrefix(namePart) && (namePart.hasPrefix(".") || !$0.hasPrefix(".")) }
            .sorted()
            .map { name in
                var isFolder: ObjCBool = false
                _ = FileManager.default.fileExists(atPath: (folder as NSString).appendingPathComponent(name), isDirectory: &isFolder)
                return folderPart + name + (isFolder.boolValue ? "/" : "")
            }
    }
}
