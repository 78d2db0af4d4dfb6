-- sqlite3's .separator in csv, tcl and ascii (with a row separator), .nullvalue in csv, quote mode's
-- twenty digits for whole reals, insert mode's whole numbers up to 2^63, and .mode column's header
-- staying on for the modes after it.
.mode quote
select 164.0, 79542917.0, 999999999999999.0, 0.1, 1e999;
.mode insert
select 9.223372036854775e18, -9.223372036854775808e18, 2.0;
.nullvalue N
.mode csv
select NULL,1;
.separator ;
select 'a;b','a,b', NULL;
.mode tcl
.separator ,
select 1,2;
.mode ascii
.separator : ;
select 1,2;
.mode column
select 1 as a;
.mode list
select 2 as b;
