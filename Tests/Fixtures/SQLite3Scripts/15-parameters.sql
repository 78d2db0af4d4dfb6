-- sqlite3's parameter table: a statement's :NAME, @NAME, $NAME and ?N parameters are bound from
-- it by name, NULL when not set (no error); .parameter set, unset, list and clear.
CREATE TABLE item(id INTEGER PRIMARY KEY, name TEXT, price REAL);
INSERT INTO item(name, price) VALUES (:name, $price);
SELECT :x + 1, @y, $z IS NULL;
.parameter init
.parameter set :name widget
.parameter set $price 2.5
.parameter set :x 5
.parameter set @y 'its'
.parameter set $z x'00ff'
INSERT INTO item(name, price) VALUES (:name, $price);
.parameter list
SELECT :x + 1, @y, hex($z), ?5;
SELECT * FROM item;
.parameter unset :x
SELECT :x IS NULL;
.parameter clear
.parameter list
SELECT @y IS NULL;
