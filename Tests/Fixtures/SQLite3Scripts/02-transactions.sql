CREATE TABLE account (id INTEGER PRIMARY KEY, balance INTEGER);
INSERT INTO account VALUES (1, 100), (2, 50);
BEGIN;
UPDATE account SET balance = balance - 30 WHERE id = 1;
UPDATE account SET balance = balance + 30 WHERE id = 2;
COMMIT;
BEGIN TRANSACTION;
DELETE FROM account;
ROLLBACK;
BEGIN;
INSERT INTO account VALUES (3, 7);
END;
.mode csv
SELECT * FROM account ORDER BY id;
