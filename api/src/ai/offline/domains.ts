// The offline generator's knowledge: a few curated subjects with real curricula, real questions and real
// books, and a generic template built from the learner's own subject for everything else. Multiple-choice
// items list the correct option first; generators shuffle them.
import type { GoalLevel, Prerequisite } from '@mindpath/contracts/ai';

export interface DomainSection {
  name: string;
  lessons: readonly string[];
  /** 0 beginner, 1 practitioner, 2 advanced */
  level: 0 | 1 | 2;
}
export interface McItem {
  topic: string;
  q: string;
  /** the first option is the correct one */
  options: readonly [string, string, string, string];
}
export interface OpenItem {
  topic: string;
  q: string;
  keyPoints: string;
}
export interface Domain {
  id: string;
  label: string;
  sections: readonly DomainSection[];
  mc: readonly McItem[];
  open: readonly OpenItem[];
  books: readonly { title: string; author: string }[];
  docs: { name: string; search: string };
  prerequisites: Partial<Record<GoalLevel, readonly Prerequisite[]>>;
}

const CAPSTONE = (label: string): DomainSection => ({
  name: 'Capstone Project',
  lessons: [
    'Planning a project',
    `Building the core of a ${label} project`,
    'Testing and refactoring',
    'Presenting and sharing your work',
  ],
  level: 2,
});

