-- sqlite3's output dot-commands: .print, .echo, .mode line (names in five columns at least), .mode quote,
-- and .bail, which ends the script at the first failing statement with status 1.
CREATE TABLE t(id INTEGER PRIMARY KEY, name TEXT, v REAL);
INSERT INTO t(name, v) VALUES ('a', 1.5), ('b', NULL), ('a longer name', -2);
.mode line
SELECT * FROM t WHERE id < 3;
SELECT name AS n FROM t WHERE id = 3;
.print
.print  rows   "with spaces" 'and quotes'
.mode quote
SELECT id, name, v, x'00ff', 0.1 FROM t ORDER BY id;
.headers on
SELECT 'it''s' AS "a b";
.headers off
.mode csv
.echo on
SELECT name FROM t ORDER BY id;
UPDATE t SET v = 0 WHERE v IS NULL;
.echo off
SELECT count(*) FROM t WHERE v = 0;
.bail on
INSERT INTO t(id, name) VALUES (1, 'duplicate');
INSERT INTO t(name) VALUES ('never');
