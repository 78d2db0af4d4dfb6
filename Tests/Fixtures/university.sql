-- A university-shaped fixture written for Amigo's tests (public domain, like the rest of this
-- folder's SQL). It has the shapes the tests need and that the other sample files lack:
-- composite foreign keys over two and four columns, a self-referencing many-to-many (prereq),
-- text primary keys, a four-column primary key (time_slot), a junction with a payload column
-- (takes.grade), and a table keyed by its foreign key alone (advisor: one-to-one).
-- The rows are generated deterministically by recursive queries, so every run builds the same file.
PRAGMA foreign_keys = ON;
BEGIN;

CREATE TABLE classroom (
    building     VARCHAR(15),
    room_number  VARCHAR(7),
    capacity     NUMERIC(4,0),
    PRIMARY KEY (building, room_number)
);
CREATE TABLE department (
    dept_name  VARCHAR(20) PRIMARY KEY,
    building   VARCHAR(15),
    budget     NUMERIC(12,2) CHECK (budget > 0)
);
CREATE TABLE course (
    course_id  VARCHAR(8) PRIMARY KEY,
    title      VARCHAR(50),
    dept_name  VARCHAR(20) REFERENCES department (dept_name) ON DELETE SET NULL,
    credits    NUMERIC(2,0) CHECK (credits > 0)
);
CREATE TABLE instructor (
    ID         VARCHAR(5) PRIMARY KEY,
    name       VARCHAR(20) NOT NULL,
    dept_name  VARCHAR(20) REFERENCES department (dept_name) ON DELETE SET NULL,
    salary     NUMERIC(8,2) CHECK (salary > 29000)
);
CREATE TABLE section (
    course_id     VARCHAR(8) REFERENCES course (course_id) ON DELETE CASCADE,
    sec_id        VARCHAR(8),
    semester      VARCHAR(6) CHECK (semester IN ('Fall', 'Winter', 'Spring', 'Summer')),
    year          NUMERIC(4,0) CHECK (year > 1701 AND year < 2100),
    building      VARCHAR(15),
    room_number   VARCHAR(7),
    time_slot_id  VARCHAR(4),
    PRIMARY KEY (course_id, sec_id, semester, year),
    FOREIGN KEY (building, room_number) REFERENCES classroom (building, room_number) ON DELETE SET NULL
);
CREATE TABLE teaches (
    ID         VARCHAR(5),
    course_id  VARCHAR(8),
    sec_id     VARCHAR(8),
    semester   VARCHAR(6),
    year       NUMERIC(4,0),
    PRIMARY KEY (ID, course_id, sec_id, semester, year),
    FOREIGN KEY (course_id, sec_id, semester, year)
        REFERENCES section (course_id, sec_id, semester, year) ON DELETE CASCADE,
    FOREIGN KEY (ID) REFERENCES instructor (ID) ON DELETE CASCADE
);
CREATE TABLE student (
    ID         VARCHAR(5) PRIMARY KEY,
    name       VARCHAR(20) NOT NULL,
    dept_name  VARCHAR(20) REFERENCES department (dept_name) ON DELETE SET NULL,
    tot_cred   NUMERIC(3,0) CHECK (tot_cred >= 0)
);
CREATE TABLE takes (
    ID         VARCHAR(5),
    course_id  VARCHAR(8),
    sec_id     VARCHAR(8),
    semester   VARCHAR(6),
    year       NUMERIC(4,0),
    grade      VARCHAR(2),
    PRIMARY KEY (ID, course_id, sec_id, semester, year),
    FOREIGN KEY (course_id, sec_id, semester, year)
        REFERENCES section (course_id, sec_id, semester, year) ON DELETE CASCADE,
    FOREIGN KEY (ID) REFERENCES student (ID) ON DELETE CASCADE
);
CREATE TABLE advisor (
    s_ID  VARCHAR(5) PRIMARY KEY,
    i_ID  VARCHAR(5),
    FOREIGN KEY (i_ID) REFERENCES instructor (ID) ON DELETE SET NULL,
    FOREIGN KEY (s_ID) REFERENCES student (ID) ON DELETE CASCADE
);
CREATE TABLE time_slot (
    time_slot_id  VARCHAR(4),
    day           VARCHAR(1),
    start_hr      NUMERIC(2) CHECK (start_hr >= 0 AND start_hr < 24),
    start_min     NUMERIC(2) CHECK (start_min >= 0 AND start_min < 60),
    end_hr        NUMERIC(2) CHECK (end_hr >= 0 AND end_hr < 24),
    end_min       NUMERIC(2) CHECK (end_min >= 0 AND end_min < 60),
    PRIMARY KEY (time_slot_id, day, start_hr, start_min)
);
CREATE TABLE prereq (
    course_id  VARCHAR(8) REFERENCES course (course_id) ON DELETE CASCADE,
    prereq_id  VARCHAR(8) REFERENCES course (course_id),
    PRIMARY KEY (course_id, prereq_id)
);

