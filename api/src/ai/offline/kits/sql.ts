// Curated lesson kits for the SQL curriculum (domains.ts): what the offline generator teaches in each lesson.
import type { LessonKit } from './types.ts';

export const SQL_KITS: readonly LessonKit[] = [
  // Relational Basics
  {
    lesson: 'Tables, rows and columns',
    concepts: [
      {
        term: 'A table',
        text: 'A table stores one kind of thing, such as customers or orders, as a grid of rows and named columns.',
      },
      {
        term: 'A row',
        text: 'Each row is one record of the table, for example one customer, holding one value for every column.',
      },
      {
        term: 'A column',
        text: 'Each column has a name and a data type, and every row stores a value of that type in it, for example `email TEXT`.',
      },
      {
        term: 'CREATE TABLE statement',
        text: '`CREATE TABLE` names a new table and lists its columns with their types; rows are added later with `INSERT`.',
      },
    ],
    example: {
      lang: 'sql',
      intro: 'This script creates a table with three columns and adds two rows to it.',
      code: `CREATE TABLE customers (
  id    INTEGER,
  name  TEXT,
  city  TEXT
);

INSERT INTO customers (id, name, city) VALUES (1, 'Ada', 'London');
INSERT INTO customers (id, name, city) VALUES (2, 'Linus', 'Helsinki');

SELECT * FROM customers;`,
      takeaway:
        'The final `SELECT` returns two rows, each with the three columns id, name and city, one row per customer.',
    },
    checks: [
      {
        q: 'In a `customers` table, what does one row represent?',
        options: [
          'One record, such as one customer',
          'One column name and its data type',
          'The whole table of customers',
          'One database file on disk',
        ],
      },
      {
        q: 'Which statement defines a new table and its columns?',
        options: ['`CREATE TABLE`', '`INSERT INTO`', '`SELECT *`', '`ALTER ROW`'],
      },
    ],
  },
  {
    lesson: 'Primary keys',
    concepts: [
      {
        term: 'Unique row identity',
        text: 'A primary key is a column, or set of columns, whose value identifies exactly one row, so no two rows may share it.',
      },
      {
        term: 'Never NULL',
        text: 'A primary key column cannot hold `NULL`, because a missing value could not identify any row.',
      },
      {
        term: 'Surrogate versus natural',
        text: 'A surrogate key such as an auto-numbered `id` has no business meaning, while a natural key such as an ISBN comes from the data itself.',
      },
      {
        term: 'Composite primary key',
        text: 'A composite key like `PRIMARY KEY (order_id, product_id)` makes the combination of columns unique rather than each column alone.',
      },
    ],
    example: {
      lang: 'sql',
      intro: 'The `id` column below is the primary key, so inserting a duplicate id fails.',
      code: `CREATE TABLE books (
  id     INTEGER PRIMARY KEY,
  isbn   TEXT NOT NULL,
  title  TEXT NOT NULL
);

INSERT INTO books (id, isbn, title) VALUES (1, '978-0131103627', 'The C Programming Language');
INSERT INTO books (id, isbn, title) VALUES (1, '978-1593279509', 'Eloquent JavaScript');
-- error: UNIQUE constraint failed: books.id`,
      takeaway:
        'The second insert is rejected because the primary key value 1 already exists, which keeps every row uniquely identifiable.',
    },
    checks: [
      {
        q: 'What happens when you insert a row whose primary key value already exists?',
        options: [
          'The insert is rejected with a unique constraint error',
          'The old row is silently replaced',
          'Both rows are kept with the same key',
          'The database assigns the next free key automatically',
        ],
      },
      {
        q: 'What does a composite primary key make unique?',
        options: [
          'The combination of its columns',
          'Each of its columns on its own',
          'Only the first column listed',
          'The table name within the database',
        ],
      },
    ],
  },
  {
    lesson: 'Data types',
    concepts: [
      {
        term: 'Types constrain values',
        text: 'Every column declares a data type, such as `INTEGER`, `TEXT` or `DATE`, which limits the values it stores and how they compare and sort.',
      },
      {
        term: 'Exact numbers for money',
        text: '`NUMERIC(10, 2)` or `DECIMAL` stores exact decimal values, so it suits money, while `REAL` and `FLOAT` store approximate binary fractions.',
      },
      {
        term: 'Text and its length',
        text: '`VARCHAR(n)` holds text up to n characters and `TEXT` holds text of any length; numbers stored as text sort wrongly, for example `10` before `9`.',
      },
      {
        term: 'Dates and booleans',
        text: '`DATE` and `TIMESTAMP` store points in time that compare chronologically, and `BOOLEAN` stores true or false.',
      },
    ],
    example: {
      lang: 'sql',
      intro: 'This table picks a fitting type for each column.',
      code: `CREATE TABLE payments (
  id         INTEGER PRIMARY KEY,
  payer      VARCHAR(100) NOT NULL,
  amount     NUMERIC(10, 2) NOT NULL,  -- exact: 19.99 stays 19.99
  paid_on    DATE NOT NULL,
  refunded   BOOLEAN DEFAULT FALSE
);`,
      takeaway:
        '`amount` uses an exact `NUMERIC(10, 2)` type so sums of money do not drift, and `paid_on` is a `DATE` so it sorts by time.',
    },
    checks: [
      {
        q: 'Which type suits a column of money amounts?',
        options: [
          '`NUMERIC(10, 2)`, an exact decimal',
          '`FLOAT`, an approximate number',
          '`TEXT`',
          '`BOOLEAN`',
        ],
      },
      {
        q: 'Why is storing numbers in a text column a problem?',
        options: [
          'They sort as text, so `10` comes before `9`',
          'Text columns cannot hold digits',
          'Text columns are always read-only',
          'The database converts them to dates',
        ],
      },
    ],
  },
  {
    lesson: 'Your first SELECT',
    concepts: [
      {
        term: 'SELECT lists columns',
        text: '`SELECT` names the columns you want back, and `SELECT *` returns every column of the table.',
      },
      {
        term: 'FROM names tables',
        text: 'The `FROM` clause names the table the rows come from, so `SELECT name FROM customers` reads the `name` column of `customers`.',
      },
      {
        term: 'Column aliases with AS',
        text: '`AS` renames a column in the result, for example `price * 2 AS double_price`, without changing the table.',
      },
      {
        term: 'Results are tables',
        text: 'A query returns a result set, itself a table of rows and columns, and reading it never changes the stored data.',
      },
    ],
    example: {
      lang: 'sql',
      intro: 'This query reads two columns and computes a third.',
      code: `-- products: (name, price) = ('pen', 2.50), ('book', 12.00)
SELECT
  name,
  price,
  price * 2 AS double_price
FROM products;`,
      takeaway:
        'It returns two rows, pen with price 2.50 and double_price 5.00, and book with 12.00 and 24.00; the computed third column is named `double_price`.',
    },
    checks: [
      {
        q: 'What does `SELECT *` return?',
        options: [
          'Every column of the table',
          'Only the first row',
          'Only the primary key column',
          'The number of rows',
        ],
      },
      {
        q: 'What does `AS` do in `SELECT price * 2 AS double_price`?',
        options: [
          'It names the computed column in the result',
          'It adds a new column to the table',
          'It filters rows by price',
          'It sorts the result by price',
        ],
      },
    ],
  },
  // Querying Data
  {
    lesson: 'Filtering with WHERE',
    concepts: [
      {
        term: 'WHERE keeps rows',
        text: '`WHERE` keeps only the rows for which its condition is true, and drops the others before they reach the result.',
      },
      {
        term: 'AND, OR and parentheses',
        text: "`AND` binds tighter than `OR`, so write parentheses such as `(city = 'Oslo' OR city = 'Bergen') AND age > 30` to say what you mean.",
      },
      {
        term: 'IN and BETWEEN',
        text: "`city IN ('Oslo', 'Bergen')` matches any value in a list, and `age BETWEEN 18 AND 30` includes both ends of the range.",
      },
      {
        term: 'LIKE pattern matching',
        text: "`LIKE` matches text patterns where `%` stands for any run of characters and `_` for exactly one character, so `'A%'` means starting with A.",
      },
    ],
    example: {
      lang: 'sql',
      intro: 'This query combines several conditions in one `WHERE` clause.',
      code: `SELECT name, city, age
FROM customers
WHERE (city = 'Oslo' OR city = 'Bergen')
  AND age BETWEEN 18 AND 30
  AND name LIKE 'A%';`,
      takeaway:
        'Only customers living in Oslo or Bergen, aged 18 to 30 inclusive, whose name starts with A are returned; the parentheses keep the `OR` together.',
    },
    checks: [
      {
        q: "Which rows does `WHERE name LIKE 'A%'` keep?",
        options: [
          'Rows whose name starts with A',
          'Rows whose name ends with A',
          'Rows whose name is exactly "A%"',
          'Rows whose name contains no A',
        ],
      },
      {
        q: 'Does `age BETWEEN 18 AND 30` include ages 18 and 30?',
        options: [
          'Yes, it includes both ends of the range',
          'No, it excludes both ends',
          'It includes 18 but not 30',
          'It includes 30 but not 18',
        ],
      },
    ],
  },
  {
    lesson: 'Sorting with ORDER BY',
    concepts: [
      {
        term: 'No order without ORDER BY',
        text: 'Without `ORDER BY` a database may return rows in any order, so any result whose order matters needs an explicit sort.',
      },
      {
        term: 'ASC and DESC',
        text: '`ORDER BY price` sorts ascending by default, and `ORDER BY price DESC` sorts from the highest value to the lowest.',
      },
      {
        term: 'Several sort keys',
        text: '`ORDER BY city, name` sorts by city first and uses name only to order the rows that share the same city.',
      },
      {
        term: 'Where NULLs go',
        text: 'Databases differ in where `NULL` values sort; PostgreSQL accepts `NULLS FIRST` or `NULLS LAST` to state it explicitly.',
      },
    ],
    example: {
      lang: 'sql',
      intro: 'This query sorts products by category, then by price from highest to lowest.',
      code: `-- products(category, name, price)
SELECT category, name, price
FROM products
ORDER BY category ASC, price DESC;`,
      takeaway:
        'Rows are grouped alphabetically by category, and within each category the most expensive product comes first.',
    },
    checks: [
      {
        q: 'What is the default direction of `ORDER BY price`?',
        options: ['Ascending, lowest first', 'Descending, highest first', 'Random', 'Insertion order'],
      },
      {
        q: 'In `ORDER BY city, name`, when is `name` used?',
        options: [
          'Only to order rows that share the same city',
          'Before city, as the main sort key',
          'Never, only the first key counts',
          'Only when city is NULL in every row',
        ],
      },
    ],
  },
  {
    lesson: 'LIMIT and pagination',
    concepts: [
      {
        term: 'LIMIT caps rows',
        text: '`LIMIT 10` returns at most ten rows of the result, and is meaningful only together with an `ORDER BY` that fixes which rows come first.',
      },
      {
        term: 'OFFSET skips rows',
        text: '`OFFSET 20` skips the first twenty rows, so page n of size 10 uses `LIMIT 10 OFFSET (n - 1) * 10`.',
      },
      {
        term: 'Deep offsets are slow',
        text: 'The database still reads and throws away every skipped row, so a large `OFFSET` gets slower as the page number grows.',
      },
      {
        term: 'Keyset pagination',
        text: 'Keyset pagination remembers the last key seen and asks for `WHERE id > last_id ORDER BY id LIMIT 10`, which stays fast on any page.',
      },
    ],
    example: {
      lang: 'sql',
      intro: 'Two ways to fetch the third page of ten articles.',
      code: `-- offset pagination: skip pages 1 and 2
SELECT id, title FROM articles
ORDER BY id
LIMIT 10 OFFSET 20;

-- keyset pagination: continue after the last id of page 2 (say 20)
SELECT id, title FROM articles
WHERE id > 20
ORDER BY id
LIMIT 10;`,
      takeaway:
        'With ids 1, 2, 3 and so on, both queries return articles 21 to 30, but the keyset version does not read and discard the first twenty rows.',
    },
    checks: [
      {
        q: 'Which clause returns page 3 when each page holds 10 rows?',
        options: [
          '`LIMIT 10 OFFSET 20`',
          '`LIMIT 10 OFFSET 30`',
          '`LIMIT 30 OFFSET 10`',
          '`LIMIT 3 OFFSET 10`',
        ],
      },
      {
        q: 'Why does a large `OFFSET` get slow?',
        options: [
          'The database still reads and throws away every skipped row',
          'OFFSET disables all indexes on the table',
          'OFFSET sorts the table twice',
          'OFFSET locks the whole table',
        ],
      },
    ],
  },
  {
    lesson: 'NULL and three-valued logic',
    concepts: [
      {
        term: 'NULL means unknown',
        text: '`NULL` marks a missing or unknown value; it is not zero and not an empty string.',
      },
      {
        term: 'Comparisons yield UNKNOWN',
        text: 'Any comparison with `NULL`, even `NULL = NULL`, yields UNKNOWN rather than true, and `WHERE` keeps only rows whose condition is true.',
      },
      {
        term: 'IS NULL tests',
        text: 'Use `IS NULL` and `IS NOT NULL` to test for missing values, because `WHERE email = NULL` never matches any row.',
      },
      {
        term: 'COALESCE supplies defaults',
        text: "`COALESCE(a, b)` returns its first argument that is not `NULL`, for example `COALESCE(phone, 'none')` to show a default.",
      },
    ],
    example: {
      lang: 'sql',
      intro: 'Only `IS NULL` finds the customers without an email address.',
      code: `SELECT name FROM customers WHERE email = NULL;      -- always 0 rows
SELECT name FROM customers WHERE email IS NULL;     -- customers with no email

SELECT name, COALESCE(email, 'no email') AS contact
FROM customers;`,
      takeaway:
        'The first query returns no rows because `email = NULL` is UNKNOWN for every row; `IS NULL` finds the missing emails, and `COALESCE` shows "no email" in their place.',
    },
    checks: [
      {
        q: 'What does the condition `NULL = NULL` evaluate to?',
        options: ['UNKNOWN', 'TRUE', 'FALSE', 'An error'],
      },
      {
        q: "What does `COALESCE(email, 'no email')` return when `email` is NULL?",
        options: ["'no email'", 'NULL', 'An empty string', 'The number 0'],
      },
    ],
  },
  // Aggregation
  {
    lesson: 'COUNT, SUM and AVG',
    concepts: [
      {
        term: 'Aggregates collapse rows',
        text: 'An aggregate function such as `COUNT`, `SUM` or `AVG` turns many rows into one value for the whole set of rows.',
      },
      {
        term: 'COUNT(*) versus COUNT(column)',
        text: '`COUNT(*)` counts every row, while `COUNT(email)` counts only the rows where `email` is not `NULL`.',
      },
      {
        term: 'SUM and AVG skip NULL',
        text: '`SUM` and `AVG` ignore `NULL` values, so `AVG(score)` divides by the number of non-null scores, not by all rows.',
      },
      {
        term: 'MIN and MAX',
        text: '`MIN` and `MAX` return the smallest and largest value in a column, and they work on numbers, text and dates.',
      },
    ],
    example: {
      lang: 'sql',
      intro: 'With scores 10, 20 and NULL in three rows, the aggregates differ in how they treat the NULL.',
      code: `-- results(score): 10, 20, NULL
SELECT
  COUNT(*)     AS all_rows,     -- 3
  COUNT(score) AS scored_rows,  -- 2
  SUM(score)   AS total,        -- 30
  AVG(score)   AS average       -- 15
FROM results;`,
      takeaway:
        'The query returns one row with 3 rows, 2 scored rows, a total of 30 and an average of 15, because `COUNT(score)`, `SUM` and `AVG` all skip the NULL score.',
    },
    checks: [
      {
        q: 'Over the scores 10, 20 and NULL, what does `AVG(score)` return?',
        options: ['15', '10', '30', 'NULL'],
      },
      {
        q: 'What does `COUNT(email)` count?',
        options: [
          'Rows where email is not NULL',
          'Every row, including NULL emails',
          'Distinct email domains',
          'The characters in each email',
        ],
      },
    ],
  },
  {
    lesson: 'GROUP BY',
    concepts: [
      {
        term: 'One row per group',
        text: '`GROUP BY city` gathers rows with the same city into a group and returns one result row for each group.',
      },
      {
        term: 'Aggregates per group',
        text: 'Aggregates in the `SELECT` list, such as `COUNT(*)` or `SUM(total)`, are computed separately within each group.',
      },
      {
        term: 'Selected columns rule',
        text: 'Every selected column must either appear in `GROUP BY` or sit inside an aggregate, because a group has one value only for its grouping columns.',
      },
      {
        term: 'Grouping by several columns',
        text: '`GROUP BY country, city` makes one group for each distinct combination of country and city.',
      },
    ],
    example: {
      lang: 'sql',
      intro: 'This query totals orders per customer.',
      code: `-- orders(customer_id, total): (1, 10), (1, 15), (2, 40)
SELECT customer_id,
       COUNT(*)   AS orders,
       SUM(total) AS spent
FROM orders
GROUP BY customer_id;`,
      takeaway:
        'It returns two rows: customer 1 with 2 orders and 25 spent, and customer 2 with 1 order and 40 spent.',
    },
    checks: [
      {
        q: 'How many rows does `GROUP BY customer_id` return?',
        options: [
          'One row per distinct customer_id',
          'One row per order',
          'Always exactly one row',
          'One row per column selected',
        ],
      },
      {
        q: 'Which columns may a grouped `SELECT` list without an aggregate?',
        options: [
          'Only the columns that appear in `GROUP BY`',
          'Any column of the table',
          'Only the primary key',
          'No columns at all',
        ],
      },
    ],
  },
  {
    lesson: 'HAVING',
    concepts: [
      {
        term: 'HAVING filters groups',
        text: '`HAVING` filters the groups produced by `GROUP BY`, keeping only those whose condition is true.',
      },
      {
        term: 'WHERE runs first',
        text: '`WHERE` filters individual rows before grouping, and `HAVING` filters whole groups after the aggregates are computed.',
      },
      {
        term: 'Aggregates in HAVING',
        text: 'A condition on an aggregate like `COUNT(*) > 5` belongs in `HAVING`, because `WHERE` cannot see aggregate values.',
      },
      {
        term: 'Both clauses together',
        text: "One query can use both, for example `WHERE status = 'paid'` to pick rows and `HAVING SUM(total) > 100` to pick groups.",
      },
    ],
    example: {
      lang: 'sql',
      intro: 'This query finds customers whose paid orders add up to more than 100.',
      code: `SELECT customer_id, SUM(total) AS spent
FROM orders
WHERE status = 'paid'
GROUP BY customer_id
HAVING SUM(total) > 100
ORDER BY spent DESC;`,
      takeaway:
        '`WHERE` first drops unpaid orders, then `HAVING` keeps only customers whose paid total exceeds 100.',
    },
    checks: [
      {
        q: 'Where does the condition `COUNT(*) > 5` belong?',
        options: ['In `HAVING`', 'In `WHERE`', 'In `FROM`', 'In `ORDER BY` only'],
      },
      {
        q: 'Which clause filters individual rows before grouping?',
        options: ['`WHERE`', '`HAVING`', '`GROUP BY`', '`LIMIT`'],
      },
    ],
  },
  {
    lesson: 'DISTINCT',
    concepts: [
      {
        term: 'Removing duplicate rows',
        text: '`SELECT DISTINCT city FROM customers` returns each different city once, removing duplicate rows from the result.',
      },
      {
        term: 'Distinct over combinations',
        text: '`DISTINCT` applies to the whole selected row, so `SELECT DISTINCT city, country` keeps each distinct combination of both columns.',
      },
      {
        term: 'COUNT(DISTINCT column)',
        text: '`COUNT(DISTINCT customer_id)` counts how many different values occur, ignoring repeats and `NULL`.',
      },
      {
        term: 'Duplicates as a symptom',
        text: 'Duplicate rows often come from a join that multiplies rows, so check the join before reaching for `DISTINCT` to hide them.',
      },
    ],
    example: {
      lang: 'sql',
      intro: 'Orders repeat customers; `DISTINCT` counts each customer once.',
      code: `-- orders(customer_id): 1, 1, 2, 3, 3, 3
SELECT COUNT(*)                    AS orders,     -- 6
       COUNT(DISTINCT customer_id) AS customers   -- 3
FROM orders;

SELECT DISTINCT customer_id FROM orders;          -- 1, 2, 3`,
      takeaway:
        'The first query returns 6 orders but 3 customers, and the second lists the customer ids 1, 2 and 3 once each.',
    },
    checks: [
      {
        q: 'What does `SELECT DISTINCT city, country` remove?',
        options: [
          'Rows repeating the same combination of city and country',
          'Rows whose city appears more than once in any country',
          'Rows with a NULL country only',
          'Every column except the first',
        ],
      },
      {
        q: 'Over the customer ids 1, 1, 2, 3, 3, 3, what does `COUNT(DISTINCT customer_id)` return?',
        options: ['3', '6', '1', '2'],
      },
    ],
  },
  // Joins
  {
    lesson: 'INNER JOIN',
    concepts: [
      {
        term: 'Matching rows only',
        text: '`INNER JOIN` combines each row of one table with each row of another that satisfies the join condition, producing one result row per matching pair.',
      },
      {
        term: 'The ON condition',
        text: 'The `ON` clause states how rows match, usually a foreign key equal to a primary key, as in `ON o.customer_id = c.id`.',
      },
      {
        term: 'Unmatched rows dropped',
        text: 'A row with no match in the other table does not appear at all, so customers without orders vanish from an inner join of customers and orders.',
      },
      {
        term: 'Table aliases',
        text: 'Aliases such as `customers AS c` shorten the query and say which table each column comes from, as in `c.name` and `o.total`.',
      },
    ],
    example: {
      lang: 'sql',
      intro: 'This query lists each order with the name of the customer who placed it.',
      code: `-- customers: (1, 'Ada'), (2, 'Linus'), (3, 'Grace')
-- orders: (10, customer_id 1, 25.00), (11, customer_id 1, 8.00), (12, customer_id 2, 40.00)
SELECT c.name, o.id AS order_id, o.total
FROM customers AS c
INNER JOIN orders AS o ON o.customer_id = c.id
ORDER BY o.id;`,
      takeaway:
        'It returns three rows: Ada with orders 10 and 11, and Linus with order 12; Grace has no orders, so the inner join drops her.',
    },
    checks: [
      {
        q: 'What happens to a customer with no orders in `customers INNER JOIN orders`?',
        options: [
          'The customer is dropped from the result',
          'The customer appears with NULL order columns',
          'The customer appears once with a total of 0',
          'The query fails with an error',
        ],
      },
      {
        q: 'What does the `ON` clause of an inner join state?',
        options: [
          'How rows of the two tables match',
          'Which columns to sort by',
          'How many rows to return',
          'Which table to create',
        ],
      },
    ],
  },
  {
    lesson: 'LEFT JOIN',
    concepts: [
      {
        term: 'Keeps every left row',
        text: '`LEFT JOIN` returns every row of the left table, joined to its matching rows in the right table when there are any.',
      },
      {
        term: 'NULLs fill gaps',
        text: "When a left row has no match, the right table's columns come back as `NULL` in that result row.",
      },
      {
        term: 'Finding missing matches',
        text: '`LEFT JOIN ... WHERE o.id IS NULL` keeps only the left rows with no match, such as customers who never ordered.',
      },
      {
        term: 'ON versus WHERE',
        text: 'A condition on the right table placed in `WHERE` removes the NULL rows and turns the left join back into an inner join; put it in `ON` instead.',
      },
    ],
    example: {
      lang: 'sql',
      intro: 'This query counts orders per customer, including customers with none.',
      code: `-- customers: Ada (2 orders), Linus (1 order), Grace (no orders)
SELECT c.name, COUNT(o.id) AS orders
FROM customers AS c
LEFT JOIN orders AS o ON o.customer_id = c.id
GROUP BY c.name
ORDER BY c.name;`,
      takeaway:
        'It returns Ada 2, Grace 0 and Linus 1: Grace is kept with NULL order columns, and `COUNT(o.id)` counts those NULLs as 0.',
    },
    checks: [
      {
        q: "What do the right table's columns hold for a left row with no match?",
        options: ['NULL', 'Zero', 'The values of the previous row', 'An empty string'],
      },
      {
        q: 'How do you find customers who never placed an order?',
        options: [
          '`LEFT JOIN` orders and keep rows `WHERE o.id IS NULL`',
          '`INNER JOIN` orders and keep rows `WHERE o.id IS NULL`',
          '`LEFT JOIN` orders and keep rows `WHERE o.id = 0`',
          'Use `DISTINCT` on the orders table',
        ],
      },
    ],
  },
  {
    lesson: 'Self joins',
    concepts: [
      {
        term: 'A table joined to itself',
        text: 'A self join joins a table to itself, which relates rows of the same table, such as employees and their managers.',
      },
      {
        term: 'Two aliases required',
        text: 'Each copy of the table needs its own alias, such as `employees AS e` and `employees AS m`, so every column reference is unambiguous.',
      },
      {
        term: 'Hierarchies in one table',
        text: "A column like `manager_id` that points to another row's `id` in the same table stores a hierarchy a self join can read.",
      },
      {
        term: 'Pairs within a table',
        text: 'A self join with a condition like `a.id < b.id` lists pairs of rows, such as customers in the same city, without repeating a pair.',
      },
    ],
    example: {
      lang: 'sql',
      intro: "This query shows each employee next to their manager's name.",
      code: `-- employees(id, name, manager_id): (1, 'Grace', NULL), (2, 'Ada', 1), (3, 'Linus', 1)
SELECT e.name AS employee, m.name AS manager
FROM employees AS e
LEFT JOIN employees AS m ON m.id = e.manager_id
ORDER BY e.id;`,
      takeaway:
        'It returns Grace with a NULL manager, then Ada and Linus each with manager Grace; the two aliases `e` and `m` are the same table.',
    },
    checks: [
      {
        q: 'Why does a self join need two aliases?',
        options: [
          'Each copy of the same table needs its own alias to keep column references unambiguous',
          'SQL forbids naming a table twice without renaming the database',
          'Aliases make the join run in parallel',
          'The second alias creates a temporary copy on disk',
        ],
      },
      {
        q: 'Which column design is typically read with a self join?',
        options: [
          'A `manager_id` pointing to another row in the same table',
          'A primary key made of two columns',
          'A column of JSON documents',
          'A column with a `DEFAULT` value',
        ],
      },
    ],
  },
  {
    lesson: 'Joining many tables',
    concepts: [
      {
        term: 'Chaining joins',
        text: 'Each additional `JOIN ... ON` adds one more table, linking it to a table already in the query through a key.',
      },
      {
        term: 'Following the keys',
        text: 'Follow foreign keys step by step, for example customers to orders to order_items to products, giving every join its own `ON` condition.',
      },
      {
        term: 'Row multiplication',
        text: 'Joining a one-to-many table repeats the "one" side once per matching row, so sums taken after such joins can count values several times.',
      },
      {
        term: 'Mixing join types',
        text: 'An `INNER JOIN` after a `LEFT JOIN` can drop the rows the left join kept, so think about which rows each join keeps.',
      },
    ],
    example: {
      lang: 'sql',
      intro: 'Four tables are joined to list what each customer bought.',
      code: `SELECT c.name, o.id AS order_id, p.title, oi.quantity
FROM customers AS c
JOIN orders      AS o  ON o.customer_id = c.id
JOIN order_items AS oi ON oi.order_id   = o.id
JOIN products    AS p  ON p.id          = oi.product_id
ORDER BY o.id, p.title;`,
      takeaway:
        "Each result row is one order item, with the customer's name, the order id, the product title and the quantity; an order with three items appears three times.",
    },
    checks: [
      {
        q: 'Why can a `SUM` go wrong after joining a one-to-many table?',
        options: [
          'The "one" side repeats once per matching row, so its values are counted several times',
          'SUM cannot be used with more than two tables',
          'Joins convert numbers to text',
          'The database sums only the first table',
        ],
      },
      {
        q: 'What does every extra joined table need?',
        options: [
          'Its own `ON` condition linking it to a table already in the query',
          'A `GROUP BY` clause',
          'A separate `SELECT` statement',
          'A `LIMIT` clause',
        ],
      },
    ],
  },
  // Changing Data
  {
    lesson: 'INSERT, UPDATE and DELETE',
    concepts: [
      {
        term: 'INSERT adds rows',
        text: '`INSERT INTO t (a, b) VALUES (1, 2)` adds a new row, and naming the columns keeps it correct if the table gains columns.',
      },
      {
        term: 'UPDATE changes rows',
        text: '`UPDATE t SET col = value WHERE ...` changes the matching rows; without `WHERE` it changes every row of the table.',
      },
      {
        term: 'DELETE removes rows',
        text: '`DELETE FROM t WHERE ...` removes the matching rows, and a `DELETE` without `WHERE` empties the whole table.',
      },
      {
        term: 'Check with SELECT first',
        text: 'Run a `SELECT` with the same `WHERE` clause first to see exactly which rows an `UPDATE` or `DELETE` will touch.',
      },
    ],
    example: {
      lang: 'sql',
      intro: 'Add a product, raise its price, then remove it.',
      code: `INSERT INTO products (id, name, price) VALUES (7, 'Notebook', 3.50);

SELECT * FROM products WHERE id = 7;          -- check the target row first
UPDATE products SET price = 4.00 WHERE id = 7;

DELETE FROM products WHERE id = 7;`,
      takeaway:
        'Each change targets only the row with id 7 because every `UPDATE` and `DELETE` carries a `WHERE id = 7` clause.',
    },
    checks: [
      {
        q: 'What does `UPDATE products SET price = 0` do without a `WHERE` clause?',
        options: [
          'It changes every row of the table',
          'It changes only the first row',
          'It fails with a syntax error',
          'It changes no rows',
        ],
      },
      {
        q: 'What is a safe habit before running a `DELETE ... WHERE`?',
        options: [
          'Run a `SELECT` with the same `WHERE` clause to see which rows match',
          'Drop the table and recreate it',
          'Remove the `WHERE` clause to be sure',
          'Add `ORDER BY` to the DELETE',
        ],
      },
    ],
  },
  {
    lesson: 'Transactions',
    concepts: [
      {
        term: 'All or nothing',
        text: 'A transaction groups statements so that either all of them take effect with `COMMIT` or none do with `ROLLBACK`.',
      },
      {
        term: 'BEGIN, COMMIT, ROLLBACK',
        text: '`BEGIN` starts a transaction, `COMMIT` makes its changes permanent and visible, and `ROLLBACK` undoes every change since `BEGIN`.',
      },
      {
        term: 'The ACID properties',
        text: 'Transactions are atomic, consistent, isolated from each other and durable, meaning committed data survives a crash.',
      },
      {
        term: 'Isolation from others',
        text: "Other sessions do not see a transaction's uncommitted changes, so nobody reads a half-finished transfer.",
      },
    ],
    example: {
      lang: 'sql',
      intro: 'A money transfer must debit one account and credit the other, or do neither.',
      code: `BEGIN;
UPDATE accounts SET balance = balance - 100 WHERE id = 1;
UPDATE accounts SET balance = balance + 100 WHERE id = 2;
COMMIT;
-- had anything failed before COMMIT, ROLLBACK would undo both updates`,
      takeaway:
        'Both updates become visible together at `COMMIT`; if either failed, a `ROLLBACK` would leave both balances unchanged.',
    },
    checks: [
      {
        q: 'What does `ROLLBACK` do?',
        options: [
          'Undoes every change since `BEGIN`',
          'Makes the changes permanent',
          'Repeats the last statement',
          'Deletes the table',
        ],
      },
      {
        q: "Can another session see a transaction's changes before `COMMIT`?",
        options: [
          'No, uncommitted changes stay invisible to other sessions',
          'Yes, every change is visible immediately',
          'Only the first statement is visible',
          'Only if the table has an index',
        ],
      },
    ],
  },
  {
    lesson: 'Constraints',
    concepts: [
      {
        term: 'NOT NULL',
        text: '`NOT NULL` makes the database reject any row that leaves that column without a value.',
      },
      {
        term: 'UNIQUE values',
        text: '`UNIQUE` rejects a second row with the same value in that column, for example two accounts with one email address.',
      },
      {
        term: 'CHECK conditions',
        text: '`CHECK (price >= 0)` rejects any insert or update that would make the condition false.',
      },
      {
        term: 'Rules in the database',
        text: 'Constraints enforce rules for every program that writes to the table, so bad data is stopped even when application code forgets a check.',
      },
    ],
    example: {
      lang: 'sql',
      intro: 'This table declares its rules, and the database enforces them on every write.',
      code: `CREATE TABLE users (
  id     INTEGER PRIMARY KEY,
  email  TEXT NOT NULL UNIQUE,
  age    INTEGER CHECK (age >= 13)
);

INSERT INTO users (id, email, age) VALUES (1, 'ada@example.com', 36);  -- ok
INSERT INTO users (id, email, age) VALUES (2, 'ada@example.com', 20);  -- fails: UNIQUE
INSERT INTO users (id, email, age) VALUES (3, 'kid@example.com', 9);   -- fails: CHECK`,
      takeaway:
        'Only the first insert succeeds: the second repeats an email and breaks `UNIQUE`, and the third has age 9 and breaks the `CHECK`.',
    },
    checks: [
      {
        q: 'Which constraint rejects a second row with the same email?',
        options: ['`UNIQUE`', '`NOT NULL`', '`CHECK`', '`DEFAULT`'],
      },
      {
        q: 'What does `CHECK (age >= 13)` do with an insert of age 9?',
        options: ['Rejects it', 'Stores it as 13', 'Stores it as NULL', 'Stores it with a warning'],
      },
    ],
  },
  {
    lesson: 'Upserts',
    concepts: [
      {
        term: 'Insert or update',
        text: 'An upsert inserts a row, or updates the existing row when one with the same unique key already exists, in one statement.',
      },
      {
        term: 'ON CONFLICT clause',
        text: 'PostgreSQL and SQLite write it as `INSERT ... ON CONFLICT (key) DO UPDATE SET ...`, naming the unique column that detects the clash.',
      },
      {
        term: 'The EXCLUDED row',
        text: 'Inside `DO UPDATE`, `EXCLUDED` refers to the row you tried to insert, so `SET qty = EXCLUDED.qty` copies its new value.',
      },
      {
        term: 'DO NOTHING',
        text: '`ON CONFLICT DO NOTHING` skips rows whose key already exists, which makes repeated imports safe to rerun.',
      },
    ],
    example: {
      lang: 'sql',
      intro: 'This statement adds stock for a product, or increases it if the product row already exists.',
      code: `-- stock has a PRIMARY KEY on sku; it holds ('pen', 5)
INSERT INTO stock (sku, qty) VALUES ('pen', 3)
ON CONFLICT (sku) DO UPDATE
  SET qty = stock.qty + EXCLUDED.qty;

SELECT qty FROM stock WHERE sku = 'pen';  -- 8`,
      takeaway:
        'Because the sku pen already exists, the insert becomes an update, and the quantity becomes 5 + 3 = 8.',
    },
    checks: [
      {
        q: 'In `ON CONFLICT ... DO UPDATE`, what does `EXCLUDED` refer to?',
        options: [
          'The row you tried to insert',
          'The row that was deleted',
          "The table's previous schema",
          'Rows excluded by the WHERE clause',
        ],
      },
      {
        q: 'What does `ON CONFLICT DO NOTHING` do when the key already exists?',
        options: [
          'Skips that row',
          'Replaces the existing row',
          'Raises an error and aborts',
          'Inserts a duplicate row',
        ],
      },
    ],
  },
  // Schema Design
  {
    lesson: 'Normalization',
    concepts: [
      {
        term: 'One fact, one place',
        text: "Normalization stores each fact once, so changing a customer's address updates one row instead of every order that copied it.",
      },
      {
        term: 'Update anomalies',
        text: 'Duplicated data invites anomalies, for example two orders showing different addresses for the same customer after only one was updated.',
      },
      {
        term: 'First normal form',
        text: 'First normal form keeps one atomic value per column, so a list of phone numbers becomes rows in a separate table, not a comma-separated string.',
      },
      {
        term: 'Splitting into tables',
        text: 'Higher normal forms move columns that depend on something other than the whole key into their own table, linked back by a key.',
      },
    ],
    example: {
      lang: 'sql',
      intro: "The customer's details move out of the orders table into their own table.",
      code: `-- before: orders(id, customer_name, customer_email, total) repeats the customer per order
CREATE TABLE customers (
  id     INTEGER PRIMARY KEY,
  name   TEXT NOT NULL,
  email  TEXT NOT NULL UNIQUE
);
CREATE TABLE orders (
  id           INTEGER PRIMARY KEY,
  customer_id  INTEGER NOT NULL REFERENCES customers (id),
  total        NUMERIC(10, 2) NOT NULL
);`,
      takeaway:
        "Each customer's email is now stored once in `customers`, and orders point to it through `customer_id`.",
    },
    checks: [
      {
        q: 'What problem does normalization prevent?',
        options: [
          'Update anomalies from the same fact stored in several places',
          'Slow network connections',
          'Running out of primary key values',
          'Queries that return too few columns',
        ],
      },
      {
        q: 'Under first normal form, how should a list of phone numbers be stored?',
        options: [
          'As rows in a separate table',
          'As a comma-separated string in one column',
          'As one column per possible phone number',
          'In the table name',
        ],
      },
    ],
  },
  {
    lesson: 'Foreign keys',
    concepts: [
      {
        term: 'References another table',
        text: 'A foreign key column such as `orders.customer_id` holds values that must exist as the primary key of another table.',
      },
      {
        term: 'Referential integrity',
        text: 'The database rejects an insert whose foreign key points to no existing row, so orders can never reference a missing customer.',
      },
      {
        term: 'ON DELETE actions',
        text: '`ON DELETE CASCADE` deletes the child rows along with the parent, while the default, `NO ACTION`, blocks deleting a parent that still has children.',
      },
      {
        term: 'Index the column',
        text: 'Add an index on the foreign key column, because joins and parent deletes look rows up by it.',
      },
    ],
    example: {
      lang: 'sql',
      intro: 'Order items belong to orders and disappear with them.',
      code: `CREATE TABLE order_items (
  id        INTEGER PRIMARY KEY,
  order_id  INTEGER NOT NULL REFERENCES orders (id) ON DELETE CASCADE,
  product   TEXT NOT NULL
);
CREATE INDEX order_items_order_id_idx ON order_items (order_id);

INSERT INTO order_items (id, order_id, product) VALUES (1, 999, 'pen');
-- fails if no order has id 999: FOREIGN KEY constraint failed`,
      takeaway:
        'The insert is rejected because order 999 does not exist, and deleting an order would cascade to delete its items.',
    },
    checks: [
      {
        q: 'What does `ON DELETE CASCADE` do when a parent row is deleted?',
        options: [
          'Deletes its child rows too',
          'Blocks the delete',
          "Sets the child rows' key to 0",
          'Copies the children to an archive table',
        ],
      },
      {
        q: 'What happens on inserting an order item whose `order_id` matches no order?',
        options: [
          'The insert is rejected',
          'A new empty order is created',
          'The row is stored with a warning',
          'The order_id is set to NULL',
        ],
      },
    ],
  },
  {
    lesson: 'One-to-many and many-to-many relationships',
    concepts: [
      {
        term: 'One-to-many relationship',
        text: 'In a one-to-many relationship the "many" side holds a foreign key, so each order has a `customer_id` and a customer can have many orders.',
      },
      {
        term: 'Many-to-many relationship',
        text: 'A many-to-many relationship, such as students and courses, cannot live in either table alone and needs a third table.',
      },
      {
        term: 'Junction table',
        text: 'A junction table like `enrollments(student_id, course_id)` holds one row per pairing, with a foreign key to each side.',
      },
      {
        term: 'Composite key',
        text: "Making `(student_id, course_id)` the junction table's primary key stops the same pairing from being stored twice.",
      },
    ],
    example: {
      lang: 'sql',
      intro: 'Students and courses are linked through an enrollments junction table.',
      code: `CREATE TABLE enrollments (
  student_id  INTEGER NOT NULL REFERENCES students (id),
  course_id   INTEGER NOT NULL REFERENCES courses (id),
  PRIMARY KEY (student_id, course_id)
);

SELECT s.name, c.title
FROM students AS s
JOIN enrollments AS e ON e.student_id = s.id
JOIN courses AS c ON c.id = e.course_id;`,
      takeaway:
        'Each enrollment row pairs one student with one course, and the query returns one row per student-course pairing.',
    },
    checks: [
      {
        q: 'How is a many-to-many relationship stored?',
        options: [
          'With a junction table holding a foreign key to each side',
          'With a foreign key in either table',
          'With a comma-separated list of ids',
          'With a self join',
        ],
      },
      {
        q: 'In a one-to-many relationship, which table holds the foreign key?',
        options: [
          'The "many" side, such as orders',
          'The "one" side, such as customers',
          'Both tables',
          'A junction table',
        ],
      },
    ],
  },
  {
    lesson: 'Migrations',
    concepts: [
      {
        term: 'Versioned schema changes',
        text: 'A migration is a numbered script that changes the schema one step, such as adding a column, kept in version control with the code.',
      },
      {
        term: 'Applied in order',
        text: 'A migration tool runs pending migrations in order and records which ones each database has applied, so every environment reaches the same schema.',
      },
      {
        term: 'Never edit applied ones',
        text: 'Once a migration has run anywhere, write a new migration to change things rather than editing the old one.',
      },
      {
        term: 'Safe column changes',
        text: 'Adding a `NOT NULL` column to a table with rows needs a `DEFAULT` or a backfill, otherwise existing rows would break the constraint.',
      },
    ],
    example: {
      lang: 'sql',
      intro: 'This migration file adds a column safely to a table that already has rows.',
      code: `-- migrations/0007_add_user_status.sql
ALTER TABLE users ADD COLUMN status TEXT NOT NULL DEFAULT 'active';
CREATE INDEX users_status_idx ON users (status);

-- the tool then records it, for example:
-- INSERT INTO schema_migrations (version) VALUES ('0007');`,
      takeaway:
        "Existing users get the status 'active' from the `DEFAULT`, and the recorded version stops the migration from running twice.",
    },
    checks: [
      {
        q: 'What should you do to change a migration that has already run?',
        options: [
          'Write a new migration',
          'Edit the old migration file',
          'Delete the migration history',
          'Change the database by hand only',
        ],
      },
      {
        q: 'Adding a `NOT NULL` column to a table with rows needs what?',
        options: ['A `DEFAULT` or a backfill', 'A new primary key', 'A `DISTINCT` clause', 'An empty table'],
      },
    ],
  },
  // Performance
  {
    lesson: 'Indexes',
    concepts: [
      {
        term: 'Sorted lookup structure',
        text: 'An index is a separate sorted structure, usually a B-tree, that lets the database find rows by a column without scanning the whole table.',
      },
      {
        term: 'Logarithmic lookups',
        text: 'A B-tree lookup takes about log n steps, so finding one row among a million takes a few page reads instead of a full scan.',
      },
      {
        term: 'Composite index order',
        text: 'An index on `(last_name, first_name)` helps queries that filter on `last_name` first, but not queries filtering on `first_name` alone.',
      },
      {
        term: 'Writes pay the cost',
        text: 'Every insert, update and delete must also update each index, so add indexes for real queries, not for every column.',
      },
    ],
    example: {
      lang: 'sql',
      intro: 'An index on email turns a full table scan into a quick lookup.',
      code: `CREATE INDEX users_email_idx ON users (email);

-- can now use the index instead of reading every row
SELECT id, name FROM users WHERE email = 'ada@example.com';

CREATE INDEX people_name_idx ON people (last_name, first_name);
SELECT * FROM people WHERE last_name = 'Lovelace';  -- uses the index`,
      takeaway:
        'Both lookups can use an index; a query filtering only on `first_name` could not use `people_name_idx` efficiently.',
    },
    formula: {
      tex: 'O(n) \\text{ full scan} \\quad\\text{vs}\\quad O(\\log n) \\text{ index lookup}',
      caption: 'A B-tree index replaces reading all n rows with a search whose cost grows with log n.',
    },
    checks: [
      {
        q: 'Which query can use an index on `(last_name, first_name)` efficiently?',
        options: [
          'One filtering on `last_name`',
          'One filtering on `first_name` alone',
          'One filtering on `email`',
          'None, composite indexes are never used',
        ],
      },
      {
        q: 'What is the cost of adding an index?',
        options: [
          'Every insert, update and delete must also update the index',
          'Queries on that column become slower',
          'The table can no longer be joined',
          'The column can no longer hold NULL',
        ],
      },
    ],
  },
  {
    lesson: 'Reading query plans with EXPLAIN',
    concepts: [
      {
        term: 'EXPLAIN shows the plan',
        text: '`EXPLAIN` shows how the database intends to run a query: which tables it scans, which indexes it uses and how it joins.',
      },
      {
        term: 'Seq scan versus index',
        text: 'A "Seq Scan" reads every row of a table, while an "Index Scan" uses an index to read only the rows that match.',
      },
      {
        term: 'EXPLAIN ANALYZE runs it',
        text: "PostgreSQL's `EXPLAIN ANALYZE` actually runs the query and reports real times and row counts next to the estimates.",
      },
      {
        term: 'Estimates versus actual',
        text: "When estimated rows differ wildly from actual rows, the planner's statistics are stale, and running `ANALYZE` refreshes them.",
      },
    ],
    example: {
      lang: 'sql',
      intro: 'Compare the plan of a lookup before and after adding an index (PostgreSQL).',
      code: `EXPLAIN SELECT * FROM users WHERE email = 'ada@example.com';
-- Seq Scan on users  (cost=0.00..1887.00 rows=1 width=72)

CREATE INDEX users_email_idx ON users (email);

EXPLAIN ANALYZE SELECT * FROM users WHERE email = 'ada@example.com';
-- Index Scan using users_email_idx on users (... rows=1) (actual time=0.03..0.03 rows=1 loops=1)`,
      takeaway:
        'Before the index the plan reads every row with a Seq Scan; afterwards it uses an Index Scan, and `EXPLAIN ANALYZE` adds the actual time and rows.',
    },
    checks: [
      {
        q: 'What does a "Seq Scan" in a plan mean?',
        options: [
          'The database reads every row of the table',
          'The database uses an index',
          'The query runs in sequence with other queries',
          'The results are sorted',
        ],
      },
      {
        q: 'How does `EXPLAIN ANALYZE` differ from `EXPLAIN`?',
        options: [
          'It actually runs the query and reports real times and row counts',
          'It only checks the syntax',
          'It rewrites the query to be faster',
          'It creates missing indexes',
        ],
      },
    ],
  },
  {
    lesson: 'Avoiding N+1 queries',
    concepts: [
      {
        term: 'The N+1 pattern',
        text: 'The N+1 problem is one query for a list of N rows followed by one more query per row, making N + 1 round trips.',
      },
      {
        term: 'Round trips add up',
        text: 'Each query costs a network round trip, so 101 small queries are usually far slower than one query returning the same data.',
      },
      {
        term: 'Fix with a join',
        text: 'A single `JOIN` fetches the rows and their related rows together, replacing the per-row queries.',
      },
      {
        term: 'Fix with IN',
        text: 'Alternatively, collect the ids and fetch all related rows at once with `WHERE author_id IN (...)`, then match them up in code.',
      },
    ],
    example: {
      lang: 'sql',
      intro: 'Instead of one query per post to fetch its author, fetch everything in one query.',
      code: `-- N+1: SELECT id, title, author_id FROM posts;  then, per post:
--        SELECT name FROM authors WHERE id = ?;   (N more queries)

-- one query instead:
SELECT p.id, p.title, a.name AS author
FROM posts AS p
JOIN authors AS a ON a.id = p.author_id
ORDER BY p.id;`,
      takeaway:
        'For 100 posts the N+1 version sends 101 queries, while the join returns the same titles and author names in one query.',
    },
    checks: [
      {
        q: 'With 100 posts, how many queries does the N+1 pattern send?',
        options: ['101', '1', '2', '100'],
      },
      {
        q: 'Which change removes an N+1 pattern?',
        options: [
          'Fetching the related rows in one query with a `JOIN`',
          'Adding `LIMIT 1` to each per-row query',
          'Running the per-row queries in a transaction',
          'Sorting the posts with `ORDER BY`',
        ],
      },
    ],
  },
  {
    lesson: 'Locking and concurrency',
    concepts: [
      {
        term: 'Row locks on write',
        text: 'An `UPDATE` locks the rows it changes until its transaction ends, so a second writer to the same rows waits.',
      },
      {
        term: 'Lost updates',
        text: 'Two sessions that each read a value, add to it in code and write it back can lose one update unless the rows are locked.',
      },
      {
        term: 'SELECT ... FOR UPDATE',
        text: '`SELECT ... FOR UPDATE` locks the rows it reads, so other transactions trying to change them wait until this transaction commits.',
      },
      {
        term: 'Deadlocks and ordering',
        text: 'A deadlock happens when two transactions each wait for a lock the other holds; the database aborts one, and locking rows in a consistent order prevents it.',
      },
    ],
    example: {
      lang: 'sql',
      intro: 'Locking the row while reading it prevents a lost update.',
      code: `BEGIN;
SELECT balance FROM accounts WHERE id = 1 FOR UPDATE;  -- others now wait for this row
-- the application checks the balance is at least 100
UPDATE accounts SET balance = balance - 100 WHERE id = 1;
COMMIT;  -- releases the lock`,
      takeaway:
        'A second session running the same code waits at `FOR UPDATE` until the first commits, so it sees the new balance and no withdrawal is lost.',
    },
    checks: [
      {
        q: 'What does `SELECT ... FOR UPDATE` do?',
        options: [
          'Locks the rows it reads until the transaction ends',
          'Updates every selected row',
          'Reads rows without taking any locks',
          'Creates an index on the selected columns',
        ],
      },
      {
        q: 'What is a deadlock?',
        options: [
          'Two transactions each waiting for a lock the other holds',
          'A query that returns no rows',
          'A table without a primary key',
          'A transaction that was committed twice',
        ],
      },
    ],
  },
  // Advanced SQL
  {
    lesson: 'Subqueries and CTEs',
    concepts: [
      {
        term: 'Nested subqueries',
        text: 'A subquery is a `SELECT` nested inside another statement, for example `WHERE total > (SELECT AVG(total) FROM orders)`.',
      },
      {
        term: 'Correlated subqueries',
        text: 'A correlated subquery refers to the outer row, as in `WHERE EXISTS (SELECT 1 FROM orders o WHERE o.customer_id = c.id)`, and is evaluated per outer row.',
      },
      {
        term: 'WITH names a CTE',
        text: 'A common table expression, `WITH name AS (SELECT ...)`, names an intermediate result that the main query reads like a table.',
      },
      {
        term: 'Readable steps',
        text: 'Several CTEs separated by commas break a long query into named steps that read from top to bottom.',
      },
    ],
    example: {
      lang: 'sql',
      intro: 'A CTE computes per-customer totals, and the main query keeps the above-average spenders.',
      code: `WITH customer_totals AS (
  SELECT customer_id, SUM(total) AS spent
  FROM orders
  GROUP BY customer_id
)
SELECT customer_id, spent
FROM customer_totals
WHERE spent > (SELECT AVG(spent) FROM customer_totals)
ORDER BY spent DESC;`,
      takeaway:
        'The CTE `customer_totals` is read twice: once as the table to filter and once inside the subquery that computes the average spend.',
    },
    checks: [
      {
        q: 'What does `WITH customer_totals AS (SELECT ...)` create?',
        options: [
          'A named intermediate result the main query reads like a table',
          'A permanent table stored in the database',
          'An index on customer totals',
          'A new database user',
        ],
      },
      {
        q: 'What makes a subquery correlated?',
        options: [
          'It refers to the outer row and is evaluated per outer row',
          'It uses `GROUP BY`',
          'It returns exactly one value',
          'It appears in the `FROM` clause',
        ],
      },
    ],
  },
  {
    lesson: 'Window functions',
    concepts: [
      {
        term: 'Rows are kept',
        text: 'A window function computes a value over related rows but keeps every row instead of collapsing each group to one row the way `GROUP BY` does.',
      },
      {
        term: 'OVER and PARTITION BY',
        text: '`OVER (PARTITION BY dept)` defines the window as the rows sharing a department, so `AVG(salary) OVER (...)` gives each row its department average.',
      },
      {
        term: 'Ranking functions',
        text: "`ROW_NUMBER()` numbers rows 1, 2, 3 in the window's `ORDER BY` order, while `RANK()` gives tied rows the same rank and skips numbers after.",
      },
      {
        term: 'Running totals and LAG',
        text: '`SUM(amount) OVER (ORDER BY day)` gives a running total, and `LAG(amount)` reads the value from the previous row.',
      },
    ],
    example: {
      lang: 'sql',
      intro: "Each employee row gets a rank within its department and the department's average salary.",
      code: `SELECT name, dept, salary,
       RANK()      OVER (PARTITION BY dept ORDER BY salary DESC) AS dept_rank,
       AVG(salary) OVER (PARTITION BY dept)                      AS dept_avg
FROM employees
ORDER BY dept, dept_rank;`,
      takeaway:
        "Every employee stays in the result, with rank 1 for the best-paid person in each department and that department's average on every row.",
    },
    checks: [
      {
        q: 'How does a window function differ from `GROUP BY`?',
        options: [
          'It keeps every row instead of collapsing each group to one row',
          'It can only count rows',
          'It runs before `WHERE`',
          'It removes duplicate rows',
        ],
      },
      {
        q: 'What does `PARTITION BY dept` define?',
        options: [
          'The window as the rows sharing a department',
          'A physical split of the table on disk',
          'The sort order of the final result',
          'A filter keeping one department',
        ],
      },
    ],
  },
  {
    lesson: 'JSON columns',
    concepts: [
      {
        term: 'Semi-structured data',
        text: 'A JSON column stores a document whose shape may vary per row, such as optional settings, inside an ordinary table.',
      },
      {
        term: 'jsonb in PostgreSQL',
        text: "PostgreSQL's `jsonb` type stores parsed binary JSON, which is faster to query than `json` and can be indexed with GIN.",
      },
      {
        term: 'Arrow operators',
        text: "In PostgreSQL, `data -> 'key'` returns a JSON value and `data ->> 'key'` returns it as text for comparisons.",
      },
      {
        term: 'Columns for core fields',
        text: 'Fields you filter, join or constrain on regularly belong in real columns, because JSON keys get no types, foreign keys or `NOT NULL`.',
      },
    ],
    example: {
      lang: 'sql',
      intro: 'Events store a varying payload in a `jsonb` column (PostgreSQL).',
      code: `CREATE TABLE events (
  id       SERIAL PRIMARY KEY,
  kind     TEXT NOT NULL,
  payload  JSONB NOT NULL
);
INSERT INTO events (kind, payload) VALUES ('signup', '{"plan": "pro", "ref": "ad"}');

SELECT id, payload ->> 'plan' AS plan
FROM events
WHERE payload ->> 'plan' = 'pro';`,
      takeaway:
        "The query returns the signup event with plan 'pro', because `->>` extracts the plan key as text for the comparison.",
    },
    checks: [
      {
        q: "In PostgreSQL, what does `payload ->> 'plan'` return?",
        options: [
          "The plan key's value as text",
          "The plan key's value as JSON",
          'Whether the plan key exists',
          'The number of keys in payload',
        ],
      },
      {
        q: 'Which fields belong in real columns rather than JSON?',
        options: [
          'Fields you filter, join or constrain on regularly',
          'Fields that are rarely present',
          'Fields whose shape varies per row',
          'Every field, JSON columns are never useful',
        ],
      },
    ],
  },
  {
    lesson: 'Recursive queries',
    concepts: [
      {
        term: 'WITH RECURSIVE',
        text: '`WITH RECURSIVE` defines a CTE that refers to itself, which lets one query walk trees and graphs of unknown depth.',
      },
      {
        term: 'Anchor member',
        text: 'The first part, before `UNION ALL`, is the anchor: it selects the starting rows, such as the top manager.',
      },
      {
        term: 'Recursive member',
        text: "The second part joins the table to the CTE's previous rows to find the next level, repeating until it returns no new rows.",
      },
      {
        term: 'Guard against cycles',
        text: 'Track a depth column or visited path and stop at a limit, because a cycle in the data would otherwise make the recursion run forever.',
      },
    ],
    example: {
      lang: 'sql',
      intro: "This query lists an org chart from the top manager down, with each person's depth.",
      code: `WITH RECURSIVE chain AS (
  SELECT id, name, manager_id, 0 AS depth
  FROM employees
  WHERE manager_id IS NULL                  -- anchor: the top of the tree
  UNION ALL
  SELECT e.id, e.name, e.manager_id, c.depth + 1
  FROM employees AS e
  JOIN chain AS c ON e.manager_id = c.id    -- recursive step: next level down
  WHERE c.depth < 10
)
SELECT name, depth FROM chain ORDER BY depth, name;`,
      takeaway:
        'The top manager appears at depth 0, their direct reports at depth 1 and so on; `c.depth < 10` stops runaway recursion.',
    },
    checks: [
      {
        q: 'What does the anchor member of a recursive CTE select?',
        options: [
          'The starting rows, such as the top of the tree',
          'The last level of the tree',
          'Every row of the table at once',
          'The rows that form cycles',
        ],
      },
      {
        q: 'When does a recursive CTE stop?',
        options: [
          'When the recursive step returns no new rows',
          'After exactly two iterations',
          'When the anchor returns no rows twice',
          'Only when a LIMIT is reached',
        ],
      },
    ],
  },
];
