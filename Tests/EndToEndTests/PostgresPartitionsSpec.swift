import Foundation
import Testing

/// Partitioned tables as pagila has them (issue 25, point 9): each partition listed under its
/// parent and openable by name, the bounds in `schema`, and the parent browsed as one table.
@Suite("PostgreSQL partitions (text mode)", .enabled(if: PostgresDatabase.serverURL != nil, PostgresDatabase.skipReason))
struct PostgresPartitionsSpec {
    /// Customers and their payments, partitioned by month (two months and a default partition).
    static let schema = """
        CREATE TABLE customer (customer_id integer PRIMARY KEY, name text NOT NULL);
        CREATE TABLE payment (payment_id integer NOT NULL, customer_id integer NOT NULL REFERENCES customer,
            amount numeric(5,2) NOT NULL, payment_date timestamptz NOT NULL, PRIMARY KEY (payment_date, payment_id))
            PARTITION BY RANGE (payment_date);
        CREATE TABLE payment_p2022_01 PARTITION OF payment FOR VALUES FROM ('2022-01-01 00:00:00+00') TO ('2022-02-01 00:00:00+00');
        CREATE TABLE payment_p2022_02 PARTITION OF payment FOR VALUES FROM ('2022-02-01 00:00:00+00') TO ('2022-03-01 00:00:00+00');
        CREATE TABLE payment_other PARTITION OF payment DEFAULT;
        INSERT INTO customer VALUES (1, 'Mary'), (2, 'Patricia');
        INSERT INTO payment VALUES (1, 1, 2.99, '2022-01-15 10:00+00'), (2, 1, 0.99, '2022-02-03 10:00+00'),
            (3, 2, 5.99, '2022-02-20 10:00+00'), (4, 2, 1.99, '2023-06-01 10:00+00');
        """


    @Test("tables lists each partition under its parent, marked as a partition of it")
    func partitionsAreListedUnderTheirParent() throws {
        let db = try PostgresDatabase(Self.schema)
        let result = try PostgresDatabase.shell(db.url, ["tables"])
        #expect(result.stderr == "")
        #expect(result.stdout == """
            name              kind                  rows
            ----------------  --------------------  ----
            customer          table                 2
            payment           table                 4
            payment_other     partition of payment  1
            payment_p2022_01  partition of payment  1
            payment_p2022_02  partition of payment  2

            """)
    }

    @Test("a partition opens by name with its own rows; the parent browses every partition's rows as one table and keeps its relationships")
    func partitionsOpenAndTheParentBrowsesAsOneTable() throws {
        let db = try PostgresDatabase(Self.schema)
        let result = try PostgresDatabase.shell(db.url, ["open payment_p2022_02", "count", "open payment", "count",
                                             "open customer", "get 1", "relations"])
        #expect(result.stderr == "")
        let lines = result.stdout.split(separator: "\n")
        #expect(lines.contains("2") && lines.contains("4"))
        // The customer's payments go through the parent only: no relationship per partition.
        #expect(result.stdout.contains("payments "))
        #expect(!result.stdout.contains("payment_p2022"))
    }

    @Test("schema shows the partitions' bounds: every one under the parent, its own under a partition")
    func schemaShowsTheBounds() throws {
        let db = try PostgresDatabase(Self.schema)
        let parent = try PostgresDatabase.shell(db.url, ["schema payment"])
        #expect(parent.stderr == "")
        #expect(parent.stdout.contains(") PARTITION BY RANGE (payment_date);"))
        #expect(parent.stdout.contains("""
            ALTER TABLE ONLY "payment" ATTACH PARTITION "payment_other" DEFAULT;
            ALTER TABLE ONLY "payment" ATTACH PARTITION "payment_p2022_01" FOR VALUES FROM ('2022-01-01 00:00:00+00') TO ('2022-02-01 00:00:00+00');
            ALTER TABLE ONLY "payment" ATTACH PARTITION "payment_p2022_02" FOR VALUES FROM ('2022-02-01 00:00:00+00') TO ('2022-03-01 00:00:00+00');
            """))
        let partition = try PostgresDatabase.shell(db.url, ["schema payment_p2022_02"])
        #expect(partition.stderr == "")
        #expect(partition.stdout.contains("CREATE TABLE \"payment_p2022_02\" ("))
        #expect(partition.stdout.contains("""
            ALTER TABLE ONLY "payment" ATTACH PARTITION "payment_p2022_02" FOR VALUES FROM ('2022-02-01 00:00:00+00') TO ('2022-03-01 00:00:00+00');
            """))
        #expect(!partition.stdout.contains("payment_p2022_01"))
    }
}
