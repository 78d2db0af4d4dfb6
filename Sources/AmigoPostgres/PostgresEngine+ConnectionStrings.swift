// PostgresEngine: connection strings — finding secrets, describing and redacting them.

import Amigo
import CPostgreSQL
import Dispatch
import Foundation

extension PostgresEngine {
    // MARK: Connection strings

    /// The password values in a connection string (URL userinfo, `password=` keyword or query parameter).
    static func secrets(in connectionString: String) -> [String] {
        var found: [String] = []
        var options: UnsafeMutablePointer<PQconninfoOption>?
        var message: UnsafeMutablePointer<CChar>?
        options = PQconninfoParse(connectionString, &message)
        if let message { PQfreemem(message) }
        if let options {
            var option = options
            while let keyword = option.pointee.keyword {
                if String(cString: keyword) == "password", let value = option.pointee.val {
                    let password = String(cString: value)
                    if !password.isEmpty { found.append(password) }
                }
                option += 1
            }
            PQconninfoFree(options)
        }
        // Also the raw forms, for strings libpq could not parse (their messages may quote them).
        if let scheme = connectionString.range(of: "://") {
            let rest = connectionString[scheme.upperBound...]
            let authority = rest.prefix { $0 != "/" && $0 != "?" }
            if let at = authority.lastIndex(of: "@") {
                let userinfo = authority[..<at]
                if let colon = userinfo.firstIndex(of: ":") {
                    let password = String(userinfo[userinfo.index(after: colon)...])
                    if !password.isEmpty { found.append(password) }
                }
            }
        }
        for marker in ["password=", "PASSWORD="] {
            var search = connectionString.startIndex
            while let range = connectionString.range(of: marker, range: search..<connectionString.endIndex) {
                let value = connectionString[range.upperBound...].prefix { $0 != " " && $0 != "&" }
                if !value.isEmpty { found.append(String(value)) }
                search = range.upperBound
            }
        }
        // Longest first, so that a password containing another is removed whole.
        return Array(Set(found)).sorted { $0.count > $1.count }
    }

    /// A description of the connection target without its password: `host=… port=… dbname=… user=…`
    /// for what the string names (or `default database` when it names nothing).
    static func describe(_ connectionString: String, secrets: [String]) -> String {
        var message: UnsafeMutablePointer<CChar>?
        guard let options = PQconninfoParse(connectionString, &message) else {
            if let message { PQfreemem(message) }
            return "an unparsable connection string"
        }
        defer { PQconninfoFree(options) }
        var values: [String: String] = [:]
        var option = options
        while let keyword = option.pointee.keyword {
            if let value = option.pointee.val { values[String(cString: keyword)] = String(cString: value) }
            option += 1
        }
        let parts = ["host", "hostaddr", "port", "dbname", "user"].compactMap { key in
            values[key].flatMap { $0.isEmpty ? nil : "\(key)=\($0)" }
        }
        return redacted(parts.isEmpty ? "the default database" : parts.joined(separator: " "), secrets: secrets)
    }

    /// `text` on one line (libpq's messages span several), trimmed, with every secret replaced by `***`.
    ///
    /// libpq's message for a connection the server ended (`FATAL:  terminating connection due to
    /// administrator command` then `server closed the connection unexpectedly` and two lines of
    /// explanation) becomes `terminating connection due to administrator command; server closed
    /// the connection unexpectedly`: the severity words and the explanation are left out.
    static func oneLine(_ text: String, secrets: [String]) -> String {
        var lines = text.split(whereSeparator: \.isNewline).map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
        if let closed = lines.firstIndex(of: "server closed the connection unexpectedly") {
            lines = Array(lines[...closed])
            lines = lines.map { line in
                for severity in ["FATAL:", "ERROR:", "PANIC:"] where line.hasPrefix(severity) {
                    return line.dropFirst(severity.count).trimmingCharacters(in: .whitespaces)
                }
                return line
            }
            return redacted(lines.joined(separator: "; "), secrets: secrets)
        }
        return redacted(lines.joined(separator: " "), secrets: secrets)
    }

    static func redacted(_ text: String, secrets: [String]) -> String {
        secrets.reduce(text) { $0.replacingOccurrences(of: $1, with: "***") }
    }
}
