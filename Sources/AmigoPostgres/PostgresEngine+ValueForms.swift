// PostgresEngine: the ValueForm of each built-in type, for outputs written as psql writes them.

import Amigo

extension PostgresEngine {
    /// The ``ValueForm`` of a result column of type `type` (a type OID; a domain's columns come
    /// with their base type's): `bool` → boolean, `numeric` and `money` → decimal, `float4` and
    /// `float8` → floating point, `bytea` → `\x` hex, `json` and `jsonb` → JSON; anything else plain.
    public static func valueForm(ofType type: UInt32) -> ValueForm {
        switch type {
        case TypeOID.bool: return .boolean
        case TypeOID.numeric, TypeOID.money: return .decimal
        case TypeOID.float4, TypeOID.float8: return .floatingPoint
        case TypeOID.bytea: return .escapedHex
        case TypeOID.json, TypeOID.jsonb: return .json
        default: return .plain
        }
    }
}

extension PostgresDialect {
    /// The ``ValueForm`` of a reflected column, by its kind and declared type: booleans,
    /// `numeric` and `money` (exact decimals), `real` and `double precision`, `bytea`, and
    /// `json`/`jsonb` (a domain over JSON is read as its base type's text: plain).
    public func valueForm(of column: Column) -> ValueForm {
        switch column.kind {
        case .boolean: return .boolean
        case .numeric: return .decimal
        case .real: return .floatingPoint
        case .blob: return .escapedHex
        case .text:
            let type = column.declaredType.lowercased()
            return type == "json" || type == "jsonb" ? .json : .plain
        default: return .plain
        }
    }
}
