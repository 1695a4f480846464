// Curated lesson kits for the Python curriculum (domains.ts): what the offline generator teaches in each lesson.
import type { LessonKit } from './types.ts';

export const PYTHON_KITS: readonly LessonKit[] = [
  // Python Setup and First Programs
  {
    lesson: 'Installing Python and running scripts',
    concepts: [
      {
        term: 'The Python interpreter',
        text: 'Python code is run by the interpreter, a program installed from python.org or a package manager, started as `python3` or `py` on Windows.',
      },
      {
        term: 'Checking the version',
        text: '`python3 --version` prints the installed version, and you should use Python 3, since Python 2 reached its end of life in 2020.',
      },
      {
        term: 'Running a script',
        text: '`python3 hello.py` runs the file `hello.py` from top to bottom and exits when it reaches the end.',
      },
      {
        term: 'The interactive REPL',
        text: 'Typing `python3` alone opens the REPL, which reads one statement, evaluates it and prints the result, handy for quick experiments.',
      },
    ],
    example: {
      lang: 'bash',
      intro: 'Check the installation, write a one-line script and run it.',
      code: `python3 --version
# Python 3.12.3
echo 'print("Hello from a script")' > hello.py
python3 hello.py
# Hello from a script`,
      takeaway:
        '`python3 hello.py` runs the file and prints Hello from a script; the version number you see depends on what you installed.',
    },
    checks: [
      {
        q: 'Which command runs the file `hello.py`?',
        options: ['`python3 hello.py`', '`python3 --version hello.py`', '`run hello.py`', '`pip hello.py`'],
      },
      {
        q: 'What does typing `python3` with no file open?',
        options: [
          'The interactive REPL, which evaluates one statement at a time',
          'The Python installer',
          'A text editor',
          'The package manager pip',
        ],
      },
    ],
  },
  {
    lesson: 'Variables and basic types',
    concepts: [
      {
        term: 'Names bind values',
        text: 'Assignment with `=` binds a name to a value, and the same name can later be rebound to a value of another type.',
      },
      {
        term: 'Core built-in types',
        text: 'The basic types are `int` for whole numbers, `float` for decimals, `str` for text and `bool` for `True` or `False`.',
      },
      {
        term: 'Checking with type()',
        text: '`type(x)` returns the type of the value `x` currently refers to, for example `type(3.5)` is `float`.',
      },
      {
        term: 'Division and conversion',
        text: '`/` always returns a float, `//` floors to a whole number, and `int("42")` or `str(42)` convert between types explicitly.',
      },
    ],
    example: {
      lang: 'python',
      intro: 'Four variables, one of each basic type.',
      code: `count = 3
price = 2.5
name = "tea"
in_stock = True
print(type(count), type(price), type(name), type(in_stock))
print(7 / 2, 7 // 2, int("42") + 1)`,
      takeaway:
        "The first line prints <class 'int'> <class 'float'> <class 'str'> <class 'bool'>, and the second prints 3.5 3 43.",
    },
    checks: [
      {
        q: 'What does `7 // 2` evaluate to?',
        options: ['3', '3.5', '4', '1'],
      },
      {
        q: 'Which type holds the value `True`?',
        options: ['`bool`', '`int`', '`str`', '`float`'],
      },
    ],
  },
  {
    lesson: 'Printing and reading input',
    concepts: [
      {
        term: 'print() writes output',
        text: '`print()` writes its arguments separated by spaces and ends with a newline; `sep` and `end` change those separators.',
      },
      {
        term: 'input() reads text',
        text: '`input("Name: ")` shows the prompt, waits for the user to press Enter and returns what they typed as a `str`.',
      },
      {
        term: 'Converting input',
        text: 'Because `input()` always returns text, wrap it as `int(input(...))` or `float(input(...))` before doing arithmetic.',
      },
      {
        term: 'f-strings format',
        text: 'An f-string such as `f"{name} is {age}"` inserts values into text, and `{total:.2f}` shows a number with two decimal places.',
      },
    ],
    example: {
      lang: 'python',
      intro: 'Ask for a name and an age, then print a formatted reply.',
      code: `name = input("Name: ")
age = int(input("Age: "))
print(f"Hello {name}, next year you will be {age + 1}.")
print("a", "b", "c", sep="-")
print(f"{2 / 3:.2f}")`,
      takeaway: 'Typing Ada and 36 prints Hello Ada, next year you will be 37., then a-b-c, then 0.67.',
    },
    checks: [
      {
        q: 'What type does `input()` return?',
        options: ['Always `str`', 'Always `int`', 'Whatever type the user typed', '`None`'],
      },
      {
        q: 'What does `print("a", "b", "c", sep="-")` print?',
        options: ['a-b-c', 'a b c', 'abc', 'a-b-c-'],
      },
    ],
  },
  {
    lesson: 'Writing your first script',
    concepts: [
      {
        term: 'Top to bottom',
        text: 'A script runs its statements from top to bottom, so a name must be assigned before a later line uses it.',
      },
      {
        term: 'Comments explain why',
        text: 'Everything after `#` on a line is a comment that Python ignores; use comments to explain why the code does something.',
      },
      {
        term: 'A main function',
        text: 'Putting the work in a `main()` function and calling it under `if __name__ == "__main__":` runs it only when the file is executed directly.',
      },
      {
        term: 'Input, process, output',
        text: 'Most first scripts follow one shape: read some input, compute something from it, then print the result.',
      },
    ],
    example: {
      lang: 'python',
      intro: 'A complete script that converts Celsius to Fahrenheit.',
      code: `# convert.py: convert Celsius to Fahrenheit
def main():
    celsius = float(input("Celsius: "))
    fahrenheit = celsius * 9 / 5 + 32  # the standard formula
    print(f"{celsius} C is {fahrenheit} F")


if __name__ == "__main__":
    main()`,
      takeaway:
        'Running `python3 convert.py` and typing 100 prints 100.0 C is 212.0 F; importing the file instead would not call `main()`.',
    },
    checks: [
      {
        q: 'What does `if __name__ == "__main__":` achieve?',
        options: [
          'It runs the code only when the file is executed directly',
          'It makes the script run faster',
          "It declares the script's main variable",
          'It stops the script from being executed',
        ],
      },
      {
        q: 'What does Python do with text after `#` on a line?',
        options: ['Ignores it as a comment', 'Prints it', 'Runs it as a command', 'Stores it in a variable'],
      },
    ],
  },
  // Control Flow
  {
    lesson: 'Conditions with if, elif and else',
    concepts: [
      {
        term: 'if runs conditionally',
        text: 'An `if` block runs only when its condition is true, and the indented lines below it form the block.',
      },
      {
        term: 'elif chains checks',
        text: '`elif` adds another condition that is tested only when every condition above it was false.',
      },
      {
        term: 'First match wins',
        text: 'Python runs the block of the first true condition and skips the rest, so order conditions from most to least specific.',
      },
      {
        term: 'else catches everything',
        text: 'An optional `else` block runs when none of the `if` or `elif` conditions were true.',
      },
    ],
    example: {
      lang: 'python',
      intro: 'Turn a score into a grade; the first true condition decides.',
      code: `def grade(score):
    if score >= 90:
        return "A"
    elif score >= 75:
        return "B"
    elif score >= 50:
        return "C"
    else:
        return "F"


print(grade(95), grade(80), grade(50), grade(12))`,
      takeaway:
        'It prints A B C F: 80 fails the first test but passes `score >= 75`, so the later branches are never checked.',
    },
    checks: [
      {
        q: 'When is an `elif` condition tested?',
        options: [
          'Only when every condition above it was false',
          'Always, after the `if` block runs',
          'Only when the `if` condition was true',
          'Before the `if` condition',
        ],
      },
      {
        q: 'In the example, what does `grade(80)` return?',
        options: ['"B"', '"A"', '"C"', '"F"'],
      },
    ],
  },
  {
    lesson: 'Loops with for and while',
    concepts: [
      {
        term: 'for loops iterate',
        text: 'A `for` loop runs its block once for each item of an iterable, such as each element of a list or each character of a string.',
      },
      {
        term: 'while loops repeat',
        text: 'A `while` loop repeats as long as its condition is true, so something inside it must eventually make the condition false.',
      },
      {
        term: 'break and continue',
        text: '`break` leaves the loop immediately, while `continue` skips the rest of the current pass and moves to the next one.',
      },
      {
        term: 'Loop cost',
        text: 'A loop over n items does its body n times, so its running time grows linearly, written O(n).',
      },
    ],
    example: {
      lang: 'python',
      intro: 'A `for` loop skips odd numbers, and a `while` loop halves a number until it reaches 1.',
      code: `total = 0
for n in [1, 2, 3, 4, 5, 6]:
    if n % 2 == 1:
        continue
    total += n
print(total)

x = 40
while x > 1:
    x = x // 2
print(x)`,
      takeaway:
        'It prints 12, the sum of 2, 4 and 6, and then 1, after the `while` loop halves 40 down to 1.',
    },
    formula: {
      tex: 'T(n) = c \\cdot n \\in O(n)',
      caption: 'A loop whose body costs a constant c and runs once per item takes time proportional to n.',
    },
    checks: [
      {
        q: 'What does `continue` do inside a loop?',
        options: [
          'Skips the rest of the current pass and moves to the next one',
          'Leaves the loop immediately',
          'Restarts the loop from the first item',
          'Pauses the program',
        ],
      },
      {
        q: 'In the example, what is the printed `total`?',
        options: ['12', '21', '9', '6'],
      },
    ],
  },
  {
    lesson: 'Boolean logic and comparisons',
    concepts: [
      {
        term: 'Comparison operators',
        text: '`==`, `!=`, `<`, `<=`, `>` and `>=` compare values and return `True` or `False`; `=` assigns and never compares.',
      },
      {
        term: 'and, or, not',
        text: '`a and b` is true only when both are true, `a or b` when at least one is, and `not a` flips a boolean.',
      },
      {
        term: 'Short-circuit evaluation',
        text: '`and` stops at the first false operand and `or` at the first true one, so `x != 0 and 10 / x > 1` never divides by zero.',
      },
      {
        term: 'Truthiness and chaining',
        text: 'Empty values such as `0`, `""`, `[]` and `None` count as false, and chained comparisons like `0 < x < 10` test a range.',
      },
    ],
    example: {
      lang: 'python',
      intro: 'Comparisons, boolean operators and truthiness in a few lines.',
      code: `x = 0
print(x != 0 and 10 / x > 1)   # short-circuits: no ZeroDivisionError
age = 25
print(18 <= age < 65)
print(not [], bool("no"), 3 == 3.0)`,
      takeaway:
        'It prints False, then True, then True True True: an empty list is falsy, a non-empty string is truthy, and 3 equals 3.0.',
    },
    checks: [
      {
        q: 'Why does `x != 0 and 10 / x > 1` not fail when `x` is 0?',
        options: [
          '`and` short-circuits at the first false operand',
          'Python treats division by zero as 0',
          '`!=` catches the error',
          'Comparisons are evaluated right to left',
        ],
      },
      {
        q: 'Which of these values is falsy?',
        options: ['`[]`', '`"no"`', '`1`', '`[0]`'],
      },
    ],
  },
  {
    lesson: 'Iterating with range and enumerate',
    concepts: [
      {
        term: 'range(start, stop, step)',
        text: '`range(start, stop, step)` produces numbers from start up to but not including stop, so `range(2, 8, 2)` gives 2, 4 and 6.',
      },
      {
        term: 'range(n) starts at zero',
        text: '`range(5)` yields 0, 1, 2, 3 and 4, exactly five numbers, which suits repeating something n times.',
      },
      {
        term: 'enumerate adds indexes',
        text: '`enumerate(items)` yields `(index, item)` pairs, so you get the position without writing `range(len(items))`.',
      },
      {
        term: 'Choosing the start',
        text: '`enumerate(items, start=1)` numbers items from 1, which suits numbered lists shown to people.',
      },
    ],
    example: {
      lang: 'python',
      intro: '`range` counts, and `enumerate` numbers the items of a list.',
      code: `print(list(range(2, 8, 2)))
print(list(range(5)))

fruits = ["apple", "pear", "fig"]
for i, fruit in enumerate(fruits, start=1):
    print(i, fruit)`,
      takeaway: 'It prints [2, 4, 6] and [0, 1, 2, 3, 4], then 1 apple, 2 pear and 3 fig on separate lines.',
    },
    checks: [
      {
        q: 'What does `list(range(2, 8, 2))` produce?',
        options: ['[2, 4, 6]', '[2, 4, 6, 8]', '[2, 3, 4, 5, 6, 7]', '[4, 6, 8]'],
      },
      {
        q: 'What does `enumerate(items)` yield?',
        options: ['`(index, item)` pairs', 'Only the indexes', 'The items in reverse', 'The length of items'],
      },
    ],
  },
  // Data Structures
  {
    lesson: 'Lists and slicing',
    concepts: [
      {
        term: 'Ordered, mutable lists',
        text: 'A list keeps items in order and can change: `append` adds to the end and `items[0] = x` replaces the first item.',
      },
      {
        term: 'Slices stop early',
        text: 'A slice `items[start:stop]` returns a new list from index start up to but not including index stop.',
      },
      {
        term: 'Negative indexes',
        text: 'Negative indexes count from the end, so `items[-1]` is the last item and `items[-2:]` the last two.',
      },
      {
        term: 'Steps and copies',
        text: '`items[::2]` takes every second item, `items[::-1]` reverses the list, and `items[:]` makes a shallow copy.',
      },
    ],
    example: {
      lang: 'python',
      intro: 'Slicing one list in several ways.',
      code: `letters = ["a", "b", "c", "d", "e", "f"]
print(letters[1:4])
print(letters[-2:])
print(letters[::2])
print(letters[::-1])
letters.append("g")
print(len(letters), letters[-1])`,
      takeaway:
        "It prints ['b', 'c', 'd'], ['e', 'f'], ['a', 'c', 'e'], the reversed list, and finally 7 g after the append.",
    },
    checks: [
      {
        q: "For `letters = ['a', 'b', 'c', 'd', 'e', 'f']`, what is `letters[1:4]`?",
        options: ["['b', 'c', 'd']", "['a', 'b', 'c', 'd']", "['b', 'c', 'd', 'e']", "['b', 'd']"],
      },
      {
        q: 'What does `items[-1]` return?',
        options: ['The last item', 'The first item', 'An IndexError', 'The list reversed'],
      },
    ],
  },
  {
    lesson: 'Dictionaries',
    concepts: [
      {
        term: 'Keys map to values',
        text: 'A dictionary maps unique, hashable keys to values, as in `{"apple": 3}`, and looks a key up in constant time on average.',
      },
      {
        term: 'Lookup and get()',
        text: '`d["pear"]` raises `KeyError` for a missing key, while `d.get("pear", 0)` returns the default 0 instead.',
      },
      {
        term: 'Adding and updating',
        text: 'Assigning `d[key] = value` adds the key or replaces its value, and `del d[key]` removes it.',
      },
      {
        term: 'Iterating with items()',
        text: '`for key, value in d.items()` walks the pairs, and dictionaries keep keys in the order they were inserted.',
      },
    ],
    example: {
      lang: 'python',
      intro: 'Count words with a dictionary.',
      code: `counts = {}
for word in ["tea", "milk", "tea", "tea"]:
    counts[word] = counts.get(word, 0) + 1

print(counts)
print(counts.get("sugar", 0))
for word, n in counts.items():
    print(word, n)`,
      takeaway:
        "It prints {'tea': 3, 'milk': 1}, then 0 for the missing key sugar, then tea 3 and milk 1 in insertion order.",
    },
    checks: [
      {
        q: 'What does `d.get("sugar", 0)` return when the key is missing?',
        options: ['0', 'A `KeyError`', '`None` always', 'An empty dictionary'],
      },
      {
        q: 'What does `d["pear"]` do when `"pear"` is not a key?',
        options: ['Raises `KeyError`', 'Returns 0', 'Returns `None`', 'Adds the key with an empty value'],
      },
    ],
  },
  {
    lesson: 'Tuples and sets',
    concepts: [
      {
        term: 'Tuples are immutable',
        text: 'A tuple such as `(3, 4)` is an ordered sequence that cannot change after creation, which suits fixed records like coordinates.',
      },
      {
        term: 'Tuple unpacking',
        text: "Unpacking assigns a tuple's items to names in one step, as in `x, y = point`, and `a, b = b, a` swaps two values.",
      },
      {
        term: 'Sets hold uniques',
        text: 'A set stores each value at most once, without order, so `set([1, 1, 2])` is `{1, 2}` and membership tests are fast.',
      },
      {
        term: 'Set operations',
        text: '`a | b` is the union, `a & b` the intersection and `a - b` the items of a that are not in b.',
      },
    ],
    example: {
      lang: 'python',
      intro: 'Unpack a tuple, then compare two sets of tags.',
      code: `point = (3, 4)
x, y = point
print(x + y)

a = {"python", "sql", "git"}
b = {"sql", "docker"}
print(sorted(a & b), sorted(a - b))
print(len({1, 1, 2, 2, 3}))`,
      takeaway: "It prints 7, then ['sql'] ['git', 'python'], then 3 because duplicates collapse in a set.",
    },
    checks: [
      {
        q: 'What does `len({1, 1, 2, 2, 3})` return?',
        options: ['3', '5', '2', '1'],
      },
      {
        q: 'What is the main difference between a tuple and a list?',
        options: [
          'A tuple cannot change after creation',
          'A tuple cannot hold numbers',
          'A tuple keeps only unique values',
          'A tuple has no order',
        ],
      },
    ],
  },
  {
    lesson: 'Comprehensions',
    concepts: [
      {
        term: 'List comprehension',
        text: '`[expr for item in items]` builds a new list by evaluating expr for each item, replacing a loop that appends.',
      },
      {
        term: 'Filtering with if',
        text: 'A trailing condition, as in `[n for n in nums if n % 2 == 0]`, keeps only the items for which it is true.',
      },
      {
        term: 'Dict and set comprehensions',
        text: '`{k: v for ...}` builds a dictionary and `{x for ...}` builds a set with the same syntax.',
      },
      {
        term: 'Generator expressions',
        text: 'Parentheses make a lazy generator expression, so `sum(n * n for n in nums)` never builds the whole list in memory.',
      },
    ],
    example: {
      lang: 'python',
      intro: 'Four comprehensions over the same numbers.',
      code: `nums = [1, 2, 3, 4, 5]
squares = [n * n for n in nums]
evens = [n for n in nums if n % 2 == 0]
lengths = {word: len(word) for word in ["hi", "hello"]}
total = sum(n * n for n in nums)
print(squares, evens, lengths, total)`,
      takeaway: "It prints [1, 4, 9, 16, 25] [2, 4] {'hi': 2, 'hello': 5} 55.",
    },
    checks: [
      {
        q: 'What does `[n for n in [1, 2, 3, 4, 5] if n % 2 == 0]` produce?',
        options: ['[2, 4]', '[1, 3, 5]', '[4, 16]', '[True, False]'],
      },
      {
        q: 'Which syntax builds a dictionary?',
        options: ['`{k: v for ...}`', '`[k, v for ...]`', '`(k: v for ...)`', '`dict for k in ...`'],
      },
    ],
  },
  // Functions and Modules
  {
    lesson: 'Defining functions',
    concepts: [
      {
        term: 'def creates functions',
        text: '`def name(params):` defines a function whose indented body runs each time the function is called.',
      },
      {
        term: 'return sends back',
        text: '`return value` ends the call and hands the value back to the caller, and a function without `return` returns `None`.',
      },
      {
        term: 'Parameters and arguments',
        text: 'Parameters are the names in the definition, and arguments are the values passed in the call that get bound to them.',
      },
      {
        term: 'Docstrings document',
        text: 'A string literal as the first statement of the body is the docstring, shown by `help(function)`.',
      },
    ],
    example: {
      lang: 'python',
      intro: 'A small function with a docstring and a return value.',
      code: `def area(width, height):
    """Return the area of a rectangle."""
    return width * height


def greet(name):
    print(f"Hi {name}")


print(area(3, 4))
print(greet("Ada"))`,
      takeaway:
        'It prints 12, then Hi Ada, then None, because `greet` has no `return` statement and so returns `None`.',
    },
    checks: [
      {
        q: 'What does a function without a `return` statement return?',
        options: ['`None`', '0', 'An empty string', 'Its last printed value'],
      },
      {
        q: 'In `def area(width, height):`, what are `width` and `height`?',
        options: ['Parameters', 'Return values', 'Global constants', 'Modules'],
      },
    ],
  },
  {
    lesson: 'Arguments, defaults and keyword arguments',
    concepts: [
      {
        term: 'Positional and keyword',
        text: 'Arguments can be passed by position or by name, as in `resize(img, width=200)`, and keyword arguments may come in any order.',
      },
      {
        term: 'Default values',
        text: 'A parameter with a default, such as `sep=", "`, may be left out of the call, and the default is then used.',
      },
      {
        term: 'Mutable default trap',
        text: 'Defaults are evaluated once when `def` runs, so a default list is shared across calls; use `None` and create the list inside.',
      },
      {
        term: '*args and **kwargs',
        text: '`*args` collects extra positional arguments into a tuple and `**kwargs` collects extra keyword arguments into a dictionary.',
      },
    ],
    example: {
      lang: 'python',
      intro: 'Defaults, keyword arguments and the safe way to default to a list.',
      code: `def join(words, sep=", ", end=""):
    return sep.join(words) + end


def add_item(item, items=None):
    items = [] if items is None else items
    items.append(item)
    return items


print(join(["a", "b"]), join(["a", "b"], end="!", sep="-"))
print(add_item(1), add_item(2))`,
      takeaway:
        'It prints a, b a-b!, then [1] [2]: each call gets a fresh list because the default is `None`, not a shared list.',
    },
    checks: [
      {
        q: 'Why is `def f(items=[])` risky?',
        options: [
          'The default list is evaluated once and shared across calls',
          'Lists are not allowed as parameters',
          'The list is copied on every call, wasting memory',
          'It makes `items` a keyword-only parameter',
        ],
      },
      {
        q: 'What does `**kwargs` collect?',
        options: [
          'Extra keyword arguments into a dictionary',
          'Extra positional arguments into a tuple',
          'Only the default values',
          "The function's return values",
        ],
      },
    ],
  },
  {
    lesson: 'Scope and closures',
    concepts: [
      {
        term: 'Local scope',
        text: 'A name assigned inside a function is local to that call and disappears when the function returns.',
      },
      {
        term: 'The LEGB lookup',
        text: 'Python looks a name up in the Local, Enclosing, Global and Built-in scopes, in that order.',
      },
      {
        term: 'Closures remember variables',
        text: 'A closure is an inner function that keeps access to variables of the enclosing function even after that function has returned.',
      },
      {
        term: 'nonlocal rebinding',
        text: "To assign to an enclosing function's variable from an inner function, declare it `nonlocal`; otherwise the assignment creates a new local.",
      },
    ],
    example: {
      lang: 'python',
      intro: 'A counter factory: each counter is a closure with its own count.',
      code: `def make_counter():
    count = 0

    def increment():
        nonlocal count
        count += 1
        return count

    return increment


a = make_counter()
b = make_counter()
print(a(), a(), a(), b())`,
      takeaway:
        'It prints 1 2 3 1: `a` and `b` each remember their own `count` after `make_counter` has returned.',
    },
    checks: [
      {
        q: 'What is a closure?',
        options: [
          "An inner function that keeps access to the enclosing function's variables",
          'A function that closes open files',
          'A function with no parameters',
          'The last line of a module',
        ],
      },
      {
        q: "Which keyword lets an inner function rebind an enclosing function's variable?",
        options: ['`nonlocal`', '`global`', '`static`', '`outer`'],
      },
    ],
  },
  {
    lesson: 'Modules, packages and imports',
    concepts: [
      {
        term: 'A module is a file',
        text: 'Every `.py` file is a module, and `import tools` runs `tools.py` once and gives access to its names as `tools.name`.',
      },
      {
        term: 'A package is a folder',
        text: 'A package is a folder of modules, usually with an `__init__.py`, imported with dotted names like `shop.pricing`.',
      },
      {
        term: 'Import forms',
        text: '`from math import sqrt` imports one name directly, and `import numpy as np` gives a module a shorter alias.',
      },
      {
        term: 'Where imports search',
        text: "Python finds modules through `sys.path`, which starts with the script's folder and then the standard library and installed packages.",
      },
    ],
    example: {
      lang: 'python',
      intro: 'A package with one module, imported two ways (file contents shown as comments).',
      code: `# shop/__init__.py   (empty)
# shop/pricing.py:
#     def with_tax(price, rate=0.2):
#         return round(price * (1 + rate), 2)

# main.py, next to the shop folder:
import shop.pricing
from shop.pricing import with_tax

print(shop.pricing.with_tax(10), with_tax(10, rate=0.1))`,
      takeaway:
        'Running `python3 main.py` prints 12.0 11.0, the same function reached through the full dotted name and through a direct import.',
    },
    checks: [
      {
        q: 'What is a Python module?',
        options: ['A `.py` file', 'A folder of files', 'A running process', 'An installed executable'],
      },
      {
        q: 'What does `import numpy as np` do?',
        options: [
          'Imports the module under the shorter alias `np`',
          'Installs numpy from the internet',
          'Imports only a function named np',
          'Renames the numpy package on disk',
        ],
      },
    ],
  },
  // Files and Errors
  {
    lesson: 'Reading and writing files',
    concepts: [
      {
        term: 'open() and modes',
        text: '`open(path, "r")` opens a file for reading, `"w"` truncates it for writing, and `"a"` appends to its end.',
      },
      {
        term: 'with closes files',
        text: 'A `with open(...) as f:` block closes the file automatically when the block ends, even if an error occurs.',
      },
      {
        term: 'Reading line by line',
        text: 'Iterating `for line in f` reads one line at a time, each ending in `"\\n"`, so even huge files fit in memory.',
      },
      {
        term: 'Say the encoding',
        text: 'Pass `encoding="utf-8"` when opening text files so the result does not depend on the computer\'s default encoding.',
      },
    ],
    example: {
      lang: 'python',
      intro: 'Write three lines to a file, append one, then read them back.',
      code: `with open("notes.txt", "w", encoding="utf-8") as f:
    f.write("one\\ntwo\\nthree\\n")

with open("notes.txt", "a", encoding="utf-8") as f:
    f.write("four\\n")

with open("notes.txt", encoding="utf-8") as f:
    for number, line in enumerate(f, start=1):
        print(number, line.strip())`,
      takeaway:
        'It prints 1 one, 2 two, 3 three and 4 four: mode `"w"` wrote three lines, mode `"a"` appended the fourth.',
    },
    checks: [
      {
        q: 'What does opening an existing file with mode `"w"` do?',
        options: [
          'Truncates it and writes from the start',
          'Appends to its end',
          'Opens it read-only',
          'Raises an error because it exists',
        ],
      },
      {
        q: 'Why open files in a `with` block?',
        options: [
          'The file is closed automatically when the block ends',
          'It makes reading faster',
          'It locks the file for other programs',
          'It converts the file to UTF-8',
        ],
      },
    ],
  },
  {
    lesson: 'Exceptions and try/except',
    concepts: [
      {
        term: 'Exceptions signal errors',
        text: 'An exception such as `ValueError` or `ZeroDivisionError` stops normal execution and travels up the calls until something handles it.',
      },
      {
        term: 'Catching with except',
        text: '`try:` runs code and `except ValueError:` handles that error type; catch specific exceptions rather than every error.',
      },
      {
        term: 'else and finally',
        text: 'The `else` block runs only if no exception occurred, and `finally` always runs, which suits cleanup.',
      },
      {
        term: 'Raising your own',
        text: '`raise ValueError("message")` signals a problem to the caller, who can catch it or let it stop the program.',
      },
    ],
    example: {
      lang: 'python',
      intro: 'Parse numbers, handling bad input without crashing.',
      code: `def parse(text):
    try:
        value = int(text)
    except ValueError:
        print(f"not a number: {text!r}")
        return None
    else:
        return value
    finally:
        print("checked", text)


print(parse("42"))
print(parse("forty"))`,
      takeaway:
        "It prints checked 42 then 42, then not a number: 'forty', checked forty and None; `finally` ran both times.",
    },
    checks: [
      {
        q: 'When does a `finally` block run?',
        options: [
          'Always, whether or not an exception occurred',
          'Only when an exception occurred',
          'Only when no exception occurred',
          'Only if the function returns None',
        ],
      },
      {
        q: 'What does `int("forty")` raise?',
        options: ['`ValueError`', '`TypeError`', '`KeyError`', '`ZeroDivisionError`'],
      },
    ],
  },
  {
    lesson: 'Working with pathlib and json',
    concepts: [
      {
        term: 'Path objects',
        text: '`pathlib.Path` represents a file path as an object, and the `/` operator joins parts, as in `Path("data") / "config.json"`.',
      },
      {
        term: 'Path helpers',
        text: 'Methods such as `.exists()`, `.read_text()`, `.write_text()` and `.suffix` replace most manual string handling of paths.',
      },
      {
        term: 'json.dumps and loads',
        text: '`json.dumps(obj)` turns dictionaries and lists into a JSON string, and `json.loads(text)` parses JSON back into Python objects.',
      },
      {
        term: 'JSON type mapping',
        text: 'JSON objects become `dict`, arrays become `list`, `true` becomes `True` and `null` becomes `None`.',
      },
    ],
    example: {
      lang: 'python',
      intro: 'Save settings as JSON with pathlib, then load them again.',
      code: `import json
from pathlib import Path

path = Path("data") / "settings.json"
path.parent.mkdir(exist_ok=True)
path.write_text(json.dumps({"theme": "dark", "beta": True}), encoding="utf-8")

settings = json.loads(path.read_text(encoding="utf-8"))
print(path.suffix, settings["theme"], settings["beta"])`,
      takeaway:
        'It prints .json dark True: the JSON `true` written to the file comes back as the Python `True`.',
    },
    checks: [
      {
        q: 'What does `Path("data") / "settings.json"` produce?',
        options: [
          'A new path that joins `data` and `settings.json`',
          'A division error',
          'The contents of settings.json',
          'A new empty folder',
        ],
      },
      {
        q: 'What does `json.loads` turn a JSON `null` into?',
        options: ['`None`', '0', 'An empty string', 'The string "null"'],
      },
    ],
  },
  {
    lesson: 'Useful standard library modules',
    concepts: [
      {
        term: 'Batteries included',
        text: 'Python ships with a large standard library, so common tasks like dates, counting and randomness need no installed packages.',
      },
      {
        term: 'Counting with Counter',
        text: '`Counter(items)` counts how often each value occurs, and `.most_common(n)` returns the n most frequent values with their counts.',
      },
      {
        term: 'datetime for dates',
        text: '`datetime.date` and `timedelta` do calendar arithmetic, so `date(2024, 1, 30) + timedelta(days=3)` lands correctly in February.',
      },
      {
        term: 'random and statistics',
        text: '`random.choice` picks a random item and `statistics.mean` or `statistics.median` summarise a list of numbers.',
      },
    ],
    example: {
      lang: 'python',
      intro: 'Three standard-library modules, no installs needed.',
      code: `from collections import Counter
from datetime import date, timedelta
from statistics import mean, median

print(Counter("mississippi").most_common(2))
print(date(2024, 1, 30) + timedelta(days=3))
print(mean([2, 4, 9]), median([2, 4, 9]))`,
      takeaway: "It prints [('i', 4), ('s', 4)], then 2024-02-02, then 5 4.",
    },
    checks: [
      {
        q: 'What does `Counter(items).most_common(2)` return?',
        options: [
          'The two most frequent values with their counts',
          'The first two items',
          'The number 2',
          'The two least frequent values',
        ],
      },
      {
        q: 'What is `date(2024, 1, 30) + timedelta(days=3)`?',
        options: ['2024-02-02', '2024-01-33', '2024-02-03', 'An error'],
      },
    ],
  },
  // Object-Oriented Python
  {
    lesson: 'Classes and instances',
    concepts: [
      {
        term: 'Classes are blueprints',
        text: 'A class defines the data and behaviour shared by its objects, and calling the class, as in `Account("Ada")`, creates an instance.',
      },
      {
        term: 'The __init__ method',
        text: '`__init__` runs when an instance is created and sets its starting attributes, such as `self.balance = 0`.',
      },
      {
        term: 'self is the instance',
        text: 'Methods receive the instance as their first parameter, named `self` by convention, so `acc.deposit(5)` calls `Account.deposit(acc, 5)`.',
      },
      {
        term: 'Instance versus class attributes',
        text: 'Attributes set on `self` belong to one instance, while attributes defined in the class body are shared by all instances.',
      },
    ],
    example: {
      lang: 'python',
      intro: 'Two accounts created from one class keep separate balances.',
      code: `class Account:
    bank = "Mindbank"  # class attribute, shared

    def __init__(self, owner):
        self.owner = owner
        self.balance = 0

    def deposit(self, amount):
        self.balance += amount
        return self.balance


a, b = Account("Ada"), Account("Linus")
a.deposit(50)
print(a.balance, b.balance, a.bank == b.bank)`,
      takeaway:
        'It prints 50 0 True: each instance has its own balance, but both share the class attribute `bank`.',
    },
    checks: [
      {
        q: 'When does `__init__` run?',
        options: [
          'When an instance is created',
          'When the class is defined',
          'When the program ends',
          'Whenever an attribute is read',
        ],
      },
      {
        q: 'What does `self` refer to inside a method?',
        options: [
          'The instance the method was called on',
          'The class itself',
          'The module',
          'The previous instance created',
        ],
      },
    ],
  },
  {
    lesson: 'Inheritance and composition',
    concepts: [
      {
        term: 'Inheritance is-a',
        text: "A subclass such as `class Dog(Animal)` inherits the parent's methods and can override them, modelling an is-a relationship.",
      },
      {
        term: 'super() calls parent',
        text: "`super().__init__(...)` runs the parent class's version of a method, so a subclass can extend it rather than copy it.",
      },
      {
        term: 'Composition has-a',
        text: 'Composition gives an object another object as an attribute, such as a `Car` holding an `Engine`, modelling a has-a relationship.',
      },
      {
        term: 'Prefer composition often',
        text: 'Composition keeps classes loosely coupled, so many designers prefer it to deep inheritance chains unless a true is-a relationship exists.',
      },
    ],
    example: {
      lang: 'python',
      intro: 'A subclass overrides a method, and a car is composed with an engine.',
      code: `class Animal:
    def __init__(self, name):
        self.name = name
    def speak(self):
        return "..."

class Dog(Animal):  # inheritance: a dog is an animal
    def speak(self):
        return f"{self.name} says woof"

class Car:
    def __init__(self, engine):
        self.engine = engine  # composition: a car has an engine

print(Dog("Rex").speak(), Car("V8").engine)`,
      takeaway:
        'It prints Rex says woof V8: `Dog` inherits `__init__` from `Animal` and overrides `speak`, while a `Car` has an engine.',
    },
    checks: [
      {
        q: 'Which relationship does composition model?',
        options: ['has-a', 'is-a', 'uses-global', 'copies-from'],
      },
      {
        q: 'What does `super().__init__(...)` do in a subclass?',
        options: [
          "Runs the parent class's version of the method",
          'Creates a second instance',
          'Deletes the parent class',
          "Skips the parent's initialisation",
        ],
      },
    ],
  },
  {
    lesson: 'Special (dunder) methods',
    concepts: [
      {
        term: 'Double-underscore hooks',
        text: "Special methods, named with double underscores like `__len__`, let Python's built-in syntax and functions work with your own classes.",
      },
      {
        term: '__repr__ for display',
        text: '`__repr__` returns the text shown when an object is printed in the REPL or inside a list, ideally looking like code that recreates it.',
      },
      {
        term: '__eq__ and __len__',
        text: '`__eq__` defines what `==` means for your objects, and `__len__` is what `len(obj)` calls.',
      },
      {
        term: 'Operator overloading',
        text: 'Defining `__add__` makes `a + b` work for your objects, which suits value types such as vectors or money.',
      },
    ],
    example: {
      lang: 'python',
      intro: 'A small vector class that supports `+`, `==` and a readable `repr`.',
      code: `class Vector:
    def __init__(self, x, y):
        self.x, self.y = x, y

    def __add__(self, other):
        return Vector(self.x + other.x, self.y + other.y)

    def __eq__(self, other):
        return (self.x, self.y) == (other.x, other.y)

    def __repr__(self):
        return f"Vector({self.x}, {self.y})"


print(Vector(1, 2) + Vector(3, 4), Vector(1, 2) == Vector(1, 2))`,
      takeaway: 'It prints Vector(4, 6) True, because `+` calls `__add__` and `==` calls `__eq__`.',
    },
    checks: [
      {
        q: 'Which method does `len(obj)` call?',
        options: ['`__len__`', '`__size__`', '`__count__`', '`__repr__`'],
      },
      {
        q: 'What makes `a + b` work for your own class?',
        options: [
          'Defining `__add__`',
          'Defining `__plus__`',
          'Inheriting from `int`',
          'Defining `__init__`',
        ],
      },
    ],
  },
  {
    lesson: 'Dataclasses',
    concepts: [
      {
        term: 'The @dataclass decorator',
        text: "`@dataclass` reads the class's annotated fields and generates `__init__`, `__repr__` and `__eq__` for you.",
      },
      {
        term: 'Fields with defaults',
        text: 'Fields are declared as `name: type`, optionally with a default, and fields with defaults must come after fields without.',
      },
      {
        term: 'Mutable defaults use field',
        text: 'A list default needs `field(default_factory=list)`, so that every instance gets its own new list.',
      },
      {
        term: 'Frozen dataclasses',
        text: '`@dataclass(frozen=True)` makes instances immutable, so assigning to any field after creation raises `FrozenInstanceError`.',
      },
    ],
    example: {
      lang: 'python',
      intro: 'A dataclass with a default and a list field.',
      code: `from dataclasses import dataclass, field


@dataclass
class Task:
    title: str
    done: bool = False
    tags: list[str] = field(default_factory=list)


t = Task("Write tests")
t.tags.append("python")
print(t)
print(t == Task("Write tests", False, ["python"]))`,
      takeaway:
        "It prints Task(title='Write tests', done=False, tags=['python']) and then True, using the generated `__repr__` and `__eq__`.",
    },
    checks: [
      {
        q: 'Which methods does `@dataclass` generate by default?',
        options: [
          '`__init__`, `__repr__` and `__eq__`',
          'Only `__init__`',
          '`__add__` and `__len__`',
          'Getters and setters for each field',
        ],
      },
      {
        q: 'How should a dataclass field default to an empty list?',
        options: [
          '`field(default_factory=list)`',
          '`tags: list = []`',
          '`tags: list = None` and nothing else',
          '`tags = list`',
        ],
      },
    ],
  },
  // Testing and Tooling
  {
    lesson: 'Virtual environments and pip',
    concepts: [
      {
        term: 'Isolated environments',
        text: 'A virtual environment is a folder with its own Python and installed packages, so each project keeps its own versions.',
      },
      {
        term: 'Create and activate',
        text: '`python3 -m venv .venv` creates one, and `source .venv/bin/activate` (or `.venv\\Scripts\\activate` on Windows) makes it the active Python.',
      },
      {
        term: 'pip installs packages',
        text: '`pip install requests` installs a package from PyPI into the active environment, and `pip list` shows what is installed.',
      },
      {
        term: 'Recording requirements',
        text: '`pip freeze > requirements.txt` records exact versions in a file, and `pip install -r requirements.txt` installs the packages listed in it elsewhere.',
      },
    ],
    example: {
      lang: 'bash',
      intro: 'Set up an isolated environment for a project and record its packages.',
      code: `python3 -m venv .venv
source .venv/bin/activate
pip install requests
pip freeze > requirements.txt
deactivate

# on another machine:
python3 -m venv .venv && source .venv/bin/activate
pip install -r requirements.txt`,
      takeaway:
        '`requirements.txt` lists exact versions such as `requests==2.32.3`, so the second machine installs the same packages into its own `.venv`.',
    },
    checks: [
      {
        q: 'Which command creates a virtual environment in `.venv`?',
        options: ['`python3 -m venv .venv`', '`pip install .venv`', '`python3 .venv`', '`pip freeze .venv`'],
      },
      {
        q: 'What does `pip install -r requirements.txt` do?',
        options: [
          'Installs the packages listed in the file',
          'Removes every listed package',
          'Writes the installed packages to the file',
          'Creates a new virtual environment',
        ],
      },
    ],
  },
  {
    lesson: 'Writing tests with pytest',
    concepts: [
      {
        term: 'Test discovery',
        text: 'pytest finds files named `test_*.py` and runs every function in them whose name starts with `test_`.',
      },
      {
        term: 'Plain assert',
        text: 'Tests use plain `assert` statements, and on failure pytest shows the values on both sides of the comparison.',
      },
      {
        term: 'Expecting exceptions',
        text: '`with pytest.raises(ValueError):` passes only if the code inside the block raises that exception.',
      },
      {
        term: 'Parametrized tests',
        text: '`@pytest.mark.parametrize` runs one test function with several input and expected-output pairs, one test case each.',
      },
    ],
    example: {
      lang: 'python',
      intro: 'A test file for a small `slugify` function, run with `pytest`.',
      code: `# test_text.py
import pytest

def slugify(text):
    if not text.strip():
        raise ValueError("empty title")
    return "-".join(text.lower().split())

@pytest.mark.parametrize("title, slug", [("Hello World", "hello-world"), ("  A  b ", "a-b")])
def test_slugify(title, slug):
    assert slugify(title) == slug

def test_empty_title_is_rejected():
    with pytest.raises(ValueError):
        slugify("   ")`,
      takeaway:
        'Running `pytest` collects three tests, two from the parametrized function and one for the empty title, and all three pass.',
    },
    checks: [
      {
        q: 'Which functions does pytest run as tests?',
        options: [
          'Functions whose name starts with `test_` in `test_*.py` files',
          'Every function in the project',
          'Only functions decorated with `@test`',
          'Functions listed in requirements.txt',
        ],
      },
      {
        q: 'How do you test that code raises `ValueError`?',
        options: [
          '`with pytest.raises(ValueError):`',
          '`assert ValueError`',
          '`try: ... except: pass`',
          '`pytest.skip(ValueError)`',
        ],
      },
    ],
  },
  {
    lesson: 'Type hints and mypy',
    concepts: [
      {
        term: 'Annotations document types',
        text: 'Type hints such as `def total(prices: list[float]) -> float:` state the expected types of parameters and the return value.',
      },
      {
        term: 'Not enforced at runtime',
        text: 'Python ignores type hints at runtime, so a wrong type is only caught by a checker like mypy or by a later error.',
      },
      {
        term: 'mypy checks statically',
        text: '`mypy file.py` reads the hints and reports type errors without running the program.',
      },
      {
        term: 'Optional values',
        text: '`str | None` says a value may be a string or `None`, and mypy then insists you handle the `None` case.',
      },
    ],
    example: {
      lang: 'python',
      intro: 'A typed function and a call that mypy rejects.',
      code: `def total(prices: list[float], discount: float | None = None) -> float:
    subtotal = sum(prices)
    if discount is not None:
        subtotal *= 1 - discount
    return subtotal


print(total([10.0, 5.0], 0.1))
total("10")  # mypy: Argument 1 to "total" has incompatible type "str"; expected "list[float]"`,
      takeaway:
        'Running the file prints 13.5 and then fails at `sum("10")` with a TypeError; mypy reports the bad call before the program runs.',
    },
    checks: [
      {
        q: 'Does Python enforce type hints when running code?',
        options: [
          'No, it ignores them at runtime; a checker like mypy uses them',
          'Yes, a wrong type always raises an error at the call',
          'Only for built-in types',
          'Only inside classes',
        ],
      },
      {
        q: 'What does `str | None` mean in a type hint?',
        options: [
          'The value may be a string or `None`',
          'The value is a string that cannot be empty',
          'The value is converted to a string',
          'The function returns nothing',
        ],
      },
    ],
  },
  {
    lesson: 'Debugging and profiling',
    concepts: [
      {
        term: 'Read the traceback',
        text: 'A traceback lists the calls that led to an error, and its last line names the exception and the line that raised it.',
      },
      {
        term: 'breakpoint() pauses',
        text: 'Calling `breakpoint()` stops the program in the pdb debugger, where `p x` prints a variable, `n` steps and `c` continues.',
      },
      {
        term: 'Measure before optimising',
        text: 'Profile to find where time actually goes before optimising, because the slow part is often not the part you expect.',
      },
      {
        term: 'cProfile and timeit',
        text: '`python3 -m cProfile -s cumtime app.py` shows time spent per function, and `timeit` measures small snippets repeatedly.',
      },
    ],
    example: {
      lang: 'python',
      intro: 'Time two ways of testing membership with `timeit`.',
      code: `import timeit

setup = "items = list(range(10_000)); as_set = set(items)"
in_list = timeit.timeit("9_999 in items", setup=setup, number=1_000)
in_set = timeit.timeit("9_999 in as_set", setup=setup, number=1_000)
print(f"list: {in_list:.4f}s  set: {in_set:.6f}s")
# to pause and inspect a value instead: breakpoint()`,
      takeaway:
        'The exact seconds vary by machine, but the list check is over a hundred times slower, because `in` scans a list but hashes into a set.',
    },
    checks: [
      {
        q: 'What does calling `breakpoint()` do?',
        options: [
          'Stops the program in the pdb debugger',
          'Ends the program with an error',
          'Prints the traceback and continues',
          'Starts the profiler',
        ],
      },
      {
        q: 'Why profile before optimising?',
        options: [
          'To find where time actually goes, which is often not where you expect',
          'Because profiling makes code faster by itself',
          'Because optimised code cannot be profiled',
          'To check type hints',
        ],
      },
    ],
  },
  // Advanced Python
  {
    lesson: 'Iterators and generators',
    concepts: [
      {
        term: 'The iterator protocol',
        text: '`iter(obj)` returns an iterator, and each `next(it)` returns the next item until it raises `StopIteration`, which is what a `for` loop does.',
      },
      {
        term: 'yield makes generators',
        text: 'A function containing `yield` returns a generator, which runs the body lazily and pauses at each `yield` until the next item is requested.',
      },
      {
        term: 'Lazy and memory-light',
        text: 'Generators produce one value at a time, so they can describe huge or even infinite sequences without storing them.',
      },
      {
        term: 'Single pass only',
        text: 'An iterator is used up after one pass, so looping over the same generator a second time yields nothing.',
      },
    ],
    example: {
      lang: 'python',
      intro: 'A generator of even numbers, consumed by `next` and by a loop.',
      code: `def evens(limit):
    n = 0
    while n < limit:
        yield n
        n += 2


gen = evens(7)
print(next(gen), next(gen))
print(list(gen))
print(list(gen))`,
      takeaway:
        'It prints 0 2, then [4, 6] for the remaining values, then [] because the generator is exhausted.',
    },
    checks: [
      {
        q: 'What happens when you loop over an exhausted generator?',
        options: [
          'It yields nothing',
          'It restarts from the beginning',
          'It raises a SyntaxError',
          'It repeats the last value',
        ],
      },
      {
        q: 'What does `yield` do in a function?',
        options: [
          'Makes it a generator that pauses at each yielded value',
          'Returns a value and ends the function for good',
          'Prints a value',
          'Runs the function in a new thread',
        ],
      },
    ],
  },
  {
    lesson: 'Decorators',
    concepts: [
      {
        term: 'Functions wrapping functions',
        text: 'A decorator is a function that takes a function and returns a new function, usually a wrapper that adds behaviour around the original.',
      },
      {
        term: 'The @ syntax',
        text: 'Writing `@timer` above `def work():` is shorthand for `work = timer(work)`, applied once when the function is defined.',
      },
      {
        term: 'Passing arguments through',
        text: 'The wrapper accepts `*args, **kwargs` and calls the original with them, so it works for any signature.',
      },
      {
        term: 'Keeping the name',
        text: "`@functools.wraps(func)` copies the original's name and docstring onto the wrapper, so tools and `help()` still show them.",
      },
    ],
    example: {
      lang: 'python',
      intro: 'A decorator that logs every call and its result.',
      code: `import functools

def logged(func):
    @functools.wraps(func)
    def wrapper(*args, **kwargs):
        result = func(*args, **kwargs)
        print(f"{func.__name__}{args} -> {result}")
        return result
    return wrapper

@logged
def add(a, b):
    return a + b

add(2, 3); print(add.__name__)`,
      takeaway: 'It prints add(2, 3) -> 5 and then add, because `functools.wraps` kept the original name.',
    },
    checks: [
      {
        q: 'What is `@logged` above `def add` shorthand for?',
        options: [
          '`add = logged(add)`',
          '`logged = add(logged)`',
          '`add(logged)` on every call',
          '`import logged`',
        ],
      },
      {
        q: 'Why use `functools.wraps` in a decorator?',
        options: [
          "It copies the original function's name and docstring onto the wrapper",
          'It makes the wrapper run faster',
          'It removes the need for `*args`',
          "It caches the function's results",
        ],
      },
    ],
  },
  {
    lesson: 'Context managers',
    concepts: [
      {
        term: 'with guarantees cleanup',
        text: 'A `with` statement runs setup on entry and cleanup on exit, even when the block raises an exception.',
      },
      {
        term: '__enter__ and __exit__',
        text: 'A class becomes a context manager by defining `__enter__`, whose return value is bound by `as`, and `__exit__`, which runs on leaving.',
      },
      {
        term: '@contextmanager shortcut',
        text: '`contextlib.contextmanager` turns a generator into a context manager: code before `yield` is setup, code after it is cleanup.',
      },
      {
        term: 'Common context managers',
        text: 'Files, locks and database transactions all use `with` so they are closed, released or committed reliably.',
      },
    ],
    example: {
      lang: 'python',
      intro: 'A timing context manager written with `contextlib`.',
      code: `import time
from contextlib import contextmanager


@contextmanager
def timed(label):
    start = time.perf_counter()
    try:
        yield
    finally:
        print(f"{label} took {time.perf_counter() - start:.2f}s")


with timed("sleep"):
    time.sleep(0.5)`,
      takeaway:
        'It prints sleep took 0.50s (give or take a hundredth); the `finally` after `yield` would print even if the block raised.',
    },
    checks: [
      {
        q: 'In a `@contextmanager` generator, when does the code after `yield` run?',
        options: [
          'On exit from the `with` block, as cleanup',
          'Before the `with` block starts',
          'Only if the block raises',
          'Never',
        ],
      },
      {
        q: "Which method's return value does `with ... as x` bind to `x`?",
        options: ['`__enter__`', '`__exit__`', '`__init__`', '`__call__`'],
      },
    ],
  },
  {
    lesson: 'Concurrency with asyncio',
    concepts: [
      {
        term: 'Coroutines with async def',
        text: '`async def` defines a coroutine, and `await` pauses it until the awaited operation finishes, letting other coroutines run meanwhile.',
      },
      {
        term: 'The event loop',
        text: '`asyncio.run(main())` starts an event loop that switches between coroutines whenever one waits, all on a single thread.',
      },
      {
        term: 'gather runs concurrently',
        text: '`asyncio.gather(a(), b())` runs coroutines concurrently and returns their results in the order they were passed.',
      },
      {
        term: 'Best for waiting',
        text: 'asyncio speeds up I/O-bound work such as network calls; a CPU-bound loop still blocks the loop and every other coroutine.',
      },
    ],
    example: {
      lang: 'python',
      intro: 'Three simulated downloads run concurrently.',
      code: `import asyncio
import time

async def fetch(name, seconds):
    await asyncio.sleep(seconds)  # stands in for a network call
    return f"{name} done"

async def main():
    start = time.perf_counter()
    results = await asyncio.gather(fetch("a", 1), fetch("b", 1), fetch("c", 1))
    print(results, f"{time.perf_counter() - start:.1f}s")

asyncio.run(main())`,
      takeaway:
        "It prints ['a done', 'b done', 'c done'] 1.0s: the three one-second waits overlap instead of taking three seconds.",
    },
    checks: [
      {
        q: 'How long does `gather` of three one-second `asyncio.sleep` calls take?',
        options: ['About 1 second', 'About 3 seconds', 'About 0 seconds', 'About 6 seconds'],
      },
      {
        q: 'Which kind of work does asyncio speed up?',
        options: [
          'I/O-bound work such as network calls',
          'CPU-bound number crunching',
          'Any loop, automatically',
          'Only file compression',
        ],
      },
    ],
  },
  // Capstone Project
  {
    lesson: 'Planning a project',
    concepts: [
      {
        term: 'A small, clear scope',
        text: 'Write one sentence saying what the Python program does and for whom, and list the few features that make it useful.',
      },
      {
        term: 'Inputs and outputs',
        text: 'Decide what the program reads, such as a CSV file or command-line arguments, and exactly what it prints or writes.',
      },
      {
        term: 'Milestones you can run',
        text: 'Split the work into milestones that each end in something runnable, such as reading the file, then computing totals, then the CLI.',
      },
      {
        term: 'Project skeleton first',
        text: 'Set up a virtual environment, a package folder, a `tests` folder and a README before writing features, so good habits start on day one.',
      },
    ],
    example: {
      lang: 'text',
      intro: 'A one-page plan for a small command-line expense tracker.',
      code: `Goal: a CLI that summarises a bank-export CSV by category.
Input:  expenses.csv (date, description, amount, category)
Output: a table of totals per category, largest first
Milestones:
  1. read the CSV into a list of dicts (csv module)       -> test with a 3-row file
  2. total by category (dict / Counter)                   -> unit tests
  3. command-line options with argparse (--month 2024-05)
  4. README with usage example
Layout: expenses/ (package), tests/, pyproject.toml, .venv/`,
      takeaway:
        'Every milestone ends in something you can run or test, and the input and output formats are fixed before any code is written.',
    },
    checks: [
      {
        q: 'What should each milestone of the plan end in?',
        options: [
          'Something you can run or test',
          'A finished, polished feature set',
          'A new dependency',
          'A rewrite of the previous milestone',
        ],
      },
      {
        q: 'What does the plan fix before any code is written?',
        options: [
          'The input and output formats',
          'The final number of lines of code',
          'The names of every variable',
          'The release date of version 2',
        ],
      },
    ],
  },
  {
    lesson: 'Building the core of a Python project',
    concepts: [
      {
        term: 'Pure core functions',
        text: 'Put the real logic in small pure functions that take data and return results, with no printing or file access inside them.',
      },
      {
        term: 'Thin input/output edge',
        text: 'Keep reading files, parsing arguments and printing in a thin outer layer that calls the core functions.',
      },
      {
        term: 'One module per concern',
        text: 'Split the package into modules by concern, such as `loading.py` and `report.py`, so each file has one job.',
      },
      {
        term: 'Run it end to end',
        text: 'Wire the pieces together early with a `main()` entry point, so you can run the whole program as soon as the first feature works.',
      },
    ],
    example: {
      lang: 'python',
      intro: 'The core of the expense tracker: a pure function plus a thin `main`.',
      code: `import csv
from collections import defaultdict


def totals_by_category(rows):
    totals = defaultdict(float)
    for row in rows:
        totals[row["category"]] += float(row["amount"])
    return sorted(totals.items(), key=lambda kv: kv[1], reverse=True)


def main(path="expenses.csv"):
    with open(path, newline="", encoding="utf-8") as f:
        for category, total in totals_by_category(csv.DictReader(f)):
            print(f"{category:<12}{total:>10.2f}")`,
      takeaway:
        '`totals_by_category` takes rows and returns sorted totals without touching files, so it can be tested with a plain list of dicts, while `main` handles the file and printing.',
    },
    checks: [
      {
        q: 'Why keep `totals_by_category` free of file access and printing?',
        options: [
          'So it can be tested with a plain list of dicts',
          'Because functions cannot open files',
          'So it runs in parallel automatically',
          'Because printing is slower inside functions',
        ],
      },
      {
        q: 'Where does reading files and printing belong in this design?',
        options: [
          'In a thin outer layer such as `main`',
          'Inside every core function',
          'In the test files',
          'In `__init__.py`',
        ],
      },
    ],
  },
  {
    lesson: 'Testing and refactoring',
    concepts: [
      {
        term: 'Tests before changes',
        text: 'Write tests that pin down current behaviour before refactoring, so a passing suite shows the change kept behaviour the same.',
      },
      {
        term: 'Refactor in small steps',
        text: 'Refactoring changes the structure of code without changing what it does; make one small change, run the tests, and repeat.',
      },
      {
        term: 'Test edge cases',
        text: 'Cover the edges: an empty input, a single row, bad values, and the exact values where behaviour changes.',
      },
      {
        term: 'Coverage shows gaps',
        text: '`pytest --cov` (from pytest-cov) reports which lines the tests never ran, pointing at untested code.',
      },
    ],
    example: {
      lang: 'python',
      intro: "Tests for the expense tracker's core that guard a refactor.",
      code: `from expenses.core import totals_by_category


def test_totals_are_summed_and_sorted():
    rows = [
        {"category": "food", "amount": "4.50"},
        {"category": "rent", "amount": "500"},
        {"category": "food", "amount": "3.50"},
    ]
    assert totals_by_category(rows) == [("rent", 500.0), ("food", 8.0)]


def test_empty_input_gives_no_totals():
    assert totals_by_category([]) == []`,
      takeaway:
        'Both tests must pass before and after a refactor; they check that food totals 8.0, rent comes first, and an empty input gives an empty list.',
    },
    checks: [
      {
        q: 'What does refactoring change?',
        options: [
          'The structure of code, without changing what it does',
          'What the program outputs',
          "The project's requirements",
          'Only the test files',
        ],
      },
      {
        q: 'Which edge case does the example test?',
        options: ['An empty input', 'A network failure', 'A huge file', 'A missing Python install'],
      },
    ],
  },
  {
    lesson: 'Presenting and sharing your work',
    concepts: [
      {
        term: 'A README that shows',
        text: 'The README says what the project does, how to install it, and one real usage example with its output.',
      },
      {
        term: 'Reproducible installs',
        text: 'A `pyproject.toml` or `requirements.txt` lets anyone recreate the environment with one `pip install` command.',
      },
      {
        term: 'Publish the repository',
        text: 'Push the code to a public Git host with a licence file and a `.gitignore` that keeps `.venv` and caches out.',
      },
      {
        term: 'Explain your decisions',
        text: 'A short write-up of what you built, the trade-offs you made and what you would do next shows how you think.',
      },
    ],
    example: {
      lang: 'markdown',
      intro: 'A README skeleton for the finished project.',
      code: `# expenses: summarise a bank CSV by category

## Install
    python3 -m venv .venv && source .venv/bin/activate
    pip install -e .

## Usage
    python3 -m expenses expenses.csv --month 2024-05

## Running the tests
    pytest`,
      takeaway:
        'A visitor can install, run and test the project by copying three commands, which is what makes a README useful.',
    },
    checks: [
      {
        q: 'What should a project README include?',
        options: [
          'What it does, how to install it, and a real usage example',
          'Only the licence text',
          'The full source code',
          'A list of every commit',
        ],
      },
      {
        q: 'Which file should keep `.venv` out of the repository?',
        options: ['`.gitignore`', '`README.md`', '`requirements.txt`', '`__init__.py`'],
      },
    ],
  },
];
