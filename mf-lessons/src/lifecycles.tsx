import { createLifecycles, pageRoutes } from '@mindpath/mf/lifecycles';
import CoursePrintPage from './features/course/components/course-print-page.tsx';
import LessonPage from './features/lesson/components/lesson-page.tsx';
import LessonAssessmentPage from './features/lesson-assessment/components/lesson-assessment-page.tsx';
import ReviewPage from './features/review/components/review-page.tsx';

/** single-spa lifecycles of mf-lessons: its pages in a MemoryRouter, for the standalone page and tests. */
export const lifecycles = createLifecycles({
  name: 'lessons',
  defaultPath: '/lessons/1',
  routes: pageRoutes('lessons', {
    LessonPage: <LessonPage />,
    LessonAssessmentPage: <LessonAssessmentPage />,
    ReviewPage: <ReviewPage />,
    CoursePrintPage: <CoursePrintPage />,
  }),
});

export const { bootstrap, mount, unmount } = lifecycles;
