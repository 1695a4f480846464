import { EmptyState, PageFrame } from '@mindpath/ui/page-frame';

export default function LessonAssessmentPage() {
  return (
    <PageFrame title="Lesson assessment">
      <EmptyState title="Lesson assessments are not available yet">
        Assessments arrive with the lessons feature.
      </EmptyState>
    </PageFrame>
  );
}
