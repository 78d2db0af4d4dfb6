import Amigo

/// What the CSV and TSV writers need to write a ``RowCell`` straight into their byte buffer:
/// integers as decimal digits without a string, and a check that text read in place is valid
/// UTF-8 (text that is not is written as a value read from it would be: its bad bytes
/// replaced by U+FFFD, as `String(decoding:as:)` does).
enum CellBytes {
    /// Appends `number` in decimal (`-42`), as `String(number)` writes it.
    static func appendInteger(_ number: Int64, to output: inout [UInt8]) {
        if number >= 0 && number < 10 {
            output.append(0x30 &+ UInt8(truncatingIfNeeded: number))
            return
        }
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 20) { digits in
            var magnitude = number.magnitude
            var start = 20
            while magnitude > 0 {
                start -= 1
                digits[start] = 0x30 &+ UInt8(truncatingIfNeeded: magnitude % 10)
                magnitude /= 10
            }
            if number < 0 { output.append(UInt8(ascii: "-")) }
            output.append(contentsOf: UnsafeBufferPointer(rebasing: digits[start..<20]))
        }
    }

    /// Whether `bytes` (which hold a byte of 0x80 or more) are well-formed UTF-8: no stray
    /// continuation bytes, no overlong forms, no surrogates, nothing past U+10FFFF.
    static func isValidUTF8(_ bytes: UnsafeRawBufferPointer) -> Bool {
        var index = 0
        let count = bytes.count
        while index < count {
            let lead = bytes[index]
            if lead < 0x80 { index += 1; continue }
            let length: Int
            var low: UInt8 = 0x80, high: UInt8 = 0xBF
            switch lead {
            case 0xC2...0xDF: length = 2
            case 0xE0: length = 3; low = 0xA0
            case 0xE1...0xEC, 0xEE...0xEF: length = 3
            case 0xED: length = 3; high = 0x9F
            case 0xF0: length = 4; low = 0x90
            case 0xF1...0xF3: length = 4
            case 0xF4: length = 4; high = 0x8F
            default: return false
            }
            guard index + length <= count else { return false }
            let second = bytes[index + 1]
            guard second >= low && second <= high else { return false }
            var next = index + 2
            while next < index + length {
                guard bytes[next] & 0xC0 == 0x80 else { return false }
                next += 1
            }
            index += length
        }
        return true
    }

    /// Calls `body` with `bytes` when they are valid UTF-8, else with the UTF-8 of their text
    /// repaired (U+FFFD for each bad sequence). `hasHighBytes`: whether any byte is 0x80 or more.
    @inline(__always)
    static func withValidText(_ bytes: UnsafeRawBufferPointer, hasHighBytes: Bool, _ body: (UnsafeRawBufferPointer) -> Void) {
        guard hasHighBytes && !isValidUTF8(bytes) else { body(bytes); return }
        var repaired = String(decoding: bytes, as: UTF8.self)
        repaired.withUTF8 { body(UnsafeRawBufferPointer($0)) }
    }
}
