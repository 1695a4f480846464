// An in-memory API for component tests, answering the real SDK's calls at the fetch boundary with the
// contracts' shapes. Tests read `calls` to see what the UI sent and change `state` to script answers.
import type { EvaluationResult, KnowledgeAssessmentResult, Prerequisite } from '@mindpath/contracts/ai';
import type { Goal } from '@mindpath/contracts/goals';
import type { GenerationJob } from '@mindpath/contracts/jobs';
import type { Source } from '@mindpath/contracts/sources';
import { type StubbedCall, stubFetch } from '@mindpath/mf/render-page';

export const USER_ID = '00000000-0000-4000-8000-00000000000a';
let seq = 0;
const uuid = () => `00000000-0000-4000-8000-${String(++seq).padStart(12, '0')}`;
const NOW = '2026-03-01T10:00:00.000Z';

export function makeGoal(patch: Partial<Goal> = {}): Goal {
  return {
    id: uuid(),
    description: 'Beginner: Learn SQL',
    metadata: '{"level":"Beginner"}',
    level: 'Beginner',
    imageUrl: null,
    isActive: false,
    isCompleted: false,
    completedAt: null,
    progress: 0,
    goalProgress: { completionPercentage: 0, completedLessons: 0, totalLessons: 0 },
    createdAt: NOW,
    updatedAt: NOW,
    ...patch,
  };
}

export const ASSESSMENT: KnowledgeAssessmentResult = {
  source: 'offline',
  topics: [
    {
      title: 'Joins',
      questions: [
        {
          type: 'multiple-choice',
          question: 'Which join keeps every row of the left table?',
          options: ['INNER JOIN', 'LEFT JOIN'],
          correctAnswer: 'LEFT JOIN',
          expectedLength: 'short',
        },
      ],
    },
    {
      title: 'Indexes',
      questions: [
        {
          type: 'open-ended',
          question: 'Why does an index speed up reads?',
          options: [],
          correctAnswer: 'sorted structure',
          expectedLength: 'medium',
        },
      ],
    },
  ],
};

export const EVALUATION: EvaluationResult = {
  source: 'offline',
  overallScore: 50,
  topics: [
    { title: 'Joins', recommendToComplete: false, score: 100 },
    { title: 'Indexes', recommendToComplete: true, score: 0 },
  ],
};

export interface FakeState {
  goals: Goal[];
  tier: 'free' | 'pro';
  recommendations: Prerequisite[];
  /** answer of POST /goals: a status and body to send instead of creating */
  createGoalAnswer: [number, unknown] | null;
  startAnswer: [number, unknown] | null;
  assessmentAnswer: [number, unknown] | null;
  /** answer of GET /user instead of the signed-in learner */
  userAnswer: [number, unknown] | null;
  /** the roadmap job's status on each poll, in turn (the last one stays) */
  jobStatuses: GenerationJob['status'][];
  job: GenerationJob | null;
  /** the goal's sources; a processing one moves on by 50% each time the list is read, then is ready */
  sources: Source[];
  /** answer of the next source added instead of adding it (a refusal) */
  addSourceAnswer: [number, unknown] | null;
}

export function makeSource(patch: Partial<Source> = {}): Source {
  return {
    id: uuid(),
    goalId: uuid(),
    title: 'Handbook',
    origin: 'file',
    format: 'markdown',
    fileName: 'handbook.md',
    url: null,
    bytes: 1200,
    pages: null,
    sections: 4,
    passages: 6,
    state: 'processing',
    progress: 0,
    error: null,
    createdAt: NOW,
    updatedAt: NOW,
    ...patch,
  };
}

