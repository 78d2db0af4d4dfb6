/// Wraps a value for a `@Sendable` closure in this single-threaded program.
///
/// `@unchecked Sendable`: carries a value across a `@Sendable` boundary in this single-threaded program.
struct UncheckedSendable<V>: @unchecked Sendable {
    let value: V
    init(_ value: V) { self.value = value }
}
