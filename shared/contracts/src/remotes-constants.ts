// The remotes and what each exposes, apart from the zod schema of /remotes.json (remotes.ts): the shell's
// registry reads them on every page without loading zod.
import { CANARY_SHARE_MAX, CANARY_SHARE_MIN } from './canary-constants.ts';
import type { RemotesManifest } from './remotes.ts';

/**
 * What each remote exposes to the shell. The shell's route table and slots are typed against this, and the
 * contract test loads every built remote's mf-manifest.json and checks these exposes are all there.
 * Every remote also exposes './lifecycles' (single-spa bootstrap/mount/unmount) for standalone runs and tests.
 */
export const REMOTES = {
  auth: {
    scope: 'mf_auth',
    exposes: [
      './LandingPage',
      './LoginPage',
      './RegisterPage',
      './PrivacyPolicyPage',
      './AboutPage',
      './ProfileTab',
      './AvatarTab',
      './PrivacyTab',
    ],
  },
  goals: {
    scope: 'mf_goals',
    exposes: [
      './HomePage',
      './GoalsPage',
      './NewGoalPage',
      './GoalAssessmentPage',
      './WelcomeGoalModal',
      './GoalsTab',
    ],
  },
  roadmap: { scope: 'mf_roadmap', exposes: ['./LearningPlanPage', './SharedRoadmapPage'] },
  lessons: {
    scope: 'mf_lessons',
    exposes: ['./LessonPage', './LessonAssessmentPage', './TutorChat', './ReviewPage', './CoursePrintPage'],
  },
  notes: { scope: 'mf_notes', exposes: ['./KnowledgeGraphPage', './CreateNoteDialog'] },
  pomodoro: { scope: 'mf_pomodoro', exposes: ['./FocusTimer'] },
  billing: {
    scope: 'mf_billing',
    exposes: [
      './SubscriptionSuccessPage',
      './SubscriptionCancelPage',
      './SubscriptionTab',
      './PlanCards',
      './PricingPage',
    ],
  },
} as const satisfies Record<string, { scope: string; exposes: readonly `./${string}`[] }>;

export const LIFECYCLES_EXPOSE = './lifecycles';

export type RemoteName = keyof typeof REMOTES;
export const REMOTE_NAMES = Object.keys(REMOTES) as RemoteName[];
export type RemoteExpose<N extends RemoteName> = (typeof REMOTES)[N]['exposes'][number];
/** 'goals/GoalsPage' and the like: the id the shell hands to loadRemote. */
export type RemoteModuleId = {
  [N in RemoteName]: `${N}/${RemoteExpose<N> extends `./${infer E}` ? E : never}`;
}[RemoteName];

/**
 * Every exposed page or slot is a component with no required props; it reads the router and the SDK.
 * The exception is notes/CreateNoteDialog, loaded by other remotes: its props are CreateNoteDialogProps
 * (shared/contracts/src/notes.ts), its module type CreateNoteDialogModule.
 */
export type RemoteComponentModule = { default: (props: Record<string, never>) => unknown };

/** The single-spa lifecycles every remote exports at './lifecycles'. */
export interface RemoteLifecycleProps {
  name: string;
  domElement: HTMLElement;
  /** initial route for the standalone router (MemoryRouter); defaults to the remote's first page */
  initialPath?: string;
}

/** RemotesManifestSchema's check without zod (a test holds the two in step): /remotes.json as the shell reads it. */
export function isRemotesManifest(value: unknown): value is RemotesManifest {
  if (!isRecord(value) || typeof value.updatedAt !== 'string' || !isRecord(value.remotes)) return false;
  return Object.entries(value.remotes).every(
    ([name, info]) =>
      name in REMOTES &&
      (info === undefined ||
        (isRemoteVersion(info) &&
          (info.canary === undefined ||
            (isRemoteVersion(info.canary) &&
              typeof info.canary.share === 'number' &&
              info.canary.share >= CANARY_SHARE_MIN &&
              info.canary.share <= CANARY_SHARE_MAX)))),
  );
}

const isRemoteVersion = (v: unknown): v is Record<string, unknown> =>
  isRecord(v) && typeof v.version === 'string' && typeof v.entry === 'string';

const isRecord = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);
