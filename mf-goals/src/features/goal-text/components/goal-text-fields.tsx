import { type GoalLevel, GoalLevelSchema } from '@mindpath/contracts/ai';
import { useId } from 'react';
import styles from './goal-text-fields.module.css';

/** A goal's description and level, as the older goal modal and the settings' Goals tab both ask for them. */
export function GoalTextFields({
  description,
  onDescription,
  level,
  onLevel,
  labels,
}: {
  description: string;
  onDescription: (value: string) => void;
  level: GoalLevel;
  onLevel: (value: GoalLevel) => void;
  labels: { description: string; level: string };
}) {
  const ids = { description: useId(), level: useId() };
  return (
    <div className={styles.fields}>
      <label htmlFor={ids.description} className={styles.label}>
        {labels.description}
      </label>
      <textarea
        id={ids.description}
        className={styles.input}
        rows={3}
        value={description}
        onChange={(e) => onDescription(e.target.value)}
      />
      <label htmlFor={ids.level} className={styles.label}>
        {labels.level}
      </label>
      <select
        id={ids.level}
        className={styles.input}
        value={level}
        onChange={(e) => onLevel(GoalLevelSchema.parse(e.target.value))}
      >
        {GoalLevelSchema.options.map((l) => (
          <option key={l}>{l}</option>
        ))}
      </select>
    </div>
  );
}
