-- sqlite3's .import as a script uses it: a CSV file with quotes made by the script itself, a new
-- table from its header (the CREATE TABLE written as sqlite3 writes it), an existing table with
-- --skip, a tab-separated file in tabs mode, and csv mode's rows ending in a line feed once it
-- has imported (sqlite3's own quirk); .output to a file and back; backslash escapes in .print,
-- .separator and .nullvalue.
.headers off
.mode list
.once in.csv
SELECT 'id,name,score' || char(10) || '1,"Smith, J",3.5' || char(10) || '2,"O""Brien",' || char(10) || '3,plain,7';
.once in.tsv
SELECT 'a' || char(9) || 'b' || char(10) || '1' || char(9) || 'x y';
.import --csv in.csv people
SELECT * FROM people;
SELECT typeof(id), typeof(score) FROM people;
CREATE TABLE t2(id INTEGER, name TEXT, score REAL);
.import --csv --skip 1 in.csv t2
SELECT *, typeof(score) FROM t2;
.mode tabs
.import in.tsv tabbed
.mode list
SELECT * FROM tabbed;
.headers on
.mode line
SELECT * FROM people LIMIT 1;
.mode csv
SELECT 'before', 1;
.import in.csv people
SELECT count(*) FROM people;
.output out.txt
SELECT 1;
.output
SELECT 2;
.schema people
.print "a\tb" 'c\td' e\tf \101\102
.separator "\t"
.mode list
SELECT 1, 2;
.nullvalue "(\x)"
SELECT NULL;
