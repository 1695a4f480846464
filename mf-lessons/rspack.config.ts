import path from 'node:path';
import { createMfConfig } from '@mindpath/mf/create-config';

export default createMfConfig({
  name: 'lessons',
  dir: import.meta.dirname,
  exposes: {
    './LessonPage': './src/features/lesson/components/lesson-page.tsx',
    './LessonAssessmentPage': './src/features/lesson-assessment/components/lesson-assessment-page.tsx',
    './TutorChat': './src/features/chat/components/tutor-chat.tsx',
    './ReviewPage': './src/features/review/components/review-page.tsx',
    './CoursePrintPage': './src/features/course/components/course-print-page.tsx',
    './lifecycles': './src/lifecycles.tsx',
  },
  // the code runner's static module Workers and runtimes (built by @mindpath/runner before this build),
  // loaded from runtimes/ beside this remote's chunks on a lesson's first Run
  copy: [
    { from: path.join(import.meta.dirname, 'node_modules/@mindpath/runner/dist/runtimes'), to: 'runtimes' },
  ],
});
