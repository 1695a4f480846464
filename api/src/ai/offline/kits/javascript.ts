// Curated lesson kits for the JavaScript curriculum (domains.ts): what the offline generator teaches in each lesson.
import type { LessonKit } from './types.ts';

export const JAVASCRIPT_KITS: readonly LessonKit[] = [
  // JavaScript Basics
  {
    lesson: 'Values, types and variables with let and const',
    concepts: [
      {
        term: 'const and let',
        text: '`const` declares a binding that cannot be reassigned, and `let` declares one that can; prefer `const` and use `let` only when the value changes.',
      },
      {
        term: 'Block scope',
        text: 'Both `let` and `const` are block-scoped, so a variable declared inside `{ }` does not exist outside those braces.',
      },
      {
        term: 'Primitive types',
        text: 'The primitive types are string, number, bigint, boolean, undefined, null and symbol; everything else, including arrays and functions, is an object.',
      },
      {
        term: 'typeof reports types',
        text: '`typeof` returns a type name as a string, such as `"number"`, though `typeof null` is `"object"`, a historical quirk.',
      },
    ],
    example: {
      lang: 'javascript',
      intro: 'Declaring variables and checking their types.',
      code: `const name = 'Ada';
let visits = 1;
visits = visits + 1; // fine: let can be reassigned
// name = 'Grace';   // TypeError: Assignment to constant variable.

const user = { name };
user.name = 'Grace'; // allowed: const stops reassignment, not mutation

console.log(visits, typeof name, typeof visits, typeof null, user.name);`,
      takeaway:
        'It prints 2 string number object Grace; `const` prevents reassigning `user`, but the object it holds can still change.',
    },
    checks: [
      {
        q: 'What does `const` prevent?',
        options: [
          'Reassigning the binding',
          'Changing the properties of an object it holds',
          'Reading the variable',
          'Using the variable inside a function',
        ],
      },
      {
        q: 'What does `typeof null` return?',
        options: ['`"object"`', '`"null"`', '`"undefined"`', '`"number"`'],
      },
    ],
  },
  {
    lesson: 'Operators and expressions',
    concepts: [
      {
        term: 'Strict equality',
        text: '`===` compares value and type without conversion, while `==` converts types first, so `0 == ""` is true but `0 === ""` is false.',
      },
      {
        term: 'The + operator',
        text: '`+` adds numbers but concatenates as soon as either operand is a string, so `1 + "2"` is `"12"`.',
      },
      {
        term: 'Logical operators return operands',
        text: '`a || b` returns the first truthy operand and `a && b` the first falsy one, so they return values, not just booleans.',
      },
      {
        term: 'Nullish coalescing',
        text: '`a ?? b` returns `b` only when `a` is `null` or `undefined`, so `0 ?? 5` is `0` while `0 || 5` is `5`.',
      },
    ],
    example: {
      lang: 'javascript',
      intro: 'A few expressions whose results surprise newcomers.',
      code: `console.log(1 + '2', 1 + 2);
console.log(0 == '', 0 === '');
console.log(0 || 5, 0 ?? 5);
console.log('' || 'default', null ?? 'default');
console.log(7 % 3, 2 ** 10);`,
      takeaway: 'It prints 12 3, then true false, then 5 0, then default default, then 1 1024.',
    },
    checks: [
      {
        q: 'What does `0 ?? 5` evaluate to?',
        options: ['0', '5', '`null`', '`undefined`'],
      },
      {
        q: 'Why prefer `===` over `==`?',
        options: [
          '`===` compares value and type without conversion',
          '`===` is the only operator that works on strings',
          '`==` always returns false for numbers',
          '`===` converts both operands to strings first',
        ],
      },
    ],
  },
  {
    lesson: 'Strings and template literals',
    concepts: [
      {
        term: 'Strings are immutable',
        text: 'String methods such as `toUpperCase()` or `replace()` return new strings, and the original string never changes.',
      },
      {
        term: 'Template literals',
        // biome-ignore lint/suspicious/noTemplateCurlyInString: the lesson shows template-literal syntax as text
        text: 'Backtick strings insert any value with `${value}`, as in `` `Hi ${name}` ``, and may span several lines.',
      },
      {
        term: 'Common string methods',
        text: '`includes`, `startsWith`, `slice`, `split` and `trim` cover most text tasks, for example `"a,b".split(",")` gives `["a", "b"]`.',
      },
      {
        term: 'Indexing and length',
        text: '`str.length` counts UTF-16 code units and `str[0]` or `str.at(-1)` read single characters by position.',
      },
    ],
    example: {
      lang: 'javascript',
      intro: 'Building and inspecting strings.',
      code: `const name = 'ada lovelace';
const title = name.split(' ').map((w) => w[0].toUpperCase() + w.slice(1)).join(' ');
const price = 4.5;

console.log(\`\${title} owes \${price.toFixed(2)} EUR\`);
console.log(name.includes('love'), name.at(-1), name.length);
console.log(name); // unchanged`,
      takeaway:
        'It prints Ada Lovelace owes 4.50 EUR, then true e 12, then ada lovelace, because string methods return new strings.',
    },
    checks: [
      {
        q: 'What does `name.toUpperCase()` do to `name`?',
        options: [
          'Nothing; it returns a new string',
          'It changes `name` in place',
          'It throws because strings are constant',
          'It converts `name` to an array',
        ],
      },
      {
        q: 'Which syntax inserts a value into a template literal?',
        // biome-ignore lint/suspicious/noTemplateCurlyInString: the lesson shows template-literal syntax as text
        options: ['`${value}`', '`#{value}`', '`{{value}}`', '`%value%`'],
      },
    ],
  },
  {
    lesson: 'Running JavaScript in the browser and Node.js',
    concepts: [
      {
        term: 'Two host environments',
        text: 'The same JavaScript language runs in browsers and in Node.js, but each host adds its own APIs around it.',
      },
      {
        term: 'Browser script tags',
        text: 'A page loads code with `<script src="app.js" defer></script>`, and `defer` runs it after the HTML has been parsed.',
      },
      {
        term: 'Node runs files',
        text: '`node app.js` runs a file from the terminal, with access to files and processes through modules such as `node:fs`.',
      },
      {
        term: 'Host-specific globals',
        text: '`document` and `window` exist only in browsers, while `process` and `require` exist only in Node.js.',
      },
    ],
    example: {
      lang: 'javascript',
      intro: 'One file that reports which environment is running it.',
      code: `// app.js — run with: node app.js, or load with <script src="app.js" defer></script>
const inBrowser = typeof window !== 'undefined' && typeof document !== 'undefined';

if (inBrowser) {
  document.body.append('Hello from the browser');
} else {
  console.log(\`Hello from Node.js \${process.version}\`);
}`,
      takeaway:
        'In Node.js it prints Hello from Node.js followed by the version, such as v20.11.0; in a browser it adds the text to the page instead.',
    },
    checks: [
      {
        q: 'Which global exists only in the browser?',
        options: ['`document`', '`process`', '`console`', '`Math`'],
      },
      {
        q: 'What does `defer` on a script tag do?',
        options: [
          'Runs the script after the HTML has been parsed',
          'Skips the script on slow networks',
          'Runs the script in Node.js',
          'Loads the script only after a click',
        ],
      },
    ],
  },
  // Control Flow and Functions
  {
    lesson: 'Conditions and loops',
    concepts: [
      {
        term: 'if and else',
        text: '`if (condition) { ... } else { ... }` runs one branch depending on whether the condition is truthy.',
      },
      {
        term: 'Falsy values',
        text: 'The falsy values are `false`, `0`, `""`, `null`, `undefined` and `NaN`; every other value, even `[]`, is truthy.',
      },
      {
        term: 'for...of over values',
        text: '`for (const x of array)` loops over the values of an array or other iterable, while the classic `for (let i = 0; ...)` loop counts indexes.',
      },
      {
        term: 'while, break, continue',
        text: '`while` repeats while its condition is truthy, `break` exits the loop and `continue` jumps to the next iteration.',
      },
    ],
    example: {
      lang: 'javascript',
      intro: 'A loop that classifies numbers and stops at a sentinel.',
      code: `const numbers = [4, 7, 0, 12, -1, 9];
let evenTotal = 0;

for (const n of numbers) {
  if (n < 0) break;        // -1 ends the loop
  if (n % 2 !== 0) continue;
  evenTotal += n;
}
console.log(evenTotal, Boolean([]), Boolean(''));`,
      takeaway:
        'It prints 16 true false: 4, 0 and 12 are added, 7 is skipped, the loop stops at -1, and an empty array is truthy.',
    },
    checks: [
      {
        q: 'Is an empty array `[]` truthy or falsy?',
        options: ['Truthy', 'Falsy', 'Neither, it throws', 'Falsy only inside loops'],
      },
      {
        q: 'What does `break` do inside a loop?',
        options: [
          'Exits the loop',
          'Skips to the next iteration',
          'Restarts the loop',
          'Pauses for one tick',
        ],
      },
    ],
  },
  {
    lesson: 'Function declarations and arrow functions',
    concepts: [
      {
        term: 'Function declarations',
        text: 'A function declaration, `function add(a, b) { return a + b; }`, is hoisted, so it can be called before the line that defines it.',
      },
      {
        term: 'Arrow function syntax',
        text: 'An arrow function, `const add = (a, b) => a + b;`, returns the expression after `=>` without needing a `return` keyword.',
      },
      {
        term: 'Arrows and this',
        text: 'Arrow functions have no `this` of their own and use the `this` of the surrounding code, which suits callbacks but not object methods.',
      },
      {
        term: 'Defaults and undefined',
        text: 'Parameters can have defaults, as in `(name = "you") => ...`, and a function without `return` returns `undefined`.',
      },
    ],
    example: {
      lang: 'javascript',
      intro: 'The same function written both ways.',
      code: `console.log(square(4)); // works: declarations are hoisted

function square(x) {
  return x * x;
}

const cube = (x) => x * x * x;
const greet = (name = 'you') => \`Hello, \${name}!\`;

console.log(cube(3), greet(), greet('Ada'));`,
      takeaway:
        'It prints 16, then 27 Hello, you! Hello, Ada!, using the default parameter when no name is passed.',
    },
    checks: [
      {
        q: 'Which kind of function can be called before the line that defines it?',
        options: ['A function declaration', 'An arrow function stored in `const`', 'Any function', 'None'],
      },
      {
        q: 'What does the arrow function `(x) => x * x * x` return for 3?',
        options: ['27', '9', '`undefined`', '333'],
      },
    ],
  },
  {
    lesson: 'Scope, hoisting and closures',
    concepts: [
      {
        term: 'Lexical scope',
        text: 'A function can read variables from the scopes around where it was written, and inner scopes hide outer variables with the same name.',
      },
      {
        term: 'Hoisting of declarations',
        text: '`var` declarations are hoisted and start as `undefined`, while `let` and `const` sit in a temporal dead zone and throw if read before their declaration.',
      },
      {
        term: 'Closures keep variables',
        text: 'A closure is a function that keeps access to variables of the scope it was created in, even after that outer function has returned.',
      },
      {
        term: 'Private state',
        text: 'Closures give functions private state: variables captured by the closure cannot be reached from outside except through the returned functions.',
      },
    ],
    example: {
      lang: 'javascript',
      intro: 'A counter whose count is private to its closure.',
      code: `function makeCounter() {
  let count = 0;
  return () => ++count;
}

const a = makeCounter();
const b = makeCounter();
console.log(a(), a(), a(), b());

console.log(typeof hoisted); // var is hoisted
var hoisted = 1;`,
      takeaway:
        'It prints 1 2 3 1, because each counter closes over its own `count`, then undefined, because the `var` was hoisted without its value.',
    },
    checks: [
      {
        q: 'What happens when you read a `let` variable before its declaration?',
        options: [
          'It throws, because it is in the temporal dead zone',
          'It returns `undefined`',
          'It returns `null`',
          'It returns 0',
        ],
      },
      {
        q: 'What is a closure?',
        options: [
          'A function that keeps access to variables of the scope it was created in',
          'A function that closes the browser tab',
          'A loop that ends with `break`',
          'A function with no parameters',
        ],
      },
    ],
  },
  {
    lesson: 'Higher-order functions',
    concepts: [
      {
        term: 'Functions are values',
        text: 'Functions in JavaScript are values, so they can be stored in variables, passed as arguments and returned from other functions.',
      },
      {
        term: 'Taking a function',
        text: 'A higher-order function takes a function as an argument, like `setTimeout(fn, 1000)` or `array.map(fn)`, and decides when to call it.',
      },
      {
        term: 'Returning a function',
        text: 'A higher-order function may also return a new function, such as `multiplier(3)` returning a function that triples its input.',
      },
      {
        term: 'Callback functions',
        text: 'A function passed in to be called later is a callback, which lets the caller customise what happens without changing the higher-order function.',
      },
    ],
    example: {
      lang: 'javascript',
      intro: 'One function returns functions, another takes one.',
      code: `const multiplier = (factor) => (x) => x * factor;
const triple = multiplier(3);

function repeat(times, action) {
  for (let i = 0; i < times; i++) action(i);
}

console.log(triple(5));
repeat(3, (i) => console.log('call', i));`,
      takeaway:
        'It prints 15, then call 0, call 1 and call 2, because `repeat` calls the callback it receives three times.',
    },
    checks: [
      {
        q: 'What makes a function "higher-order"?',
        options: [
          'It takes a function as an argument or returns a function',
          'It is declared at the top of the file',
          'It runs before other functions',
          'It uses more than three parameters',
        ],
      },
      {
        q: 'In the example, what does `triple(5)` return?',
        options: ['15', '8', '125', '`undefined`'],
      },
    ],
  },
  // Arrays and Objects
  {
    lesson: 'Array methods: map, filter and reduce',
    concepts: [
      {
        term: 'map transforms',
        text: '`map(fn)` returns a new array of the same length holding `fn` applied to each element.',
      },
      {
        term: 'filter selects',
        text: '`filter(fn)` returns a new array with only the elements for which `fn` returns a truthy value.',
      },
      {
        term: 'reduce accumulates',
        text: '`reduce((acc, x) => ..., initial)` combines all elements into one value, starting from the initial accumulator.',
      },
      {
        term: 'Originals untouched',
        text: '`map`, `filter` and `reduce` never change the original array, so they can be chained safely.',
      },
    ],
    example: {
      lang: 'javascript',
      intro: 'Total the prices of the items in stock, with a chain of three methods.',
      code: `const items = [
  { name: 'pen', price: 2, inStock: true },
  { name: 'book', price: 12, inStock: false },
  { name: 'mug', price: 8, inStock: true },
];

const total = items
  .filter((item) => item.inStock)
  .map((item) => item.price)
  .reduce((sum, price) => sum + price, 0);

console.log(total, items.length);`,
      takeaway:
        'It prints 10 3: the pen and mug are in stock, their prices 2 and 8 sum to 10, and `items` still has 3 elements.',
    },
    checks: [
      {
        q: 'What does `[1, 2, 3].map((x) => x * 2)` return?',
        options: ['A new array `[2, 4, 6]`', 'The number 12', '`[1, 2, 3]` changed in place', '`[2]`'],
      },
      {
        q: 'What is the second argument of `reduce`?',
        options: [
          'The initial accumulator value',
          'The index to stop at',
          'A second array to merge',
          'The number of elements to skip',
        ],
      },
    ],
  },
  {
    lesson: 'Objects and destructuring',
    concepts: [
      {
        term: 'Objects hold properties',
        text: 'An object maps keys to values, read with `user.name` or `user["name"]`, and the bracket form accepts computed keys.',
      },
      {
        term: 'Object destructuring',
        text: '`const { name, age } = user;` copies properties into variables of the same names in one statement.',
      },
      {
        term: 'Renames and defaults',
        text: 'Destructuring can rename and default, as in `const { name: fullName, role = "guest" } = user;`.',
      },
      {
        term: 'Array destructuring',
        text: 'Array destructuring takes items by position, so `const [first, second] = list;` reads the first two elements.',
      },
    ],
    example: {
      lang: 'javascript',
      intro: 'Pulling values out of an object and an array.',
      code: `const user = { name: 'Ada', age: 36, address: { city: 'London' } };

const { name, role = 'guest', address: { city } } = user;
const [first, , third] = ['a', 'b', 'c'];

function describe({ name, age }) {
  return \`\${name} is \${age}\`;
}
console.log(name, role, city, first, third, describe(user));`,
      takeaway:
        'It prints Ada guest London a c Ada is 36; `role` takes its default because `user` has no role.',
    },
    checks: [
      {
        q: 'What does `const { role = "guest" } = user;` give when `user` has no `role`?',
        options: ['"guest"', '`undefined`', 'An error', '`null`'],
      },
      {
        q: 'How does array destructuring pick its values?',
        options: ['By position', 'By property name', 'At random', 'By value size'],
      },
    ],
  },
  {
    lesson: 'Spread and rest syntax',
    concepts: [
      {
        term: 'Spread expands',
        text: 'Spread `...` expands an array or object in place, so `[...a, ...b]` joins arrays and `Math.max(...nums)` passes elements as arguments.',
      },
      {
        term: 'Shallow copies',
        text: '`{ ...obj }` and `[...arr]` make shallow copies: the top level is new, but nested objects are still shared.',
      },
      {
        term: 'Later keys win',
        text: 'In `{ ...defaults, ...options }` a key in `options` overrides the same key from `defaults`, which suits merging settings.',
      },
      {
        term: 'Rest collects',
        text: 'Rest syntax collects the remaining items, as in `function log(first, ...others)` or `const { id, ...rest } = obj`.',
      },
    ],
    example: {
      lang: 'javascript',
      intro: 'Spread merges settings, and rest collects the remaining values.',
      code: `const defaults = { theme: 'light', fontSize: 14 };
const options = { theme: 'dark' };
const settings = { ...defaults, ...options };

const sum = (...nums) => nums.reduce((a, b) => a + b, 0);
const { theme, ...others } = settings;

console.log(settings, sum(1, 2, 3), others, Math.max(...[3, 9, 4]));`,
      takeaway:
        "It prints { theme: 'dark', fontSize: 14 } 6 { fontSize: 14 } 9: `options` overrode the theme, and rest gathered the rest.",
    },
    checks: [
      {
        q: 'In the example, what is `settings.theme` after `{ ...defaults, ...options }`?',
        options: ["'dark', from options", "'light', from defaults", 'Both values in an array', '`undefined`'],
      },
      {
        q: 'What does `{ ...obj }` copy?',
        options: [
          'A shallow copy: nested objects are still shared',
          'A deep copy of every nested object',
          'Only the first property',
          'Nothing; it returns the same object',
        ],
      },
    ],
  },
  {
    lesson: 'Working with JSON',
    concepts: [
      {
        term: 'JSON is text',
        text: 'JSON is a text format for data with objects, arrays, strings, numbers, booleans and `null`, and its keys must be double-quoted.',
      },
      {
        term: 'Serialising with stringify',
        text: '`JSON.stringify(value)` turns a value into a JSON string, and `JSON.stringify(value, null, 2)` indents it for reading.',
      },
      {
        term: 'Parsing with parse',
        text: '`JSON.parse(text)` turns a JSON string back into values and throws a `SyntaxError` on invalid input, so wrap untrusted text in `try`.',
      },
      {
        term: 'What gets lost',
        text: 'Functions and `undefined` properties are dropped by `JSON.stringify`, and a `Date` becomes an ISO string that parses back as a string.',
      },
    ],
    example: {
      lang: 'javascript',
      intro: 'A round trip through JSON, and a parse error caught safely.',
      code: `const order = { id: 7, items: ['pen'], paid: true, note: undefined };
const text = JSON.stringify(order);
console.log(text);

const back = JSON.parse(text);
console.log(back.items[0], 'note' in back);

try {
  JSON.parse("{ id: 7 }"); // keys must be double-quoted
} catch (err) {
  console.log(err.name);
}`,
      takeaway:
        'It prints {"id":7,"items":["pen"],"paid":true}, then pen false because the undefined note was dropped, then SyntaxError.',
    },
    checks: [
      {
        q: 'What does `JSON.parse` do with invalid JSON?',
        options: [
          'Throws a `SyntaxError`',
          'Returns `null`',
          'Returns an empty object',
          'Returns the text unchanged',
        ],
      },
      {
        q: 'What happens to a property whose value is `undefined` in `JSON.stringify`?',
        options: ['It is dropped', 'It becomes `null`', 'It becomes the string "undefined"', 'It throws'],
      },
    ],
  },
  // The DOM and Events
  {
    lesson: 'Selecting and changing elements',
    concepts: [
      {
        term: 'querySelector finds elements',
        text: '`document.querySelector(".card")` returns the first element matching a CSS selector, or `null` when nothing matches.',
      },
      {
        term: 'Selecting every match',
        text: '`document.querySelectorAll("li")` returns a static NodeList holding every matching element, which you can loop over with `forEach`.',
      },
      {
        term: 'textContent is safe',
        text: 'Setting `textContent` inserts plain text, while `innerHTML` parses markup, so use `textContent` for user-supplied strings.',
      },
      {
        term: 'Classes and new elements',
        text: '`el.classList.add("done")` changes styling, and `document.createElement("li")` plus `append` adds new elements to the page.',
      },
    ],
    example: {
      lang: 'javascript',
      intro: 'Given `<ul id="todo"><li>Buy milk</li></ul>`, mark the item done and add another.',
      code: `const list = document.querySelector('#todo');
const first = list.querySelector('li');
first.classList.add('done');

const item = document.createElement('li');
item.textContent = 'Walk the dog';
list.append(item);

console.log(document.querySelectorAll('#todo li').length);`,
      takeaway:
        'It logs 2: the first item gains the class done and a second item is appended with plain text.',
    },
    checks: [
      {
        q: 'What does `document.querySelector` return when nothing matches?',
        options: ['`null`', 'An empty array', '`undefined`', 'It throws an error'],
      },
      {
        q: 'Why use `textContent` rather than `innerHTML` for user-supplied text?',
        options: [
          '`textContent` inserts plain text and does not parse markup',
          '`textContent` is the only property that works in Firefox',
          '`innerHTML` cannot change text',
          '`textContent` also adds CSS classes',
        ],
      },
    ],
  },
  {
    lesson: 'Handling events',
    concepts: [
      {
        term: 'Listening with addEventListener',
        text: '`el.addEventListener("click", handler)` calls `handler` with an event object each time the event happens on that element.',
      },
      {
        term: 'The event object',
        text: 'The event object describes what happened, for example `event.target` is the element clicked and `event.key` the key pressed.',
      },
      {
        term: 'Bubbling and delegation',
        text: 'Events bubble up to ancestors, so one listener on a parent can handle clicks on all its children, even ones added later.',
      },
      {
        term: 'Stopping default actions',
        text: "`event.preventDefault()` stops the browser's default action, such as following a link or submitting a form.",
      },
    ],
    example: {
      lang: 'javascript',
      intro: 'One delegated listener handles clicks on every delete button in a list.',
      code: `const list = document.querySelector('#todo');

list.addEventListener('click', (event) => {
  const button = event.target.closest('button.delete');
  if (!button) return; // the click was elsewhere in the list
  button.closest('li').remove();
});

document.querySelector('a.help').addEventListener('click', (event) => {
  event.preventDefault(); // stay on the page
});`,
      takeaway:
        'Clicking any delete button removes its list item, including items added after the listener was attached, because the click bubbles up to the list.',
    },
    checks: [
      {
        q: 'Why can one listener on a parent handle clicks on its children?',
        options: [
          'Events bubble up to ancestors',
          'Listeners are copied to every child',
          'The browser merges all listeners',
          'Children cannot receive events',
        ],
      },
      {
        q: 'What does `event.preventDefault()` do on a link click?',
        options: [
          'Stops the browser from following the link',
          'Removes the link from the page',
          'Stops other listeners from being added',
          'Reloads the page',
        ],
      },
    ],
  },
  {
    lesson: 'Forms and validation',
    concepts: [
      {
        term: 'Handling submit',
        text: "Listen for the form's `submit` event and call `event.preventDefault()` to handle the data in JavaScript instead of reloading the page.",
      },
      {
        term: 'Reading with FormData',
        text: '`new FormData(form)` collects every named field, and `Object.fromEntries(new FormData(form))` turns it into a plain object.',
      },
      {
        term: 'Built-in HTML validation',
        text: 'Attributes such as `required`, `type="email"`, `minlength` and `pattern` let the browser validate fields before `submit` fires.',
      },
      {
        term: 'Server validates too',
        text: 'Client-side validation only helps the user; the server must validate again because requests can be sent without the form.',
      },
    ],
    example: {
      lang: 'javascript',
      intro: 'Handle a sign-up form with `<input name="email" type="email" required>` and a password field.',
      code: `const form = document.querySelector('#signup');

form.addEventListener('submit', (event) => {
  event.preventDefault();
  const data = Object.fromEntries(new FormData(form));
  if (data.password.length < 8) {
    form.elements.password.setCustomValidity('Use at least 8 characters');
    form.reportValidity();
    return;
  }
  form.elements.password.setCustomValidity('');
  console.log('sending', data.email);
});`,
      takeaway:
        'A password shorter than 8 characters shows the custom message and nothing is sent; otherwise it logs sending and the email.',
    },
    checks: [
      {
        q: 'Why call `event.preventDefault()` in a submit handler?',
        options: [
          'To handle the data in JavaScript instead of reloading the page',
          'To clear every field',
          "To skip the browser's `required` checks",
          'To send the form twice',
        ],
      },
      {
        q: 'Why must the server validate again?',
        options: [
          'Requests can be sent without the form, bypassing client checks',
          'Browsers never validate forms',
          'FormData loses the values',
          'Validation in JavaScript is always wrong',
        ],
      },
    ],
  },
  {
    lesson: 'Building a small interactive page',
    concepts: [
      {
        term: 'State drives rendering',
        text: "Keep the page's data in one state variable and write a `render()` function that rebuilds the view from it.",
      },
      {
        term: 'Events update state',
        text: 'Event handlers change the state and then call `render()`, instead of editing scattered pieces of the page by hand.',
      },
      {
        term: 'Persist with localStorage',
        text: '`localStorage.setItem(key, JSON.stringify(state))` saves state as a string, so it survives a page reload.',
      },
      {
        term: 'Small pure helpers',
        text: 'Helpers like `addTodo(state, text)` that return new state are easy to test without a browser.',
      },
    ],
    example: {
      lang: 'javascript',
      intro: 'A tiny to-do list: state, a render function and one event handler.',
      code: `let todos = JSON.parse(localStorage.getItem('todos') ?? '[]');
const list = document.querySelector('#list');
const form = document.querySelector('#add');
function render() {
  list.replaceChildren(...todos.map((text) => Object.assign(document.createElement('li'), { textContent: text })));
  localStorage.setItem('todos', JSON.stringify(todos));
}

form.addEventListener('submit', (event) => {
  event.preventDefault();
  todos = [...todos, form.elements.text.value];
  form.reset();
  render();
});
render();`,
      takeaway:
        'Each submit adds the text to `todos` and re-renders the whole list from state, and the saved list reappears after a reload.',
    },
    checks: [
      {
        q: 'In this design, what do event handlers do?',
        options: [
          'Change the state and call `render()`',
          'Edit list items directly without touching state',
          'Reload the page',
          'Replace the HTML file',
        ],
      },
      {
        q: 'How does the list survive a page reload?',
        options: [
          'It is saved to `localStorage` as a JSON string',
          'Browsers keep all variables after a reload',
          'It is stored in a cookie by `render()` automatically',
          'It is written into the HTML file',
        ],
      },
    ],
  },
  // Asynchronous JavaScript
  {
    lesson: 'The event loop',
    concepts: [
      {
        term: 'One call stack',
        text: 'JavaScript runs on one thread with one call stack, so a long synchronous task blocks everything else, including rendering.',
      },
      {
        term: 'Task queue',
        text: 'Callbacks from timers and events wait in the task queue and run only when the call stack is empty.',
      },
      {
        term: 'Microtasks first',
        text: 'Promise callbacks are microtasks, and the whole microtask queue runs before the next task, so they beat a `setTimeout(fn, 0)`.',
      },
      {
        term: 'Zero is a minimum',
        text: 'The delay of `setTimeout` is a minimum wait, not a guarantee: the callback runs once the stack and microtasks are clear.',
      },
    ],
    example: {
      lang: 'javascript',
      intro: 'Predict the order of these four logs.',
      code: `console.log('1 sync');

setTimeout(() => console.log('4 timeout task'), 0);

Promise.resolve().then(() => console.log('3 promise microtask'));

console.log('2 sync');`,
      takeaway:
        'It logs 1 sync, 2 sync, 3 promise microtask, 4 timeout task: synchronous code first, then microtasks, then the timer task.',
    },
    checks: [
      {
        q: "Which runs first: a resolved promise's `.then` callback or a `setTimeout(fn, 0)` callback?",
        options: [
          'The promise callback, because microtasks run before the next task',
          'The timeout callback, because it was scheduled first',
          'They run at the same time on two threads',
          'The order is random',
        ],
      },
      {
        q: 'When do callbacks in the task queue run?',
        options: [
          'Only when the call stack is empty',
          'Immediately, interrupting running code',
          'Only after the page reloads',
          'In parallel with synchronous code',
        ],
      },
    ],
  },
  {
    lesson: 'Promises',
    concepts: [
      {
        term: 'A future value',
        text: 'A promise represents a value that will be available later and is pending, then either fulfilled with a value or rejected with an error.',
      },
      {
        term: 'then chains',
        text: '`.then(fn)` runs `fn` with the fulfilled value and returns a new promise, so steps chain one after another.',
      },
      {
        term: 'catch and finally',
        text: '`.catch(fn)` handles a rejection from any earlier step in the chain, and `.finally(fn)` runs in both cases.',
      },
      {
        term: 'Waiting for all',
        text: '`Promise.all([p1, p2])` waits for all promises and fulfills with an array of their values, or rejects as soon as one rejects.',
      },
    ],
    example: {
      lang: 'javascript',
      intro: 'Chaining promises and running two at once.',
      code: `const wait = (ms, value) => new Promise((resolve) => setTimeout(() => resolve(value), ms));

wait(100, 2)
  .then((n) => n * 10)
  .then((n) => console.log('chained', n));

Promise.all([wait(50, 'a'), wait(80, 'b')]).then((values) => console.log('all', values));

Promise.reject(new Error('boom'))
  .catch((err) => console.log('caught', err.message))
  .finally(() => console.log('done'));`,
      takeaway:
        "It logs caught boom and done first, then all [ 'a', 'b' ] after 80 ms, then chained 20 after 100 ms.",
    },
    checks: [
      {
        q: 'What does `Promise.all` do when one of its promises rejects?',
        options: [
          'It rejects as soon as one rejects',
          'It waits and fulfills with the successful values only',
          'It retries the rejected promise',
          'It ignores the rejection',
        ],
      },
      {
        q: 'What does `.then(fn)` return?',
        options: [
          'A new promise',
          'The value of `fn` immediately',
          '`undefined`',
          'The original promise unchanged',
        ],
      },
    ],
  },
  {
    lesson: 'async and await',
    concepts: [
      {
        term: 'async functions',
        text: 'An `async` function always returns a promise, which fulfills with the returned value or rejects with a thrown error.',
      },
      {
        term: 'await pauses',
        text: '`await promise` pauses the async function until the promise settles and gives back its value, without blocking other code.',
      },
      {
        term: 'try/catch for errors',
        text: 'A rejected promise makes `await` throw, so ordinary `try { ... } catch` handles errors in async code.',
      },
      {
        term: 'Sequential versus parallel',
        text: 'Awaiting one call after another runs them in sequence; start them together and `await Promise.all([...])` to run them in parallel.',
      },
    ],
    example: {
      lang: 'javascript',
      intro: 'Two waits in sequence and in parallel, with errors handled by try/catch.',
      code: `const wait = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

async function main() {
  let start = Date.now();
  await wait(1000);
  await wait(1000);
  console.log('sequential', Math.round((Date.now() - start) / 1000), 's');

  start = Date.now();
  await Promise.all([wait(1000), wait(1000)]);
  console.log('parallel', Math.round((Date.now() - start) / 1000), 's');

  try { await Promise.reject(new Error('offline')); } catch (err) { console.log('caught', err.message); }
}
main();`,
      takeaway:
        'It logs sequential 2 s, then parallel 1 s, then caught offline: a rejected await throws into `catch`.',
    },
    checks: [
      {
        q: 'What does an `async` function return?',
        options: ['Always a promise', 'Its value directly', '`undefined` always', 'A callback'],
      },
      {
        q: 'How do you run two independent awaits in parallel?',
        options: [
          'Start both and `await Promise.all([...])`',
          'Await one after the other',
          'Put both in a `for` loop',
          'Wrap each in `setTimeout`',
        ],
      },
    ],
  },
  {
    lesson: 'Fetching data from an API',
    concepts: [
      {
        term: 'fetch returns a Response',
        text: '`await fetch(url)` resolves to a `Response` once headers arrive, and `await response.json()` reads and parses the body.',
      },
      {
        term: 'Check response.ok',
        text: '`fetch` rejects only on network failure; an HTTP 404 or 500 still resolves, so check `response.ok` or `response.status`.',
      },
      {
        term: 'Sending JSON',
        text: 'To send data, pass `method: "POST"`, a `Content-Type: application/json` header and `body: JSON.stringify(data)`.',
      },
      {
        term: 'Cancelling with AbortController',
        text: 'Passing `signal: AbortSignal.timeout(5000)` or an `AbortController` signal cancels a request that takes too long.',
      },
    ],
    example: {
      lang: 'javascript',
      intro: 'Load one user from an API, treating HTTP errors as errors.',
      code: `async function getUser(id) {
  const response = await fetch(\`https://jsonplaceholder.typicode.com/users/\${id}\`, {
    signal: AbortSignal.timeout(5000),
  });
  if (!response.ok) throw new Error(\`HTTP \${response.status}\`);
  return response.json();
}

getUser(1)
  .then((user) => console.log(user.name))
  .catch((err) => console.log('failed:', err.message));`,
      takeaway:
        'With the network up it logs Leanne Graham, the name of user 1 on that test API; an id that does not exist logs failed: HTTP 404.',
    },
    checks: [
      {
        q: 'Does `fetch` reject when the server answers 404?',
        options: [
          'No, it resolves; check `response.ok`',
          'Yes, every non-200 status rejects',
          'Only for POST requests',
          'Only when the body is empty',
        ],
      },
      {
        q: 'How do you read a JSON body from a `Response`?',
        options: [
          '`await response.json()`',
          '`response.body.text`',
          '`JSON.parse(response)`',
          '`response.data`',
        ],
      },
    ],
  },
  // Modules and Tooling
  {
    lesson: 'ES modules',
    concepts: [
      {
        term: 'export shares names',
        text: '`export function slugify() {}` makes a named export, and a module may also have one `export default`.',
      },
      {
        term: 'import brings names',
        text: '`import { slugify } from "./text.js"` imports a named export, and `import slug from "./text.js"` imports the default.',
      },
      {
        term: 'Module scope',
        text: 'Each module has its own scope, so top-level variables are private unless exported, and a module runs only once however often it is imported.',
      },
      {
        term: 'Enabling modules',
        text: 'Browsers load modules with `<script type="module">`, and Node.js treats `.mjs` files, or `.js` with `"type": "module"` in package.json, as modules.',
      },
    ],
    example: {
      lang: 'javascript',
      intro: 'Two files: one exports, the other imports.',
      code: `// text.js
export function slugify(title) {
  return title.toLowerCase().trim().split(/\\s+/).join('-');
}
export default function shout(s) {
  return s.toUpperCase();
}

// main.js
import shout, { slugify } from './text.js';
console.log(slugify('Hello Modules World'), shout('hi'));`,
      takeaway: 'Running `node main.js` in a module project prints hello-modules-world HI.',
    },
    checks: [
      {
        q: 'How do you import the named export `slugify` from `./text.js`?',
        options: [
          '`import { slugify } from "./text.js"`',
          '`import slugify from "./text.js"` always',
          '`require slugify from "./text.js"`',
          '`export { slugify } from "./main.js"`',
        ],
      },
      {
        q: "How many times does a module's top-level code run when imported from several files?",
        options: ['Once', 'Once per importing file', 'Never', 'Once per exported name'],
      },
    ],
  },
  {
    lesson: 'npm and package.json',
    concepts: [
      {
        term: 'package.json describes',
        text: "`package.json` holds a project's name, scripts and dependencies, and `npm init -y` creates one.",
      },
      {
        term: 'Dependencies and devDependencies',
        text: '`npm install zod` adds a runtime dependency, while `npm install -D vitest` adds a devDependency used only for development.',
      },
      {
        term: 'Semantic version ranges',
        text: 'A range like `^3.2.1` accepts any later 3.x.x release, since a new major version may break compatibility.',
      },
      {
        term: 'Lockfile and scripts',
        text: '`package-lock.json` pins exact installed versions for reproducible installs, and `npm run test` runs the `test` entry of `scripts`.',
      },
    ],
    example: {
      lang: 'json',
      intro: 'A small `package.json` after `npm install zod` and `npm install -D vitest`.',
      code: `{
  "name": "todo-cli",
  "version": "1.0.0",
  "type": "module",
  "scripts": {
    "start": "node src/main.js",
    "test": "vitest run"
  },
  "dependencies": { "zod": "^3.23.8" },
  "devDependencies": { "vitest": "^2.1.8" }
}`,
      takeaway:
        '`npm start` runs the app, `npm run test` runs vitest, and `^3.23.8` lets npm install any later 3.x release of zod.',
    },
    checks: [
      {
        q: 'Which versions does the range `^3.2.1` accept?',
        options: [
          'Any later 3.x.x release',
          'Exactly 3.2.1',
          'Any version, including 4.0.0',
          'Only 3.2.x releases',
        ],
      },
      {
        q: 'Where does `npm install -D vitest` record vitest?',
        options: ['In `devDependencies`', 'In `dependencies`', 'In `scripts`', 'Nowhere; it is global'],
      },
    ],
  },
  {
    lesson: 'Bundlers and dev servers',
    concepts: [
      {
        term: 'Bundling for browsers',
        text: 'A bundler such as Vite, esbuild or webpack follows your imports and combines modules and packages into a few optimised files.',
      },
      {
        term: 'Dev server reloads',
        text: 'A dev server serves your source during development and uses hot module replacement to update the page as soon as you save.',
      },
      {
        term: 'Production build',
        text: 'A production build minifies code, drops unused exports by tree shaking and adds content hashes to file names, so browsers can cache files and fetch new ones when content changes.',
      },
      {
        term: 'Environment variables',
        text: 'Vite exposes variables prefixed `VITE_` to client code as `import.meta.env.VITE_API_URL`, replaced at build time.',
      },
    ],
    example: {
      lang: 'bash',
      intro: 'Create, develop and build a project with Vite.',
      code: `npm create vite@latest my-app -- --template vanilla
cd my-app
npm install
npm run dev      # dev server at http://localhost:5173 with hot reload
npm run build    # production bundle written to dist/
ls dist/assets   # e.g. index-4f3a9c1b.js, index-9d2e7a10.css`,
      takeaway:
        '`npm run dev` serves the app with hot module replacement, and `npm run build` writes minified files with content hashes into `dist/`.',
    },
    checks: [
      {
        q: 'What does hot module replacement do?',
        options: [
          'Updates the page as soon as you save, without a full reload',
          'Replaces npm packages with newer versions',
          'Encrypts modules in production',
          'Moves code from the server to the browser',
        ],
      },
      {
        q: 'Why do production file names contain content hashes?',
        options: [
          'So browsers can cache files and fetch new ones when content changes',
          'To hide the source code',
          'Because the dev server requires them',
          'To sort files alphabetically',
        ],
      },
    ],
  },
  {
    lesson: 'Linting and formatting',
    concepts: [
      {
        term: 'Linters find problems',
        text: 'A linter such as ESLint or Biome analyses code without running it and reports likely bugs, such as unused variables or `==` comparisons.',
      },
      {
        term: 'Formatters fix style',
        text: 'A formatter such as Prettier rewrites code into one consistent layout, so reviews discuss logic rather than spacing.',
      },
      {
        term: 'Shared configuration',
        text: 'A config file committed to the repository, such as `eslint.config.js` or `biome.json`, gives everyone the same rules.',
      },
      {
        term: 'Automate the checks',
        text: 'Run lint and format checks in CI and in an editor on save, so problems are caught before code is merged.',
      },
    ],
    example: {
      lang: 'bash',
      intro: 'Linting and formatting a project with ESLint and Prettier.',
      code: `npm install -D eslint @eslint/js prettier
npx eslint src/            # reports e.g. "'total' is assigned a value but never used  no-unused-vars"
npx eslint src/ --fix      # fixes what can be fixed automatically
npx prettier --check src/  # lists files whose formatting differs
npx prettier --write src/  # rewrites them in the standard style`,
      takeaway:
        'ESLint reports rule violations like `no-unused-vars`, and Prettier only changes layout; `--check` is what CI runs to fail on unformatted files.',
    },
    checks: [
      {
        q: 'What is the difference between a linter and a formatter?',
        options: [
          'A linter reports likely bugs; a formatter rewrites layout',
          'A linter compiles code; a formatter runs tests',
          'They are two names for the same tool',
          'A formatter finds bugs; a linter only changes spacing',
        ],
      },
      {
        q: 'Which command fails CI on unformatted files without changing them?',
        options: [
          '`npx prettier --check src/`',
          '`npx prettier --write src/`',
          '`npx eslint src/ --fix`',
          '`npm install -D prettier`',
        ],
      },
    ],
  },
  // TypeScript and Testing
  {
    lesson: 'Types and interfaces',
    concepts: [
      {
        term: 'Static type checking',
        text: 'TypeScript adds type annotations that the compiler checks before running, then removes them, producing plain JavaScript.',
      },
      {
        term: 'Interfaces describe shapes',
        text: "An `interface User { id: number; name: string }` describes an object's shape, and objects missing a property fail to type-check.",
      },
      {
        term: 'Optional and union types',
        text: '`email?: string` marks an optional property, and a union like `"admin" | "member"` allows only the listed values.',
      },
      {
        term: 'Structural typing',
        text: 'TypeScript compares shapes, not names, so any object with the required properties satisfies an interface.',
      },
    ],
    example: {
      lang: 'typescript',
      intro: 'An interface with an optional property and a union type.',
      code: `interface User {
  id: number;
  name: string;
  email?: string;
  role: 'admin' | 'member';
}

function label(user: User): string {
  return \`\${user.name} (\${user.role})\`;
}

console.log(label({ id: 1, name: 'Ada', role: 'admin' }));
// label({ id: 2, name: 'Linus', role: 'owner' });
// error: Type '"owner"' is not assignable to type '"admin" | "member"'.`,
      takeaway:
        'It prints Ada (admin); the commented call would not compile because owner is not one of the allowed roles.',
    },
    checks: [
      {
        q: 'What does `email?: string` mean in an interface?',
        options: [
          'The property is optional',
          'The property must be an empty string',
          'The property is read-only',
          'The property may hold any type',
        ],
      },
      {
        q: 'How does TypeScript decide whether an object satisfies an interface?',
        options: [
          'By its shape: it needs the required properties',
          'By the name of its class',
          'By checking at runtime',
          'By the order of its properties',
        ],
      },
    ],
  },
  {
    lesson: 'Generics',
    concepts: [
      {
        term: 'Type parameters',
        text: 'A generic function like `function first<T>(items: T[]): T | undefined` takes a type parameter `T` so one function works for many types.',
      },
      {
        term: 'Inference at calls',
        text: 'TypeScript usually infers `T` from the arguments, so `first([1, 2])` has type `number | undefined` without writing `<number>`.',
      },
      {
        term: 'Constraints with extends',
        text: '`<T extends { id: number }>` requires every `T` to have an `id`, so the function body may safely read `item.id`.',
      },
      {
        term: 'Generic types',
        text: 'Types can be generic too, such as `Array<T>`, `Promise<T>` or your own `interface Box<T> { value: T }`.',
      },
    ],
    example: {
      lang: 'typescript',
      intro: "A generic lookup that keeps the caller's type.",
      code: `function byId<T extends { id: number }>(items: T[], id: number): T | undefined {
  return items.find((item) => item.id === id);
}

const users = [{ id: 1, name: 'Ada' }, { id: 2, name: 'Linus' }];
const user = byId(users, 2); // T inferred as { id: number; name: string }

console.log(user?.name);
// byId(['a', 'b'], 1); // error: string does not satisfy { id: number }`,
      takeaway:
        'It prints Linus, and `user` keeps the type with `name`, so `user?.name` type-checks; the commented call is rejected by the constraint.',
    },
    checks: [
      {
        q: 'What does `<T extends { id: number }>` require?',
        options: [
          'Every `T` must have an `id` of type number',
          'T must be exactly `{ id: number }` with no other properties',
          'T must be a number',
          'The function must return an id',
        ],
      },
      {
        q: 'In `byId(users, 2)`, how is `T` determined?',
        options: [
          'TypeScript infers it from the arguments',
          'It defaults to `any`',
          'The caller must always write it',
          'It is decided at runtime',
        ],
      },
    ],
  },
  {
    lesson: 'Unit testing',
    concepts: [
      {
        term: 'One unit, isolated',
        text: 'A unit test checks one function or module in isolation, with fixed inputs and an expected output.',
      },
      {
        term: 'describe, it, expect',
        text: 'In Vitest or Jest, `describe` groups tests, `it` defines one case, and `expect(value).toBe(...)` asserts the result.',
      },
      {
        term: 'Arrange, act, assert',
        text: 'Structure each test as arrange the inputs, act by calling the code, then assert on the result.',
      },
      {
        term: 'Equality matchers',
        text: '`toBe` compares with `Object.is`, so objects and arrays need `toEqual`, which compares their contents.',
      },
    ],
    example: {
      lang: 'typescript',
      intro: 'Unit tests for a small price function, run with `npx vitest run`.',
      code: `import { describe, expect, it } from 'vitest';

function applyDiscount(price: number, percent: number): number {
  if (percent < 0 || percent > 100) throw new RangeError('percent out of range');
  return Math.round(price * (100 - percent)) / 100;
}

describe('applyDiscount', () => {
  it('takes the percentage off', () => expect(applyDiscount(80, 25)).toBe(60));
  it('rejects impossible percentages', () => expect(() => applyDiscount(10, 120)).toThrow(RangeError));
  it('works on arrays of prices', () => expect([10, 20].map((p) => applyDiscount(p, 10))).toEqual([9, 18]));
});`,
      takeaway:
        'All three tests pass: 80 with 25% off is 60, 120% throws a RangeError, and `toEqual` compares the array [9, 18] by contents.',
    },
    checks: [
      {
        q: 'Which matcher compares two arrays by their contents?',
        options: ['`toEqual`', '`toBe`', '`toThrow`', '`toBeDefined`'],
      },
      {
        q: 'What does a unit test check?',
        options: [
          'One function or module in isolation',
          'The whole deployed application',
          'Only the user interface',
          'The speed of the network',
        ],
      },
    ],
  },
  {
    lesson: 'Testing asynchronous code',
    concepts: [
      {
        term: 'Async test functions',
        text: 'Make the test function `async` and `await` the code under test, so the runner waits for the promise before finishing the test.',
      },
      {
        term: 'resolves and rejects',
        text: '`await expect(promise).resolves.toBe(x)` and `await expect(promise).rejects.toThrow()` assert whether a promise fulfills with a value or rejects with an error.',
      },
      {
        term: 'Forgotten await',
        text: 'Without `await`, the test can finish before the promise settles and pass even though the assertion would fail.',
      },
      {
        term: 'Fake timers',
        text: '`vi.useFakeTimers()` and `vi.advanceTimersByTime(1000)` run timer callbacks instantly, so tests of delays need no real waiting.',
      },
    ],
    example: {
      lang: 'typescript',
      intro: 'Testing a promise-returning function and a timer with Vitest.',
      code: `import { expect, it, vi } from 'vitest';
const loadUser = async (id: number) => {
  if (id <= 0) throw new Error('bad id');
  return { id, name: 'Ada' };
};
it('loads a user', async () => {
  await expect(loadUser(1)).resolves.toEqual({ id: 1, name: 'Ada' });
  await expect(loadUser(0)).rejects.toThrow('bad id');
});
it('fires after one second', () => {
  vi.useFakeTimers(); const done = vi.fn();
  setTimeout(done, 1000);
  vi.advanceTimersByTime(1000);
  expect(done).toHaveBeenCalledOnce();
});`,
      takeaway:
        'Both tests pass, and the second finishes instantly because fake timers advance one second without waiting.',
    },
    checks: [
      {
        q: 'What can happen if you forget `await` on an async assertion?',
        options: [
          'The test can finish before the promise settles and pass wrongly',
          'The test always fails with a syntax error',
          'The runner waits forever',
          'The assertion runs twice',
        ],
      },
      {
        q: 'What does `vi.advanceTimersByTime(1000)` do under fake timers?',
        options: [
          'Runs timer callbacks due within 1000 ms instantly',
          'Sleeps for one real second',
          'Sets the test timeout to 1000 ms',
          'Disables all timers',
        ],
      },
    ],
  },
  // Advanced JavaScript
  {
    lesson: 'Prototypes and classes',
    concepts: [
      {
        term: 'Prototype chain',
        text: 'Every object has a prototype, and a property not found on the object is looked up along its prototype chain.',
      },
      {
        term: 'Classes over prototypes',
        text: '`class` syntax is built on prototypes: methods defined in a class live on `ClassName.prototype` and are shared by all instances.',
      },
      {
        term: 'constructor and extends',
        text: 'The `constructor` sets up each instance, and `class Dog extends Animal` links prototypes so a dog inherits animal methods.',
      },
      {
        term: 'super and private fields',
        text: '`super(...)` calls the parent constructor, and `#fields` such as `#balance` are private to the class body.',
      },
    ],
    example: {
      lang: 'javascript',
      intro: 'A class hierarchy and the prototype chain underneath it.',
      code: `class Animal {
  constructor(name) { this.name = name; }
  speak() { return \`\${this.name} makes a sound\`; }
}

class Dog extends Animal {
  #tricks = 0;
  learn() { this.#tricks += 1; return this.#tricks; }
  speak() { return \`\${super.speak()} (woof)\`; }
}

const rex = new Dog('Rex');
console.log(rex.speak(), rex.learn());
console.log(Object.getPrototypeOf(rex) === Dog.prototype, rex instanceof Animal);`,
      takeaway:
        'It prints Rex makes a sound (woof) 1, then true true: `rex` gets `speak` from `Dog.prototype`, whose own prototype is `Animal.prototype`.',
    },
    checks: [
      {
        q: 'Where do methods defined in a class live?',
        options: [
          'On `ClassName.prototype`, shared by all instances',
          'Copied onto every instance separately',
          'In a global methods table',
          'Only on the first instance created',
        ],
      },
      {
        q: 'What makes a field like `#tricks` special?',
        options: [
          'It is private to the class body',
          'It is shared by all classes',
          'It is a comment',
          'It is a static constant',
        ],
      },
    ],
  },
  {
    lesson: 'Iterators and generators',
    concepts: [
      {
        term: 'The iterator protocol',
        text: 'An iterator has a `next()` method returning `{ value, done }`, and an object is iterable if `[Symbol.iterator]()` returns one.',
      },
      {
        term: 'Generators with function*',
        text: 'A `function*` generator pauses at each `yield`, handing out values one at a time as `next()` is called.',
      },
      {
        term: 'Lazy sequences',
        text: 'Generators compute values only on demand, so they can describe infinite sequences as long as the consumer stops.',
      },
      {
        term: 'Consuming iterables',
        text: '`for...of`, spread `[...it]` and `Array.from(it)` all consume any iterable, including generators, Maps and Sets.',
      },
    ],
    example: {
      lang: 'javascript',
      intro: 'An infinite generator consumed lazily.',
      code: `function* naturals() {
  let n = 1;
  while (true) yield n++;
}

const it = naturals();
console.log(it.next(), it.next().value);

for (const n of naturals()) {
  if (n > 3) break;
  console.log(n);
}`,
      takeaway:
        'It prints { value: 1, done: false } 2, then 1, 2 and 3; the endless generator is safe because `break` stops asking for values.',
    },
    checks: [
      {
        q: "What does an iterator's `next()` return?",
        options: [
          'An object `{ value, done }`',
          'Only the next value',
          'A promise',
          'The whole remaining array',
        ],
      },
      {
        q: 'Why is an infinite generator safe to loop over with `for...of` and `break`?',
        options: [
          'Values are computed only on demand, and `break` stops asking',
          'Generators stop automatically after 1000 values',
          'for...of copies the sequence into an array first',
          'It is not safe; it always hangs',
        ],
      },
    ],
  },
  {
    lesson: 'Performance and memory',
    concepts: [
      {
        term: 'Measure first',
        text: "Use the browser's Performance panel or `performance.now()` to find what is actually slow before changing code.",
      },
      {
        term: 'Algorithmic cost',
        text: 'Choosing the right data structure matters most, for example `Set.has` is constant time while `array.includes` scans the whole array.',
      },
      {
        term: 'Garbage collection',
        text: 'The engine frees objects that are no longer reachable, so memory leaks come from references kept alive by accident.',
      },
      {
        term: 'Common leaks',
        text: 'Forgotten event listeners, timers that never stop and ever-growing caches or global arrays keep objects reachable and leak memory.',
      },
    ],
    example: {
      lang: 'javascript',
      intro: 'Measuring membership tests on an array and a Set of 100,000 ids.',
      code: `const ids = Array.from({ length: 100_000 }, (_, i) => i);
const idSet = new Set(ids);

let start = performance.now();
for (let i = 0; i < 1_000; i++) ids.includes(99_999);
console.log('array', (performance.now() - start).toFixed(1), 'ms');

start = performance.now();
for (let i = 0; i < 1_000; i++) idSet.has(99_999);
console.log('set', (performance.now() - start).toFixed(1), 'ms');`,
      takeaway:
        'The exact milliseconds vary by machine, but the array loop is far slower, because each `includes` scans up to 100,000 items while `has` is a hash lookup.',
    },
    formula: {
      tex: '\\texttt{includes}: O(n) \\qquad \\texttt{Set.has}: O(1) \\text{ on average}',
      caption:
        'Scanning an array grows with its length n, while a hash lookup takes constant time on average.',
    },
    checks: [
      {
        q: 'Why is `Set.has` faster than `array.includes` for large collections?',
        options: [
          'It is a hash lookup in constant time, while `includes` scans the array',
          'Sets are stored on the GPU',
          'Arrays are copied before each search',
          '`includes` only works on strings',
        ],
      },
      {
        q: 'What commonly causes a memory leak in JavaScript?',
        options: [
          'Forgotten event listeners or timers that keep objects reachable',
          'Declaring variables with `const`',
          'Using arrow functions',
          'Calling `JSON.parse`',
        ],
      },
    ],
  },
  {
    lesson: 'Security basics: XSS and CSP',
    concepts: [
      {
        term: 'Cross-site scripting',
        text: "XSS happens when attacker-controlled text is inserted into a page as HTML or script, so it runs with the victim's session.",
      },
      {
        term: 'Treat input as text',
        text: "Insert untrusted data with `textContent` or a framework's escaping, never `innerHTML`, so markup in it is shown, not executed.",
      },
      {
        term: 'Content Security Policy',
        text: "A `Content-Security-Policy` header such as `script-src 'self'` tells the browser to block scripts from other origins and inline scripts.",
      },
      {
        term: 'Defence in depth',
        text: 'CSP limits the damage of a missed escape, and `HttpOnly` cookies keep session tokens out of reach of injected scripts.',
      },
    ],
    example: {
      lang: 'javascript',
      intro: 'The same comment rendered unsafely and safely.',
      code: `const comment = '<img src=x onerror="alert(document.cookie)">';
const box = document.querySelector('#comment');

// unsafe: the browser parses the markup and runs the onerror handler
// box.innerHTML = comment;

// safe: the markup is shown as plain text
box.textContent = comment;

// server response header, blocking inline and third-party scripts:
// Content-Security-Policy: default-src 'self'; script-src 'self'`,
      takeaway:
        'With `textContent` the page shows the literal tag instead of running it, and the CSP header would block an injected inline script even if one slipped through.',
    },
    checks: [
      {
        q: 'Which property safely inserts untrusted text into the page?',
        options: ['`textContent`', '`innerHTML`', '`outerHTML`', '`document.write`'],
      },
      {
        q: "What does the CSP directive `script-src 'self'` do?",
        options: [
          'Blocks scripts from other origins and inline scripts',
          'Encrypts scripts on the page',
          'Allows scripts from any origin',
          'Disables JavaScript entirely',
        ],
      },
    ],
  },
  // Capstone Project
  {
    lesson: 'Planning a project',
    concepts: [
      {
        term: 'One-sentence goal',
        text: 'State in one sentence what the JavaScript app does and for whom, then list the three to five features that deliver it.',
      },
      {
        term: 'Data and screens',
        text: 'Sketch the data shapes, such as a `Task` object, and the screens or endpoints that show and change them before coding.',
      },
      {
        term: 'Runnable milestones',
        text: 'Order the work into milestones that each end in something you can run in the browser or with `npm test`.',
      },
      {
        term: 'Tooling from day one',
        text: 'Start with `npm init`, a linter, a formatter and a test runner, so every later commit is checked the same way.',
      },
    ],
    example: {
      lang: 'text',
      intro: 'A one-page plan for a browser habit tracker.',
      code: `Goal: a page where I tick off daily habits and see my streaks.
Data:  Habit { id, name, doneDates: string[] }   saved in localStorage
Screens: habit list with checkboxes; form to add a habit
Milestones:
  1. Vite project, ESLint + Prettier, Vitest          -> npm test passes
  2. streak(habit, today) pure function + unit tests
  3. render the list from state; add/tick habits
  4. persist to localStorage; README with a screenshot`,
      takeaway:
        'The data shape is fixed first, and each milestone ends in a passing test or something you can click in the browser.',
    },
    checks: [
      {
        q: 'What should each milestone in the plan end in?',
        options: [
          'A passing test or something you can click in the browser',
          'A complete rewrite of the previous milestone',
          'A new framework',
          'A deployment to production',
        ],
      },
      {
        q: 'What does the plan fix before coding?',
        options: ['The data shape', 'The final colour scheme', 'The number of commits', 'The hosting bill'],
      },
    ],
  },
  {
    lesson: 'Building the core of a JavaScript project',
    concepts: [
      {
        term: 'Pure logic modules',
        text: "Put the app's rules in pure functions in their own module, taking data and returning results with no DOM or storage access.",
      },
      {
        term: 'Thin UI layer',
        text: 'The UI module reads events, calls the pure functions and renders the result, so it stays short and simple.',
      },
      {
        term: 'Dates and edge cases',
        text: 'Handle awkward inputs in the core, such as empty lists or dates across midnight, because every screen relies on it.',
      },
      {
        term: 'End to end early',
        text: 'Wire the core to the page as soon as the first function works, so the app runs from the first day.',
      },
    ],
    example: {
      lang: 'javascript',
      intro: 'The core of the habit tracker: a pure streak function in its own module.',
      code: `// src/streak.js
const DAY = 24 * 60 * 60 * 1000;

export function streak(doneDates, today) {
  const done = new Set(doneDates);
  let count = 0;
  let day = new Date(today + 'T00:00:00Z');
  while (done.has(day.toISOString().slice(0, 10))) {
    count += 1;
    day = new Date(day.getTime() - DAY);
  }
  return count;
}
// streak(['2024-05-01', '2024-05-02', '2024-05-03'], '2024-05-03') === 3`,
      takeaway:
        '`streak` counts consecutive done days back from today, returning 3 for the three dates shown, and never touches the DOM, so it can be unit-tested directly.',
    },
    checks: [
      {
        q: 'Why does `streak` avoid the DOM and localStorage?',
        options: [
          'So it can be unit-tested directly as a pure function',
          'Because modules cannot access the DOM',
          'To make the page load faster',
          'Because localStorage only works in Node.js',
        ],
      },
      {
        q: 'What does `streak` return for 2024-05-01, 02 and 03 with today 2024-05-03?',
        options: ['3', '1', '0', '2'],
      },
    ],
  },
  {
    lesson: 'Testing and refactoring',
    concepts: [
      {
        term: 'Tests pin behaviour',
        text: 'Write tests for the current behaviour before refactoring, so green tests afterwards show that behaviour did not change.',
      },
      {
        term: 'Small safe steps',
        text: 'Refactoring restructures code without changing what it does; rename, extract or simplify one thing, then rerun the tests.',
      },
      {
        term: 'Edge cases tested',
        text: 'Cover edges such as an empty list, a gap in the dates and a streak of one, where bugs usually hide.',
      },
      {
        term: 'Watch mode',
        text: 'Running `npx vitest` in watch mode reruns the affected tests on every save, giving feedback while you refactor.',
      },
    ],
    example: {
      lang: 'javascript',
      intro: 'Tests for `streak` that guard a refactor.',
      code: `import { describe, expect, it } from 'vitest';
import { streak } from '../src/streak.js';

describe('streak', () => {
  it('is 0 with no done days', () => expect(streak([], '2024-05-03')).toBe(0));
  it('counts consecutive days up to today', () =>
    expect(streak(['2024-05-02', '2024-05-03'], '2024-05-03')).toBe(2));
  it('stops at a gap', () =>
    expect(streak(['2024-05-01', '2024-05-03'], '2024-05-03')).toBe(1));
});`,
      takeaway:
        'The three tests cover an empty list, a two-day streak and a gap; if they stay green after a refactor, behaviour is unchanged.',
    },
    checks: [
      {
        q: 'What does refactoring change?',
        options: [
          'How code is structured, without changing what it does',
          "The app's features",
          'The test expectations',
          'The package versions',
        ],
      },
      {
        q: 'What does `npx vitest` in watch mode do?',
        options: [
          'Reruns the affected tests on every save',
          'Runs the tests once and deletes them',
          'Formats the code',
          'Deploys the app',
        ],
      },
    ],
  },
  {
    lesson: 'Presenting and sharing your work',
    concepts: [
      {
        term: 'A live demo link',
        text: 'Deploy the built `dist/` folder to a static host such as GitHub Pages or Netlify, so anyone can try the app in a browser.',
      },
      {
        term: 'README that sells',
        text: 'The README shows a screenshot, one sentence on what the app does, the live link and how to run it locally with npm.',
      },
      {
        term: 'Clean repository',
        text: 'Commit `package-lock.json`, ignore `node_modules` and `dist` in `.gitignore`, and keep lint and tests passing on the main branch.',
      },
      {
        term: 'Explain the choices',
        text: 'A short write-up of design decisions, trade-offs and next steps shows reviewers how you think, not only what you built.',
      },
    ],
    example: {
      lang: 'markdown',
      intro: 'A README skeleton for the finished habit tracker.',
      code: `# Habit Tracker

Tick off daily habits and keep your streaks. **Live demo:** https://example.github.io/habits/

![Screenshot](docs/screenshot.png)

## Run locally
    npm install
    npm run dev     # http://localhost:5173
    npm test

## How it works
Pure logic in src/streak.js (unit-tested); UI state in src/main.js; data in localStorage.`,
      takeaway: 'A visitor sees the app, opens the live demo and can run it locally with three npm commands.',
    },
    checks: [
      {
        q: 'Which folders should `.gitignore` keep out of the repository?',
        options: [
          '`node_modules` and `dist`',
          '`src` and `tests`',
          '`package.json` and `README.md`',
          '`docs` only',
        ],
      },
      {
        q: 'Where can the built `dist/` folder be deployed for a live demo?',
        options: [
          'A static host such as GitHub Pages',
          'The npm registry',
          "The browser's localStorage",
          'A package-lock.json file',
        ],
      },
    ],
  },
];
