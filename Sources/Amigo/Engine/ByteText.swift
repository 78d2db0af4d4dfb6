/// Bytes written as text — lowercase hex (`0aff`) and base64 (RFC 4648's standard alphabet, with
/// `=` padding, no line breaks) — by table lookup, straight into the caller's buffer: no string
/// per byte, one allocation at most per call.
package enum ByteText {
    /// The sixteen hex digits, lowercase, as UTF-8.
    static let hexDigits: [UInt8] = Array("0123456789abcdef".utf8)
    /// Base64's 64 characters, in the order of the values they stand for, as UTF-8.
    static let base64Alphabet: [UInt8] = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/".utf8)

    /// Appends `bytes` to `output` as lowercase hex, two digits a byte.
    package static func appendHex(_ bytes: [UInt8], to output: inout [UInt8]) {
        bytes.withUnsafeBytes { appendHex($0, to: &output) }
    }

    /// Appends `bytes` (read in place: a row's BLOB) to `output` as lowercase hex, two digits a byte.
    package static func appendHex(_ bytes: UnsafeRawBufferPointer, to output: inout [UInt8]) {
        guard !bytes.isEmpty else { return }
        let start = output.count
        output.append(contentsOf: repeatElement(0, count: bytes.count * 2))
        output.withUnsafeMutableBufferPointer { out in
            writeHex(bytes, into: UnsafeMutableBufferPointer(rebasing: out[start...]))
        }
    }

    /// `bytes` as lowercase hex, two digits a byte (`[0x0a, 0xff]` is `0aff`).
    public static func hex(_ bytes: [UInt8]) -> String {
        String(unsafeUninitializedCapacity: bytes.count * 2) { out in
            bytes.withUnsafeBytes { writeHex($0, into: out) }
            return bytes.count * 2
        }
    }

    /// Writes the hex of `bytes` to the first `2 × bytes.count` places of `out`.
    private static func writeHex(_ bytes: UnsafeRawBufferPointer, into out: UnsafeMutableBufferPointer<UInt8>) {
        hexDigits.withUnsafeBufferPointer { digits in
            var index = 0
            for byte in bytes {
                out[index] = digits[Int(byte >> 4)]
                out[index + 1] = digits[Int(byte & 0x0F)]
                index += 2
            }
        }
    }

    /// How many characters the base64 of `count` bytes has (padding included).
    public static func base64Length(of count: Int) -> Int { (count + 2) / 3 * 4 }

    /// Appends `bytes` to `output` in base64, padded with `=` to a multiple of four characters.
    package static func appendBase64(_ bytes: [UInt8], to output: inout [UInt8]) {
        guard !bytes.isEmpty else { return }
        let start = output.count
        output.append(contentsOf: repeatElement(UInt8(ascii: "="), count: base64Length(of: bytes.count)))
        output.withUnsafeMutableBufferPointer { out in
            writeBase64(bytes, into: UnsafeMutableBufferPointer(rebasing: out[start...]))
        }
    }

    /// `bytes` in base64, padded with `=` (`[0x41]` is `QQ==`), as Foundation's
    /// `Data.base64EncodedString()` writes it.
    package static func base64(_ bytes: [UInt8]) -> String {
        let length = base64Length(of: bytes.count)
        return String(unsafeUninitializedCapacity: length) { out in
            out.initialize(repeating: UInt8(ascii: "="))
            writeBase64(bytes, into: out)
            return length
        }
    }

    /// Writes the base64 of `bytes` over `out` (already `=` throughout, for the padding).
    private static func writeBase64(_ bytes: [UInt8], into out: UnsafeMutableBufferPointer<UInt8>) {
        base64Alphabet.withUnsafeBufferPointer { alphabet in
            bytes.withUnsafeBufferPointer { input in
                var i = 0
                var o = 0
                while i + 3 <= input.count {
                    let group = UInt32(input[i]) << 16 | UInt32(input[i + 1]) << 8 | UInt32(input[i + 2])
                    out[o] = alphabet[Int(group >> 18)]
                    out[o + 1] = alphabet[Int(group >> 12 & 63)]
                    out[o + 2] = alphabet[Int(group >> 6 & 63)]
                    out[o + 3] = alphabet[Int(group & 63)]
                    i += 3
                    o += 4
                }
                let rest = input.count - i
                guard rest > 0 else { return }
                let group = UInt32(input[i]) << 16 | (rest == 2 ? UInt32(input[i + 1]) << 8 : 0)
                out[o] = alphabet[Int(group >> 18)]
                out[o + 1] = alphabet[Int(group >> 12 & 63)]
                if rest == 2 { out[o + 2] = alphabet[Int(group >> 6 & 63)] }
            }
        }
    }
}