-- Five buildings with four rooms each.
WITH RECURSIVE b(i, name) AS (VALUES (0, 'Taylor'), (1, 'Packard'), (2, 'Watson'), (3, 'Painter'), (4, 'Lamberton')),
     r(n) AS (SELECT 1 UNION ALL SELECT n + 1 FROM r WHERE n < 4)
INSERT INTO classroom SELECT name, CAST(100 * n + i AS TEXT), 20 + ((i * 7 + n * 13) % 9) * 10 FROM b, r;

INSERT INTO department VALUES
    ('Biology', 'Watson', 90000), ('Comp. Sci.', 'Taylor', 100000), ('Elec. Eng.', 'Taylor', 85000),
    ('Finance', 'Painter', 120000), ('History', 'Painter', 50000), ('Music', 'Packard', 80000),
    ('Physics', 'Watson', 70000), ('Languages', 'Lamberton', 60000);

-- 48 courses, six per department.
WITH RECURSIVE c(n) AS (SELECT 0 UNION ALL SELECT n + 1 FROM c WHERE n < 47),
     d(i, dept) AS (SELECT ROW_NUMBER() OVER (ORDER BY dept_name) - 1, dept_name FROM department)
INSERT INTO course
SELECT CAST(101 + n * 7 AS TEXT), 'Topics in ' || dept || ' ' || (n / 8 + 1), dept, 3 + (n % 2)
FROM c JOIN d ON d.i = n % 8;

-- Prerequisites: each course after the first eight requires one or two earlier courses.
WITH RECURSIVE c(n) AS (SELECT 8 UNION ALL SELECT n + 1 FROM c WHERE n < 47)
INSERT OR IGNORE INTO prereq
SELECT CAST(101 + n * 7 AS TEXT), CAST(101 + (n - 8) * 7 AS TEXT) FROM c
UNION ALL
SELECT CAST(101 + n * 7 AS TEXT), CAST(101 + ((n * 5) % 8) * 7 AS TEXT) FROM c WHERE n % 3 = 0;

-- 24 instructors, three per department.
WITH RECURSIVE i(n) AS (SELECT 0 UNION ALL SELECT n + 1 FROM i WHERE n < 23),
     d(i, dept) AS (SELECT ROW_NUMBER() OVER (ORDER BY dept_name) - 1, dept_name FROM department),
     names(k, name) AS (VALUES (0, 'Srinivasan'), (1, 'Wu'), (2, 'Mozart'), (3, 'Einstein'), (4, 'El Said'),
                               (5, 'Gold'), (6, 'Katz'), (7, 'Califieri'), (8, 'Singh'), (9, 'Crick'),
                               (10, 'Brandt'), (11, 'Kim'))
INSERT INTO instructor
SELECT CAST(10000 + n * 331 AS TEXT), name || CASE WHEN n >= 12 THEN ' II' ELSE '' END, dept, 40000 + n * 2500
FROM i JOIN d ON d.i = n % 8 JOIN names ON names.k = n % 12;

-- 300 students.
WITH RECURSIVE s(n) AS (SELECT 0 UNION ALL SELECT n + 1 FROM s WHERE n < 299),
     d(i, dept) AS (SELECT ROW_NUMBER() OVER (ORDER BY dept_name) - 1, dept_name FROM department),
     first(k, name) AS (VALUES (0, 'Zhang'), (1, 'Shankar'), (2, 'Brandt'), (3, 'Chavez'), (4, 'Peltier'),
                               (5, 'Levy'), (6, 'Williams'), (7, 'Sanchez'), (8, 'Snow'), (9, 'Brown'),
                               (10, 'Aoi'), (11, 'Bourikas'), (12, 'Tanaka'), (13, 'Müller'))
