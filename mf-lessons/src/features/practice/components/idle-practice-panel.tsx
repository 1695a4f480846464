// The lesson's exercises come after its text, below the fold: their chunk (the cards, hints, output and
// verdicts) and their request wait for the page's idle time, so the lesson's first load stays what it was.
import { lazy, Suspense } from 'react';
import { useIdle } from '../hooks/when-idle.ts';

const PracticePanel = lazy(() => import('./practice-panel.tsx'));

export function IdlePracticePanel({ lessonId }: { lessonId: string }) {
  const idle = useIdle();
  if (!idle) return null;
  return (
    <Suspense fallback={null}>
      <PracticePanel lessonId={lessonId} />
    </Suspense>
  );
}
