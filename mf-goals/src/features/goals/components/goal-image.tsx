import { useState } from 'react';
import styles from './goals.module.css';

/** Served by the API; shown when a goal has no image yet or its image fails to load (spec 1 §2). */
export const DEFAULT_GOAL_IMAGE = '/api/media/default-goal.svg';

export function GoalImage({ src, className }: { src: string | null; className?: string }) {
  const [failed, setFailed] = useState<string | null>(null);
  const url = src && failed !== src ? src : DEFAULT_GOAL_IMAGE;
  return (
    <img
      className={[styles.image, className].filter(Boolean).join(' ')}
      src={url}
      alt=""
      loading="lazy"
      onError={() => {
        if (src && url === src) setFailed(src);
      }}
    />
  );
}
