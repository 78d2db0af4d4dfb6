// PostgresEngine: what the connection is to, as psql's \conninfo says it.

import Amigo
import CPostgreSQL

extension PostgresEngine {
    /// psql's `\conninfo`: `You are connected to database "shop" as user "me" via socket in
    /// "/run/postgresql" at port "5432".` (or `on host "db.example.com" at port "5432"`), from
    /// what libpq connected with (never the password).
    public var connectionInfo: String {
        serialized {
            func text(_ value: UnsafeMutablePointer<CChar>?) -> String { value.map { String(cString: $0) } ?? "" }
            let database = text(PQdb(connection)), user = text(PQuser(connection))
            let host = text(PQhost(connection)), port = text(PQport(connection))
            let place = host.hasPrefix("/") ? "via socket in \"\(host)\"" : "on host \"\(host)\""
            return "You are connected to database \"\(database)\" as user \"\(user)\" \(place) at port \"\(port)\"."
        }
    }
}
