// Curated lesson kits for the Machine Learning curriculum (domains.ts): what the offline generator teaches in
// each lesson.
import type { LessonKit } from './types.ts';

export const ML_KITS: readonly LessonKit[] = [
  // Foundations of Machine Learning
  {
    lesson: 'What machine learning is',
    concepts: [
      {
        term: 'Learning from examples',
        text: 'Machine learning builds a program from example data instead of hand-written rules, by fitting a model whose parameters capture the patterns in that data.',
      },
      {
        term: 'Model and parameters',
        text: 'A model is a function with adjustable parameters, such as the slope and intercept of a line, that training sets from data.',
      },
      {
        term: 'Generalisation is the goal',
        text: 'A useful model generalises: it makes good predictions on new data it never saw during training, not only on the training examples.',
      },
      {
        term: 'When ML fits',
        text: 'Machine learning suits problems where examples are plentiful but rules are hard to write down, such as spotting spam or recognising images.',
      },
    ],
    example: {
      lang: 'python',
      intro: 'A model learns the rule behind a few examples instead of being told it.',
      code: `import numpy as np
from sklearn.linear_model import LinearRegression

# examples: hours studied -> exam score (the hidden rule is score = 10 * hours + 40)
hours = np.array([[1], [2], [3], [4]])
scores = np.array([50, 60, 70, 80])

model = LinearRegression().fit(hours, scores)
print(model.coef_[0], model.intercept_)
print(model.predict([[6]]))`,
      takeaway:
        'The fitted slope is 10 and the intercept 40 (up to floating-point rounding), and the model predicts about 100 for 6 hours, an input it never saw.',
    },
    checks: [
      {
        q: 'How does machine learning differ from hand-written rules?',
        options: [
          'It builds the program by fitting a model to example data',
          'It needs no data at all',
          'It always uses neural networks',
          'It runs only on GPUs',
        ],
      },
      {
        q: 'What does it mean for a model to generalise?',
        options: [
          'It makes good predictions on new data it never saw during training',
          'It memorises every training example exactly',
          'It works with any programming language',
          'It uses as many parameters as possible',
        ],
      },
    ],
  },
  {
    lesson: 'Supervised and unsupervised learning',
    concepts: [
      {
        term: 'Supervised learning',
        text: 'Supervised learning trains on examples paired with known answers, called labels, and learns to predict the label for new inputs.',
      },
      {
        term: 'Regression versus classification',
        text: 'Supervised tasks that predict a number, such as a price, are regression, and those that predict a category, such as spam or not, are classification.',
      },
      {
        term: 'Unsupervised learning',
        text: 'Unsupervised learning receives inputs without labels and finds structure on its own, such as clusters of similar customers.',
      },
      {
        term: 'Choosing by the data',
        text: 'If your data has a target column you want to predict, the task is supervised; if you only want to discover groups or patterns, it is unsupervised.',
      },
    ],
    example: {
      lang: 'python',
      intro: 'The same points, used once with labels (supervised) and once without (unsupervised).',
      code: `import numpy as np
from sklearn.cluster import KMeans
from sklearn.linear_model import LogisticRegression

X = np.array([[1, 1], [1, 2], [2, 1], [8, 8], [8, 9], [9, 8]])
y = np.array([0, 0, 0, 1, 1, 1])  # labels: only supervised learning sees these

clf = LogisticRegression().fit(X, y)
print(clf.predict([[2, 2], [9, 9]]))

km = KMeans(n_clusters=2, n_init=10, random_state=0).fit(X)  # no y given
print(km.labels_)`,
      takeaway:
        'The classifier predicts [0 1] from the labels it learned; k-means, given no labels, still puts the first three and last three points in two separate clusters.',
    },
    checks: [
      {
        q: 'What does supervised learning train on?',
        options: [
          'Examples paired with known answers, called labels',
          'Inputs without any labels',
          'Only images',
          'Rewards from a game',
        ],
      },
      {
        q: 'Grouping customers into clusters with no target column is which kind of learning?',
        options: ['Unsupervised', 'Supervised regression', 'Supervised classification', 'Reinforcement'],
      },
    ],
  },
  {
    lesson: 'Features and labels',
    concepts: [
      {
        term: 'Features are inputs',
        text: "Features are the measurable input columns a model uses, such as a house's size and number of rooms, usually collected in a matrix `X`.",
      },
      {
        term: 'The label is the target',
        text: 'The label is the value the model should predict, such as the house price, usually stored in a vector `y` with one entry per row.',
      },
      {
        term: 'One row per example',
        text: '`X` has shape (n_samples, n_features) and `y` has shape (n_samples,), so row i of `X` goes with entry i of `y`.',
      },
      {
        term: 'Avoid label leakage',
        text: 'Never use a feature that is only known after the outcome, such as a refund date when predicting refunds, because it leaks the answer.',
      },
    ],
    example: {
      lang: 'python',
      intro: 'Split a table into the feature matrix and the label vector.',
      code: `import pandas as pd

houses = pd.DataFrame({
    "size_m2": [50, 80, 120],
    "rooms": [2, 3, 5],
    "price": [150_000, 230_000, 340_000],
})
X = houses[["size_m2", "rooms"]]   # features
y = houses["price"]                # label
print(X.shape, y.shape)`,
      takeaway: 'It prints (3, 2) (3,): three examples with two features each, and one label per example.',
    },
    checks: [
      {
        q: 'In a house-price model, which is the label?',
        options: [
          'The price to predict',
          'The size in square metres',
          'The number of rooms',
          'The row index',
        ],
      },
      {
        q: 'What shape does the feature matrix `X` have?',
        options: ['(n_samples, n_features)', '(n_features,)', '(n_features, n_labels)', '(1, n_samples)'],
      },
    ],
  },
  {
    lesson: 'The machine learning workflow',
    concepts: [
      {
        term: 'Define the problem',
        text: 'Start by stating what to predict, from which data, and which metric will show success, such as accuracy or mean absolute error.',
      },
      {
        term: 'Prepare the data',
        text: 'Collect, clean and split the data before modelling, keeping a test set aside that the model never sees during development.',
      },
      {
        term: 'Train, evaluate, iterate',
        text: 'Train a simple baseline first, whose score every later model must beat, then improve features and models while evaluating on validation data.',
      },
      {
        term: 'Deploy and monitor',
        text: 'After a final test-set check, deploy the model and monitor its predictions, because real data changes over time.',
      },
    ],
    example: {
      lang: 'python',
      intro: 'The workflow in miniature on a built-in dataset: split, baseline, model, evaluate.',
      code: `from sklearn.datasets import load_breast_cancer
from sklearn.dummy import DummyClassifier
from sklearn.ensemble import RandomForestClassifier
from sklearn.model_selection import train_test_split

X, y = load_breast_cancer(return_X_y=True)
X_train, X_test, y_train, y_test = train_test_split(X, y, test_size=0.25, random_state=0)

baseline = DummyClassifier(strategy="most_frequent").fit(X_train, y_train)
model = RandomForestClassifier(random_state=0).fit(X_train, y_train)
print(f"baseline {baseline.score(X_test, y_test):.2f}  model {model.score(X_test, y_test):.2f}")`,
      takeaway:
        'The baseline that always predicts the most common class scores about 0.63 accuracy, and the random forest about 0.97, so the model clearly adds value.',
    },
    checks: [
      {
        q: 'Why train a simple baseline first?',
        options: [
          'To have a score that every later model must beat',
          'Because baselines are always the best model',
          'To avoid splitting the data',
          'Because the test set requires it',
        ],
      },
      {
        q: 'When should the model first see the test set?',
        options: [
          'Only at the final check, never during development',
          'During every training run',
          'Before cleaning the data',
          'While choosing features',
        ],
      },
    ],
  },
  // Math for Machine Learning
  {
    lesson: 'Vectors and matrices',
    concepts: [
      {
        term: 'Vectors as data',
        text: "A vector is an ordered list of numbers, such as one example's features, and a matrix stacks many vectors as rows.",
      },
      {
        term: 'The dot product',
        text: 'The dot product multiplies two vectors element by element and sums the result, which is how a linear model scores one example.',
      },
      {
        term: 'Matrix-vector products',
        text: 'Multiplying a data matrix `X` by a weight vector `w` computes the dot product of every row with `w`, giving all predictions at once.',
      },
      {
        term: 'Shapes must match',
        text: 'For `A @ B`, the number of columns of A must equal the number of rows of B, so an (m, n) matrix times an (n, k) matrix gives (m, k).',
      },
    ],
    example: {
      lang: 'python',
      intro: 'Predictions for three examples as one matrix-vector product.',
      code: `import numpy as np

X = np.array([[1.0, 2.0],
              [3.0, 4.0],
              [5.0, 6.0]])   # 3 examples, 2 features
w = np.array([0.5, -1.0])     # one weight per feature

print(np.dot(X[0], w))        # one example
print(X @ w)                  # all examples at once
print(X.shape, w.shape, (X @ w).shape)`,
      takeaway: 'It prints -1.5, then [-1.5 -2.5 -3.5], then (3, 2) (2,) (3,): one score per row of `X`.',
    },
    formula: {
      tex: '\\mathbf{x} \\cdot \\mathbf{w} = \\sum_{i=1}^{n} x_i w_i',
      caption: 'The dot product multiplies matching entries and sums them.',
    },
    checks: [
      {
        q: 'What is the dot product of [1, 2] and [0.5, -1]?',
        options: ['-1.5', '1.5', '[0.5, -2]', '2.5'],
      },
      {
        q: 'An (m, n) matrix times an (n, k) matrix gives which shape?',
        options: ['(m, k)', '(n, n)', '(m, n)', '(k, m)'],
      },
    ],
  },
  {
    lesson: 'Derivatives and gradients',
    concepts: [
      {
        term: 'Derivative as slope',
        text: "A derivative measures how fast a function's output changes as its input changes, the slope of the function at a point.",
      },
      {
        term: 'Gradient of many inputs',
        text: 'The gradient collects the partial derivatives with respect to every parameter into one vector pointing in the direction of steepest increase.',
      },
      {
        term: 'Descending the loss',
        text: 'Training moves parameters against the gradient of the loss, because that direction reduces the loss fastest for a small step.',
      },
      {
        term: 'Numerical check',
        text: 'A derivative can be approximated as `(f(x + h) - f(x - h)) / (2 * h)` for a tiny h, which is a handy check on hand-derived gradients.',
      },
    ],
    example: {
      lang: 'python',
      intro: 'The derivative of f(x) = x² at x = 3, by hand and numerically.',
      code: `def f(x):
    return x ** 2


def exact_derivative(x):
    return 2 * x


h = 1e-5
numeric = (f(3 + h) - f(3 - h)) / (2 * h)
print(exact_derivative(3), round(numeric, 6))`,
      takeaway: 'It prints 6 6.0: the numerical estimate matches the exact derivative 2x = 6 at x = 3.',
    },
    formula: {
      tex: '\\nabla f(\\mathbf{w}) = \\left( \\frac{\\partial f}{\\partial w_1}, \\dots, \\frac{\\partial f}{\\partial w_n} \\right)',
      caption: 'The gradient stacks the partial derivative of f with respect to each parameter.',
    },
    checks: [
      {
        q: 'What is the derivative of x² at x = 3?',
        options: ['6', '9', '3', '2'],
      },
      {
        q: 'In which direction does training move the parameters?',
        options: [
          'Against the gradient of the loss',
          'Along the gradient of the loss',
          'In a random direction each step',
          'Perpendicular to the gradient',
        ],
      },
    ],
  },
  {
    lesson: 'Probability basics',
    concepts: [
      {
        term: 'Probabilities of events',
        text: 'A probability is a number between 0 and 1 describing how likely an event is, and the probabilities of all possible outcomes sum to 1.',
      },
      {
        term: 'Conditional probability',
        text: 'P(A | B) is the probability of A given that B happened, computed as P(A and B) divided by P(B).',
      },
      {
        term: 'Independent events',
        text: 'Two events are independent when knowing one does not change the other, so P(A and B) equals P(A) times P(B).',
      },
      {
        term: "Bayes' rule",
        text: "Bayes' rule turns P(B | A) into P(A | B), which is why a positive result from an accurate test for a rare disease can still be unlikely to mean disease.",
      },
    ],
    example: {
      lang: 'python',
      intro:
        "Bayes' rule for a test that is 99% sensitive with a 5% false-positive rate, for a disease 1% of people have.",
      code: `p_disease = 0.01
p_pos_given_disease = 0.99
p_pos_given_healthy = 0.05

p_pos = p_pos_given_disease * p_disease + p_pos_given_healthy * (1 - p_disease)
p_disease_given_pos = p_pos_given_disease * p_disease / p_pos
print(round(p_pos, 4), round(p_disease_given_pos, 3))`,
      takeaway:
        'It prints 0.0594 0.167: even after a positive test, the chance of having the disease is only about 17%, because the disease is rare.',
    },
    formula: {
      tex: 'P(A \\mid B) = \\frac{P(B \\mid A)\\, P(A)}{P(B)}',
      caption: "Bayes' rule updates the probability of A after observing B.",
    },
    checks: [
      {
        q: 'When are events A and B independent?',
        options: [
          'When P(A and B) equals P(A) times P(B)',
          'When P(A) equals P(B)',
          'When P(A) plus P(B) equals 1',
          'When both probabilities are above 0.5',
        ],
      },
      {
        q: 'In the example, roughly what is the chance of disease after a positive test?',
        options: ['About 17%', 'About 99%', 'About 1%', 'About 50%'],
      },
    ],
  },
  {
    lesson: 'Mean, variance and distributions',
    concepts: [
      {
        term: 'The mean',
        text: 'The mean is the sum of the values divided by their count, the balance point of the data, and it is pulled strongly by outliers.',
      },
      {
        term: 'Variance and spread',
        text: "Variance is the average squared distance from the mean, and its square root, the standard deviation, measures spread in the data's own units.",
      },
      {
        term: 'The normal distribution',
        text: 'In a normal distribution about 68% of values lie within one standard deviation of the mean and about 95% within two.',
      },
      {
        term: 'Median resists outliers',
        text: 'The median, the middle value when sorted, barely moves when one extreme value is added, unlike the mean.',
      },
    ],
    example: {
      lang: 'python',
      intro: 'Mean, variance and standard deviation of five values, then the effect of an outlier.',
      code: `import numpy as np

x = np.array([2, 4, 4, 4, 6])
print(x.mean(), x.var(), x.std())

with_outlier = np.append(x, 100)
print(with_outlier.mean().round(2), np.median(with_outlier))`,
      takeaway:
        'It prints 4.0 1.6 1.2649110640673518, then 20.0 4.0: the outlier 100 drags the mean from 4 to 20 while the median stays 4.',
    },
    formula: {
      tex: '\\mu = \\frac{1}{n}\\sum_{i=1}^{n} x_i \\qquad \\sigma^2 = \\frac{1}{n}\\sum_{i=1}^{n} (x_i - \\mu)^2',
      caption:
        'The mean averages the values, and the variance averages their squared distances from the mean.',
    },
    checks: [
      {
        q: 'What is the variance of [2, 4, 4, 4, 6] (population form, as `np.var` computes)?',
        options: ['1.6', '4.0', '2.0', '1.26'],
      },
      {
        q: 'Which statistic barely moves when one extreme value is added?',
        options: ['The median', 'The mean', 'The variance', 'The sum'],
      },
    ],
  },
  // Working with Data
  {
    lesson: 'Loading data with pandas',
    concepts: [
      {
        term: 'DataFrames hold tables',
        text: 'A pandas DataFrame is a table of named columns, each a Series with one data type, loaded from CSV with `pd.read_csv`.',
      },
      {
        term: 'First look',
        text: '`df.head()` shows the first rows, `df.info()` lists columns with types and non-null counts, and `df.describe()` summarises numeric columns.',
      },
      {
        term: 'Selecting data',
        text: '`df["col"]` selects a column, `df[df["age"] > 30]` keeps only the rows whose age is above 30, and `df.loc[row, col]` selects by labels.',
      },
      {
        term: 'Parsing on load',
        text: '`read_csv` options such as `parse_dates=["date"]` and `dtype` make columns load with the right types from the start.',
      },
    ],
    example: {
      lang: 'python',
      intro: 'Load a small CSV and take a first look.',
      code: `import io
import pandas as pd

csv = io.StringIO("""date,city,temp
2024-05-01,Oslo,12
2024-05-01,Rome,24
2024-05-02,Oslo,14""")
df = pd.read_csv(csv, parse_dates=["date"])
print(df.shape)
print(df[df["city"] == "Oslo"]["temp"].mean())
print(df.dtypes["date"])`,
      takeaway:
        'It prints (3, 3), then 13.0 for the mean Oslo temperature, then a datetime64 type such as datetime64[ns], because the date column was parsed.',
    },
    checks: [
      {
        q: 'Which call loads a CSV file into a DataFrame?',
        options: ['`pd.read_csv`', '`pd.open_csv`', '`pd.DataFrame.load`', '`pd.csv_reader`'],
      },
      {
        q: 'What does `df[df["age"] > 30]` return?',
        options: [
          'Only the rows whose age is above 30',
          'The age column only',
          'A boolean for the whole table',
          'The first 30 rows',
        ],
      },
    ],
  },
  {
    lesson: 'Cleaning data and missing values',
    concepts: [
      {
        term: 'Finding missing values',
        text: '`df.isna().sum()` counts missing values per column, which shows where cleaning is needed before training.',
      },
      {
        term: 'Dropping rows',
        text: '`df.dropna()` removes rows with missing values, which is simple but throws away data and can bias the sample.',
      },
      {
        term: 'Imputing values',
        text: "Imputation fills gaps instead, for example with the column median via `fillna` or scikit-learn's `SimpleImputer`.",
      },
      {
        term: 'Duplicates and bad values',
        text: 'Cleaning also removes duplicate rows with `drop_duplicates` and fixes impossible values, such as a negative age, before modelling.',
      },
    ],
    example: {
      lang: 'python',
      intro: 'Count, fill and de-duplicate a small table.',
      code: `import numpy as np
import pandas as pd

df = pd.DataFrame({"age": [25, np.nan, 40, 40], "city": ["Oslo", "Rome", None, None]})
print(df.isna().sum().to_dict())

df["age"] = df["age"].fillna(df["age"].median())
df["city"] = df["city"].fillna("unknown")
df = df.drop_duplicates()
print(df["age"].tolist(), len(df))`,
      takeaway:
        "It prints {'age': 1, 'city': 2}, then [25.0, 40.0, 40.0] 3: the missing age became the median 40 and one duplicate row was dropped.",
    },
    checks: [
      {
        q: 'Which call counts missing values per column?',
        options: ['`df.isna().sum()`', '`df.dropna()`', '`df.count_missing()`', '`df.describe(na=True)`'],
      },
      {
        q: 'What is a drawback of `df.dropna()`?',
        options: [
          'It throws away data and can bias the sample',
          'It fills gaps with zeros',
          'It only works on text columns',
          'It changes the column names',
        ],
      },
    ],
  },
  {
    lesson: 'Feature scaling and encoding',
    concepts: [
      {
        term: 'Why scale features',
        text: "Models based on distances or gradients, such as k-NN or logistic regression, work poorly when one feature's range dwarfs another's.",
      },
      {
        term: 'Standardization with StandardScaler',
        text: "`StandardScaler` subtracts each feature's mean and divides by its standard deviation, giving mean 0 and standard deviation 1.",
      },
      {
        term: 'One-hot encoding',
        text: 'Categories such as colours become one 0/1 column per category with `OneHotEncoder`, so the model does not read a false order into them.',
      },
      {
        term: 'Fit on training only',
        text: 'Fit scalers and encoders on the training data only and reuse them to transform test data, otherwise test information leaks into training.',
      },
    ],
    example: {
      lang: 'python',
      intro: 'Standardise a numeric column and one-hot encode a categorical one.',
      code: `import numpy as np
from sklearn.preprocessing import OneHotEncoder, StandardScaler

sizes = np.array([[50.0], [100.0], [150.0]])
scaler = StandardScaler().fit(sizes)
print(scaler.transform(sizes).ravel().round(3))

colours = np.array([["red"], ["green"], ["red"]])
encoder = OneHotEncoder().fit(colours)
print(encoder.categories_[0], encoder.transform(colours).toarray())`,
      takeaway:
        "It prints the scaled sizes -1.225, 0 and 1.225, then ['green' 'red'] and the rows [0. 1.], [1. 0.], [0. 1.]: one column per colour, in sorted order.",
    },
    formula: {
      tex: 'z = \\frac{x - \\mu}{\\sigma}',
      caption: "Standardization subtracts the feature's mean and divides by its standard deviation.",
    },
    checks: [
      {
        q: 'After `StandardScaler`, what mean and standard deviation does each feature have?',
        options: [
          'Mean 0 and standard deviation 1',
          'Mean 1 and standard deviation 0',
          'Range 0 to 1',
          'Mean 0.5',
        ],
      },
      {
        q: 'Which data should a scaler be fitted on?',
        options: [
          'The training data only',
          'The test data only',
          'Training and test data together',
          'Any random sample',
        ],
      },
    ],
  },
  {
    lesson: 'Train, validation and test splits',
    concepts: [
      {
        term: 'Training set',
        text: 'The training set is the data the model fits its parameters on, usually the largest share, such as 60 to 80 percent.',
      },
      {
        term: 'Validation set',
        text: 'The validation set is used to compare models and tune hyperparameters, so choices are judged on data the model did not train on.',
      },
      {
        term: 'Test set',
        text: 'The test set is held back until the very end and used once, giving an honest estimate of performance on new data.',
      },
      {
        term: 'Stratify and shuffle',
        text: '`train_test_split(..., stratify=y)` keeps class proportions equal in each split, and a fixed `random_state` makes the split reproducible.',
      },
    ],
    example: {
      lang: 'python',
      intro: 'Split 1,000 rows into 60% train, 20% validation and 20% test.',
      code: `import numpy as np
from sklearn.model_selection import train_test_split

X = np.arange(2000).reshape(1000, 2)
y = np.array([0] * 800 + [1] * 200)

X_temp, X_test, y_temp, y_test = train_test_split(X, y, test_size=0.2, stratify=y, random_state=0)
X_train, X_val, y_train, y_val = train_test_split(X_temp, y_temp, test_size=0.25, stratify=y_temp, random_state=0)
print(len(X_train), len(X_val), len(X_test), y_test.mean())`,
      takeaway:
        'It prints 600 200 200 0.2: a quarter of the remaining 800 rows becomes validation, and stratify keeps 20% positives in the test set.',
    },
    checks: [
      {
        q: 'Which split is used to tune hyperparameters?',
        options: ['The validation set', 'The test set', 'The training set', 'None of the data'],
      },
      {
        q: 'What does `stratify=y` do in `train_test_split`?',
        options: [
          'Keeps class proportions equal in each split',
          'Sorts the rows by label',
          'Removes the minority class',
          'Scales the features',
        ],
      },
    ],
  },
  // Classic Models
  {
    lesson: 'Linear regression',
    concepts: [
      {
        term: 'A weighted sum',
        text: 'Linear regression predicts a number as a weighted sum of the features plus an intercept, one weight per feature.',
      },
      {
        term: 'Least squares fit',
        text: 'Training chooses the weights that minimise the mean squared error between predictions and true values on the training data.',
      },
      {
        term: 'Reading coefficients',
        text: 'Each coefficient says how much the prediction changes when that feature rises by one unit and the others stay fixed.',
      },
      {
        term: 'R² measures fit',
        text: '`model.score` returns R², where 1 means perfect predictions and 0 means no better than always predicting the mean.',
      },
    ],
    example: {
      lang: 'python',
      intro: 'Fit a line to house sizes and prices.',
      code: `import numpy as np
from sklearn.linear_model import LinearRegression

size = np.array([[50], [70], [90], [110]])
price = np.array([150, 200, 260, 300])  # in thousands

model = LinearRegression().fit(size, price)
print(model.coef_.round(2), model.intercept_.round(1))
print(model.predict([[100]]).round(1), round(model.score(size, price), 3))`,
      takeaway:
        'It prints [2.55] 23.5, then [278.5] 0.995: each extra square metre adds about 2.55 thousand, and R² near 1 means the line fits well.',
    },
    formula: {
      tex: '\\hat{y} = w_1 x_1 + \\dots + w_n x_n + b, \\qquad \\text{MSE} = \\frac{1}{n}\\sum_{i=1}^{n} (y_i - \\hat{y}_i)^2',
      caption:
        'The prediction is a weighted sum plus an intercept, and training minimises the mean squared error.',
    },
    checks: [
      {
        q: 'What does linear regression minimise during training?',
        options: [
          'The mean squared error between predictions and true values',
          'The number of features',
          'The accuracy',
          'The size of the intercept only',
        ],
      },
      {
        q: 'What does an R² of 0 mean?',
        options: [
          'No better than always predicting the mean',
          'Perfect predictions',
          'The model has no coefficients',
          'Half of the predictions are right',
        ],
      },
    ],
  },
  {
    lesson: 'Logistic regression',
    concepts: [
      {
        term: 'A classifier, despite the name',
        text: 'Logistic regression is a classification model: it predicts the probability that an example belongs to the positive class.',
      },
      {
        term: 'The sigmoid function',
        text: 'It computes a weighted sum of the features and passes it through the sigmoid, which squashes any number into a probability between 0 and 1.',
      },
      {
        term: 'Threshold to decide',
        text: '`predict` labels an example positive when its probability is at least 0.5, while `predict_proba` returns the probabilities themselves.',
      },
      {
        term: 'Log loss training',
        text: 'Training minimises log loss, also called cross-entropy, which heavily penalises confident predictions that turn out wrong.',
      },
    ],
    example: {
      lang: 'python',
      intro: 'Predict whether a student passes from the hours studied.',
      code: `import numpy as np
from sklearn.linear_model import LogisticRegression

hours = np.array([[1], [2], [3], [4], [5], [6]])
passed = np.array([0, 0, 0, 1, 1, 1])

model = LogisticRegression().fit(hours, passed)
print(model.predict([[1.5], [5.5]]))
print(model.predict_proba([[3.5]]).round(2))`,
      takeaway:
        'It prints [0 1], then [[0.5 0.5]]: 3.5 hours sits exactly on the decision boundary between the failing and passing examples.',
    },
    formula: {
      tex: '\\sigma(z) = \\frac{1}{1 + e^{-z}}, \\qquad z = \\mathbf{w} \\cdot \\mathbf{x} + b',
      caption: 'The sigmoid turns the weighted sum z into a probability between 0 and 1.',
    },
    checks: [
      {
        q: 'What does logistic regression predict?',
        options: [
          'The probability that an example belongs to the positive class',
          'A continuous value such as a price',
          'Clusters of similar examples',
          'The number of features to use',
        ],
      },
      {
        q: 'What does the sigmoid do?',
        options: [
          'Squashes any number into a probability between 0 and 1',
          'Sorts the features',
          'Removes outliers',
          'Returns only 0 or 1',
        ],
      },
    ],
  },
  {
    lesson: 'Decision trees and random forests',
    concepts: [
      {
        term: 'Trees ask questions',
        text: 'A decision tree splits the data with yes/no questions on features, such as `size <= 80`, until each leaf makes a prediction.',
      },
      {
        term: 'Choosing splits',
        text: 'Each split is chosen to make the resulting groups as pure as possible, measured for classification by Gini impurity or entropy.',
      },
      {
        term: 'Deep trees overfit',
        text: 'An unlimited tree can memorise the training data, so limits such as `max_depth` or `min_samples_leaf` keep it general.',
      },
      {
        term: 'Forests average trees',
        text: 'A random forest trains many trees on random samples of rows and features and combines their votes, which usually beats any single tree.',
      },
    ],
    example: {
      lang: 'python',
      intro: 'Compare a depth-limited tree and a random forest on the iris dataset.',
      code: `from sklearn.datasets import load_iris
from sklearn.ensemble import RandomForestClassifier
from sklearn.model_selection import train_test_split
from sklearn.tree import DecisionTreeClassifier, export_text

X, y = load_iris(return_X_y=True)
X_train, X_test, y_train, y_test = train_test_split(X, y, random_state=0)

tree = DecisionTreeClassifier(max_depth=2, random_state=0).fit(X_train, y_train)
forest = RandomForestClassifier(n_estimators=100, random_state=0).fit(X_train, y_train)
print(export_text(tree, feature_names=["sep_len", "sep_wid", "pet_len", "pet_wid"]))
print(round(tree.score(X_test, y_test), 2), round(forest.score(X_test, y_test), 2))`,
      takeaway:
        'The printed tree asks yes/no questions about petal width and length, and on this split the tree scores about 0.89 and the forest about 0.97 on the test set.',
    },
    formula: {
      tex: '\\text{Gini} = 1 - \\sum_{k} p_k^2',
      caption: 'Gini impurity is 0 for a pure group and grows as the classes p_k in a group become mixed.',
    },
    checks: [
      {
        q: 'How does a random forest make a prediction?',
        options: [
          'It combines the votes of many trees trained on random samples',
          'It uses the single deepest tree',
          'It averages the features',
          'It picks a random class',
        ],
      },
      {
        q: 'Which setting keeps a decision tree from memorising the training data?',
        options: ['`max_depth`', '`random_state`', '`n_jobs`', '`feature_names`'],
      },
    ],
  },
  {
    lesson: 'k-nearest neighbours and k-means',
    concepts: [
      {
        term: 'k-NN predicts by neighbours',
        text: "k-nearest neighbours is supervised: it predicts a new point's label by a vote among the k closest labelled training points.",
      },
      {
        term: 'k-means finds clusters',
        text: "k-means is unsupervised: it places k centroids, assigns each point to its nearest centroid, moves centroids to their points' mean, and repeats.",
      },
      {
        term: 'Distances need scaling',
        text: 'Both methods rely on Euclidean distance, so features should be scaled first or the largest-range feature dominates.',
      },
      {
        term: 'Choosing k',
        text: 'In k-NN a small k follows noise and a large k blurs boundaries; in k-means, k is the number of clusters you ask for.',
      },
    ],
    example: {
      lang: 'python',
      intro: 'The same points classified with k-NN and clustered with k-means.',
      code: `import numpy as np
from sklearn.cluster import KMeans
from sklearn.neighbors import KNeighborsClassifier

X = np.array([[1, 1], [1, 2], [2, 2], [8, 8], [9, 8], [8, 9]])
y = np.array(["a", "a", "a", "b", "b", "b"])

knn = KNeighborsClassifier(n_neighbors=3).fit(X, y)
print(knn.predict([[2, 1], [7, 7]]))

km = KMeans(n_clusters=2, n_init=10, random_state=0).fit(X)
print(np.sort(km.cluster_centers_, axis=0).round(2))`,
      takeaway:
        "It prints ['a' 'b'], then centroids at about (1.33, 1.67) and (8.33, 8.33), the means of the two groups k-means found without labels.",
    },
    formula: {
      tex: 'd(\\mathbf{x}, \\mathbf{y}) = \\sqrt{\\sum_{i=1}^{n} (x_i - y_i)^2}',
      caption: 'Both k-NN and k-means measure closeness with the Euclidean distance.',
    },
    checks: [
      {
        q: 'Which of the two methods is unsupervised?',
        options: ['k-means', 'k-nearest neighbours', 'Both', 'Neither'],
      },
      {
        q: 'Why should features be scaled before k-NN?',
        options: [
          'Otherwise the largest-range feature dominates the distance',
          'k-NN only accepts values between 0 and 1',
          'Scaling chooses k automatically',
          'Scaling removes the labels',
        ],
      },
    ],
  },
  // Model Evaluation
  {
    lesson: 'Loss functions',
    concepts: [
      {
        term: 'Loss scores mistakes',
        text: 'A loss function turns the gap between predictions and true values into one number that training tries to make as small as possible.',
      },
      {
        term: 'Mean squared error',
        text: 'Mean squared error averages the squared differences, so it suits regression and punishes large errors much more than small ones.',
      },
      {
        term: 'Mean absolute error',
        text: "Mean absolute error averages the absolute differences, so it is less sensitive to outliers than MSE and reads in the target's units.",
      },
      {
        term: 'Cross-entropy for classes',
        text: 'Cross-entropy, or log loss, suits classification: it is small when the true class gets high probability and very large for confident mistakes.',
      },
    ],
    example: {
      lang: 'python',
      intro: 'Three losses computed with scikit-learn.',
      code: `from sklearn.metrics import log_loss, mean_absolute_error, mean_squared_error

y_true = [3.0, 5.0, 2.0]
y_pred = [2.5, 5.0, 4.0]
print(mean_squared_error(y_true, y_pred), mean_absolute_error(y_true, y_pred))

labels = [1, 0]
print(round(log_loss(labels, [0.9, 0.1]), 3))   # confident and right
print(round(log_loss(labels, [0.1, 0.9]), 3))   # confident and wrong`,
      takeaway:
        'It prints 1.4166666666666667 0.8333333333333334, then 0.105 and 2.303: the confident wrong predictions cost over twenty times more log loss.',
    },
    formula: {
      tex: '\\text{MSE} = \\frac{1}{n}\\sum_{i=1}^{n} (y_i - \\hat{y}_i)^2',
      caption: 'Mean squared error averages the squared gaps between true values and predictions.',
    },
    checks: [
      {
        q: 'Which loss punishes large errors much more than small ones?',
        options: ['Mean squared error', 'Mean absolute error', 'Accuracy', 'Recall'],
      },
      {
        q: 'Which loss suits classification?',
        options: ['Cross-entropy, or log loss', 'Mean squared error only', 'R²', 'Standard deviation'],
      },
    ],
  },
  {
    lesson: 'Accuracy, precision and recall',
    concepts: [
      {
        term: 'Accuracy can mislead',
        text: 'Accuracy is the share of correct predictions, which misleads on imbalanced data: always predicting "healthy" is 99% accurate if 1% are sick.',
      },
      {
        term: 'Precision of positives',
        text: 'Precision is the share of predicted positives that are truly positive, TP / (TP + FP), which matters when false alarms are costly.',
      },
      {
        term: 'Recall of positives',
        text: 'Recall is the share of actual positives the model finds, TP / (TP + FN), which matters when missing a positive is costly.',
      },
      {
        term: 'F1 balances both',
        text: 'The F1 score is the harmonic mean of precision and recall, and raising the decision threshold usually trades recall for precision.',
      },
    ],
    example: {
      lang: 'python',
      intro: 'Metrics for ten predictions with 3 true positives, 1 false positive and 2 false negatives.',
      code: `from sklearn.metrics import accuracy_score, confusion_matrix, f1_score, precision_score, recall_score

y_true = [1, 1, 1, 1, 1, 0, 0, 0, 0, 0]
y_pred = [1, 1, 1, 0, 0, 1, 0, 0, 0, 0]

print(confusion_matrix(y_true, y_pred).ravel())  # tn, fp, fn, tp
print(accuracy_score(y_true, y_pred), precision_score(y_true, y_pred), recall_score(y_true, y_pred))
print(round(f1_score(y_true, y_pred), 3))`,
      takeaway: 'It prints [4 1 2 3], then 0.7 0.75 0.6, then 0.667: precision is 3 / 4 and recall is 3 / 5.',
    },
    formula: {
      tex: '\\text{precision} = \\frac{TP}{TP + FP} \\qquad \\text{recall} = \\frac{TP}{TP + FN}',
      caption: 'Precision divides by everything predicted positive, recall by everything actually positive.',
    },
    checks: [
      {
        q: 'With 3 true positives and 2 false negatives, what is recall?',
        options: ['0.6', '0.75', '0.7', '0.667'],
      },
      {
        q: 'Which metric matters most when missing a positive is costly?',
        options: ['Recall', 'Precision', 'Accuracy', 'Mean squared error'],
      },
    ],
  },
  {
    lesson: 'Cross-validation',
    concepts: [
      {
        term: 'k-fold splitting',
        text: 'k-fold cross-validation splits the data into k folds and trains k times, each time validating on a different fold and training on the rest.',
      },
      {
        term: 'Mean and spread',
        text: 'Averaging the k scores gives a steadier estimate than one split, and their standard deviation shows how much the score varies.',
      },
      {
        term: 'Stratified folds',
        text: "For classification, scikit-learn's `cross_val_score` uses stratified folds, so each fold keeps the class proportions of the full data.",
      },
      {
        term: 'Pipelines prevent leakage',
        text: "Put preprocessing such as scaling inside a `Pipeline`, so each fold fits it on that fold's training part only.",
      },
    ],
    example: {
      lang: 'python',
      intro: 'Five-fold cross-validation of a scaled logistic regression.',
      code: `from sklearn.datasets import load_breast_cancer
from sklearn.linear_model import LogisticRegression
from sklearn.model_selection import cross_val_score
from sklearn.pipeline import make_pipeline
from sklearn.preprocessing import StandardScaler

X, y = load_breast_cancer(return_X_y=True)
model = make_pipeline(StandardScaler(), LogisticRegression())
scores = cross_val_score(model, X, y, cv=5)
print(len(scores), scores.mean().round(3), scores.std().round(3))`,
      takeaway:
        'It prints 5, then a mean accuracy of about 0.98 and a standard deviation near 0.01; the scaler is refitted inside every fold.',
    },
    checks: [
      {
        q: 'In 5-fold cross-validation, how many times is the model trained?',
        options: ['5', '1', '4', '10'],
      },
      {
        q: 'Why put the scaler inside a `Pipeline` during cross-validation?',
        options: [
          "So each fold fits it on that fold's training part only",
          'Because scalers cannot be used outside pipelines',
          'To make training skip the scaler',
          'To increase the number of folds',
        ],
      },
    ],
  },
  {
    lesson: 'Overfitting and regularization',
    concepts: [
      {
        term: 'Overfitting to noise',
        text: 'A model overfits when it learns noise in the training data: its training score is high but its validation score is much lower.',
      },
      {
        term: 'Underfitting from simplicity',
        text: 'A model underfits when it is too simple to capture the pattern, scoring poorly on both training and validation data.',
      },
      {
        term: 'L2 and L1 penalties',
        text: 'Regularization adds a penalty on large weights to the loss: L2 (ridge) shrinks all weights, and L1 (lasso) can set some exactly to zero.',
      },
      {
        term: 'Strength as hyperparameter',
        text: 'The penalty strength, `alpha` in `Ridge`, is tuned on validation data: too little leaves overfitting, too much causes underfitting.',
      },
    ],
    example: {
      lang: 'python',
      intro: 'A degree-12 polynomial on 15 noisy points, with and without a ridge penalty.',
      code: `import numpy as np
from sklearn.linear_model import LinearRegression, Ridge
from sklearn.pipeline import make_pipeline
from sklearn.preprocessing import PolynomialFeatures, StandardScaler

rng = np.random.default_rng(0)
X = rng.uniform(0, 1, (30, 1))
y = np.sin(2 * np.pi * X).ravel() + rng.normal(0, 0.2, 30)
X_tr, y_tr, X_va, y_va = X[:15], y[:15], X[15:], y[15:]
for reg in [LinearRegression(), Ridge(alpha=0.01)]:
    m = make_pipeline(PolynomialFeatures(12), StandardScaler(), reg).fit(X_tr, y_tr)
    print(type(reg).__name__, round(m.score(X_tr, y_tr), 2), round(m.score(X_va, y_va), 2))`,
      takeaway:
        'The unregularized model scores 0.99 on its training points but a large negative R² on validation, while the ridge model scores about 0.95 and 0.89: a little training score traded for far better validation.',
    },
    formula: {
      tex: 'L(\\mathbf{w}) = \\frac{1}{n}\\sum_{i=1}^{n}(y_i - \\hat{y}_i)^2 + \\lambda \\lVert \\mathbf{w} \\rVert_2^2',
      caption:
        'Ridge regression adds the squared size of the weights, scaled by λ, to the mean squared error.',
    },
    checks: [
      {
        q: 'What is the sign of overfitting?',
        options: [
          'A high training score but a much lower validation score',
          'Low scores on both training and validation data',
          'Equal training and validation scores',
          'A model with no parameters',
        ],
      },
      {
        q: 'Which penalty can set some weights exactly to zero?',
        options: ['L1 (lasso)', 'L2 (ridge)', 'No penalty', 'Dropout on the inputs'],
      },
    ],
  },
  // Neural Networks
  {
    lesson: 'Perceptrons and activation functions',
    concepts: [
      {
        term: 'The artificial neuron',
        text: 'A neuron computes a weighted sum of its inputs plus a bias and passes it through an activation function.',
      },
      {
        term: 'The perceptron',
        text: 'The classic perceptron uses a step activation, outputting 1 when the weighted sum is positive, so it can only separate classes with a straight line.',
      },
      {
        term: 'Non-linear activations',
        text: 'Activations such as ReLU, sigmoid and tanh are non-linear, which lets stacked layers model curves that a single linear layer cannot.',
      },
      {
        term: 'ReLU as default',
        text: 'ReLU outputs `max(0, z)`, is cheap to compute and keeps gradients alive for positive inputs, so it is the usual choice for hidden layers.',
      },
    ],
    example: {
      lang: 'python',
      intro: 'One neuron with hand-picked weights, and three activation functions.',
      code: `import numpy as np

def relu(z): return np.maximum(0, z)
def sigmoid(z): return 1 / (1 + np.exp(-z))
def step(z): return (z > 0).astype(int)

x = np.array([1.0, 0.5])
w = np.array([2.0, -4.0])
b = 0.5
z = x @ w + b
print(z, relu(z), round(float(sigmoid(z)), 3), step(z))`,
      takeaway:
        'The weighted sum is 0.5, so it prints 0.5 0.5 0.622 1: ReLU passes it through, sigmoid maps it to 0.622, and the step fires.',
    },
    formula: {
      tex: 'a = f(\\mathbf{w} \\cdot \\mathbf{x} + b), \\qquad \\text{ReLU}(z) = \\max(0, z), \\qquad \\sigma(z) = \\frac{1}{1 + e^{-z}}',
      caption: 'A neuron applies an activation function f to its weighted sum plus bias.',
    },
    checks: [
      {
        q: 'What does ReLU output for an input z?',
        options: ['`max(0, z)`', '`1 / (1 + e^(-z))`', 'Always 0 or 1', '`z` squared'],
      },
      {
        q: 'Why do neural networks need non-linear activations?',
        options: [
          'So stacked layers can model curves a single linear layer cannot',
          'To make training use less memory',
          'To keep all outputs positive',
          'Because weights must stay below 1',
        ],
      },
    ],
  },
  {
    lesson: 'Backpropagation',
    concepts: [
      {
        term: 'Forward then backward',
        text: "Backpropagation first runs a forward pass to compute the loss, then a backward pass that computes the loss's gradient for every weight.",
      },
      {
        term: 'The chain rule',
        text: "Each layer's gradient is the product of local derivatives along the path from the loss back to that weight, as the chain rule says.",
      },
      {
        term: 'Reusing computations',
        text: 'Backpropagation reuses the gradient flowing back from later layers, so all gradients cost about as much as one extra forward pass.',
      },
      {
        term: 'Autograd does it',
        text: 'Frameworks such as PyTorch record the operations of the forward pass and run backpropagation automatically when you call `loss.backward()`.',
      },
    ],
    example: {
      lang: 'python',
      intro:
        'Backpropagation by hand for one neuron, y = w·x with squared error, checked against a numerical slope.',
      code: `x, target, w = 2.0, 10.0, 3.0

y = w * x                     # forward: prediction 6.0
loss = (y - target) ** 2      # forward: loss 16.0

dloss_dy = 2 * (y - target)   # backward: -8.0
dy_dw = x                     # local derivative: 2.0
dloss_dw = dloss_dy * dy_dw   # chain rule: -16.0

h = 1e-6
numeric = (((w + h) * x - target) ** 2 - ((w - h) * x - target) ** 2) / (2 * h)
print(y, loss, dloss_dw, round(numeric, 3))`,
      takeaway:
        'It prints 6.0 16.0 -16.0 -16.0: the chain-rule gradient matches the numerical one, and its negative sign says increasing w lowers the loss.',
    },
    formula: {
      tex: '\\frac{\\partial L}{\\partial w} = \\frac{\\partial L}{\\partial y} \\cdot \\frac{\\partial y}{\\partial w}',
      caption: 'The chain rule multiplies local derivatives along the path from the loss to the weight.',
    },
    checks: [
      {
        q: 'Which rule of calculus does backpropagation apply?',
        options: ['The chain rule', 'The quotient rule only', "Bayes' rule", 'The power rule only'],
      },
      {
        q: 'In PyTorch, which call runs backpropagation?',
        options: ['`loss.backward()`', '`model.forward()`', '`optimizer.zero_grad()`', '`torch.no_grad()`'],
      },
    ],
  },
  {
    lesson: 'Training with gradient descent',
    concepts: [
      {
        term: 'The update rule',
        text: 'Gradient descent repeatedly updates each weight by subtracting the learning rate times the gradient of the loss with respect to it.',
      },
      {
        term: 'Learning rate',
        text: 'Too large a learning rate makes the loss bounce or diverge, and too small a learning rate makes training painfully slow.',
      },
      {
        term: 'Mini-batches and epochs',
        text: 'Stochastic gradient descent estimates the gradient on small mini-batches, and one epoch is one full pass over the training data.',
      },
      {
        term: 'Watch the loss',
        text: 'Plotting training and validation loss per epoch shows whether training converges and when it starts to overfit.',
      },
    ],
    example: {
      lang: 'python',
      intro: 'Gradient descent fitting y = w·x to data generated with w = 2.',
      code: `import numpy as np

x = np.array([1.0, 2.0, 3.0, 4.0])
y = 2.0 * x
w, lr = 0.0, 0.05

for epoch in range(30):
    grad = np.mean(2 * (w * x - y) * x)  # d(MSE)/dw
    w -= lr * grad
    if epoch in (0, 29):
        print(epoch, round(w, 4), round(np.mean((w * x - y) ** 2), 6))`,
      takeaway:
        'It prints 0 1.5 1.875 and then 29 2.0 0.0: w moves from 0 towards the true value 2 as the loss falls to zero.',
    },
    formula: {
      tex: 'w \\leftarrow w - \\eta \\, \\frac{\\partial L}{\\partial w}',
      caption: 'Each step moves the weight against the gradient, scaled by the learning rate η.',
    },
    checks: [
      {
        q: 'What happens when the learning rate is too large?',
        options: [
          'The loss bounces or diverges',
          'Training becomes slow but stable',
          'The model stops using gradients',
          'The number of epochs doubles',
        ],
      },
      {
        q: 'What is one epoch?',
        options: [
          'One full pass over the training data',
          'One weight update',
          'One mini-batch',
          'One layer of the network',
        ],
      },
    ],
  },
  {
    lesson: 'Convolutional networks',
    concepts: [
      {
        term: 'Convolutional filters',
        text: 'A convolutional layer slides small learned filters, such as 3×3 kernels, across an image and records how strongly each region matches.',
      },
      {
        term: 'Weight sharing',
        text: 'Each filter reuses the same weights at every position, so a convolution needs far fewer parameters than a fully connected layer on the same image.',
      },
      {
        term: 'Pooling shrinks maps',
        text: 'Pooling, such as 2×2 max pooling, halves the height and width of feature maps, keeping the strongest responses.',
      },
      {
        term: 'Hierarchy of features',
        text: 'Early layers detect edges and textures, and deeper layers combine them into parts and objects before a final classifier layer.',
      },
    ],
    example: {
      lang: 'python',
      intro: 'A small PyTorch CNN for 28×28 grey images, tracing the tensor shapes.',
      code: `import torch
from torch import nn

model = nn.Sequential(
    nn.Conv2d(1, 8, kernel_size=3, padding=1),  # (N, 8, 28, 28)
    nn.ReLU(),
    nn.MaxPool2d(2),                            # (N, 8, 14, 14)
    nn.Flatten(),                               # (N, 1568)
    nn.Linear(8 * 14 * 14, 10),                 # 10 class scores
)
images = torch.randn(4, 1, 28, 28)
print(model(images).shape, sum(p.numel() for p in model[0].parameters()))`,
      takeaway:
        'It prints torch.Size([4, 10]) 80: four images get ten class scores each, and the convolution has only 80 parameters (8 filters of 3×3 plus 8 biases).',
    },
    checks: [
      {
        q: 'What does 2×2 max pooling do to a 28×28 feature map?',
        options: ['Halves it to 14×14', 'Doubles it to 56×56', 'Keeps it 28×28', 'Flattens it to a vector'],
      },
      {
        q: 'Why does a convolution need few parameters?',
        options: [
          'Each filter reuses the same weights at every position',
          'It has no weights at all',
          'It only processes one pixel',
          'It stores the image in its weights',
        ],
      },
    ],
  },
  // Deep Learning in Practice
  {
    lesson: 'PyTorch basics',
    concepts: [
      {
        term: 'Tensors as arrays',
        text: "A tensor is PyTorch's n-dimensional array, like a NumPy array, that can live on a GPU and record operations for gradients.",
      },
      {
        term: 'nn.Module models',
        text: 'Models subclass `nn.Module` or combine layers with `nn.Sequential`, and calling `model(x)` runs the forward pass.',
      },
      {
        term: 'The training loop',
        text: "Each step calls `optimizer.zero_grad()` to clear the previous step's gradients, computes the loss, calls `loss.backward()`, then `optimizer.step()` to update the weights.",
      },
      {
        term: 'Evaluation mode',
        text: '`model.eval()` and `torch.no_grad()` switch off training behaviour such as dropout and skip gradient tracking during evaluation.',
      },
    ],
    example: {
      lang: 'python',
      intro: 'A complete PyTorch training loop that learns y = 3x + 1.',
      code: `import torch
from torch import nn

torch.manual_seed(0)
x = torch.linspace(-1, 1, 50).unsqueeze(1)
y = 3 * x + 1
model = nn.Linear(1, 1)
optimizer = torch.optim.SGD(model.parameters(), lr=0.1)
for step in range(500):
    optimizer.zero_grad()
    loss = nn.functional.mse_loss(model(x), y)
    loss.backward()
    optimizer.step()
print(round(model.weight.item(), 2), round(model.bias.item(), 2))`,
      takeaway:
        "It prints 3.0 1.0: after 500 steps of zero_grad, backward and step, the layer's weight and bias match the line.",
    },
    checks: [
      {
        q: 'What does `optimizer.zero_grad()` do at the start of each step?',
        options: [
          'Clears the gradients left from the previous step',
          'Sets all weights to zero',
          'Resets the learning rate',
          'Stops training',
        ],
      },
      {
        q: 'Which call updates the weights using the gradients?',
        options: ['`optimizer.step()`', '`loss.backward()`', '`model.eval()`', '`torch.manual_seed(0)`'],
      },
    ],
  },
  {
    lesson: 'Transfer learning',
    concepts: [
      {
        term: 'Reusing pretrained models',
        text: 'Transfer learning starts from a model pretrained on a large dataset, such as ImageNet, instead of training from random weights.',
      },
      {
        term: 'Replace the head',
        text: "The pretrained network's final layer is swapped for a new head with one output per class of your task.",
      },
      {
        term: 'Freeze, then fine-tune',
        text: 'First freeze the pretrained layers with `requires_grad = False` and train only the head; later you may unfreeze some layers with a small learning rate.',
      },
      {
        term: 'Small data, good results',
        text: 'Because the pretrained layers already detect general features, transfer learning reaches good accuracy with far fewer labelled examples.',
      },
    ],
    example: {
      lang: 'python',
      intro: 'Adapt a pretrained ResNet-18 to a three-class problem (torchvision).',
      code: `import torch
from torch import nn
from torchvision import models

model = models.resnet18(weights=models.ResNet18_Weights.DEFAULT)  # pretrained on ImageNet
for param in model.parameters():
    param.requires_grad = False                                 # freeze the backbone

model.fc = nn.Linear(model.fc.in_features, 3)                   # new head: 3 classes
optimizer = torch.optim.Adam(model.fc.parameters(), lr=1e-3)

trainable = sum(p.numel() for p in model.parameters() if p.requires_grad)
print(model.fc, trainable)`,
      takeaway:
        "It prints Linear(in_features=512, out_features=3, bias=True) 1539: only the new head's 512 × 3 weights plus 3 biases will train.",
    },
    checks: [
      {
        q: 'What is typically replaced when adapting a pretrained network to a new task?',
        options: [
          'The final layer, with one output per class',
          'The first convolution',
          'The whole backbone',
          'The loss function only',
        ],
      },
      {
        q: 'How are pretrained layers frozen in PyTorch?',
        options: [
          'By setting `requires_grad = False` on their parameters',
          'By calling `model.eval()` only',
          'By deleting their weights',
          'By setting the learning rate to 1',
        ],
      },
    ],
  },
  {
    lesson: 'Hyperparameter tuning',
    concepts: [
      {
        term: 'Hyperparameters versus parameters',
        text: 'Hyperparameters such as the learning rate, tree depth or regularization strength are set before training, while parameters are learned from data.',
      },
      {
        term: 'Grid search',
        text: '`GridSearchCV` tries every combination in a grid of values and scores each with cross-validation.',
      },
      {
        term: 'Random search',
        text: 'Random search samples combinations instead, which often finds good values faster when only a few hyperparameters really matter.',
      },
      {
        term: 'Keep the test set out',
        text: "Tune on training folds or a validation set only, then report the chosen model's score on the untouched test set.",
      },
    ],
    example: {
      lang: 'python',
      intro: 'Grid search over the depth and size of a random forest.',
      code: `from sklearn.datasets import load_breast_cancer
from sklearn.ensemble import RandomForestClassifier
from sklearn.model_selection import GridSearchCV, train_test_split

X, y = load_breast_cancer(return_X_y=True)
X_train, X_test, y_train, y_test = train_test_split(X, y, random_state=0)

grid = {"max_depth": [3, 6, None], "n_estimators": [50, 200]}
search = GridSearchCV(RandomForestClassifier(random_state=0), grid, cv=5).fit(X_train, y_train)
print(len(search.cv_results_["params"]), search.best_params_)
print(round(search.score(X_test, y_test), 3))`,
      takeaway:
        'It tries 6 combinations, each scored by 5-fold cross-validation, prints the best one, and only then scores the refitted best model on the test set.',
    },
    checks: [
      {
        q: 'How many combinations does a grid of 3 depths and 2 tree counts contain?',
        options: ['6', '5', '3', '2'],
      },
      {
        q: 'Which of these is a hyperparameter rather than a learned parameter?',
        options: [
          'The learning rate',
          'A weight of a linear model',
          "A neuron's bias",
          'A split threshold chosen during training',
        ],
      },
    ],
  },
  {
    lesson: 'Experiment tracking',
    concepts: [
      {
        term: 'Record every run',
        text: "Experiment tracking records each training run's hyperparameters, metrics, code version and data version, so results can be compared and reproduced.",
      },
      {
        term: 'Tools such as MLflow',
        text: 'Tools such as MLflow or Weights & Biases log runs with calls like `mlflow.log_param` and `mlflow.log_metric` and show them in a dashboard.',
      },
      {
        term: 'Seeds and versions',
        text: 'Logging the random seed, library versions and the Git commit makes it possible to rerun an experiment and get the same result.',
      },
      {
        term: 'Saving artifacts',
        text: 'Store artifacts such as the trained model file and evaluation plots with the run, so the best model can be found and deployed later.',
      },
    ],
    example: {
      lang: 'python',
      intro: 'Log one training run with MLflow.',
      code: `import mlflow
from sklearn.datasets import load_iris
from sklearn.linear_model import LogisticRegression
from sklearn.model_selection import cross_val_score

X, y = load_iris(return_X_y=True)
C = 0.5
with mlflow.start_run(run_name="logreg-C0.5"):
    mlflow.log_param("C", C)
    mlflow.log_param("seed", 0)
    score = cross_val_score(LogisticRegression(C=C, max_iter=1000), X, y, cv=5).mean()
    mlflow.log_metric("cv_accuracy", score)`,
      takeaway:
        'The run, with its parameters C and seed and its cv_accuracy metric, appears in the MLflow UI (`mlflow ui`) next to every other run for comparison.',
    },
    checks: [
      {
        q: 'Which call records a metric in MLflow?',
        options: [
          '`mlflow.log_metric`',
          '`mlflow.log_param`',
          '`mlflow.start_run`',
          '`mlflow.save_metric_file`',
        ],
      },
      {
        q: 'Why log the random seed and the Git commit with a run?',
        options: [
          'To rerun the experiment and get the same result',
          'To make training faster',
          'Because MLflow refuses runs without them',
          'To hide the code from reviewers',
        ],
      },
    ],
  },
  // Deploying Models
  {
    lesson: 'Saving and serving models',
    concepts: [
      {
        term: 'Persisting a model',
        text: 'A trained scikit-learn model is saved with `joblib.dump(model, "model.joblib")` and restored with `joblib.load`, without retraining.',
      },
      {
        term: 'Save the whole pipeline',
        text: 'Save preprocessing and model together as one `Pipeline`, so serving applies exactly the scaling and encoding used in training.',
      },
      {
        term: 'Serving behind an API',
        text: 'A small web service, for example with FastAPI, loads the model once at startup and returns predictions for JSON requests.',
      },
      {
        term: 'Pin the versions',
        text: 'Load models with the same library versions used to save them, because pickled models may break across versions.',
      },
    ],
    example: {
      lang: 'python',
      intro: 'Save a fitted pipeline, then serve it with FastAPI.',
      code: `import joblib
from fastapi import FastAPI
from pydantic import BaseModel

# after training: joblib.dump(pipeline, "model.joblib")
model = joblib.load("model.joblib")      # loaded once, at startup
app = FastAPI()

class Flower(BaseModel):
    features: list[float]

@app.post("/predict")
def predict(flower: Flower):
    return {"class": int(model.predict([flower.features])[0])}`,
      takeaway:
        'Started with `uvicorn app:app`, a POST to /predict with {"features": [5.1, 3.5, 1.4, 0.2]} returns the predicted class as JSON.',
    },
    checks: [
      {
        q: 'Which call saves a scikit-learn model to a file?',
        options: [
          '`joblib.dump(model, "model.joblib")`',
          '`model.save()`',
          '`joblib.load("model.joblib")`',
          '`pickle.read(model)`',
        ],
      },
      {
        q: 'Why save the preprocessing and model together as one `Pipeline`?',
        options: [
          'So serving applies exactly the scaling and encoding used in training',
          'Because joblib can only save pipelines',
          'To make the file smaller',
          'To retrain the model at every request',
        ],
      },
    ],
  },
  {
    lesson: 'Monitoring data drift',
    concepts: [
      {
        term: 'What data drift is',
        text: 'Data drift means the distribution of live inputs moves away from the training data, such as customers getting older or prices rising.',
      },
      {
        term: 'Concept drift',
        text: 'Concept drift means the relationship between inputs and the label changes, so even familiar-looking inputs now have different correct answers.',
      },
      {
        term: 'Comparing distributions',
        text: "Compare each feature's live distribution against training, for example with a Kolmogorov-Smirnov test or the population stability index.",
      },
      {
        term: 'Alert and retrain',
        text: 'Track input statistics and, once labels arrive, live accuracy, and alert when they cross thresholds so the model can be retrained.',
      },
    ],
    example: {
      lang: 'python',
      intro: 'Detect a shift in one feature with a two-sample Kolmogorov-Smirnov test.',
      code: `import numpy as np
from scipy.stats import ks_2samp

rng = np.random.default_rng(0)
train_age = rng.normal(35, 8, 5000)
live_same = rng.normal(35, 8, 1000)
live_shift = rng.normal(42, 8, 1000)  # customers got older

for name, live in [("same", live_same), ("shifted", live_shift)]:
    result = ks_2samp(train_age, live)
    print(name, "drift" if result.pvalue < 0.01 else "ok")`,
      takeaway:
        'It prints same ok and shifted drift: the test finds no difference for the unchanged sample and a clear one when the mean age moves from 35 to 42.',
    },
    checks: [
      {
        q: 'What is data drift?',
        options: [
          'Live input distributions moving away from the training data',
          "A model's weights changing during serving",
          'Files being moved between servers',
          'Training taking longer each epoch',
        ],
      },
      {
        q: "Which test compares a feature's training and live distributions in the example?",
        options: ['A Kolmogorov-Smirnov test', 'A t-test on the labels', 'Cross-validation', 'A grid search'],
      },
    ],
  },
  {
    lesson: 'Responsible AI and bias',
    concepts: [
      {
        term: 'Bias from data',
        text: 'A model learns the patterns in its training data, including historical bias, so under-represented or mislabelled groups can get worse predictions.',
      },
      {
        term: 'Evaluate per group',
        text: 'Report metrics such as accuracy, false positive rate and recall separately for each relevant group, since a good overall score can hide a failing group.',
      },
      {
        term: 'Proxies for attributes',
        text: 'Removing a sensitive column is not enough, because features such as postcode can act as proxies for it.',
      },
      {
        term: 'Document and oversee',
        text: 'Model cards document intended use, data and known limits, and high-stakes decisions should keep a human able to review and override the model.',
      },
    ],
    example: {
      lang: 'python',
      intro: 'Compare recall across two groups instead of only overall.',
      code: `import pandas as pd
from sklearn.metrics import recall_score

df = pd.DataFrame({
    "group":  ["A", "A", "A", "A", "B", "B", "B", "B"],
    "y_true": [1, 1, 0, 1, 1, 1, 0, 1],
    "y_pred": [1, 1, 0, 1, 0, 1, 0, 0],
})
print("overall", round(recall_score(df.y_true, df.y_pred), 2))
for group, part in df.groupby("group"):
    print(group, round(recall_score(part.y_true, part.y_pred), 2))`,
      takeaway:
        'It prints overall 0.67, then A 1.0 and B 0.33: the overall recall hides that the model misses most positives in group B.',
    },
    checks: [
      {
        q: 'Why report metrics separately for each group?',
        options: [
          'A good overall score can hide a failing group',
          'Overall metrics cannot be computed',
          'Each group needs its own model file',
          'It makes the model train faster',
        ],
      },
      {
        q: 'Why is removing a sensitive column not enough to prevent bias?',
        options: [
          'Other features such as postcode can act as proxies for it',
          'The column is always restored during training',
          'Models ignore removed columns anyway',
          'Removing columns makes models more biased by definition',
        ],
      },
    ],
  },
  {
    lesson: 'A small end-to-end project',
    concepts: [
      {
        term: 'Frame the task',
        text: 'Pick a small dataset and a concrete question, such as predicting diabetes progression, and name the metric, such as mean absolute error, up front.',
      },
      {
        term: 'Baseline before models',
        text: 'Score a trivial baseline first, such as always predicting the training mean, so any model has a number to beat.',
      },
      {
        term: 'Pipeline and evaluation',
        text: 'Build preprocessing and model as one pipeline, tune it with cross-validation on the training data, and test it once at the end.',
      },
      {
        term: 'Save and report',
        text: 'Save the final pipeline with joblib and write up the data, baseline, final score and known limitations.',
      },
    ],
    example: {
      lang: 'python',
      intro: 'Baseline versus model on the diabetes regression dataset, then save the result.',
      code: `import joblib
from sklearn.datasets import load_diabetes
from sklearn.dummy import DummyRegressor
from sklearn.linear_model import RidgeCV
from sklearn.metrics import mean_absolute_error
from sklearn.model_selection import train_test_split

X, y = load_diabetes(return_X_y=True)
X_train, X_test, y_train, y_test = train_test_split(X, y, random_state=0)
for name, model in [("baseline", DummyRegressor()), ("ridge", RidgeCV())]:
    model.fit(X_train, y_train)
    print(name, round(mean_absolute_error(y_test, model.predict(X_test)), 1))
joblib.dump(model, "diabetes_ridge.joblib")`,
      takeaway:
        "It prints baseline 58.3 and ridge 44.6: the ridge model's mean absolute error is clearly lower than the baseline's, which predicts the training mean for everyone, and the model is saved.",
    },
    checks: [
      {
        q: 'What does the `DummyRegressor` baseline predict?',
        options: [
          'The training mean for everyone',
          'The test labels',
          'Zero for everyone',
          'A random value per row',
        ],
      },
      {
        q: 'Why score a baseline before building models?',
        options: [
          'So any model has a number to beat',
          'Because baselines are deployed to production',
          'To tune the test set',
          'Because pipelines require it',
        ],
      },
    ],
  },
];
