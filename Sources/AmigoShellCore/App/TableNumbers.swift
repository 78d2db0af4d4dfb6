// The first screen's numbered tables: before any table is open, a digit opens the table listed
// with that number, as a digit follows a numbered link once a row is current.

/// The numbers the empty grid shows beside the first tables of the list while no table is open,
/// and the table each digit key opens then.
///
/// The digits keep one meaning on every screen — "follow the link numbered so" — and on the first
/// screen the links are the file's tables: `3` opens the third table listed, as `3` on a row
/// follows its third relationship. Only the first ``RowLinks/numberedLimit`` tables get a number.
package enum TableNumbers {
    /// Whether the tables are numbered: only while no table is open, when a digit has no row whose
    /// links it could follow.
    package static func areShown(in explorer: Explorer) -> Bool { explorer.current == nil }

    /// How many of `tables` the grid pane `box` (the empty grid of the first screen) has room to
    /// list with their numbers, below its hint and the line that introduces them.
    package static func shownCount(of tables: [TableSummary], in box: Rect) -> Int {
        min(tables.count, RowLinks.numberedLimit, max(0, box.height - 5))
    }

    /// Where in `tables` the table the digit `number` opens is, or why there is none; `shown`
    /// tables have their number on screen (all that can have one when the screen is not known).
    package static func index(numbered number: Int, in tables: [TableSummary], shown: Int? = nil) -> Result<Int, TableNumberMiss> {
        guard !tables.isEmpty else { return .failure(.noTables) }
        let numbered = min(tables.count, RowLinks.numberedLimit, shown ?? RowLinks.numberedLimit)
        guard numbered >= 1 else { return .failure(.noneShown) }
        guard (1...numbered).contains(number) else { return .failure(.outOfRange(number: number, numbered: numbered)) }
        return .success(number - 1)
    }
}

/// Why a digit on the first screen opened no table.
package enum TableNumberMiss: Error, Equatable, CustomStringConvertible {
    /// The file has no table or view.
    case noTables
    /// The screen has no room to list any table with its number.
    case noneShown
    /// The digit `number` is beyond the `numbered` tables that have a number.
    case outOfRange(number: Int, numbered: Int)

    package var description: String {
        switch self {
        case .noTables: return "the file has no tables"
        case .noneShown: return "the screen has no room for the tables' numbers: Enter on one, or t opens one by name"
        case .outOfRange(let number, let numbered):
            return "no table \(number): \(numbered == 1 ? "the one table listed is 1" : "the tables listed are numbered 1–\(numbered)"); t opens one by name"
        }
    }
}
