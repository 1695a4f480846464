import { Button } from '@mindpath/ui/button';
import { EmptyState, PageFrame } from '@mindpath/ui/page-frame';

export default function GoalsPage() {
  return (
    <PageFrame
      title="Goals"
      intro="Set a learning goal and Mindpath builds a roadmap of topics and lessons for it."
      actions={
        <Button disabled aria-describedby="goals-add-note">
          Add New Goal
        </Button>
      }
    >
      <EmptyState title="No goals yet">
        <p id="goals-add-note">Goal creation arrives with the goals feature.</p>
      </EmptyState>
    </PageFrame>
  );
}