INSERT INTO student
SELECT CAST(20000 + n * 97 AS TEXT), name || ' ' || n, dept, (n * 37) % 130
FROM s JOIN d ON d.i = (n * 3) % 8 JOIN first ON first.k = n % 14;

-- Advisors for four students in five.
WITH numbered AS (SELECT ID, ROW_NUMBER() OVER (ORDER BY ID) - 1 AS i FROM instructor)
INSERT INTO advisor
SELECT s.ID, numbered.ID FROM student s JOIN numbered ON numbered.i = ((CAST(s.ID AS INTEGER) - 20000) / 97) % 24
WHERE ((CAST(s.ID AS INTEGER) - 20000) / 97) % 5 != 4;

-- Time slots: four-column keys.
WITH RECURSIVE t(n) AS (SELECT 0 UNION ALL SELECT n + 1 FROM t WHERE n < 7),
     days(k, day) AS (VALUES (0, 'M'), (1, 'W'), (2, 'F'))
INSERT INTO time_slot
SELECT char(65 + n), day, 8 + n, (n % 2) * 30, 8 + n + (n % 2), ((n + 1) % 2) * 50 FROM t, days WHERE (n + k) % 3 != 2;

-- Sections: each course in two or three semesters of 2002–2005.
WITH RECURSIVE y(year) AS (SELECT 2002 UNION ALL SELECT year + 1 FROM y WHERE year < 2005),
     sem(k, semester) AS (VALUES (0, 'Fall'), (1, 'Spring'), (2, 'Summer')),
     rooms AS (SELECT building, room_number, ROW_NUMBER() OVER (ORDER BY building, room_number) - 1 AS i FROM classroom)
INSERT INTO section
SELECT c.course_id, '1', semester, year, rooms.building, rooms.room_number, char(65 + (CAST(c.course_id AS INTEGER) + year) % 8)
FROM course c, y, sem
JOIN rooms ON rooms.i = (CAST(c.course_id AS INTEGER) * 3 + year + k) % 20
WHERE (CAST(c.course_id AS INTEGER) + year * 2 + k) % 5 = 0;

-- A second section of some courses, in a room that is not recorded.
INSERT INTO section (course_id, sec_id, semester, year, time_slot_id)
SELECT course_id, '2', semester, year, time_slot_id FROM section WHERE CAST(course_id AS INTEGER) % 3 = 0;

-- Each section is taught by one instructor of its department, some by two.
WITH ranked AS (SELECT ID, dept_name, ROW_NUMBER() OVER (PARTITION BY dept_name ORDER BY ID) - 1 AS i FROM instructor)
INSERT INTO teaches
SELECT ranked.ID, s.course_id, s.sec_id, s.semester, s.year
FROM section s JOIN course c USING (course_id)
JOIN ranked ON ranked.dept_name = c.dept_name AND ranked.i = (s.year + CAST(s.sec_id AS INTEGER)) % 3;
WITH ranked AS (SELECT ID, dept_name, ROW_NUMBER() OVER (PARTITION BY dept_name ORDER BY ID) - 1 AS i FROM instructor)
INSERT OR IGNORE INTO teaches
SELECT ranked.ID, s.course_id, s.sec_id, s.semester, s.year
FROM section s JOIN course c USING (course_id)
JOIN ranked ON ranked.dept_name = c.dept_name AND ranked.i = 2
WHERE s.year = 2004;

-- Each student takes about one section in nine, with a grade (some not yet graded).
INSERT INTO takes
SELECT st.ID, s.course_id, s.sec_id, s.semester, s.year,
       CASE (CAST(st.ID AS INTEGER) + s.year + CAST(s.course_id AS INTEGER)) % 11
           WHEN 0 THEN NULL WHEN 1 THEN 'A' WHEN 2 THEN 'A-' WHEN 3 THEN 'B+' WHEN 4 THEN 'B'
           WHEN 5 THEN 'B-' WHEN 6 THEN 'C+' WHEN 7 THEN 'C' WHEN 8 THEN 'C-' WHEN 9 THEN 'A' ELSE 'F' END
FROM student st, section s
WHERE ((CAST(st.ID AS INTEGER) - 20000) / 97 * 7 + CAST(s.course_id AS INTEGER) + s.year * 3 + length(s.semester)) % 9 = 0;

COMMIT;
