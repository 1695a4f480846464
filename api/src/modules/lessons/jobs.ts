// The lesson jobs: a lesson's content (its Markdown streamed into the job's progress as it is written, its
// links and books asked for beside it) and a lesson's assessment. The AI calls run outside any transaction;
// the product is written in the transaction that marks the job succeeded, with the usage it counts, so a
// failed generation leaves nothing behind and costs no quota.
import { type AiSource, findImagePlaceholder, type GeneratedLessonResources } from '@mindpath/contracts/ai';
import { lessonCitationIssues } from '@mindpath/contracts/citations-constants';
import {
  normalizeLessonMarkdown,
  type ResourceKind,
  type ResourceLinks,
  type VideoUrlsSchema,
} from '@mindpath/contracts/lessons';
import type { z } from 'zod';
import { AiError } from '../../ai/errors.ts';
import { offlineLessonResources } from '../../ai/offline/lesson.ts';
import { type JobDeps, JobFailure, type JobHandler } from '../jobs/worker.ts';
import { recordUsage, userIsPro } from '../limits/service.ts';
import type { SearchDeps } from '../sources/index.ts';
import { citedPassages, groundingOf } from './passages.ts';
import { findAssessmentOfLesson, findLessonContext, replaceAssessment } from './repository.ts';
import { lessonInput } from './service.ts';
import { regenerationOf, storeWrittenContent } from './versions.ts';

const LESSON_GONE = new JobFailure('lesson_deleted', 'The lesson was deleted before its content was ready.');
/** how often the streamed text so far is stored for readers */
export const PROGRESS_EVERY_MS = 150;
/** shorter than this is no lesson (the schema of a whole lesson asks for 200 characters too) */
const MIN_CONTENT_CHARS = 200;

/** A model may wrap the whole lesson in a ```markdown fence; the lesson is what is inside. */
export function unwrapMarkdownFence(text: string): string {
  const m = /^\s*```(?:markdown|md)?\s*\n([\s\S]*?)\n```\s*$/i.exec(text);
  return m ? m[1]! : text;
}

/**
 * The lesson's videoUrls and resourceLinks JSON text. What the offline generator gives are search pages and
 * curated books; what a model gives is marked a suggestion, never shown as a checked link.
 */
export function resourceJson(resources: GeneratedLessonResources, source: AiSource) {
  const link: ResourceKind = source === 'model' ? 'suggestion' : 'search';
  const book: ResourceKind = source === 'model' ? 'suggestion' : 'curated';
  const videos: z.infer<typeof VideoUrlsSchema> = resources.videos.map((v) => ({ ...v, kind: link }));
  const links: ResourceLinks = {
    articles: resources.articles.map((a) => ({ ...a, kind: link })),
    books: resources.books.map((b) => ({ ...b, kind: book })),
  };
  return { videoUrls: JSON.stringify(videos), resourceLinks: JSON.stringify(links) };
}

const tierOf = async (deps: JobDeps, userId: string) => ((await userIsPro(deps.db, userId)) ? 'pro' : 'free');

