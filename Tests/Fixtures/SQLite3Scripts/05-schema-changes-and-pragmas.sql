PRAGMA foreign_keys = ON;
CREATE TABLE parent (id INTEGER PRIMARY KEY);
CREATE TABLE child (id INTEGER PRIMARY KEY, parent_id INTEGER REFERENCES parent(id) ON DELETE CASCADE);
INSERT INTO parent VALUES (1), (2);
INSERT INTO child VALUES (10, 1), (11, 1), (12, 2);
DELETE FROM parent WHERE id = 1;
ALTER TABLE child ADD COLUMN note TEXT DEFAULT 'n';
CREATE INDEX child_parent ON child(parent_id);
CREATE VIEW child_count AS SELECT parent_id, count(*) AS n FROM child GROUP BY parent_id;
DROP TABLE IF EXISTS missing;
.mode csv
SELECT * FROM child ORDER BY id;
SELECT * FROM child_count;
