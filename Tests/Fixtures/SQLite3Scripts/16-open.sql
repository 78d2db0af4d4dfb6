-- sqlite3's .open in the middle of a script: another file (--new: emptied first), then an empty
-- database in memory with no file; each statement runs on the database open at its line.
CREATE TABLE a(x);
INSERT INTO a VALUES (1);
.open --new other.sqlite
CREATE TABLE b(y);
INSERT INTO b VALUES (2), (3);
.tables
SELECT count(*) FROM b;
.open
.tables
SELECT 42;
.open --new other.sqlite
.tables
SELECT count(*) FROM sqlite_schema;
