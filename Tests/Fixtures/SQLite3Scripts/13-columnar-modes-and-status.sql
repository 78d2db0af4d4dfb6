-- sqlite3's columnar modes as sqlite3 writes them: values cut at 60 columns (or .width) and at
-- line breaks, tabs as spaces, rules between rows that take several lines; .mode table, qbox and
-- tabs; .changes on; .indexes in columns; .dump naming plain tables bare.
CREATE TABLE note(id INTEGER PRIMARY KEY, body TEXT, score REAL);
CREATE TABLE "odd name"(k TEXT UNIQUE, "the value" INTEGER);
CREATE INDEX note_score ON note(score);
.changes on
INSERT INTO note(body, score) VALUES ('short', 1.5), ('a line' || char(10) || 'and another', NULL),
  (printf('%.*c', 75, 'w'), 2.25), ('tab' || char(9) || 'bed', 3);
INSERT INTO "odd name" VALUES ('x', 1), ('y''s', NULL);
UPDATE note SET score = score + 1 WHERE score IS NOT NULL;
SELECT count(*) FROM note;
.changes off
.headers on
.mode column
SELECT * FROM note;
.mode box
SELECT * FROM note;
.mode table
SELECT * FROM note ORDER BY id DESC;
.mode markdown
SELECT * FROM note;
.mode qbox
SELECT * FROM "odd name";
SELECT 0.1 + 0.2 AS r, x'00ff' AS b, NULL AS n;
.mode tabs
SELECT 'a' || char(9) || 'b' AS t, 2 AS n;
.mode column
.width 4 -8 3
SELECT id, score, body FROM note;
.width
.headers off
SELECT 1 AS a_long_header_name, 'v';
.mode table
SELECT 1 AS x;
.indexes
.indexes note
.dump note
.dump "odd name"
.mode json
SELECT * FROM note;
SELECT * FROM note WHERE 0;
SELECT 1e999 AS big, 'quote " and \ backslash' AS t;
