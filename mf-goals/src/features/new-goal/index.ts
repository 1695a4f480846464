// What other features of mf-goals use of new-goal: they import it from here, never from its folders (biome.json).
export { NewGoalWizard } from './components/new-goal-wizard.tsx';
export { OfflineNote } from './components/offline-note.tsx';
export { QuestionField } from './components/question-field.tsx';
export { ResumedGeneration } from './components/resumed-generation.tsx';
export { default as wizardStyles } from './components/wizard.module.css';
export { buildingOf } from './utils/building-param.ts';
export { MissingUserError, requireUserId } from './utils/user-id.ts';
export { answerKey, flatQuestions, initialSelection, isAnswered } from './utils/wizard-state.ts';
