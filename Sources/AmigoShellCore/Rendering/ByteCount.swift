/// Sizes in bytes as people read them: `812 bytes`, `4.0 KB`, `5.0 MB`, `1.2 GB` (units of 1,024).
package enum ByteCount {
    /// The units after bytes, each 1,024 times the one before.
    static let units = ["KB", "MB", "GB", "TB"]
    /// How many bytes one of ``units``' first unit is.
    static let step = 1024.0

    /// `count` bytes with one decimal in the largest unit it reaches (`5.0 MB`); under a
    /// kilobyte, the exact count (`1 byte`, `812 bytes`).
    public static func text(_ count: Int) -> String {
        guard Double(count) >= step else { return Plural.count(count, "byte") }
        var value = Double(count) / step
        var unit = 0
        while value >= step && unit < units.count - 1 {
            value /= step
            unit += 1
        }
        let tenths = (value * 10).rounded()
        return "\(Int(tenths) / 10).\(Int(tenths) % 10) \(units[unit])"
    }
}