// the app's config and log too: a grounded lesson's passages are searched by meaning when embeddings are on
export function lessonContentHandler(deps: JobDeps & SearchDeps): JobHandler {
  const { db, ai, now } = deps;
  return async (job, { signal, progress }) => {
    const ctx = await findLessonContext(db, job.userId, job.target);
    if (!ctx) throw LESSON_GONE;
    // a new version of the lesson (versions.ts): written with the learner's instruction, its links kept
    const regeneration = regenerationOf(job.payload);
    const instruction = regeneration?.instruction ?? null;
    // a lesson of a goal with ready sources is written from its passages, and cites them
    const { passages, citations } = await groundingOf(deps, job.userId, ctx);
    const input = {
      ...lessonInput(ctx),
      ...(instruction ? { instruction } : {}),
      ...(passages.length > 0 ? { passages } : {}),
    };
    const tier = await tierOf(deps, job.userId);
    // the links are asked for while the text streams; when that call fails, the lesson still gets search
    // links (honest, and never an invented URL) rather than failing as a whole
    const resources = regeneration
      ? null
      : ai.generateLessonResources(input, { signal, tier }).then(
          ({ data }) => ({ data, source: data.source, fallback: false }),
          () => ({ data: offlineLessonResources(input), source: 'offline' as const, fallback: true }),
        );
    let text = '';
    // stored at most every PROGRESS_EVERY_MS while pieces come, and once they stop for that long (a model's
    // pause) what came since is stored too: readers would otherwise wait for its next piece to see it. The
    // stores run one after another; a failed one fails the next awaited
    let stored = 0;
    let writes = Promise.resolve();
    let quiet: ReturnType<typeof setTimeout> | undefined;
    const store = () => {
      clearTimeout(quiet);
      stored = Date.now();
      writes = writes.then(() => progress(text));
      return writes;
    };
    try {
      for await (const delta of ai.streamLessonMarkdown(input, { signal, tier })) {
        text += delta;
        clearTimeout(quiet);
        if (Date.now() - stored >= PROGRESS_EVERY_MS) await store();
        else quiet = setTimeout(() => store().catch(() => {}), PROGRESS_EVERY_MS);
      }
    } finally {
      clearTimeout(quiet);
    }
    await store();
    const content = normalizeLessonMarkdown(unwrapMarkdownFence(text));
    if (content.trim().length < MIN_CONTENT_CHARS) {
      throw new AiError('invalid_output', `the lesson is only ${content.trim().length} characters`, {
        task: 'content',
      });
    }
    const links = await resources;
    // a model's paragraphs that cite nothing (or a passage it was not given) are kept as written: the lesson
    // page flags them; operators see how many there were
    const uncited = passages.length > 0 ? lessonCitationIssues(content, passages.length).length : null;
    return {
      result: {
        source: ai.provider.source,
        characters: content.length,
        hasImagePlaceholder: findImagePlaceholder(content) !== null,
        resources: links ? (links.fallback ? 'search-fallback' : links.source) : 'kept',
        ...(uncited !== null ? { passages: passages.length, uncitedParagraphs: uncited } : {}),
        ...(regeneration ? { regenerated: true, instruction: ai.readLessonInstruction(input) } : {}),
      },
      apply: async (tx) => {
        const current = await findLessonContext(tx, job.userId, job.target);
        if (!current) throw LESSON_GONE;
        await storeWrittenContent(
          tx,
          current.lesson,
          {
            content,
            contentSource: ai.provider.source,
            citations,
            instruction,
            regenerate: regeneration !== null,
          },
          links ? resourceJson(links.data, links.source) : null,
          now(),
        );
        await recordUsage(tx, job.userId, 'lesson_generation', now());
      },
    };
  };
}

export function lessonAssessmentHandler(deps: JobDeps): JobHandler {
  const { db, ai } = deps;
  return async (job, { signal }) => {
    const ctx = await findLessonContext(db, job.userId, job.target);
    if (!ctx) throw new JobFailure('lesson_deleted', 'The lesson was deleted.');
    if (!ctx.lesson.content) throw new JobFailure('no_content', 'The lesson has no content yet.');
    const input = lessonInput(ctx);
    // a grounded lesson's quiz asks what the passages it cites state
    const passages = await citedPassages(db, job.userId, ctx.lesson.citations);
    const { data } = await ai.generateLessonQuiz(
      {
        goal: input.goal,
        level: input.level,
        lessonTitle: input.lessonTitle,
        content: ctx.lesson.content,
        ...(passages.length > 0 ? { passages } : {}),
      },
      { signal, tier: await tierOf(deps, job.userId) },
    );
    const replace = (job.payload as { replace?: boolean }).replace === true;
    return {
      result: {
        questions: data.questions.length,
        source: data.source,
        ...(passages.length > 0 ? { passages: passages.length } : {}),
      },
      apply: async (tx) => {
        if (!(await findLessonContext(tx, job.userId, job.target))) {
          throw new JobFailure('lesson_deleted', 'The lesson was deleted.');
        }
        // a plain generation never replaces an assessment that appeared meanwhile (its answers stay)
        if (!replace && (await findAssessmentOfLesson(tx, job.target))) return;
        await replaceAssessment(tx, {
          userId: job.userId,
          lessonId: job.target,
          questions: data.questions,
          source: data.source,
        });
      },
    };
  };
}