export function fakeApi(initial: Partial<FakeState> = {}) {
  const state: FakeState = {
    goals: [],
    tier: 'free',
    recommendations: [],
    createGoalAnswer: null,
    startAnswer: null,
    assessmentAnswer: null,
    userAnswer: null,
    jobStatuses: ['running', 'succeeded'],
    job: null,
    sources: [],
    addSourceAnswer: null,
    ...initial,
  };
  // a roadmap asked for from the learner's material is built from it, as the API's job says
  let fromMaterial = false;
  const jobFor = (goalId: string, status: GenerationJob['status']): GenerationJob => ({
    id: state.job?.id ?? uuid(),
    kind: 'roadmap',
    target: goalId,
    status,
    attempts: status === 'queued' ? 0 : 1,
    error:
      status === 'failed'
        ? { reason: 'invalid_output', message: 'The model answered twice with invalid JSON.' }
        : null,
    result:
      status === 'succeeded'
        ? { title: 'SQL', sections: 5, lessons: 20, source: fromMaterial ? 'material' : 'offline' }
        : null,
    createdAt: NOW,
    updatedAt: NOW,
    startedAt: null,
    finishedAt: null,
  });

  const answer = (call: StubbedCall): [number, unknown] => {
    const path = call.url.replace(/^\/api/, '').split('?')[0] ?? '';
    const m = call.method;
    if (m === 'GET' && path === '/user')
      return (
        state.userAnswer ?? [
          200,
          { id: USER_ID, username: 'ada', email: 'ada@example.com', firstName: null, goalDescription: null },
        ]
      );
    if (m === 'GET' && path === '/subscriptions/status')
      return [200, { tier: state.tier, isActive: state.tier === 'pro', endDate: null }];
    if (m === 'GET' && path === '/goals') return [200, state.goals];
    if (m === 'POST' && path === '/goals') {
      if (state.createGoalAnswer) return state.createGoalAnswer;
      const body = call.body as { description: string; metadata: string };
      const goal = makeGoal({
        description: body.description,
        metadata: body.metadata,
        level: JSON.parse(body.metadata).level,
        isActive: true,
      });
      state.goals = [goal, ...state.goals.map((g) => ({ ...g, isActive: false }))];
      return [201, goal];
    }
    if (m === 'POST' && path === '/goals/prerequisite-courses')
      return [200, { recommendations: state.recommendations, source: 'offline' }];
    let match = /^\/goals\/([^/]+)\/generate-image$/.exec(path);
    if (m === 'POST' && match) {
      const goal = state.goals.find((g) => g.id === match?.[1]);
      if (!goal) return [404, { message: 'Goal not found', code: 'NOT_FOUND' }];
      goal.imageUrl = `/api/media/goals/${goal.id}.svg`;
      return [200, goal];
    }
    match = /^\/goals\/([^/]+)\/set-active$/.exec(path);
    if (m === 'PUT' && match) {
      state.goals = state.goals.map((g) => ({ ...g, isActive: g.id === match?.[1] }));
      return [200, state.goals.find((g) => g.id === match?.[1])];
    }
    match = /^\/goals\/([^/]+)\/sources(\/text|\/url)?$/.exec(path);
    if (match) {
      const goalId = match[1] ?? '';
      if (m === 'GET') {
        const listed = state.sources.filter((x) => x.goalId === goalId);
        for (const x of state.sources)
          if (x.state === 'processing') {
            x.progress += 50;
            if (x.progress >= 100) Object.assign(x, { state: 'ready', progress: 100 });
          }
        return [
          200,
          { sources: listed.map((x) => ({ ...x })), limits: { perGoal: 3, maxBytes: 10 * 1024 * 1024 } },
        ];
      }
      if (state.addSourceAnswer) {
        const refused = state.addSourceAnswer;
        state.addSourceAnswer = null;
        return refused;
      }
      const body = call.body as { title?: string; url?: string } | undefined;
      const source =
        match[2] === '/text'
          ? makeSource({ goalId, title: body?.title ?? '', origin: 'paste', format: 'text', fileName: null })
          : match[2] === '/url'
            ? makeSource({ goalId, title: body?.url ?? '', origin: 'url', format: null, fileName: null })
            : makeSource({ goalId });
      state.sources.push(source);
      return [202, { ...source }];
    }
    match = /^\/goals\/([^/]+)$/.exec(path);
    if (match) {
      const goal = state.goals.find((g) => g.id === match?.[1]);
      if (!goal) return [404, { message: 'Goal not found', code: 'NOT_FOUND' }];
      if (m === 'DELETE') {
        state.goals = state.goals.filter((g) => g !== goal);
        return [204, undefined];
      }
      return [200, goal];
    }
    match = /^\/assessments\/knowledge\/create-for-goal\/([^/]+)$/.exec(path);
    if (m === 'POST' && match) {
      if (state.assessmentAnswer) return state.assessmentAnswer;
      const { source, topics } = ASSESSMENT;
      return [
        200,
        {
          id: uuid(),
          goalId: match[1],
          goalDescription: 'Learn SQL',
          level: 'Beginner',
          questions: { topics },
          source,
          createdAt: NOW,
        },
      ];
    }
    if (m === 'POST' && /^\/assessments\/knowledge\/[^/]+\/submit$/.test(path))
      return [200, { id: uuid(), answered: 2, correct: 1, total: 1, score: 100 }];
    if (m === 'POST' && /^\/assessments\/knowledge\/[^/]+\/evaluate$/.test(path)) return [200, EVALUATION];
    match = /^\/roadmaps\/([^/]+)\/([^/]+)$/.exec(path);
    if (m === 'POST' && match) {
      if (state.startAnswer) return state.startAnswer;
      fromMaterial = (call.body as { fromMaterial?: boolean } | undefined)?.fromMaterial === true;
      state.job = jobFor(match[2] ?? '', 'queued');
      return [202, { job: state.job, joined: false }];
    }
    match = /^\/roadmaps\/goal\/([^/]+)\/generation$/.exec(path);
    if (m === 'GET' && match) {
      if (!state.job) return [200, { isGenerating: false, job: null }];
      const status =
        state.jobStatuses.length > 1
          ? (state.jobStatuses.shift() ?? 'succeeded')
          : (state.jobStatuses[0] ?? 'succeeded');
      state.job = jobFor(match[1] ?? '', status);
      return [200, { isGenerating: status === 'queued' || status === 'running', job: state.job }];
    }
    return [404, { message: `no fake for ${m} ${path}`, code: 'NOT_FOUND' }];
  };
  const calls = stubFetch(answer);
  const sent = (method: string, pattern: RegExp) =>
    calls.filter((c) => c.method === method && pattern.test(c.url));
  return { state, calls, sent };
}
