import type { Lesson, SubmittedAnswer } from '@mindpath/contracts/lessons';
import { type QueryClient, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { ApiRequestError } from './errors.ts';
import { useIsAuthenticated } from './hooks.ts';
import { lessonsApi } from './lessons-api.ts';
import { queryKeys } from './query-keys.ts';
import { reconnectDelay, STREAM_RECONNECTS } from './stream-reconnect.ts';

/** spec 2 §9: the assessment's generation status is polled every 2 s. */
export const ASSESSMENT_POLL_MS = 2000;
/** spec 2 §9: the next lesson's content generation starts 2 s after the assessment page opens… */
export const NEXT_LESSON_DELAY_MS = 2000;
/** …and is polled every 3 s. */
export const NEXT_LESSON_POLL_MS = 3000;

/** A 4xx answer will not change on a retry (no such lesson, not yours). */
const refused = (err: unknown) => err instanceof ApiRequestError && err.status < 500;
const retryServerErrors = (failures: number, err: Error) => failures < 1 && !refused(err);

export function useLesson(lessonId: string | undefined) {
  const authenticated = useIsAuthenticated();
  return useQuery({
    queryKey: queryKeys.lesson(lessonId ?? ''),
    queryFn: () => lessonsApi.get(lessonId ?? ''),
    enabled: authenticated && Boolean(lessonId),
    staleTime: 0,
    retry: retryServerErrors,
  });
}

/**
 * A lesson changed (content stored, completed, a version restored): its query, the plan and the goals read
 * it again, and what hangs on its content (its versions, its audio) under its key.
 */
export function lessonChanged(client: QueryClient, lesson: Lesson) {
  client.setQueryData(queryKeys.lesson(lesson.id), lesson);
  void client.invalidateQueries({ queryKey: [...queryKeys.lesson(lesson.id), 'versions'] });
  void client.invalidateQueries({ queryKey: queryKeys.lessonAudio(lesson.id) });
  void client.invalidateQueries({ queryKey: queryKeys.learningPlan });
  void client.invalidateQueries({ queryKey: queryKeys.goals });
}

export type ContentPhase = 'idle' | 'starting' | 'streaming' | 'failed';

/** One start per lesson per page load: re-renders, Strict Mode's second effect and two hooks share it. */
const starts = new Map<string, Promise<Lesson>>();

/**
 * A lesson without content: its generation started (or joined) once, then the text followed as it is
 * written. `text` holds what has arrived; when the content is stored the lesson query gets it. A plan limit
 * rejects the start with a RateLimitError (the Daily Limit Reached panel); other failures set `error`.
 */
export function useLessonContent(lesson: Lesson | undefined) {
  const client = useQueryClient();
  const [text, setText] = useState('');
  const [phase, setPhase] = useState<ContentPhase>('idle');
  const [error, setError] = useState<Error | null>(null);
  const [attempt, setAttempt] = useState(0);
  const lessonId = lesson?.id;
  // a new version being written (a regeneration): followed the same way, the content shown until it is stored
  const regenerating = Boolean(lesson && !lesson.limit && lesson.content !== null && lesson.isGenerating);
  const needed = Boolean(lesson && lesson.content === null && !lesson.limit) || regenerating;

  // biome-ignore lint/correctness/useExhaustiveDependencies: `attempt` changes on Retry, to run it again
  useEffect(() => {
    if (!lessonId || !needed) return;
    const abort = new AbortController();
    let start: Promise<Lesson | null> | undefined = regenerating
      ? Promise.resolve(null)
      : starts.get(lessonId);
    if (!start) {
      const started = lessonsApi.generateContent(lessonId).then((out) => out.lesson);
      starts.set(lessonId, started);
      // a failed start may be tried again (Retry); a started one is followed, never started twice
      started.catch(() => starts.delete(lessonId));
      start = started;
    }
    setPhase('starting');
    setError(null);
    void (async () => {
      let ended = false;
      try {
        const started = await start;
        if (started && started.content !== null) {
          lessonChanged(client, started);
          return;
        }
        setPhase('streaming');
        setText('');
        const follow = () =>
          lessonsApi.streamContent(
            lessonId,
            (event) => {
              if (event.type === 'delta') setText((t) => (event.reset ? event.text : t + event.text));
              else if (event.type === 'done') {
                ended = true;
                starts.delete(lessonId);
                lessonChanged(client, event.lesson);
              } else {
                ended = true;
                starts.delete(lessonId);
                setError(new Error(event.message));
                setPhase('failed');
                // a new version that failed leaves the lesson as it was: read it again (no longer generating)
                if (regenerating) void client.invalidateQueries({ queryKey: queryKeys.lesson(lessonId) });
              }
            },
            abort.signal,
          );
        // a stream cut before its end (its API instance stopped, a network blip) is opened again: any
        // instance serves it, its first delta replacing the text so far
        for (let reconnects = 0; ; reconnects += 1) {
          try {
            await follow();
            if (ended || abort.signal.aborted || reconnects >= STREAM_RECONNECTS) break;
          } catch (err) {
            if (abort.signal.aborted || refused(err) || reconnects >= STREAM_RECONNECTS) throw err;
          }
          await reconnectDelay(reconnects);
        }
        if (!ended && !abort.signal.aborted) {
          // the stream kept closing early: what the lesson holds now decides
          starts.delete(lessonId);
          await client.invalidateQueries({ queryKey: queryKeys.lesson(lessonId) });
        }
      } catch (err) {
        if (abort.signal.aborted) return;
        setError(err instanceof Error ? err : new Error(String(err)));
        setPhase('failed');
      }
    })();
    return () => abort.abort();
  }, [lessonId, needed, regenerating, client, attempt]);

  return { text, phase, error, regenerating, retry: () => setAttempt((a) => a + 1) };
}

/** spec 2 §4: once the content exists, the assessment's generation starts once in the background. */
export function useBackgroundAssessment(lesson: Lesson | undefined) {
  const done = useRef<string | null>(null);
  const ready = Boolean(lesson?.content && !lesson.limit);
  const lessonId = lesson?.id;
  useEffect(() => {
    if (!lessonId || !ready || done.current === lessonId) return;
    done.current = lessonId;
    lessonsApi.generateAssessment(lessonId).catch((err: unknown) => {
      // the assessment page starts it again when opened; nothing for the reader to do here
      console.warn('[mindpath] background assessment generation', err);
    });
  }, [lessonId, ready]);
}

export function useGenerateImage(lessonId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => lessonsApi.generateImage(lessonId),
    onSuccess: ({ imageUrl }) =>
      client.setQueryData<Lesson>(queryKeys.lesson(lessonId), (old) => (old ? { ...old, imageUrl } : old)),
  });
}

