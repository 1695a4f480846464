import type { RateLimitInfo } from '@mindpath/contracts/errors';
import { Button } from '@mindpath/ui/button';
import { RateLimitPanel } from '@mindpath/ui/rate-limit-panel';
import { useNavigate } from 'react-router';
import styles from './lesson.module.css';

/** The Daily Limit Reached panel (spec 2 §6): the server's message, reset and usage; I Understand goes back. */
export function DailyLimit({ info }: { info: RateLimitInfo }) {
  const navigate = useNavigate();
  return (
    <div className={styles.limit}>
      <RateLimitPanel
        title="Daily Limit Reached"
        info={info}
        actions={
          <Button variant="secondary" onClick={() => navigate(-1)}>
            I Understand
          </Button>
        }
      />
    </div>
  );
}
