/// What the adapter must do after a key.
public enum ShellEffect: Equatable {
    case none
    case prompt(PromptRequest)
    case quit
    /// Give the terminal back and stop the process until `fg`.
    case suspend
    case redraw
    /// Put this text on the terminal's clipboard (the adapter sends OSC 52).
    case copyToClipboard(String)
}