export function useLessonAudio(lessonId: string, enabled = true) {
  return useQuery({
    queryKey: queryKeys.lessonAudio(lessonId),
    queryFn: () => lessonsApi.audio(lessonId),
    enabled,
    retry: retryServerErrors,
  });
}

export function useGenerateAudio(lessonId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => lessonsApi.generateAudio(lessonId),
    onSuccess: (result) => client.setQueryData(queryKeys.lessonAudio(lessonId), result),
  });
}

/** The lesson's assessment; 404 (none yet) is an answer, not an error: `null`. */
export function useLessonAssessment(lessonId: string | undefined) {
  const authenticated = useIsAuthenticated();
  return useQuery({
    queryKey: queryKeys.lessonAssessment(lessonId ?? ''),
    queryFn: async () => {
      try {
        return await lessonsApi.assessment(lessonId ?? '');
      } catch (err) {
        if (err instanceof ApiRequestError && err.status === 404 && err.code === 'ASSESSMENT_NOT_FOUND')
          return null;
        throw err;
      }
    },
    enabled: authenticated && Boolean(lessonId),
    staleTime: 0,
    retry: retryServerErrors,
  });
}

/** Polled every 2 s while a generation is under way; the assessment is read again when it ends. */
export function useAssessmentStatus(lessonId: string, enabled: boolean) {
  const client = useQueryClient();
  const authenticated = useIsAuthenticated();
  const query = useQuery({
    queryKey: queryKeys.lessonAssessmentStatus(lessonId),
    queryFn: () => lessonsApi.assessmentStatus(lessonId),
    enabled: authenticated && enabled,
    staleTime: 0,
    retry: retryServerErrors,
    refetchInterval: (q) => (q.state.data?.isGenerating === false ? false : ASSESSMENT_POLL_MS),
  });
  const generating = query.data?.isGenerating;
  useEffect(() => {
    if (generating === false)
      void client.invalidateQueries({ queryKey: queryKeys.lessonAssessment(lessonId), exact: true });
  }, [generating, client, lessonId]);
  return query;
}

