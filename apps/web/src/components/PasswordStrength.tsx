import type { TPasswordContext } from '@theone/contracts/auth/password-policy';
import { useTranslation } from 'react-i18next';
import { usePasswordVerdict } from './password-rules';
import './password-strength.css';

/**
 * Strength meter under a new-password field (spec §5: weak, medium, strong), by the server's own rule
 * (contracts password-policy): weak = the server would refuse it, with the reason; medium = accepted; strong =
 * well beyond the rule. `context` is the account (user name, display names), as the server judges it.
 */
export function PasswordStrengthMeter({ value, context }: { value: string | undefined; context?: TPasswordContext }) {
  const { t } = useTranslation();
  const verdict = usePasswordVerdict(value, context);
  if (!value || !verdict) return null;
  const { strength } = verdict;
  const level = { weak: 1, medium: 2, strong: 3 }[strength];
  return (
    <div className={`pwd-strength pwd-strength-${strength}`} data-testid="password-strength" data-strength={strength}>
      {[1, 2, 3].map((i) => (
        <span key={i} className={i <= level ? 'on' : undefined} />
      ))}
      <em>{t(`password_strength_${strength}`)}</em>
    </div>
  );
}
