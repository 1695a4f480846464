// The lesson a runnable code block belongs to: a SQL example runs against that lesson's tables.
import { createContext, useContext } from 'react';

export const LessonIdContext = createContext<string | null>(null);

export const useLessonId = () => useContext(LessonIdContext);