/** Starts (regenerate: replaces) the assessment's generation; the status query then follows it. */
export function useStartAssessment(lessonId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (replace: boolean) =>
      replace ? lessonsApi.regenerateAssessment(lessonId) : lessonsApi.generateAssessment(lessonId),
    onSuccess: (out) => {
      if (out.assessment) client.setQueryData(queryKeys.lessonAssessment(lessonId), out.assessment);
      client.setQueryData(queryKeys.lessonAssessmentStatus(lessonId), {
        isGenerating: out.job !== null && (out.job.status === 'queued' || out.job.status === 'running'),
        hasAssessment: out.assessment !== null,
        job: out.job,
      });
    },
  });
}

/**
 * Submits the answers; the server scores them. A passing score completes the lesson on the server; the
 * complete call of spec 2 §7 follows, and its failure is only logged (spec 2 §4).
 */
export function useSubmitAssessment(lessonId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (v: { assessmentId: string; answers: SubmittedAnswer[] }) => {
      const out = await lessonsApi.submitAssessment(v.assessmentId, v.answers);
      if (out.submission.passed) {
        await lessonsApi
          .complete(lessonId, out.submission.score)
          .catch((err: unknown) => console.warn('[mindpath] complete lesson', err));
      }
      return out;
    },
    onSuccess: (out) => {
      client.setQueryData(queryKeys.lessonAssessment(lessonId), out.assessment);
      lessonChanged(client, out.lesson);
      void client.invalidateQueries({ queryKey: queryKeys.nextLesson(lessonId) });
      // the questions missed are now review cards
      void client.invalidateQueries({ queryKey: queryKeys.reviews });
    },
  });
}

export function useNextLesson(lessonId: string | undefined) {
  const authenticated = useIsAuthenticated();
  return useQuery({
    queryKey: queryKeys.nextLesson(lessonId ?? ''),
    queryFn: async () => (await lessonsApi.next(lessonId ?? '')).lesson,
    enabled: authenticated && Boolean(lessonId),
    retry: retryServerErrors,
  });
}

/**
 * spec 2 §4: the next lesson's content generation starts 2 s after the assessment page opens and is polled
 * every 3 s, so it is ready when the learner gets there. A refusal (the free plan's limit) is left for the
 * lesson page to show.
 */
export function usePrepareNextLesson(next: Lesson | null | undefined) {
  const [started, setStarted] = useState(false);
  const nextId = next && next.content === null && !next.limit ? next.id : undefined;
  useEffect(() => {
    if (!nextId) return;
    const timer = setTimeout(() => {
      lessonsApi
        .generateContent(nextId)
        .then(() => setStarted(true))
        .catch((err: unknown) => console.warn('[mindpath] next lesson generation', err));
    }, NEXT_LESSON_DELAY_MS);
    return () => clearTimeout(timer);
  }, [nextId]);
  return useQuery({
    queryKey: queryKeys.lessonContentStatus(nextId ?? ''),
    queryFn: () => lessonsApi.contentStatus(nextId ?? ''),
    enabled: started && Boolean(nextId),
    staleTime: 0,
    refetchInterval: (q) => (q.state.data?.isGenerating === false ? false : NEXT_LESSON_POLL_MS),
  });
}