const PYTHON: Domain = {
  id: 'python',
  label: 'Python',
  sections: [
    {
      name: 'Python Setup and First Programs',
      level: 0,
      lessons: [
        'Installing Python and running scripts',
        'Variables and basic types',
        'Printing and reading input',
        'Writing your first script',
      ],
    },
    {
      name: 'Control Flow',
      level: 0,
      lessons: [
        'Conditions with if, elif and else',
        'Loops with for and while',
        'Boolean logic and comparisons',
        'Iterating with range and enumerate',
      ],
    },
    {
      name: 'Data Structures',
      level: 0,
      lessons: ['Lists and slicing', 'Dictionaries', 'Tuples and sets', 'Comprehensions'],
    },
    {
      name: 'Functions and Modules',
      level: 1,
      lessons: [
        'Defining functions',
        'Arguments, defaults and keyword arguments',
        'Scope and closures',
        'Modules, packages and imports',
      ],
    },
    {
      name: 'Files and Errors',
      level: 1,
      lessons: [
        'Reading and writing files',
        'Exceptions and try/except',
        'Working with pathlib and json',
        'Useful standard library modules',
      ],
    },
    {
      name: 'Object-Oriented Python',
      level: 1,
      lessons: [
        'Classes and instances',
        'Inheritance and composition',
        'Special (dunder) methods',
        'Dataclasses',
      ],
    },
    {
      name: 'Testing and Tooling',
      level: 2,
      lessons: [
        'Virtual environments and pip',
        'Writing tests with pytest',
        'Type hints and mypy',
        'Debugging and profiling',
      ],
    },
    {
      name: 'Advanced Python',
      level: 2,
      lessons: ['Iterators and generators', 'Decorators', 'Context managers', 'Concurrency with asyncio'],
    },
    CAPSTONE('Python'),
  ],
  mc: [
    {
      topic: 'Control Flow',
      q: 'What does `list(range(2, 8, 2))` produce?',
      options: ['[2, 4, 6]', '[2, 4, 6, 8]', '[2, 3, 4, 5, 6, 7]', '[4, 6, 8]'],
    },
    {
      topic: 'Control Flow',
      q: 'Which keyword skips the rest of the current loop iteration and goes on with the next one?',
      options: ['continue', 'break', 'pass', 'return'],
    },
    {
      topic: 'Data Structures',
      q: 'What is `[1, 2, 3, 4, 5][1:3]`?',
      options: ['[2, 3]', '[1, 2, 3]', '[2, 3, 4]', '[1, 2]'],
    },
    {
      topic: 'Data Structures',
      q: 'Which of these built-in types is immutable?',
      options: ['tuple', 'list', 'dict', 'set'],
    },
    {
      topic: 'Data Structures',
      q: 'What does `{x: x * x for x in range(3)}` evaluate to?',
      options: ['{0: 0, 1: 1, 2: 4}', '[0, 1, 4]', '{0, 1, 4}', '{1: 1, 2: 4, 3: 9}'],
    },
    {
      topic: 'Functions and Modules',
      q: 'Given `def f(a, b=2): return a * b`, what does `f(3)` return?',
      options: ['6', '5', '3', 'An error: b is missing'],
    },
    {
      topic: 'Functions and Modules',
      q: 'Why is `def add(item, items=[])` a classic bug?',
      options: [
        'The default list is created once and shared between calls',
        'Lists cannot be default values',
        'It turns items into a tuple',
        'The function can no longer be called without arguments',
      ],
    },
    {
      topic: 'Files and Errors',
      q: 'Which statement closes a file automatically, even when an exception is raised?',
      options: ['with open(path) as f:', 'f = open(path)', 'try: open(path)', 'open(path).read()'],
    },
    {
      topic: 'Files and Errors',
      q: "What does `int('abc')` raise?",
      options: ['ValueError', 'TypeError', 'KeyError', 'SyntaxError'],
    },
    {
      topic: 'Object-Oriented Python',
      q: 'What is the first parameter of an instance method conventionally called?',
      options: ['self', 'this', 'cls', 'me'],
    },
    {
      topic: 'Advanced Python',
      q: 'What does calling a function that contains `yield` return?',
      options: ['A generator object', 'The first yielded value', 'A list of all yielded values', 'None'],
    },
    {
      topic: 'Advanced Python',
      q: 'What is a decorator?',
      options: [
        'A callable that takes a function and returns a replacement for it',
        'A comment that documents a function',
        'A class attribute',
        'A way to format strings',
      ],
    },
  ],
  open: [
    {
      topic: 'Data Structures',
      q: 'When would you choose a dictionary over a list? Give an example.',
      keyPoints:
        'A dictionary maps unique keys to values for fast lookup by key, for example counting words or storing settings by name; a list keeps an ordered sequence accessed by position.',
    },
    {
      topic: 'Functions and Modules',
      q: "Explain what a function's scope is and why global variables are best avoided.",
      keyPoints:
        'Variables assigned inside a function are local to it; globals create hidden dependencies, make testing harder and cause unexpected side effects; pass values as arguments and return results.',
    },
    {
      topic: 'Object-Oriented Python',
      q: 'Describe when you would use inheritance and when composition.',
      keyPoints:
        'Inheritance models an is-a relationship and shares behaviour from a base class; composition builds objects from other objects (has-a), keeps coupling low and is usually the more flexible choice.',
    },
    {
      topic: 'Advanced Python',
      q: 'Explain the difference between a list and a generator, and when a generator is the better choice.',
      keyPoints:
        'A list stores every element in memory at once; a generator produces values lazily one at a time on demand, which saves memory for large or infinite sequences and streaming data.',
    },
  ],
  books: [
    { title: 'Automate the Boring Stuff with Python', author: 'Al Sweigart' },
    { title: 'Python Crash Course', author: 'Eric Matthes' },
    { title: 'Fluent Python', author: 'Luciano Ramalho' },
  ],
  docs: { name: 'Python documentation', search: 'https://docs.python.org/3/search.html?q=' },
  prerequisites: {},
};

