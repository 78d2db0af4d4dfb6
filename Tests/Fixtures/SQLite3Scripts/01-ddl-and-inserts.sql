-- A table made and filled the way people write it for sqlite3.
CREATE TABLE artist (id INTEGER PRIMARY KEY, name TEXT NOT NULL);
CREATE TABLE album (
    id INTEGER PRIMARY KEY,
    title TEXT,
    artist_id INTEGER REFERENCES artist(id)
);
INSERT INTO artist (name) VALUES ('Miles'), ('Nina');
INSERT INTO album (title, artist_id) VALUES ('Kind of Blue', 1);
insert into album (title, artist_id) values ('Pastel Blues', 2);
.mode csv
.headers on
SELECT a.title, r.name FROM album a JOIN artist r ON r.id = a.artist_id ORDER BY a.id;
