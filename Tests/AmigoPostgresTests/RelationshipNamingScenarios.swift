import Amigo
import AmigoPostgres
import Foundation
import Testing

/// Names on schemas nobody here wrote, the same on both engines: pagila's staff works in a store
/// and may manage one (a one-to-one whose name is taken is named by its key, never `store2`), and
/// NetBox's VRFs have import and export route targets (two junctions between the same two tables,
/// named after the junctions).
@Suite("Relationship names on SQLite and PostgreSQL")
struct RelationshipNamingScenarios {
    @Test(arguments: TestStore.Kind.available)
    func takenNamesAndParallelJunctionsAreToldApartByMeaning(_ kind: TestStore.Kind) throws {
        let store = try TestStore(kind)
        defer { store.drop() }
        let engine = try store.connect()
        try engine.executeScript("""
            CREATE TABLE staff (staff_id INTEGER PRIMARY KEY, name TEXT, store_id INTEGER);
            CREATE TABLE store (store_id INTEGER PRIMARY KEY, manager_staff_id INTEGER NOT NULL UNIQUE REFERENCES staff (staff_id));
            CREATE TABLE vrf (id INTEGER PRIMARY KEY, name TEXT);
            CREATE TABLE routetarget (id INTEGER PRIMARY KEY, name TEXT);
            CREATE TABLE vrf_import_targets (id INTEGER PRIMARY KEY, vrf_id INTEGER NOT NULL REFERENCES vrf (id),
                routetarget_id INTEGER NOT NULL REFERENCES routetarget (id), UNIQUE (vrf_id, routetarget_id));
            CREATE TABLE vrf_export_targets (id INTEGER PRIMARY KEY, vrf_id INTEGER NOT NULL REFERENCES vrf (id),
                routetarget_id INTEGER NOT NULL REFERENCES routetarget (id), UNIQUE (vrf_id, routetarget_id));
            """)
        // staff → store is declared after both tables exist (SQLite names it in the CREATE).
        switch kind {
        case .postgres:
            try engine.executeScript("ALTER TABLE staff ADD FOREIGN KEY (store_id) REFERENCES store (store_id);")
        case .sqlite:
            try engine.executeScript("""
                DROP TABLE staff;
                CREATE TABLE staff (staff_id INTEGER PRIMARY KEY, name TEXT, store_id INTEGER REFERENCES store (store_id));
                """)
        }
        let amigo = try store.reflect()
        let staff = try amigo.model(named: "staff").relationships.map { "\($0.name) \($0.kindDescription)" }
        #expect(staff.contains("store to-one"))
        #expect(staff.contains("store_by_manager_staff one-to-one"))
        #expect(!staff.contains { $0.hasPrefix("store2") })
        let vrf = try amigo.model(named: "vrf").relationships.filter { $0.kind == .manyToMany }.map(\.name).sorted()
        #expect(vrf == ["export_targets", "import_targets"])
        let targets = try amigo.model(named: "routetarget").relationships.filter { $0.kind == .manyToMany }.map(\.name).sorted()
        // On this side the junctions' names are taken by the one-to-manys to their rows.
        #expect(targets == ["vrfs_via_vrf_export_targets", "vrfs_via_vrf_import_targets"])
    }
}
