import Amigo

/// More than one file: the parts that attach and detach them.
extension Explorer {
    /// Attaches and detaches SQLite files (``FileAttacher``).
    var fileAttacher: FileAttacher { FileAttacher(database: database, pending: pending, refresher: refresher) }

    /// Attaches the SQLite file at `path` as `name` (its file name's stem when nil), as
    /// `attach FILE [AS NAME]` does; returns what to say.
    package func attachFile(_ path: String, as name: String? = nil) throws -> String {
        try fileAttacher.attach(path, as: name)
    }
}
