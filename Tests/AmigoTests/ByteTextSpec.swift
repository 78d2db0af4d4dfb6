import Foundation
import Testing
@testable import Amigo

/// Bytes as text by table lookup: hex as `%02x` writes each byte, base64 as Foundation (and
/// RFC 4648) writes it, for no bytes, every byte value and every padding case.
@Suite struct ByteTextSpec {
    /// Every byte value once, in order.
    let everyByte = (0...255).map(UInt8.init)

    @Test func hexOfNoBytesIsEmptyAndAppendsNothing() {
        #expect(ByteText.hex([]) == "")
        var buffer = Array("x".utf8)
        ByteText.appendHex([], to: &buffer)
        #expect(buffer == Array("x".utf8))
    }

    @Test func hexWritesEveryByteValueAsTwoLowercaseDigits() {
        let expected = everyByte.map { String(format: "%02x", $0) }.joined()
        #expect(ByteText.hex(everyByte) == expected)
        var buffer = Array("x'".utf8)
        ByteText.appendHex(everyByte, to: &buffer)
        #expect(String(decoding: buffer, as: UTF8.self) == "x'" + expected)
        #expect(ByteText.hex([0x0a, 0xff]) == "0aff")
    }

    @Test func base64OfNoBytesIsEmptyAndAppendsNothing() {
        #expect(ByteText.base64([]) == "")
        var buffer = Array("x".utf8)
        ByteText.appendBase64([], to: &buffer)
        #expect(buffer == Array("x".utf8))
    }

    @Test func base64MatchesRFC4648AndFoundationForEveryPaddingAndByte() {
        // RFC 4648 section 10's test vectors.
        let vectors = ["": "", "f": "Zg==", "fo": "Zm8=", "foo": "Zm9v", "foob": "Zm9vYg==", "fooba": "Zm9vYmE=", "foobar": "Zm9vYmFy"]
        for (text, encoded) in vectors { #expect(ByteText.base64(Array(text.utf8)) == encoded, "\(text)") }
        for length in 0...9 {
            let bytes = Array(everyByte.reversed().prefix(length))
            #expect(ByteText.base64(bytes) == Data(bytes).base64EncodedString(), "\(length) bytes")
        }
        #expect(ByteText.base64(everyByte) == Data(everyByte).base64EncodedString())
        var buffer = Array("=>".utf8)
        ByteText.appendBase64(everyByte, to: &buffer)
        #expect(String(decoding: buffer, as: UTF8.self) == "=>" + Data(everyByte).base64EncodedString())
        #expect(ByteText.base64Length(of: 256) == Data(everyByte).base64EncodedString().utf8.count)
    }
}
