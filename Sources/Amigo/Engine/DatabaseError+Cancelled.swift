import CSQLite

extension DatabaseError {
    /// An error of kind ``Kind/interrupted`` for work the library stopped itself because its
    /// caller asked (a progress callback that answered no), saying what was stopped.
    static func cancelled(_ message: String, path: String?) -> DatabaseError {
        DatabaseError(code: SQLITE_INTERRUPT, message: message, path: path)
    }
}
