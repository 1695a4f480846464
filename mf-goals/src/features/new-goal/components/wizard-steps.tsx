import {
  type EvaluatedTopic,
  type GoalLevel,
  GoalLevelSchema,
  type Prerequisite,
} from '@mindpath/contracts/ai';
import { GOAL_DESCRIPTION_MAX_LENGTH, LIMIT_MESSAGES } from '@mindpath/contracts/goals-constants';
import { Button } from '@mindpath/ui/button';
import { Checkbox } from '@mindpath/ui/checkbox';
import { useId } from 'react';
import type { GoalDraft } from '../utils/wizard-state.ts';
import { OfflineNote } from './offline-note.tsx';
import styles from './wizard.module.css';

const LEVEL_HINTS: Record<GoalLevel, string> = {
  Beginner: 'New to the subject',
  Practitioner: 'Know the basics, want depth',
  Advanced: 'Experienced, want mastery',
};

/** Step 1: the goal description and difficulty, with Next. */
export function GoalFormStep({
  draft,
  error,
  busy,
  onEdit,
  onNext,
}: {
  draft: GoalDraft;
  error: string | null;
  busy: boolean;
  onEdit: (patch: Partial<GoalDraft>) => void;
  onNext: () => void;
}) {
  const id = useId();
  return (
    <form
      className={styles.step}
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        onNext();
      }}
    >
      <div className={styles.openField}>
        <label htmlFor={`${id}-goal`} className={styles.label}>
          What do you want to learn?
        </label>
        <textarea
          id={`${id}-goal`}
          className={styles.textarea}
          rows={3}
          maxLength={GOAL_DESCRIPTION_MAX_LENGTH}
          placeholder="e.g. Build web apps with React and TypeScript"
          value={draft.description}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-count ${id}-error` : `${id}-count`}
          onChange={(e) => onEdit({ description: e.target.value })}
          data-autofocus
        />
        <p id={`${id}-count`} className={styles.count}>
          {draft.description.length.toLocaleString('en-US')} /{' '}
          {GOAL_DESCRIPTION_MAX_LENGTH.toLocaleString('en-US')} characters
        </p>
        {error ? (
          <p id={`${id}-error`} className={styles.error} role="alert">
            {error}
          </p>
        ) : null}
      </div>
      <fieldset className={styles.levels}>
        <legend className={styles.label}>Difficulty</legend>
        {GoalLevelSchema.options.map((level) => (
          <label key={level} className={styles.level} data-checked={draft.level === level || undefined}>
            <input
              type="radio"
              name={`${id}-level`}
              value={level}
              checked={draft.level === level}
              onChange={() => onEdit({ level })}
            />
            <span className={styles.levelName}>{level}</span>
            <span className={styles.levelHint}>{LEVEL_HINTS[level]}</span>
          </label>
        ))}
      </fieldset>
      <div className={styles.actions}>
        <Button type="submit" loading={busy}>
          Next
        </Button>
      </div>
    </form>
  );
}

/** Step 2: recommended prerequisite goals, each with 'Pick this goal', or the original goal. */
export function PrerequisitesStep({
  original,
  recommendations,
  source,
  onPick,
  onContinue,
  onBack,
}: {
  original: GoalDraft;
  recommendations: Prerequisite[];
  source: 'offline' | 'model' | undefined;
  onPick: (r: Prerequisite) => void;
  onContinue: () => void;
  onBack: () => void;
}) {
  return (
    <div className={styles.step}>
      <p className={styles.lead}>
        These goals prepare you for “{original.description.trim()}”. Pick one to start there, or continue with
        your goal.
      </p>
      <ul className={styles.prereqs}>
        {recommendations.map((r) => (
          <li key={r.title} className={`card stack ${styles.prereq}`}>
            <div className={styles.prereqHead}>
              <h3 className={styles.prereqTitle}>{r.title}</h3>
              <span className={`badge ${styles.badge}`}>{r.level}</span>
            </div>
            <p>{r.description}</p>
            <p className={styles.muted}>{r.reason}</p>
            <Button
              variant="secondary"
              size="sm"
              onClick={() => onPick(r)}
              aria-label={`Pick this goal: ${r.title}`}
            >
              Pick this goal
            </Button>
          </li>
        ))}
      </ul>
      <OfflineNote source={source} />
      <div className={styles.actions}>
        <Button variant="ghost" onClick={onBack}>
          Back
        </Button>
        <Button onClick={onContinue}>Continue with my goal</Button>
      </div>
    </div>
  );
}

/** Step 3: Skip Assessment, Take Assessment, or learn from the learner's own material. */
export function AssessmentPromptStep({
  goal,
  error,
  busy,
  onSkip,
  onTake,
  onMaterial,
  onBack,
}: {
  goal: GoalDraft;
  error: string | null;
  busy: 'skip' | 'take' | 'material' | null;
  onSkip: () => void;
  onTake: () => void;
  onMaterial: () => void;
  onBack: () => void;
}) {
  return (
    <div className={styles.step}>
      <div className={`card-subtle ${styles.goalSummary}`}>
        <span className={`badge ${styles.badge}`}>{goal.level}</span>
        <p className={styles.goalText}>{goal.description}</p>
      </div>
      <p className={styles.lead}>
        A short knowledge assessment tailors your roadmap to what you already know: you answer a few
        questions, then choose the topics to focus on. Or skip it and get a roadmap for the whole goal. Have a
        book, course notes or a web page to learn from? Learn from your material: the roadmap follows its
        chapters.
      </p>
      {busy === 'take' ? (
        <p className={styles.muted} role="status">
          Generating your assessment...
        </p>
      ) : null}
      {error ? (
        <p className={styles.error} role="alert">
          {error}
        </p>
      ) : null}
      <div className={styles.actions}>
        <Button variant="ghost" onClick={onBack} disabled={busy !== null}>
          Back
        </Button>
        <span className={styles.spacer} />
        <Button
          variant="secondary"
          onClick={onMaterial}
          loading={busy === 'material'}
          disabled={busy !== null && busy !== 'material'}
        >
          Learn from my material
        </Button>
        <Button
          variant="secondary"
          onClick={onSkip}
          loading={busy === 'skip'}
          disabled={busy !== null && busy !== 'skip'}
        >
          Skip Assessment
        </Button>
        <Button onClick={onTake} loading={busy === 'take'} disabled={busy !== null && busy !== 'take'}>
          Take Assessment
        </Button>
      </div>
    </div>
  );
}

/** Step 5: topics with checkboxes, recommended ones checked; at least one stays selected. */
export function TopicsStep({
  topics,
  selected,
  pro,
  source,
  error,
  busy,
  onToggle,
  onBack,
  onGenerate,
}: {
  topics: EvaluatedTopic[];
  selected: string[];
  pro: boolean;
  source: 'offline' | 'model' | undefined;
  error: string | null;
  busy: boolean;
  onToggle: (title: string) => void;
  onBack: () => void;
  onGenerate: () => void;
}) {
  return (
    <div className={styles.step}>
      <p className={styles.lead}>
        Topics marked “Recommended” scored below the mark in your assessment. Your roadmap covers the topics
        you select.
      </p>
      {pro ? null : <p className={styles.muted}>{LIMIT_MESSAGES.freeTopics}</p>}
      <fieldset className={styles.topics}>
        <legend className="visually-hidden">Topics</legend>
        {topics.map((t) => (
          <div key={t.title} className={`card row-between ${styles.topic}`}>
            <Checkbox checked={selected.includes(t.title)} onChange={() => onToggle(t.title)}>
              {t.title}
            </Checkbox>
            <span className={styles.topicMeta}>
              {t.recommendToComplete ? <span className={`badge ${styles.badge}`}>Recommended</span> : null}
              <span className={styles.muted}>Score {t.score}%</span>
            </span>
          </div>
        ))}
      </fieldset>
      {error ? (
        <p className={styles.error} role="alert">
          {error}
        </p>
      ) : null}
      <OfflineNote source={source} />
      <div className={styles.actions}>
        <Button variant="ghost" onClick={onBack} disabled={busy}>
          Back to Assessment
        </Button>
        <Button onClick={onGenerate} loading={busy}>
          Generate Roadmap
        </Button>
      </div>
    </div>
  );
}