const JAVASCRIPT: Domain = {
  id: 'javascript',
  label: 'JavaScript',
  sections: [
    {
      name: 'JavaScript Basics',
      level: 0,
      lessons: [
        'Values, types and variables with let and const',
        'Operators and expressions',
        'Strings and template literals',
        'Running JavaScript in the browser and Node.js',
      ],
    },
    {
      name: 'Control Flow and Functions',
      level: 0,
      lessons: [
        'Conditions and loops',
        'Function declarations and arrow functions',
        'Scope, hoisting and closures',
        'Higher-order functions',
      ],
    },
    {
      name: 'Arrays and Objects',
      level: 0,
      lessons: [
        'Array methods: map, filter and reduce',
        'Objects and destructuring',
        'Spread and rest syntax',
        'Working with JSON',
      ],
    },
    {
      name: 'The DOM and Events',
      level: 1,
      lessons: [
        'Selecting and changing elements',
        'Handling events',
        'Forms and validation',
        'Building a small interactive page',
      ],
    },
    {
      name: 'Asynchronous JavaScript',
      level: 1,
      lessons: ['The event loop', 'Promises', 'async and await', 'Fetching data from an API'],
    },
    {
      name: 'Modules and Tooling',
      level: 1,
      lessons: ['ES modules', 'npm and package.json', 'Bundlers and dev servers', 'Linting and formatting'],
    },
    {
      name: 'TypeScript and Testing',
      level: 2,
      lessons: ['Types and interfaces', 'Generics', 'Unit testing', 'Testing asynchronous code'],
    },
    {
      name: 'Advanced JavaScript',
      level: 2,
      lessons: [
        'Prototypes and classes',
        'Iterators and generators',
        'Performance and memory',
        'Security basics: XSS and CSP',
      ],
    },
    CAPSTONE('JavaScript'),
  ],
  mc: [
    {
      topic: 'JavaScript Basics',
      q: 'What is `typeof null`?',
      options: ["'object'", "'null'", "'undefined'", "'number'"],
    },
    {
      topic: 'JavaScript Basics',
      q: "What does `'5' + 3` evaluate to?",
      options: ["'53'", '8', "'8'", 'NaN'],
    },
    {
      topic: 'JavaScript Basics',
      q: 'Which declaration creates a binding that cannot be reassigned?',
      options: ['const', 'let', 'var', 'function'],
    },
    {
      topic: 'Control Flow and Functions',
      q: 'What is a closure?',
      options: [
        'A function together with the variables of the scope it was created in',
        'A function that has finished running',
        'A way to close a browser tab',
        'An object with private fields',
      ],
    },
    {
      topic: 'Control Flow and Functions',
      q: 'Which comparison is true?',
      options: ["0 == '0'", "0 === '0'", 'null === undefined', 'NaN === NaN'],
    },
    {
      topic: 'Arrays and Objects',
      q: 'What does `[1, 2, 3, 4].filter((n) => n % 2 === 0)` return?',
      options: ['[2, 4]', '[1, 3]', '[false, true, false, true]', '2'],
    },
    {
      topic: 'Arrays and Objects',
      q: 'Given `const { a, ...rest } = { a: 1, b: 2, c: 3 }`, what is `rest`?',
      options: ['{ b: 2, c: 3 }', '{ a: 1 }', '[2, 3]', 'undefined'],
    },
    {
      topic: 'The DOM and Events',
      q: 'Which call runs `handler` when a button is clicked?',
      options: [
        "button.addEventListener('click', handler)",
        'button.onClick(handler)',
        'button.click(handler)',
        "button.listen('click', handler)",
      ],
    },
    {
      topic: 'Asynchronous JavaScript',
      q: 'What does an async function always return?',
      options: ['A Promise', 'The value of its return statement', 'undefined', 'A callback'],
    },
    {
      topic: 'Asynchronous JavaScript',
      q: "In what order does `console.log('A'); setTimeout(() => console.log('B'), 0); Promise.resolve().then(() => console.log('C'));` print?",
      options: ['A, C, B', 'A, B, C', 'B, A, C', 'C, A, B'],
    },
  ],
  open: [
    {
      topic: 'Control Flow and Functions',
      q: 'Explain the difference between `let`, `const` and `var`.',
      keyPoints:
        'let and const are block scoped; const bindings cannot be reassigned; var is function scoped, hoisted and can be redeclared, which leads to surprising bugs.',
    },
    {
      topic: 'The DOM and Events',
      q: 'Describe how you would show a list of items fetched from an API on a page.',
      keyPoints:
        'Fetch the data with async and await, handle errors, create an element for each item, set text safely to avoid XSS, and update the page when the data arrives.',
    },
    {
      topic: 'Asynchronous JavaScript',
      q: 'Explain what the event loop does and why long synchronous work freezes a web page.',
      keyPoints:
        'JavaScript runs on a single thread; the event loop runs queued tasks and microtasks when the call stack is empty; long synchronous code blocks the stack, so rendering and event handling wait until it finishes.',
    },
  ],
  books: [
    { title: 'Eloquent JavaScript', author: 'Marijn Haverbeke' },
    { title: "You Don't Know JS Yet", author: 'Kyle Simpson' },
    { title: 'JavaScript: The Definitive Guide', author: 'David Flanagan' },
  ],
  docs: { name: 'MDN Web Docs', search: 'https://developer.mozilla.org/en-US/search?q=' },
  prerequisites: {
    Beginner: [
      {
        title: 'HTML and CSS Basics',
        description: 'Learn HTML and CSS to build simple web pages',
        level: 'Beginner',
        reason:
          'JavaScript in the browser reads and changes HTML and CSS; knowing them first makes the DOM lessons concrete.',
      },
    ],
  },
};

