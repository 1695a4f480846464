import { EmptyState, PageFrame } from '@mindpath/ui/page-frame';

export default function LessonPage() {
  return (
    <PageFrame title="Lesson">
      <EmptyState title="Lessons are not available yet">
        Lesson content, audio and resources arrive with the lessons feature.
      </EmptyState>
    </PageFrame>
  );
}
