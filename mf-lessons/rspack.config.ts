import { createMfConfig } from '@mindpath/mf/create-config';

export default createMfConfig({
  name: 'lessons',
  dir: import.meta.dirname,
  exposes: {
    './LessonPage': './src/features/lesson/components/lesson-page.tsx',
    './LessonAssessmentPage': './src/features/lesson-assessment/components/lesson-assessment-page.tsx',
    './TutorChat': './src/features/chat/components/tutor-chat.tsx',
    './ReviewPage': './src/features/review/components/review-page.tsx',
    './lifecycles': './src/lifecycles.tsx',
  },
});
