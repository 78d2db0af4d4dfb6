import Amigo

/// More than one file: the parts that attach and detach them.
extension Explorer {
    /// Attaches and detaches SQLite files (``FileAttacher``).
    var fileAttacher: FileAttacher { FileAttacher(database: database, pending: pending, refresher: refresher) }

    /// Attaches the SQLite file at `path` as `name` (its file name's stem when nil), read-only
    /// unless `writable`, as `attach FILE [AS NAME] [rw]` does; returns what to say.
    package func attachFile(_ path: String, as name: String? = nil, writable: Bool = false) throws -> String {
        try fileAttacher.attach(path, as: name, writable: writable)
    }

    /// The files attached now, with their paths and whether each is read-only.
    package var attachments: [AttachedFile] { database.attached }
}
