/* A block comment
   over lines */
CREATE TABLE note (
    id INTEGER PRIMARY KEY, -- the key
    body TEXT
);
INSERT INTO note (body)
VALUES
    ('one; with a semicolon'),
    ('two -- not a comment');
UPDATE note
   SET body = upper(body)
 WHERE id = 2;
.mode csv
SELECT id, body
  FROM note
 ORDER BY id;
