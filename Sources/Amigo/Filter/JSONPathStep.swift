/// One step of a path into a JSON value in a filter: `json(body).address.city`,
/// `json(tags)[0]`, `json(body).'first name'`.
public enum JSONPathStep: Sendable, Hashable {
    /// An object's member, by key.
    case key(String)
    /// An array's element, from 0.
    case index(Int)

    /// The step as the filter language writes it: `.city`, `[0]`, `.'first name'`.
    public var text: String {
        switch self {
        case .key(let key):
            return key.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "_" }) && !key.isEmpty
                ? "." + key : ".'" + key.replacingOccurrences(of: "'", with: "\\'") + "'"
        case .index(let index): return "[\(index)]"
        }
    }
}
