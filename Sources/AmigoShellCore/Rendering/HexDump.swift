import Amigo

/// Bytes as `v` shows a BLOB: its size, then 16 bytes a line with their offset, in hex and as
/// ASCII (other bytes as `.`), as `xxd` and `hexdump -C` write them; a long value stops after
/// ``lineLimit`` lines and says how many bytes are left.
///
/// For example, the first bytes of a PNG:
///
///     ⟨20 bytes⟩
///     00000000  89 50 4e 47 0d 0a 1a 0a  00 00 00 0d 49 48 44 52  .PNG........IHDR
///     00000010  00 00 01 00                                       ....
enum HexDump {
    /// Bytes a line.
    static let bytesPerLine = 16
    /// Lines shown at most (4 KiB of bytes).
    static let lineLimit = 256

    /// The dump of `bytes`, lines joined by line breaks.
    static func text(_ bytes: [UInt8], lineLimit: Int = lineLimit) -> String {
        var lines = ["⟨" + Plural.count(bytes.count, "byte") + "⟩"]
        let shown = min(bytes.count, lineLimit * bytesPerLine)
        for start in stride(from: 0, to: shown, by: bytesPerLine) {
            lines.append(line(Array(bytes[start..<min(start + bytesPerLine, shown)]), offset: start))
        }
        if shown < bytes.count { lines.append("… " + Plural.count(bytes.count - shown, "more byte")) }
        return lines.joined(separator: "\n")
    }

    /// One line: the offset, up to 16 bytes in hex (a space between the two halves), their ASCII.
    static func line(_ chunk: [UInt8], offset: Int) -> String {
        let digits = String(offset, radix: 16)
        var text = String(repeating: "0", count: max(0, 8 - digits.count)) + digits + "  "
        for i in 0..<bytesPerLine {
            text += i < chunk.count ? ByteText.hex([chunk[i]]) + " " : "   "
            if i == bytesPerLine / 2 - 1 { text += " " }
        }
        return text + " " + String(chunk.map { (0x20..<0x7f).contains($0) ? Character(Unicode.Scalar($0)) : "." })
    }
}
