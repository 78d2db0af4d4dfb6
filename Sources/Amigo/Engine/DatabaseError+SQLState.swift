extension DatabaseError.Kind {
    /// The kind of an error a server reported with a SQLSTATE: the SQL standard's classes
    /// (`23` integrity constraints, `08` connection exceptions, `40` transaction rollbacks) and
    /// PostgreSQL's own codes (`57P01` …). `message` tells a connection the server ended from one
    /// that broke, when the client library reports both as `08006`.
    public init(sqlState: String, message: String) {
        switch sqlState {
        case "23503": self = .constraint(.foreignKey)
        case "23505": self = .constraint(.unique)
        case "23502": self = .constraint(.notNull)
        case "23514": self = .constraint(.check)
        case let s where s.hasPrefix("23"): self = .constraint(.other)
        case "57014": self = .interrupted
        case "55P03": self = .busy
        case "40001", "40P01": self = .serialization
        case "25006": self = .readOnly(.transaction)
        // Administrator's command, crash, starting up or shutting down, idle timeouts: the server
        // ended the connection and said why.
        case "57P01", "57P02", "57P03", "57P05", "25P03": self = .connectionLost(.endedByServer)
        case let s where s.hasPrefix("08"):
            let ended = ["terminating connection due to", "no connection to the server"].contains { message.contains($0) }
            self = .connectionLost(ended ? .endedByServer : .broken)
        case "XX001", "XX002": self = .corrupt
        case "53100": self = .full
        case "42883": self = .undefinedFunction
        case "22P02" where message.contains("type json"): self = .invalidJSON
        default: self = .other
        }
    }
}
