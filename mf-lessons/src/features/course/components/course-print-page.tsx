// The whole course of a goal on one page, to print or save as PDF: every lesson in plan order, its code and
// formulas as the lesson page renders them, one lesson per printed page. The print stylesheet leaves out
// everything but the course (the shell hides its own chrome in print).
import type { Course, CourseLesson } from '@mindpath/contracts/course-export';
import { useCourse, useSaveCourseZip } from '@mindpath/sdk/course-export-hooks';
import { ApiRequestError } from '@mindpath/sdk/errors';
import { Button, buttonClassName } from '@mindpath/ui/button';
import { Notification } from '@mindpath/ui/notification';
import { PageFrame } from '@mindpath/ui/page-frame';
import { Spinner } from '@mindpath/ui/spinner';
import { lazy, Suspense, useId } from 'react';
import { Link, useParams } from 'react-router';
import { splitLesson } from '../../lesson/index.ts';
import { demoteHeadings } from '../utils/course-markdown.ts';
import styles from './course-print.module.css';

/** The Markdown renderer (KaTeX, highlight.js) is loaded on its own, as on the lesson page. */
const LessonMarkdown = lazy(() =>
  import('../../../components/lesson-markdown.tsx').then((m) => ({ default: m.LessonMarkdown })),
);

export const COURSE_MESSAGES = {
  notFound: 'This course could not be found. It may have been deleted.',
  loadFailed: 'Failed to load the course. Please try again.',
  downloadFailed: 'Failed to download the lessons. Please try again.',
  notWritten:
    'This lesson has not been written yet. Open it once and it will be written for you; it then appears here.',
} as const;

// course h1, section h2, lesson h3: a lesson's own headings (## Overview) go two levels down
const LESSON_HEADING_SHIFT = 2;

function LessonContent({ lesson }: { lesson: CourseLesson }) {
  if (!lesson.content?.trim()) {
    return (
      <p className={styles.notWritten}>
        {COURSE_MESSAGES.notWritten}{' '}
        <Link to={`/lessons/${lesson.id}`} className={styles.screenOnly}>
          Open “{lesson.title}”
        </Link>
      </p>
    );
  }
  const parts = splitLesson(lesson.content, { title: lesson.title });
  return (
    <Suspense fallback={<p className={styles.muted}>Preparing the lesson text…</p>}>
      {parts.before ? <LessonMarkdown markdown={demoteHeadings(parts.before, LESSON_HEADING_SHIFT)} /> : null}
      {parts.image !== null && lesson.imageUrl ? (
        <figure className={styles.figure}>
          <img className={styles.image} src={lesson.imageUrl} alt={parts.image} />
          <figcaption className={styles.caption}>{parts.image}</figcaption>
        </figure>
      ) : null}
      {parts.after ? <LessonMarkdown markdown={demoteHeadings(parts.after, LESSON_HEADING_SHIFT)} /> : null}
    </Suspense>
  );
}

function LessonArticle({ lesson, number }: { lesson: CourseLesson; number: number }) {
  const headingId = useId();
  return (
    <article className={styles.lesson} aria-labelledby={headingId} data-course-lesson="">
      <h3 id={headingId} className={styles.lessonTitle}>
        <span className={styles.number}>{number}.</span> {lesson.title}
      </h3>
      <LessonContent lesson={lesson} />
    </article>
  );
}

function Contents({ course }: { course: Course }) {
  let n = 0;
  return (
    <nav className={`card ${styles.contents}`} aria-label="Contents">
      <h2 className={styles.contentsTitle}>Contents</h2>
      {course.sections.map((section) => (
        <div key={section.id} className={styles.contentsSection}>
          <p className={styles.contentsSectionName}>{section.name}</p>
          <ol className={styles.contentsList} start={n + 1}>
            {section.lessons.map((lesson) => {
              n += 1;
              return (
                <li key={lesson.id}>
                  {lesson.title}
                  {lesson.content?.trim() ? null : <span className={styles.muted}> (not written yet)</span>}
                </li>
              );
            })}
          </ol>
        </div>
      ))}
    </nav>
  );
}

const lessonCount = (course: Course) => course.sections.reduce((sum, s) => sum + s.lessons.length, 0);

/** The printable course at /learning-plan/{goalId}/course. */
export default function CoursePrintPage() {
  const { goalId } = useParams();
  const course = useCourse(goalId);
  const save = useSaveCourseZip(goalId ?? '');

  if (course.isPending) {
    return (
      <div className="page-status" role="status">
        <Spinner />
        Loading the course…
      </div>
    );
  }
  if (course.isError || !goalId) {
    const missing = !goalId || (course.error instanceof ApiRequestError && course.error.status === 404);
    return (
      <PageFrame title="Printable course">
        <Notification kind="error">
          {missing ? COURSE_MESSAGES.notFound : COURSE_MESSAGES.loadFailed}
        </Notification>
        <p className={styles.back}>
          <Link to="/learning-plan" className={buttonClassName({ variant: 'secondary' })}>
            Back to Learning Plan
          </Link>
        </p>
      </PageFrame>
    );
  }

  const data = course.data;
  const total = lessonCount(data);
  let number = 0;
  return (
    <div className={styles.course}>
      <PageFrame
        title={data.title}
        intro={`${data.level} · ${total} ${total === 1 ? 'lesson' : 'lessons'} in ${data.sections.length} ${data.sections.length === 1 ? 'section' : 'sections'}`}
        width="text"
        actions={
          <div className={styles.screenOnly}>
            <div className={styles.actions}>
              <Link to={`/learning-plan/${goalId}`} className={buttonClassName({ variant: 'secondary' })}>
                Back to Learning Plan
              </Link>
              <Button variant="secondary" onClick={() => save.mutate()} disabled={save.isPending}>
                {save.isPending ? 'Preparing the download…' : 'Download lessons (Markdown)'}
              </Button>
              <Button onClick={() => window.print()}>Print or save as PDF</Button>
            </div>
          </div>
        }
      >
        {save.isError ? (
          <div className={styles.screenOnly}>
            <Notification kind="error" onDismiss={() => save.reset()}>
              {COURSE_MESSAGES.downloadFailed}
            </Notification>
          </div>
        ) : null}
        <p className={`${styles.muted} ${styles.screenOnly}`}>
          Your browser’s print dialog can save this page as a PDF: each lesson starts on a new page.
        </p>
        {total === 0 ? (
          <p className={styles.notWritten}>
            This goal has no lessons yet: make its roadmap on the learning plan first.
          </p>
        ) : (
          <Contents course={data} />
        )}
        {data.sections.map((section) => (
          <section key={section.id} className={styles.section} aria-label={section.name}>
            <h2 className={styles.sectionName}>{section.name}</h2>
            {section.lessons.map((lesson) => {
              number += 1;
              return <LessonArticle key={lesson.id} lesson={lesson} number={number} />;
            })}
          </section>
        ))}
      </PageFrame>
    </div>
  );
}
