// Every job kind the worker runs, built over the app's database, AI and clock.

import type { JobKind } from '@mindpath/contracts/jobs-constants';
import { CHAT_ANSWER_JOB, chatAnswerHandler } from '../chat/answer-job.ts';
import { lessonAssessmentHandler, lessonContentHandler } from '../lessons/jobs.ts';
import { LESSON_ASSESSMENT_JOB, LESSON_CONTENT_JOB } from '../lessons/service.ts';
import { roadmapHandler, sectionLessonsHandler } from '../roadmaps/jobs.ts';
import { ROADMAP_JOB, SECTION_LESSONS_JOB } from '../roadmaps/service.ts';
import type { JobDeps, JobHandler } from './worker.ts';

/** A handler for every kind of JOB_KINDS (the record's type makes a kind without one a type error). */
export function createJobHandlers(deps: JobDeps): Record<JobKind, JobHandler> {
  return {
    [ROADMAP_JOB]: roadmapHandler(deps),
    [SECTION_LESSONS_JOB]: sectionLessonsHandler(deps),
    [LESSON_CONTENT_JOB]: lessonContentHandler(deps),
    [LESSON_ASSESSMENT_JOB]: lessonAssessmentHandler(deps),
    [CHAT_ANSWER_JOB]: chatAnswerHandler(deps),
  };
}