const SQL: Domain = {
  id: 'sql',
  label: 'SQL',
  sections: [
    {
      name: 'Relational Basics',
      level: 0,
      lessons: ['Tables, rows and columns', 'Primary keys', 'Data types', 'Your first SELECT'],
    },
    {
      name: 'Querying Data',
      level: 0,
      lessons: [
        'Filtering with WHERE',
        'Sorting with ORDER BY',
        'LIMIT and pagination',
        'NULL and three-valued logic',
      ],
    },
    { name: 'Aggregation', level: 0, lessons: ['COUNT, SUM and AVG', 'GROUP BY', 'HAVING', 'DISTINCT'] },
    { name: 'Joins', level: 1, lessons: ['INNER JOIN', 'LEFT JOIN', 'Self joins', 'Joining many tables'] },
    {
      name: 'Changing Data',
      level: 1,
      lessons: ['INSERT, UPDATE and DELETE', 'Transactions', 'Constraints', 'Upserts'],
    },
    {
      name: 'Schema Design',
      level: 1,
      lessons: ['Normalization', 'Foreign keys', 'One-to-many and many-to-many relationships', 'Migrations'],
    },
    {
      name: 'Performance',
      level: 2,
      lessons: [
        'Indexes',
        'Reading query plans with EXPLAIN',
        'Avoiding N+1 queries',
        'Locking and concurrency',
      ],
    },
    {
      name: 'Advanced SQL',
      level: 2,
      lessons: ['Subqueries and CTEs', 'Window functions', 'JSON columns', 'Recursive queries'],
    },
  ],
  mc: [
    {
      topic: 'Querying Data',
      q: 'Which condition finds rows where `email` has no value?',
      options: ['WHERE email IS NULL', 'WHERE email = NULL', "WHERE email == ''", 'WHERE NOT email'],
    },
    {
      topic: 'Querying Data',
      q: 'Which clause sorts results from the highest price to the lowest?',
      options: ['ORDER BY price DESC', 'SORT BY price DESC', 'ORDER BY price ASC', 'GROUP BY price DESC'],
    },
    {
      topic: 'Aggregation',
      q: 'Which clause filters groups after aggregation?',
      options: ['HAVING', 'WHERE', 'FILTER BY', 'LIMIT'],
    },
    {
      topic: 'Aggregation',
      q: 'What does `COUNT(*)` count?',
      options: [
        'All rows, including those with NULLs',
        'Only rows without NULLs',
        'Distinct values',
        'Columns',
      ],
    },
    {
      topic: 'Joins',
      q: 'Which join keeps every row of the left table, even without a match?',
      options: ['LEFT JOIN', 'INNER JOIN', 'CROSS JOIN', 'NATURAL JOIN'],
    },
    {
      topic: 'Joins',
      q: 'Customers A, B and C have 2, 1 and 0 orders. How many rows does `customers INNER JOIN orders` return?',
      options: ['3', '2', '6', '5'],
    },
    {
      topic: 'Changing Data',
      q: 'What guarantees that either all statements of a money transfer happen or none do?',
      options: ['A transaction', 'An index', 'A view', 'A trigger'],
    },
    {
      topic: 'Performance',
      q: 'What is an index mainly for?',
      options: [
        'Finding rows quickly without scanning the whole table',
        'Saving disk space',
        'Encrypting columns',
        'Backing up the table',
      ],
    },
    {
      topic: 'Advanced SQL',
      q: 'What does `ROW_NUMBER() OVER (PARTITION BY team ORDER BY score DESC)` compute?',
      options: [
        'The position of each row within its team by score',
        'The number of teams',
        'The total score per team',
        'A random row id',
      ],
    },
  ],
  open: [
    {
      topic: 'Joins',
      q: 'Explain the difference between INNER JOIN and LEFT JOIN with an example.',
      keyPoints:
        'INNER JOIN returns only rows with a match in both tables; LEFT JOIN returns all rows of the left table with NULLs where there is no match, for example customers without orders.',
    },
    {
      topic: 'Changing Data',
      q: 'Why do applications wrap related writes in a transaction?',
      keyPoints:
        'A transaction makes related writes atomic and isolated: all succeed or all roll back, so a failure halfway never leaves inconsistent data, and concurrent readers see a consistent state.',
    },
    {
      topic: 'Performance',
      q: 'A query got slow as the table grew. How would you investigate it?',
      keyPoints:
        'Run EXPLAIN ANALYZE to read the query plan, look for sequential scans, add an index on the filtered or joined columns, check row estimates and avoid selecting unneeded columns.',
    },
  ],
  books: [
    { title: 'Learning SQL', author: 'Alan Beaulieu' },
    { title: 'SQL Performance Explained', author: 'Markus Winand' },
    { title: 'Designing Data-Intensive Applications', author: 'Martin Kleppmann' },
  ],
  docs: { name: 'PostgreSQL documentation', search: 'https://www.postgresql.org/search/?q=' },
  prerequisites: {},
};

