// Keeping the course: the goal's lessons as Markdown files in a zip, or the whole course as one page to
// print or save as PDF.
import { useSaveCourseZip } from '@mindpath/sdk/course-export-hooks';
import { Button, buttonClassName } from '@mindpath/ui/button';
import { useId } from 'react';
import { Link } from 'react-router';
import panel from '../../../components/plan-panel.module.css';

export const DOWNLOAD_LESSONS_FAILED = 'Failed to download the lessons. Please try again.';

export function KeepCoursePanel({ goalId }: { goalId: string }) {
  const headingId = useId();
  const save = useSaveCourseZip(goalId);
  return (
    <section className={`card ${panel.panel}`} aria-labelledby={headingId}>
      <div className={panel.head}>
        <h2 id={headingId} className={panel.title}>
          Keep this course
        </h2>
      </div>
      <p className={panel.muted}>
        Take your lessons with you: as Markdown files with their images, or as one page to print or save as
        PDF.
      </p>
      <div className={panel.actions}>
        <Button variant="secondary" size="sm" onClick={() => save.mutate()} disabled={save.isPending}>
          {save.isPending ? 'Preparing the download…' : 'Download lessons (Markdown)'}
        </Button>
        <Link
          to={`/learning-plan/${goalId}/course`}
          className={buttonClassName({ variant: 'secondary', size: 'sm' })}
        >
          Printable course
        </Link>
      </div>
      {save.isError ? (
        <p className={panel.error} role="alert">
          {DOWNLOAD_LESSONS_FAILED}
        </p>
      ) : null}
    </section>
  );
}
