-- Reals as sqlite3 writes them (15 significant digits), sqlite3's insert, html, ascii, tcl and
-- markdown modes, and no header line for a result without rows.
CREATE TABLE m(id INTEGER PRIMARY KEY, name TEXT, price REAL);
INSERT INTO m VALUES (1, 'plain', 1.5), (2, 'it''s <b>&', 0.1), (3, NULL, 2), (4, 'two
lines', 1e15);
SELECT id, price, price * 3, 1.0 / 3 FROM m;
SELECT avg(price), sum(price), 0.1 + 0.2, -0.0, 1e-5 FROM m;
.headers on
SELECT * FROM m WHERE id > 99;
.mode insert
SELECT * FROM m;
.mode insert "my table"
SELECT * FROM m WHERE id < 3;
.headers off
.mode insert m
SELECT * FROM m;
.mode html
SELECT * FROM m;
.headers on
SELECT * FROM m WHERE id < 3;
SELECT * FROM m WHERE id > 99;
.mode tcl
SELECT * FROM m;
.mode ascii
SELECT * FROM m WHERE id < 4;
.mode markdown
SELECT id, name, price FROM m WHERE id < 4;
.mode list
SELECT * FROM m WHERE id > 99;
SELECT 'done';
