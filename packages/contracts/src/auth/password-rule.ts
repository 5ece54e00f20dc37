/**
 * The light part of the new-password rule (issue 11 item 4): its limits, its refusals and the length check, which
 * the body schemas use. The full rule, with the common-password estimator, is `judgePassword` in
 * `password-policy.ts` (a separate module: its dictionaries weigh 400 KB, so the web loads them only on a password
 * form).
 */
import type { TPasswordStrength } from '../common/validators';

export const PASSWORD_MIN_LENGTH = 10;
export const PASSWORD_MAX_LENGTH = 64;

/** Translation keys of the refusals (each a sentence saying what to change). */
export const PASSWORD_PROBLEMS = {
  /** 'The password must be 10 to 64 characters' (the sheet's text names the two limits; a test pins them). */
  length: 'err_password_length_range',
  containsUserName: 'err_password_contains_username',
  common: 'err_password_common',
  pattern: 'err_password_pattern',
  dates: 'err_password_dates',
  words: 'err_password_words',
  personal: 'err_password_personal',
  guessable: 'err_password_guessable',
} as const;
export type TPasswordProblem = (typeof PASSWORD_PROBLEMS)[keyof typeof PASSWORD_PROBLEMS];

export interface TPasswordVerdict {
  /** The refusal's translation key, or null when the password may be set. */
  problem: TPasswordProblem | null;
  /** For the meter: weak = refused, medium = accepted, strong = well beyond the rule. */
  strength: TPasswordStrength;
}

/** Characters as a person counts them (an emoji is one); nothing is trimmed, a space is a character. */
export function passwordLength(value: string): number {
  return [...value].length;
}

/** The length part of the rule alone (cheap): the refusal, or null. */
export function passwordLengthProblem(password: string): TPasswordVerdict | null {
  const length = passwordLength(password);
  return length < PASSWORD_MIN_LENGTH || length > PASSWORD_MAX_LENGTH
    ? { problem: PASSWORD_PROBLEMS.length, strength: 'weak' }
    : null;
}
