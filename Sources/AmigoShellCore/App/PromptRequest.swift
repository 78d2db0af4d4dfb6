/// The kinds of prompt the adapter opens with readline.
public enum PromptKind: Sendable, Equatable {
    case filter
    case command
    case edit(column: String)
    /// Find a row whose column (nil: any column but BLOBs) contains the text.
    case find(column: String?)
    /// Jump to the row with a key (`42`, `1,2` for a composite key).
    case key
    /// Open a table or view by name (completion, then prefix, substring and fuzzy matching).
    case table
    /// The name to save a history entry (`line`) under as a saved query (`s` in the `H` pop-up).
    case saveName(line: String)
}

/// A request to read a line.
public struct PromptRequest: Sendable, Equatable {
    /// What the line is for.
    package var kind: PromptKind
    /// The prompt text (`filter> `).
    package var prompt: String
    /// Text to start with.
    package var initialText: String
}
