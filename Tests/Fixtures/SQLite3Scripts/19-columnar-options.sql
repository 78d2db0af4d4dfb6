-- sqlite3's columnar options after the mode: --wrap N (0: never), --wordwrap on (-ww) cutting at a
-- word's end, --quote and --noquote (qbox quotes unless told not to); a mode that does not use
-- them takes them all the same.
.mode column --wrap 10
SELECT 'the quick brown fox jumps over the lazy dog' AS s, 'x' AS t;
.mode column --wrap 10 --wordwrap on
SELECT 'the quick brown fox jumps over the lazy dog' AS s, 'x' AS t;
.mode box -ww --wrap 12
SELECT 'abc-def-ghi-jkl-mno pqr stuvwxyz0123456789' AS s;
.mode table --quote
SELECT 'it''s', NULL, 1.5;
.mode markdown --wrap 0
SELECT printf('%.*c', 80, 'y') AS long;
.mode qbox --noquote
SELECT 'a', NULL;
.mode column
SELECT printf('%.*c', 65, 'z') AS c;
.mode list --wrap 5
SELECT 1;
