import { PASSWORD_RULES, passwordRuleResults } from '@mindpath/contracts/auth';
import { strengthMeter } from '../utils/strength-meter.ts';
import styles from './password-strength.module.css';

const SEGMENTS = [1, 2, 3, 4] as const;

/**
 * The live strength meter and requirement list under the register password (spec 1 §5).
 * `showIssues` marks unmet rules as errors (after a submit with a weak password).
 */
export function PasswordStrength({
  password,
  showIssues = false,
}: {
  password: string;
  showIssues?: boolean;
}) {
  const meter = strengthMeter(password);
  const results = passwordRuleResults(password);
  return (
    <div className={styles.root}>
      <div className={styles.meterRow}>
        {/* biome-ignore lint/a11y/useSemanticElements: a 4-segment bar, which a native <meter> cannot draw portably */}
        <div
          role="meter"
          aria-label="Password strength"
          aria-valuemin={0}
          aria-valuemax={PASSWORD_RULES.length}
          aria-valuenow={meter.met}
          aria-valuetext={password ? meter.label : 'No password yet'}
          className={styles.meter}
          data-tone={meter.tone}
        >
          {SEGMENTS.map((n) => (
            <span key={n} className={styles.segment} data-filled={n <= meter.filled ? '' : undefined} />
          ))}
        </div>
        <span className={styles.label} data-tone={meter.tone} aria-live="polite">
          {password ? meter.label : ''}
        </span>
      </div>
      <ul className={styles.rules} aria-label="Password requirements">
        {PASSWORD_RULES.map((rule) => {
          const met = results[rule.id];
          return (
            <li
              key={rule.id}
              className={styles.rule}
              data-met={met ? '' : undefined}
              data-issue={showIssues && !met ? '' : undefined}
            >
              <svg
                width="14"
                height="14"
                viewBox="0 0 16 16"
                fill="none"
                stroke="currentColor"
                strokeWidth="2"
                strokeLinecap="round"
                aria-hidden="true"
              >
                {met ? <path d="M3.5 8.5l3 3 6-7" /> : <circle cx="8" cy="8" r="2.5" />}
              </svg>
              <span>{rule.label}</span>
              <span className="visually-hidden">{met ? '(met)' : '(not met)'}</span>
            </li>
          );
        })}
      </ul>
    </div>
  );
}
