-- sqlite3 writes EXPLAIN QUERY PLAN as a tree under QUERY PLAN, in any mode; .schema follows a
-- virtual table with its columns in a comment, as it does a view.
CREATE TABLE artist(id INTEGER PRIMARY KEY, name TEXT);
CREATE TABLE album(id INTEGER PRIMARY KEY, artist_id INTEGER REFERENCES artist(id), title TEXT);
CREATE INDEX album_artist ON album(artist_id);
INSERT INTO artist(name) VALUES ('A'), ('B');
INSERT INTO album(artist_id, title) VALUES (1, 'x'), (2, 'y');
EXPLAIN QUERY PLAN SELECT a.title, (SELECT count(*) FROM album b WHERE b.artist_id = a.artist_id) FROM album a JOIN artist r ON r.id = a.artist_id WHERE r.name IN (SELECT name FROM artist WHERE name LIKE 'A%') ORDER BY 1;
explain query plan SELECT * FROM album UNION SELECT * FROM album ORDER BY 2;
.mode box
EXPLAIN QUERY PLAN SELECT 1;
.mode list
CREATE VIRTUAL TABLE docs USING fts5(title, body);
INSERT INTO docs VALUES ('hello', 'world of text');
SELECT title FROM docs WHERE docs MATCH 'world';
.schema docs
CREATE VIEW titles AS SELECT title AS "the title" FROM album;
.schema titles
.eqp on
SELECT * FROM artist WHERE id = 1;
SELECT 1;
UPDATE album SET title = 'z' WHERE artist_id = 2;
EXPLAIN QUERY PLAN SELECT * FROM album;
.eqp off
SELECT 2;
