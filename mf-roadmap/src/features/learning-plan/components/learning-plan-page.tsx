import { EmptyState, PageFrame } from '@mindpath/ui/page-frame';

export default function LearningPlanPage() {
  return (
    <PageFrame title="Learning plan" intro="Your roadmap: milestones and the lessons inside them.">
      <EmptyState title="No learning plan yet">
        Roadmaps and their lessons appear here once the roadmap feature arrives.
      </EmptyState>
    </PageFrame>
  );
}
