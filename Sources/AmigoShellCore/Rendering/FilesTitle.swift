import Amigo
import Foundation

/// What the title says of the open files: the database's path, then each attached file by its
/// file name, `(ro)` after a read-only one, cut to the room there is by naming the last ones by
/// their number only.
///
///     chinook.sqlite + archive.sqlite (ro) + crm.db
///     chinook.sqlite + archive.sqlite (ro) + 1 more     (narrower)
///     chinook.sqlite + 2 more                           (narrower still)
package enum FilesTitle {
    /// The title for `main` (the path as the title shows it) and `attached`, at most `width`
    /// columns wide when it can be; the shortest form (`main + N more`) when nothing shorter fits.
    package static func text(main: String, attached: [AttachedFile], width: Int) -> String {
        let names = attached.map(label)
        for shown in stride(from: names.count, through: 0, by: -1) {
            var parts = [main] + names.prefix(shown)
            if shown < names.count { parts.append("\(names.count - shown) more") }
            let text = parts.joined(separator: " + ")
            if shown == 0 || DisplayWidth.of(text) <= width { return text }
        }
        return main
    }

    /// An attached file as the title names it: its file name (its attached name when in
    /// memory), `(ro)` when read-only.
    static func label(_ file: AttachedFile) -> String {
        let name = file.path.isEmpty ? file.name : (file.path as NSString).lastPathComponent
        return name + (file.isReadOnly ? " (ro)" : "")
    }
}
