import { EmptyState, PageFrame } from '@mindpath/ui/page-frame';

export default function GoalAssessmentPage() {
  return (
    <PageFrame title="Knowledge assessment" intro="A few questions to tailor your learning plan.">
      <EmptyState title="Assessments are not available yet">
        Knowledge assessments arrive with the goals feature.
      </EmptyState>
    </PageFrame>
  );
}
