CREATE TABLE item (id INTEGER PRIMARY KEY, price REAL, updated INTEGER DEFAULT 0);
CREATE TRIGGER item_touch AFTER UPDATE OF price ON item
BEGIN
    UPDATE item SET updated = updated + 1 WHERE id = new.id;
END;
INSERT INTO item (price) VALUES (1.5), (2.25), (NULL);
UPDATE item SET price = price * 2 WHERE price IS NOT NULL;
.mode csv
SELECT id, price, updated FROM item ORDER BY id;
VALUES (1, 'a'), (2, 'b');
