import Foundation

/// A value passed alongside a filter string for a `%@` placeholder: one value, or a list for `IN %@`.
public enum FilterArgument: Sendable, Equatable {
    /// One value.
    case value(DatabaseValue)
    /// Several values (for `IN` and `BETWEEN`).
    case list([DatabaseValue])
}

/// Types that can be passed for a `%@` placeholder: every ``DatabaseValueConvertible``, optionals
/// (nil is NULL) and arrays of them (for `IN %@`).
public protocol FilterArgumentConvertible: Sendable {
    /// The argument.
    var filterArgument: FilterArgument { get }
}

extension FilterArgumentConvertible where Self: DatabaseValueConvertible {
    public var filterArgument: FilterArgument { .value(databaseValue) }
}

extension DatabaseValue: FilterArgumentConvertible {}
extension String: FilterArgumentConvertible {}
extension Int: FilterArgumentConvertible {}
extension Int64: FilterArgumentConvertible {}
extension Int32: FilterArgumentConvertible {}
extension Int16: FilterArgumentConvertible {}
extension Double: FilterArgumentConvertible {}
extension Float: FilterArgumentConvertible {}
extension Bool: FilterArgumentConvertible {}
// Every other column type can be compared too (`date > %@`, `objId = %@` with a UUID).
extension Date: FilterArgumentConvertible {}
extension Data: FilterArgumentConvertible {}
extension Decimal: FilterArgumentConvertible {}
extension UUID: FilterArgumentConvertible {}

extension Optional: FilterArgumentConvertible where Wrapped: FilterArgumentConvertible {
    public var filterArgument: FilterArgument { self?.filterArgument ?? .value(.null) }
}

/// A byte, so that `[UInt8]` can be passed (as one blob); on its own it is an integer.
extension UInt8: FilterArgumentConvertible {
    public var filterArgument: FilterArgument { .value(.integer(Int64(self))) }
}

extension Array: FilterArgumentConvertible where Element: FilterArgumentConvertible {
    /// `[UInt8]` is one blob value; any other array is a list of its elements' values (for `IN %@`
    /// and `BETWEEN %@`), nil elements being NULL.
    ///
    /// The element type is compared statically: a dynamic `self as? [UInt8]` also succeeds for an
    /// *empty* array of any type, which turned `IN %@` with `[Int]()` into a comparison with a blob.
    public var filterArgument: FilterArgument {
        if Element.self == UInt8.self, let bytes = self as? [UInt8] { return .value(.blob(bytes)) }
        return .list(flatMap { element -> [DatabaseValue] in
            switch element.filterArgument {
            case .value(let v): return [v]
            case .list(let vs): return vs
            }
        })
    }
}