const ML: Domain = {
  id: 'machine-learning',
  label: 'Machine Learning',
  sections: [
    {
      name: 'Foundations of Machine Learning',
      level: 0,
      lessons: [
        'What machine learning is',
        'Supervised and unsupervised learning',
        'Features and labels',
        'The machine learning workflow',
      ],
    },
    {
      name: 'Math for Machine Learning',
      level: 0,
      lessons: [
        'Vectors and matrices',
        'Derivatives and gradients',
        'Probability basics',
        'Mean, variance and distributions',
      ],
    },
    {
      name: 'Working with Data',
      level: 0,
      lessons: [
        'Loading data with pandas',
        'Cleaning data and missing values',
        'Feature scaling and encoding',
        'Train, validation and test splits',
      ],
    },
    {
      name: 'Classic Models',
      level: 1,
      lessons: [
        'Linear regression',
        'Logistic regression',
        'Decision trees and random forests',
        'k-nearest neighbours and k-means',
      ],
    },
    {
      name: 'Model Evaluation',
      level: 1,
      lessons: [
        'Loss functions',
        'Accuracy, precision and recall',
        'Cross-validation',
        'Overfitting and regularization',
      ],
    },
    {
      name: 'Neural Networks',
      level: 2,
      lessons: [
        'Perceptrons and activation functions',
        'Backpropagation',
        'Training with gradient descent',
        'Convolutional networks',
      ],
    },
    {
      name: 'Deep Learning in Practice',
      level: 2,
      lessons: ['PyTorch basics', 'Transfer learning', 'Hyperparameter tuning', 'Experiment tracking'],
    },
    {
      name: 'Deploying Models',
      level: 2,
      lessons: [
        'Saving and serving models',
        'Monitoring data drift',
        'Responsible AI and bias',
        'A small end-to-end project',
      ],
    },
  ],
  mc: [
    {
      topic: 'Foundations of Machine Learning',
      q: "Predicting a house's price from its size and location is an example of:",
      options: [
        'Supervised regression',
        'Supervised classification',
        'Unsupervised clustering',
        'Reinforcement learning',
      ],
    },
    {
      topic: 'Foundations of Machine Learning',
      q: 'Grouping customers by behaviour without any labels is:',
      options: ['Unsupervised learning', 'Supervised learning', 'Regression', 'Transfer learning'],
    },
    {
      topic: 'Math for Machine Learning',
      q: 'What is the derivative of f(x) = x² at x = 3?',
      options: ['6', '9', '3', '2'],
    },
    {
      topic: 'Working with Data',
      q: 'Why is a test set kept apart until the end?',
      options: [
        'To estimate performance on data the model has never seen',
        'To make training faster',
        'To have more training data',
        'To remove outliers',
      ],
    },
    {
      topic: 'Classic Models',
      q: 'Logistic regression is mainly used for:',
      options: ['Classification', 'Predicting continuous values', 'Clustering', 'Dimensionality reduction'],
    },
    {
      topic: 'Model Evaluation',
      q: 'A model scores 99% on training data and 60% on test data. This is most likely:',
      options: ['Overfitting', 'Underfitting', 'A perfect model', 'Too little training'],
    },
    {
      topic: 'Model Evaluation',
      q: 'If 1% of emails are spam, why is accuracy a poor metric for a spam filter?',
      options: [
        "Always predicting 'not spam' already scores 99%",
        'Accuracy cannot be computed for text',
        'Accuracy ignores the training set',
        'Accuracy is always below 50% on such data',
      ],
    },
    {
      topic: 'Neural Networks',
      q: 'What does gradient descent do?',
      options: [
        'Moves the parameters in the direction that reduces the loss',
        'Raises the learning rate at each step',
        'Searches parameters at random',
        'Removes layers from a network',
      ],
    },
  ],
  open: [
    {
      topic: 'Working with Data',
      q: 'Describe how you would prepare a raw dataset before training a model.',
      keyPoints:
        'Inspect the data, handle missing values, remove duplicates and outliers, encode categorical features, scale numeric features, and split into train, validation and test sets without leakage.',
    },
    {
      topic: 'Model Evaluation',
      q: 'Explain overfitting and two ways to reduce it.',
      keyPoints:
        'Overfitting is when a model memorizes noise in the training data and generalizes poorly; reduce it with more data, regularization, simpler models, dropout, early stopping or cross-validation.',
    },
    {
      topic: 'Neural Networks',
      q: 'Explain what backpropagation computes.',
      keyPoints:
        'Backpropagation applies the chain rule to compute the gradient of the loss with respect to every weight, layer by layer from the output backwards, so gradient descent can update the weights.',
    },
  ],
  books: [
    { title: 'Hands-On Machine Learning with Scikit-Learn, Keras, and TensorFlow', author: 'Aurélien Géron' },
    {
      title: 'An Introduction to Statistical Learning',
      author: 'Gareth James, Daniela Witten, Trevor Hastie, Robert Tibshirani',
    },
    { title: 'Deep Learning', author: 'Ian Goodfellow, Yoshua Bengio, Aaron Courville' },
  ],
  docs: { name: 'scikit-learn documentation', search: 'https://scikit-learn.org/stable/search.html?q=' },
  prerequisites: {
    Beginner: [
      {
        title: 'Python for Data Analysis',
        description: 'Learn Python programming for data analysis',
        level: 'Beginner',
        reason: 'Machine learning work is done in Python with NumPy and pandas.',
      },
      {
        title: 'Statistics Fundamentals',
        description: 'Learn the fundamentals of statistics and probability',
        level: 'Beginner',
        reason: 'Models, metrics and uncertainty are all expressed in statistical terms.',
      },
    ],
    Practitioner: [
      {
        title: 'Linear Algebra for Machine Learning',
        description: 'Learn vectors, matrices and their operations for machine learning',
        level: 'Beginner',
        reason: 'Models are matrix operations; linear algebra makes them readable.',
      },
    ],
  },
};

