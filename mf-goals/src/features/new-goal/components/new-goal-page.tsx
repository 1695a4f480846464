import { EmptyState, PageFrame } from '@mindpath/ui/page-frame';

export default function NewGoalPage() {
  return (
    <PageFrame title="New goal" intro="Describe what you want to learn and choose a difficulty level.">
      <EmptyState title="Goal creation is not available yet">
        The new-goal flow arrives with the goals feature.
      </EmptyState>
    </PageFrame>
  );
}
