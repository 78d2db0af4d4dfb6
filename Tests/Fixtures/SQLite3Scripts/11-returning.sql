-- A write's RETURNING rows are printed as a query's are, in the mode of the moment, and the
-- write is kept (autocommit) as sqlite3 keeps it.
CREATE TABLE item(id INTEGER PRIMARY KEY, name TEXT NOT NULL, qty INTEGER DEFAULT 0);
INSERT INTO item(name) VALUES ('nail'), ('screw') RETURNING id, name;
UPDATE item SET qty = qty + 5 WHERE name = 'nail' RETURNING *;
DELETE FROM item WHERE id = 99 RETURNING id;
INSERT INTO item(name, qty) VALUES ('bolt', 3);
.headers on
.mode csv
INSERT INTO item(name, qty) VALUES ('washer', 100) RETURNING id, qty * 2 AS doubled;
BEGIN;
DELETE FROM item WHERE qty = 0 RETURNING name;
ROLLBACK;
.mode list
SELECT * FROM item ORDER BY id;
