import { type PasswordStrength, passwordStrength } from '@mindpath/contracts/auth';

export type StrengthTone = 'none' | 'danger' | 'warning' | 'info' | 'success';

export interface StrengthMeterState {
  /** rules met, 0..5 */
  met: number;
  label: PasswordStrength;
  /** filled segments of the 4-segment bar (0 while the password is empty) */
  filled: 0 | 1 | 2 | 3 | 4;
  tone: StrengthTone;
}

const BY_LABEL: Record<PasswordStrength, { filled: 1 | 2 | 3 | 4; tone: StrengthTone }> = {
  Weak: { filled: 1, tone: 'danger' },
  Fair: { filled: 2, tone: 'warning' },
  Good: { filled: 3, tone: 'info' },
  Strong: { filled: 4, tone: 'success' },
};

/** The live meter under the password field: the contract's label (spec 1 §5) drawn as 4 segments. */
export function strengthMeter(password: string): StrengthMeterState {
  const { met, label } = passwordStrength(password);
  if (password === '') return { met, label, filled: 0, tone: 'none' };
  return { met, label, ...BY_LABEL[label] };
}
