// Lessons written from a goal's material through the real app: with a ready Markdown source, a lesson's
// content is written from its passages (offline: quoted from them) and cites them [n] in every paragraph,
// its citations name the goal's passages (each opens in the passage viewer), its quiz asks what the cited
// passages state, and its versions keep their citations. A goal without sources gets the lesson it always
// did. On a provider, the model is given the numbered passages; a paragraph it leaves uncited is kept as
// written and counted in the job's result.
import { createHash } from 'node:crypto';
import type { LessonCitation } from '@mindpath/contracts/citations';
import { lessonCitationIssues, proseParagraphs } from '@mindpath/contracts/citations-constants';
import { type OpenAiTestServer, startOpenAiServer } from '@mindpath/fake-openai';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAiFromConfig } from '../src/ai/index.ts';
import { keyConceptsOf } from '../src/ai/lesson-outline.ts';
import { offlineLessonMarkdown } from '../src/ai/offline/lesson.ts';
import { createOfflineProvider } from '../src/ai/offline/provider.ts';
import { createAi } from '../src/ai/service.ts';
import { loadConfig } from '../src/config.ts';
import { lessonAssessments, lessons } from '../src/db/schema.ts';
import { findLessonContext } from '../src/modules/lessons/repository.ts';
import { lessonInput } from '../src/modules/lessons/service.ts';
import { lessonPassages } from '../src/modules/sources/index.ts';
import { createTestApp, type TestApp } from './helpers/app.ts';
import { learnerWithPlan } from './helpers/lessons.ts';
import { settledSource, upload } from './helpers/sources.ts';

type Headers = Record<string, string>;

// Material about the plan's first lessons ("Installing Python and running scripts", "Variables and basic
// types"), with definitions, an example and code, in sections long enough to be passages of their own.
const NOTES = `# My Python notes

## Installing Python

Python is a programming language that runs your code through an interpreter. The interpreter is the program
that reads a script and carries out its statements one by one. On Windows the installer from python.org adds
the interpreter to your path when you tick the box on its first screen, and on macOS or Linux a package manager
such as Homebrew or apt installs it for you. After installing, open a terminal and check the version to see
that the right interpreter answers. A virtual environment is a folder that keeps one project's packages apart
from every other project's packages. Create one for each project so that upgrading a package for one project
never breaks another project.

## Running scripts

A script is a text file of Python statements saved with the .py ending. You run a script by giving its name to
the interpreter in a terminal, for example python hello.py in the folder where the file is saved. The
interpreter stops at the first error and prints a traceback that names the line where the error happened.
Reading the last line of the traceback first usually tells you what went wrong.

\`\`\`python
print("Hello from my first script")
\`\`\`

## Variables

A variable is a name that refers to a value stored in memory. Assignment is the statement that binds a name to
a value with the equals sign, such as count = 3. A variable can later refer to a value of another type, because
Python checks types while the program runs rather than before. Names are case sensitive, so total and Total are
two different variables. Choose names that say what the value means rather than single letters.

## Basic types

An integer is a whole number without a fractional part, such as 42 or -7. A float is a number with a decimal
point, and its arithmetic can show tiny rounding errors. A string is a sequence of characters written between
quotes. A boolean is one of the two values True and False, and comparisons produce booleans. The type function
tells you the type of any value while you experiment in the interpreter.
`;

