import CSQLite
import Foundation

/// Reals as SQLite itself writes them, by SQLite's own `printf` (`sqlite3_vsnprintf`), so that
/// a text output compares byte for byte with sqlite3's.
package enum SQLiteRealText {
    /// The text SQLite gives a REAL (`sqlite3_column_text`, `%!.15g`): 15 significant digits,
    /// at least one after the decimal point (`0.3`, `2.0`, `1.0e+15`, `Inf`); what sqlite3's
    /// list, csv, column and line modes write.
    package static func text(_ value: Double) -> String {
        var bytes: [UInt8] = []
        append(value, to: &bytes)
        return String(decoding: bytes, as: UTF8.self)
    }

    /// ``text(_:)``'s UTF-8 appended to `output`, without a string of its own.
    ///
    /// Laid out here from the real's shortest exact digits (Swift's `description`, at most 17):
    /// the value lies within half a unit of their last digit, far inside the 15th digit's
    /// rounding, so those digits rounded to 15 are `%!.15g`'s — except where the digits past the
    /// 15th are a 5 alone (a tie the exact value may fall on either side of), which SQLite's
    /// printf rounds, as it does zero and subnormal values.
    package static func append(_ value: Double, to output: inout [UInt8]) {
        // A subnormal value has fewer digits of precision than its shortest text suggests.
        guard value.isNormal, appendFromShortestDigits(value, to: &output) else {
            withFormatted(value, "%!.15g") { output.append(contentsOf: $0) }
            return
        }
    }

    /// Lays out `value` as `%!.15g` from its shortest digits; false (nothing appended) when they
    /// cannot say (a tie at the 16th digit, a text not of digits).
    private static func appendFromShortestDigits(_ value: Double, to output: inout [UInt8]) -> Bool {
        var digits = SIMD32<UInt8>()   // significant digits as 0…9, on the stack
        var count = 0
        var exponent = 0               // the exponent written after `e`, if any
        var exponentSign = 1
        var pointSeen = false, inExponent = false
        var leading = 0                // significant digits before the point
        var zerosAfterPoint = 0        // zeros after the point before the first significant digit
        for byte in value.magnitude.description.utf8 {
            switch byte {
            case UInt8(ascii: "."): pointSeen = true
            case UInt8(ascii: "e"): inExponent = true
            case UInt8(ascii: "-"): exponentSign = -1
            case UInt8(ascii: "+"): break
            case UInt8(ascii: "0")...UInt8(ascii: "9"):
                let digit = byte - UInt8(ascii: "0")
                if inExponent { exponent = exponent * 10 + Int(digit); continue }
                if count == 0 && digit == 0 { if pointSeen { zerosAfterPoint += 1 }; continue }
                guard count < 24 else { return false }
                digits[count] = digit
                count += 1
                if !pointSeen { leading += 1 }
            default: return false
            }
        }
        // The power of ten of the first significant digit.
        var x = (leading > 0 ? leading - 1 : -(zerosAfterPoint + 1)) + exponentSign * exponent
        while count > 0 && digits[count - 1] == 0 { count -= 1 }
        guard count > 0 else { return false }
        if count > 15 {
            // Round to 15 digits: up when the rest is over a half, down under it; a rest of 5
            // alone is a tie the exact value may fall on either side of.
            let first = digits[15]
            if first == 5 && count == 16 { return false }
            count = 15
            if first >= 5 {
                var i = 14
                while i >= 0 && digits[i] == 9 { digits[i] = 0; i -= 1 }
                if i >= 0 { digits[i] += 1 } else { digits[0] = 1; x += 1 }
            }
            while count > 0 && digits[count - 1] == 0 { count -= 1 }
        }
        let zero = UInt8(ascii: "0")
        if value < 0 { output.append(UInt8(ascii: "-")) }
        if x < -4 || x >= 15 {
            output.append(zero + digits[0])
            output.append(UInt8(ascii: "."))
            if count == 1 { output.append(zero) } else { for i in 1..<count { output.append(zero + digits[i]) } }
            output.append(UInt8(ascii: "e"))
            output.append(x < 0 ? UInt8(ascii: "-") : UInt8(ascii: "+"))
            let e = abs(x)
            if e < 10 { output.append(zero) }
            if e >= 100 { output.append(zero + UInt8(e / 100)) }
            if e >= 10 { output.append(zero + UInt8(e / 10 % 10)) }
            output.append(zero + UInt8(e % 10))
        } else if x >= 0 {
            for i in 0...x { output.append(i < count ? zero + digits[i] : zero) }
            output.append(UInt8(ascii: "."))
            if count > x + 1 { for i in (x + 1)..<count { output.append(zero + digits[i]) } } else { output.append(zero) }
        } else {
            output.append(zero)
            output.append(UInt8(ascii: "."))
            for _ in 0..<(-x - 1) { output.append(zero) }
            for i in 0..<count { output.append(zero + digits[i]) }
        }
        return true
    }

    /// A real as sqlite3's insert mode writes it: a whole number within 64-bit integers as
    /// `%lld.0`, any other with 20 significant digits (``twentyDigits(_:)``), infinities `1e999`
    /// and `-1e999`.
    package static func literal(_ value: Double) -> String {
        if value.isInfinite { return value < 0 ? "-1e999" : "1e999" }
        if value.isNaN { return "NULL" }
        if value >= -0x1p63 && value < 0x1p63, value == value.rounded(.towardZero) { return String(Int64(value)) + ".0" }
        return twentyDigits(value)
    }

    /// A real with 20 significant digits, as sqlite3's quote mode writes every real (`%!.20g`:
    /// `0.10000000000000000555`, `163.99999999999999999` for 164.0: SQLite's own digits).
    package static func twentyDigits(_ value: Double) -> String {
        withFormatted(value, "%!.20g") { String(decoding: $0, as: UTF8.self) }
    }

    /// Calls `body` with the UTF-8 bytes `sqlite3_vsnprintf` writes for `value` in `format`.
    private static func withFormatted<T>(_ value: Double, _ format: StaticString, _ body: (UnsafeBufferPointer<UInt8>) -> T) -> T {
        withUnsafeTemporaryAllocation(of: CChar.self, capacity: 48) { buffer in
            let base = buffer.baseAddress!
            withVaList([value]) { arguments in
                format.withUTF8Buffer { formatBytes in
                    formatBytes.withMemoryRebound(to: CChar.self) { _ = sqlite3_vsnprintf(48, base, $0.baseAddress, arguments) }
                }
            }
            return base.withMemoryRebound(to: UInt8.self, capacity: 48) { bytes in
                body(UnsafeBufferPointer(start: bytes, count: strlen(base)))
            }
        }
    }
}