export const CURATED: readonly { match: RegExp; domain: Domain }[] = [
  {
    match: /machine learning|\bml\b|deep learning|neural net|data scien|\bai\b|artificial intelligence/i,
    domain: ML,
  },
  { match: /\bsql\b|database|postgres|mysql|sqlite/i, domain: SQL },
  { match: /javascript|typescript|\bjs\b|\bts\b|react|node\.?js|web dev|front[- ]?end/i, domain: JAVASCRIPT },
  { match: /python/i, domain: PYTHON },
];

/** A curriculum for any subject, from the learner's own words and sound learning practice. */
export function genericDomain(subject: string): Domain {
  const s = subject;
  return {
    id: 'generic',
    label: s,
    sections: [
      {
        name: `Foundations of ${s}`,
        level: 0,
        lessons: [
          `What ${s} is and why it matters`,
          `Key terms and ideas in ${s}`,
          `How experts approach ${s}`,
          'Setting up your practice routine',
        ],
      },
      {
        name: `Core Concepts of ${s}`,
        level: 0,
        lessons: [
          `Core principles of ${s}`,
          `Breaking ${s} into smaller skills`,
          'Your first hands-on exercise',
          'Common beginner mistakes',
        ],
      },
      {
        name: `Tools and Resources for ${s}`,
        level: 0,
        lessons: [
          'Choosing tools and materials',
          'Finding trustworthy sources',
          'Building a reference notebook',
          'Learning from worked examples',
        ],
      },
      {
        name: 'Building Core Skills',
        level: 1,
        lessons: [
          'Deliberate practice sessions',
          'Getting feedback on your work',
          'Measuring your progress',
          'Getting past plateaus',
        ],
      },
      {
        name: `Applying ${s} in Real Situations`,
        level: 1,
        lessons: [
          'A guided mini project',
          'Solving realistic problems',
          'Working with others',
          'Reflecting on results',
        ],
      },
      {
        name: `Intermediate Techniques in ${s}`,
        level: 1,
        lessons: [
          'Combining skills',
          'Analysing expert examples',
          'Speed and accuracy',
          'Teaching what you learned',
        ],
      },
      {
        name: `Advanced ${s}`,
        level: 2,
        lessons: [
          `Advanced methods in ${s}`,
          'Edge cases and trade-offs',
          'Developing your own approach',
          `Staying current in ${s}`,
        ],
      },
      {
        name: `Capstone Project: ${s}`,
        level: 2,
        lessons: [
          'Planning the project',
          'Building the first version',
          'Getting expert feedback',
          'Presenting your work',
        ],
      },
    ],
    mc: [
      {
        topic: `Foundations of ${s}`,
        q: `What is the best way to check that you truly understand an idea in ${s}?`,
        options: [
          'Explain it in your own words and apply it to a new example',
          'Recognise it when you read it again',
          'Copy the definition word for word',
          'Agree with an explanation you watched',
        ],
      },
      {
        topic: `Foundations of ${s}`,
        q: `What is interleaving when studying ${s}?`,
        options: [
          'Mixing different kinds of problems in one practice session',
          'Studying one kind of problem until it is perfect',
          'Taking long breaks between sessions',
          'Learning two subjects at the same time',
        ],
      },
      {
        topic: `Tools and Resources for ${s}`,
        q: `Which source is usually the most reliable for learning ${s}?`,
        options: [
          'Material written or reviewed by recognised experts, with references',
          'The most viewed video',
          'An anonymous forum post',
          'Any source that agrees with what you already think',
        ],
      },
      {
        topic: `Tools and Resources for ${s}`,
        q: `Why keep a practice log while learning ${s}?`,
        options: [
          'It shows your progress and tells you what to practise next',
          'It replaces practice',
          'It is required to learn anything',
          'It makes sessions longer',
        ],
      },
      {
        topic: 'Building Core Skills',
        q: `When practising ${s}, which approach leads to the most durable learning?`,
        options: [
          'Spaced retrieval practice over several days',
          'Re-reading the same notes many times in one sitting',
          'Highlighting the key passages',
          'Watching experts without trying it yourself',
        ],
      },
      {
        topic: 'Building Core Skills',
        q: `Which goal is best for a focused ${s} practice session?`,
        options: [
          'A specific target just beyond your current ability, with feedback',
          'Whatever feels comfortable',
          'Repeating what you already do well',
          'Working as long as possible without breaks',
        ],
      },
      {
        topic: `Applying ${s} in Real Situations`,
        q: `You have been stuck on a ${s} problem for a long time. What is the most effective next step?`,
        options: [
          'Break it into smaller parts and test each one',
          'Keep repeating the same attempt',
          'Drop the topic for good',
          'Wait for inspiration',
        ],
      },
      {
        topic: `Applying ${s} in Real Situations`,
        q: `How should feedback on your ${s} work be used?`,
        options: [
          'Seek it early and often, and change your practice based on it',
          'Only ask for it when the work is finished',
          'Avoid it until you feel confident',
          'Treat it as a verdict on your talent',
        ],
      },
    ],
    open: [
      {
        topic: `Foundations of ${s}`,
        q: `Describe what you already know about ${s} and where you have used it.`,
        keyPoints: `Concrete ${s} concepts and terms you know, examples of using them, projects or experience, and what you find difficult.`,
      },
      {
        topic: 'Building Core Skills',
        q: `How do you plan to practise ${s} each week?`,
        keyPoints:
          'A regular schedule of spaced sessions, a specific goal for each session, feedback, a practice log and review of weak areas.',
      },
      {
        topic: `Applying ${s} in Real Situations`,
        q: `Describe a real situation where you want to use ${s}, and what success would look like.`,
        keyPoints: `A concrete situation, the specific ${s} skills it needs, a measurable result, and how feedback would show progress.`,
      },
    ],
    books: [
      {
        title: 'Make It Stick: The Science of Successful Learning',
        author: 'Peter C. Brown, Henry L. Roediger III, Mark A. McDaniel',
      },
      { title: 'Peak: Secrets from the New Science of Expertise', author: 'Anders Ericsson, Robert Pool' },
      { title: 'Ultralearning', author: 'Scott H. Young' },
    ],
    docs: { name: 'Wikipedia', search: 'https://en.wikipedia.org/w/index.php?search=' },
    prerequisites: {},
  };
}
