import { passwordStrength } from '@theone/contracts/common/validators';
import { useTranslation } from 'react-i18next';
import './password-strength.css';

/** Strength meter under a new-password field (spec §5: weak, medium, strong). */
export function PasswordStrengthMeter({ value }: { value: string | undefined }) {
  const { t } = useTranslation();
  if (!value) return null;
  const strength = passwordStrength(value);
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
