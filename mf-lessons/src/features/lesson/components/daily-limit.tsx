import type { RateLimitInfo } from '@mindpath/contracts/errors';
import { Button } from '@mindpath/ui/button';
import { RateLimitPanel } from '@mindpath/ui/rate-limit-panel';
import { useLocation, useNavigate } from 'react-router';
import styles from './lesson.module.css';

/**
 * The Daily Limit Reached panel (spec 2 §6): the server's message, reset and usage; I Understand goes back,
 * or to the roadmap when the lesson was the first page opened (a link from elsewhere: no back within the app).
 * A refused new version of a lesson goes back to the lesson itself (`onUnderstood`).
 */
export function DailyLimit({ info, onUnderstood }: { info: RateLimitInfo; onUnderstood?: () => void }) {
  const navigate = useNavigate();
  const { key } = useLocation();
  const back = () =>
    onUnderstood ? onUnderstood() : key === 'default' ? navigate('/learning-plan') : navigate(-1);
  return (
    <div className={styles.limit}>
      <RateLimitPanel
        title="Daily Limit Reached"
        info={info}
        actions={
          <Button variant="secondary" onClick={back}>
            I Understand
          </Button>
        }
      />
    </div>
  );
}
