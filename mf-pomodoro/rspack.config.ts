import { createMfConfig } from '@mindpath/mf/create-config';

export default createMfConfig({
  name: 'pomodoro',
  dir: import.meta.dirname,
  exposes: {
    './FocusTimer': './src/features/focus-timer/components/focus-timer.tsx',
    './lifecycles': './src/lifecycles.tsx',
  },
});