const flat = (s: string) => s.replace(/[*`]/g, '').replace(/\s+/g, ' ').trim();

async function addNotes(t: TestApp, l: { headers: Headers }, goalId: string, text = NOTES) {
  const res = await upload(t, 'POST', `/goals/${goalId}/sources`, l.headers, {
    bytes: new TextEncoder().encode(text),
    name: `notes-${createHash('sha1').update(text).digest('hex').slice(0, 6)}.md`,
    type: 'text/markdown',
  });
  expect(res.statusCode, res.body).toBe(202);
  const source = await settledSource(t, l.headers, res.json().id);
  expect(source.state, JSON.stringify(source.error)).toBe('ready');
  return source;
}

async function ok(t: TestApp, method: 'GET' | 'POST', url: string, headers: Headers, body?: object) {
  const res = await t.api(method, url, headers, body);
  expect(res.statusCode, `${method} ${url}: ${res.body}`).toBeLessThan(300);
  return res.json();
}

/** The lesson after its content job ended, and that job. */
async function written(t: TestApp, l: { headers: Headers }, id: string) {
  const status = await ok(t, 'GET', `/lessons/${id}/content-status?waitMs=30000`, l.headers);
  expect(status.job?.status, JSON.stringify(status.job)).toBe('succeeded');
  return { lesson: await ok(t, 'GET', `/lessons/${id}`, l.headers), job: status.job };
}

async function generated(t: TestApp, l: { headers: Headers }, id: string) {
  await ok(t, 'POST', `/lessons/${id}/generate-content`, l.headers);
  return written(t, l, id);
}

async function quizOf(t: TestApp, l: { headers: Headers }, id: string) {
  await ok(t, 'POST', `/lessons/${id}/assessment/generate`, l.headers);
  const status = await ok(t, 'GET', `/lessons/${id}/assessment/status?waitMs=30000`, l.headers);
  expect(status.job?.status, JSON.stringify(status.job)).toBe('succeeded');
  const assessment = await ok(t, 'GET', `/lessons/${id}/assessment`, l.headers);
  return { questions: assessment.questions as { question: string; options: string[] }[], job: status.job };
}

describe('a lesson of a goal with material, offline', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('is written from its passages and cites them in every paragraph; its quiz asks what they state', async () => {
    const l = await learnerWithPlan(t.app, { pro: true });
    const source = await addNotes(t, l, l.goalId);
    const id = l.lessonIds[0]!;
    const { lesson, job } = await generated(t, l, id);
    const content = lesson.content as string;
    const citations = lesson.citations as LessonCitation[];

    expect(citations.length).toBeGreaterThan(0);
    expect(citations.map((c) => c.n)).toEqual(citations.map((_, i) => i + 1));
    expect(lessonCitationIssues(content, citations.length)).toEqual([]);
    expect(proseParagraphs(content).length).toBeGreaterThan(5);
    for (const s of ['Overview', 'Key Concepts', 'Example', 'Summary']) expect(content).toContain(`## ${s}`);
    expect(job.result).toMatchObject({ source: 'offline', passages: citations.length, uncitedParagraphs: 0 });

    // each citation is a passage of this goal's source that the viewer opens, and what the lesson quotes
    // under [n] is in passage n
    const texts = new Map<number, string>();
    for (const c of citations) {
      expect(c).toMatchObject({ sourceId: source.id, sourceTitle: source.title, page: null });
      const view = await ok(t, 'GET', `/passages/${c.passageId}`, l.headers);
      expect(view).toMatchObject({ passageId: c.passageId, sourceId: source.id, headingPath: c.headingPath });
      texts.set(c.n, flat(view.text));
    }
    for (const line of content.split('\n')) {
      const quoted = /^> (.*) \[(\d+)\]$/.exec(line);
      if (quoted) expect(texts.get(Number(quoted[2]))).toContain(flat(quoted[1]!));
    }

    const { questions, job: quizJob } = await quizOf(t, l, id);
    expect(quizJob.result).toMatchObject({ source: 'offline', passages: citations.length });
    expect(questions).toHaveLength(5);
    const [stored] = await t.database.db
      .select()
      .from(lessonAssessments)
      .where(eq(lessonAssessments.lessonId, id));
    const answers = (stored!.questions as { correctAnswer: string }[]).map((q) => q.correctAnswer);
    const material = flat([...texts.values()].join(' ')).toLowerCase();
    questions.forEach((q, i) => {
      const n = Number(/^According to your material \[(\d+)\]/.exec(q.question)?.[1]);
      expect(texts.has(n), q.question).toBe(true);
      if (q.options.length > 0) {
        expect(q.options).toHaveLength(4);
        expect(texts.get(n)!.toLowerCase()).toContain(answers[i]!.toLowerCase());
      } else {
        expect(material).toContain(flat(answers[i]!).toLowerCase());
      }
    });
  });

  it('is written from the span the plan gave it, in order; versions keep their citations', async () => {
    const l = await learnerWithPlan(t.app, { pro: true });
    const source = await addNotes(t, l, l.goalId);
    expect(source.passages).toBeGreaterThanOrEqual(3);
    const id = l.lessonIds[1]!;
    await t.database.db
      .update(lessons)
      .set({ sourceSpan: { sourceId: source.id, from: 1, to: 2 } })
      .where(eq(lessons.id, id));
    const spanned = await lessonPassages(t.database.db, {
      userId: l.id,
      goalId: l.goalId,
      title: 'anything',
      span: { sourceId: source.id, from: 1, to: 2 },
    });
    expect(spanned.map((p) => p.ordinal)).toEqual([1, 2]);
    const first = (await generated(t, l, id)).lesson;
    expect(first.citations.map((c: LessonCitation) => c.passageId)).toEqual(spanned.map((p) => p.passageId));

    // a new version is grounded too; restoring the first brings its citations back
    await t.database.db
      .update(lessons)
      .set({ sourceSpan: { sourceId: source.id, from: 0, to: 0 } })
      .where(eq(lessons.id, id));
    const res = await t.api('POST', `/lessons/${id}/regenerate`, l.headers, {
      instruction: 'shorter, focus on virtual environments',
    });
    expect(res.statusCode, res.body).toBe(202);
    // read against the passage's concepts, as the job writes it
    expect(res.json().instruction).toMatchObject({
      readBy: 'offline',
      followed: ['shorter', 'focus on Virtual environment'],
      notFollowed: [],
    });
    const second = (await written(t, l, id)).lesson;
    expect(keyConceptsOf(second.content)[0]?.term).toBe('Virtual environment');
    expect(second.citations).toHaveLength(1);
    expect(second.citations[0].passageId).not.toBe(first.citations[0].passageId);
    expect(lessonCitationIssues(second.content, 1)).toEqual([]);
    const versions = (await ok(t, 'GET', `/lessons/${id}/versions`, l.headers)).versions as {
      id: string;
      version: number;
    }[];
    const v1 = versions.find((v) => v.version === 1)!;
    const restored = await ok(t, 'POST', `/lessons/${id}/versions/${v1.id}/restore`, l.headers);
    expect(restored.lesson.content).toBe(first.content);
    expect(restored.lesson.citations).toEqual(first.citations);
  });

  it('of a goal without sources is the lesson it always was, with no citations', async () => {
    const l = await learnerWithPlan(t.app);
    const id = l.lessonIds[0]!;
    const { lesson, job } = await generated(t, l, id);
    expect(lesson.citations).toEqual([]);
    expect(job.result).not.toHaveProperty('uncitedParagraphs');
    const [row] = await t.database.db.select().from(lessons).where(eq(lessons.id, id));
    expect(row!.citations).toEqual([]);
    expect(
      await lessonPassages(t.database.db, { userId: l.id, goalId: l.goalId, title: lesson.title }),
    ).toEqual([]);
    const ctx = await findLessonContext(t.database.db, l.id, id);
    expect(lesson.content).toBe(offlineLessonMarkdown(lessonInput(ctx!)));
  });
});

