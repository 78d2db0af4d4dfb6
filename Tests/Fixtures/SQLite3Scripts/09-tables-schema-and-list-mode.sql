-- sqlite3's .tables (names in columns), .schema (the statements as stored, each with ;),
-- .indexes, and .mode list putting back the | separator.
CREATE TABLE "my parent"(id INTEGER PRIMARY KEY AUTOINCREMENT, "the name" TEXT NOT NULL);
CREATE TABLE child(id INTEGER PRIMARY KEY, pid INTEGER REFERENCES "my parent"(id), note TEXT);
CREATE INDEX child_pid ON child(pid);
CREATE VIEW named AS SELECT c.id, p."the name" FROM child c JOIN "my parent" p ON p.id = c.pid;
CREATE TRIGGER child_note AFTER INSERT ON child WHEN new.note IS NULL
BEGIN
  UPDATE child SET note = 'none' WHERE id = new.id;
END;
INSERT INTO "my parent"("the name") VALUES ('one'), ('two');
INSERT INTO child(pid, note) VALUES (1, 'a'), (2, NULL);
.tables
.tables c%
.schema
.schema child
.indexes
.separator ";"
SELECT * FROM child;
.mode list
SELECT * FROM child;
.headers on
SELECT * FROM named;
ATTACH DATABASE ':memory:' AS x;
CREATE TABLE x.q(a);
CREATE TABLE x."my t"(c);
CREATE INDEX x.qi ON q(a);
CREATE VIEW x.v AS SELECT * FROM q;
.schema
.schema q
.tables
