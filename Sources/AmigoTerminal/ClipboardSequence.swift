import Foundation

/// The OSC 52 escape sequence that sets the terminal's clipboard (xterm's "manipulate selection
/// data"): `ESC ] 52 ; c ; BASE64 BEL`. The text is base64-encoded, so nothing in it — an escape
/// sequence stored in the data, a BEL — reaches the terminal as is. tmux (`set-clipboard on`),
/// and terminals over SSH, take it; a terminal that does not ignores it.
public enum ClipboardSequence {
    /// Most bytes of text sent (terminals cap what they accept; xterm's default is about 100 kB
    /// of base64); longer text is cut at a character boundary.
    public static let maxBytes = 74_994

    /// The sequence putting `text` (cut to ``maxBytes``) on the clipboard.
    public static func osc52(_ text: String) -> String {
        var bytes = Array(text.utf8)
        if bytes.count > maxBytes {
            var end = maxBytes
            while end > 0 && (bytes[end] & 0xC0) == 0x80 { end -= 1 }   // not inside a character
            bytes = Array(bytes[..<end])
        }
        return "\u{1B}]52;c;" + Data(bytes).base64EncodedString() + "\u{07}"
    }
}
