import Amigo
import GRDB

// MARK: Amigo compiled models

final class Item: AmigoModel {
    var id: Int?
    var name: String = ""
    var value: Int = 0
    var price: Double = 0
    var note: String?
    var flag: Bool = false
}

final class Parent: AmigoModel {
    var id: Int?
    var name: String = ""
}

final class Child: AmigoModel {
    var id: Int?
    var name: String = ""
    var value: Int = 0
    var parent: Parent?
}

final class Owner: AmigoModel {
    var id: Int?
    var name: String = ""
}

final class Tag: AmigoModel {
    var id: Int?
    var name: String = ""
}

enum AmigoSchema {
    /// The item model alone (the insert workloads).
    static func item() -> ORMModel {
        ORMModel(Item.self, Column("id", \Item.id, primaryKey: true), Column("name", \Item.name),
                 Column("value", \Item.value, indexed: true), Column("price", \Item.price), Column("note", \Item.note),
                 Column("flag", \Item.flag))
    }

    /// The DDL `createAll` runs for ``item()``: the raw C API and GRDB create the same table and
    /// index, so that every implementation maintains the same B-trees.
    static let itemDDL = """
        CREATE TABLE item (id INTEGER PRIMARY KEY NOT NULL, name TEXT NOT NULL, value INTEGER NOT NULL, price REAL NOT NULL, note TEXT NULL, flag INTEGER NOT NULL);
        CREATE INDEX item_value_idx ON item (value);
        """

    static func models() -> [ORMModel] {
        let item = item()
        let parent = ORMModel(Parent.self, Column("id", \Parent.id, primaryKey: true), Column("name", \Parent.name),
                              OneToMany("children", using: Child.self, on: "parent"))
        let child = ORMModel(Child.self, Column("id", \Child.id, primaryKey: true), Column("name", \Child.name),
                             Column("value", \Child.value), Column("parent", ForeignKey(parent), \Child.parent))
        let owner = ORMModel(Owner.self, Column("id", \Owner.id, primaryKey: true), Column("name", \Owner.name),
                             ManyToMany("tags", using: Tag.self))
        let tag = ORMModel(Tag.self, Column("id", \Tag.id, primaryKey: true), Column("name", \Tag.name),
                           ManyToMany("owners", using: Owner.self))
        return [item, parent, child, owner, tag]
    }
}

// MARK: GRDB records, used idiomatically (Codable, associations)

struct GItem: Codable, FetchableRecord, MutablePersistableRecord {
    static let databaseTableName = "item"
    var id: Int64?
    var name: String
    var value: Int
    var price: Double
    var note: String?
    var flag: Bool
    mutating func didInsert(_ inserted: InsertionSuccess) { id = inserted.rowID }
}

struct GParent: Codable, FetchableRecord, PersistableRecord {
    static let databaseTableName = "parent"
    static let children = hasMany(GChild.self, using: ForeignKey(["parent_id"]))
    var id: Int64
    var name: String
}

struct GChild: Codable, FetchableRecord, PersistableRecord {
    static let databaseTableName = "child"
    static let parent = belongsTo(GParent.self, using: ForeignKey(["parent_id"]))
    var id: Int64
    var name: String
    var value: Int
    var parent_id: Int64?
}

struct GChildInfo: Decodable, FetchableRecord {
    var child: GChild
    var parent: GParent
}

struct GOwner: Codable, FetchableRecord, PersistableRecord {
    static let databaseTableName = "owner"
    static let links = hasMany(GOwnerTag.self, using: ForeignKey(["owner_id"]))
    static let tags = hasMany(GTag.self, through: links, using: GOwnerTag.tag)
    var id: Int64
    var name: String
}

struct GOwnerTag: Codable, FetchableRecord, PersistableRecord {
    static let databaseTableName = "owner_tag"
    static let tag = belongsTo(GTag.self, using: ForeignKey(["tag_id"]))
    var id: Int64
    var owner_id: Int64
    var tag_id: Int64
}

struct GTag: Codable, FetchableRecord, PersistableRecord {
    static let databaseTableName = "tag"
    var id: Int64
    var name: String
}
