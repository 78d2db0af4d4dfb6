-- sqlite3's .show in a script: the mode a query is written in (list, no header, until a .mode),
-- the columnar modes with their options, the row separator of csv and ascii, texts in C's escapes.
CREATE TABLE kept(a);
.open shown.sqlite
.show
.headers on
.show
.mode column
.nullvalue ∅
.show
.mode qbox
.show
.mode tabs
.width 5 -3
.show
.mode csv
.show
.mode ascii
.separator ; \t
.show