describe('a lesson of a goal with material, on a provider', () => {
  let server: OpenAiTestServer;
  let p: TestApp;
  let roadmap: unknown;

  beforeAll(async () => {
    const { data } = await createAi(createOfflineProvider()).generateRoadmap({
      goal: 'Learn Python',
      level: 'Beginner',
      topics: [],
    });
    const { source: _s, ...rest } = data;
    roadmap = rest;
    server = await startOpenAiServer();
    const env = { AI_BASE_URL: server.url, AI_API_KEY: 'k' };
    const ai = createAiFromConfig(loadConfig(env), {
      retry: { maxRetries: 1, baseDelayMs: 5, maxDelayMs: 10, maxRetryAfterMs: 100 },
    });
    p = await createTestApp(env, { ai });
  });
  afterAll(async () => {
    await p?.close();
    await server?.close();
  });

  const MODEL_LESSON = [
    '# Installing Python and running scripts',
    '',
    '## Overview',
    '',
    'Python runs your code through an interpreter that reads a script statement by statement [1].',
    '',
    'This paragraph says something the model made up and cites nothing at all.',
    '',
    '## Key Concepts',
    '',
    '- **Script**: a text file of Python statements saved with the .py ending [1]',
    '- **Interpreter**: the program that carries out a script [1, 2]',
    '',
    '## Example',
    '',
    'Run python hello.py in a terminal to run a script [1].',
    '',
    '## Summary',
    '',
    'Install the interpreter, then run scripts with it, reading a traceback from its last line [9].',
  ].join('\n');

  it('gives the model the numbered passages, stores the citations and counts what it left uncited', async () => {
    server.reset();
    server.setFallback((req) => {
      const name = req.body?.response_format?.json_schema?.name;
      if (name === 'roadmap') return { content: JSON.stringify(roadmap) };
      if (name === 'lesson-resources')
        return { content: JSON.stringify({ videos: [], articles: [], books: [] }) };
      return { content: MODEL_LESSON };
    });
    const l = await learnerWithPlan(p.app);
    await addNotes(p, l, l.goalId);
    const id = l.lessonIds[0]!;
    const { lesson, job } = await generated(p, l, id);

    const sent = server.requests.find((r) => r.body?.stream === true)!;
    const user = (sent.body.messages as { role: string; content: string }[]).at(-1)!.content;
    const citations = lesson.citations as LessonCitation[];
    expect(citations.length).toBeGreaterThan(0);
    for (const c of citations) {
      const view = await ok(p, 'GET', `/passages/${c.passageId}`, l.headers);
      expect(user).toContain(`[${c.n}] ${c.sourceTitle}`);
      expect(user).toContain(view.text.slice(0, 200));
    }
    expect(user).toContain('End every paragraph and every list');

    // the model's lesson is kept as written, its uncited paragraph and its unknown [9] included
    expect(lesson.content).toContain(
      'This paragraph says something the model made up and cites nothing at all.',
    );
    expect(lesson.content).toContain('[9]');
    const flagged = lessonCitationIssues(lesson.content, citations.length);
    expect(flagged.length).toBeGreaterThanOrEqual(2);
    expect(job.result).toMatchObject({
      source: 'model',
      passages: citations.length,
      uncitedParagraphs: flagged.length,
    });
  });

  it('gives the quiz prompt the passages the lesson cites', async () => {
    const quiz = {
      questions: [
        {
          question: 'According to your material [1], what runs a script?',
          options: ['The interpreter', 'A folder', 'A traceback', 'A package'],
          correctAnswer: 'The interpreter',
        },
        {
          question: 'According to your material [1], what ending does a script have?',
          options: ['.py', '.txt', '.md', '.sh'],
          correctAnswer: '.py',
        },
        {
          question: 'According to your material [1], what is read first in a traceback?',
          options: ['Its last line', 'Its first line', 'The file name', 'Nothing'],
          correctAnswer: 'Its last line',
        },
        {
          question: 'What does a virtual environment keep apart?',
          options: [],
          correctAnswer: "One project's packages from every other project's packages.",
        },
      ],
    };
    server.reset();
    server.setFallback((req) => {
      const name = req.body?.response_format?.json_schema?.name;
      if (name === 'roadmap') return { content: JSON.stringify(roadmap) };
      if (name === 'lesson-resources')
        return { content: JSON.stringify({ videos: [], articles: [], books: [] }) };
      if (name === 'lesson-quiz') return { content: JSON.stringify(quiz) };
      return { content: MODEL_LESSON };
    });
    const l = await learnerWithPlan(p.app);
    await addNotes(p, l, l.goalId);
    const id = l.lessonIds[0]!;
    const { lesson } = await generated(p, l, id);
    const { questions, job } = await quizOf(p, l, id);
    expect(questions).toHaveLength(4);
    expect(job.result).toMatchObject({ source: 'model', passages: lesson.citations.length });
    const sent = server.requests.find((r) => r.body?.response_format?.json_schema?.name === 'lesson-quiz')!;
    const user = (sent.body.messages as { role: string; content: string }[]).at(-1)!.content;
    expect(user).toContain('a fact one passage states');
    for (const c of lesson.citations as LessonCitation[]) expect(user).toContain(`[${c.n}] ${c.sourceTitle}`);
  });
});
