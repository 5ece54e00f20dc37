/**
 * The rule for a new password (issue 11 item 4; OWASP ASVS 2.1 and NIST SP 800-63B 5.1.1.2: length and a blocklist,
 * no forced character classes), the same text for the server and the web's strength meter:
 *
 * 1. PASSWORD_MIN_LENGTH (10) to PASSWORD_MAX_LENGTH (64) characters (characters, not UTF-16 units; a space counts);
 * 2. not containing the account's user name (any letter case);
 * 3. not guessable: zxcvbn-ts (MIT) with its common dictionaries (49,233 passwords ranked by frequency in public
 *    password leaks, the 7,776 diceware words, keyboard layouts) must estimate at least 10^8 guesses (its score 3). That refuses common
 *    passwords and their variants ('P@ssw0rd2024', 'Password123!'), keyboard walks ('1qaz2wsx3edc'), sequences,
 *    repetitions, and dates or years on a common word; the user's own names are given as context.
 *
 * Stored passwords are never judged again: the rule applies when a password is set (change, first-login change,
 * reset, new user, import, the production administrator's generated password), so the demo accounts keep theirs.
 *
 * Cost: the first call builds the dictionaries (about 50 ms), then a check takes 1-30 ms of CPU for 64 characters.
 * The server's body schemas therefore check only the length (cheap, before any rate limit); the full rule runs in
 * the handler after the caller is known (see `assertNewPassword` on the server).
 */
import { ZxcvbnFactory } from '@zxcvbn-ts/core';
import { adjacencyGraphs, dictionary } from '@zxcvbn-ts/language-common';
import {
  PASSWORD_PROBLEMS,
  passwordLengthProblem,
  type TPasswordProblem,
  type TPasswordVerdict,
} from './password-rule';

export * from './password-rule';

/** zxcvbn's score 3: 'safely unguessable' (10^8 guesses or more). */
export const PASSWORD_MIN_SCORE = 3;

export interface TPasswordContext {
  /** The account's user name: refused inside the password, and given to the estimator. */
  userName?: string;
  /** Other personal words (display names) the estimator treats as known to an attacker. */
  names?: readonly (string | null | undefined)[];
}

/** zxcvbn's warning -> our refusal. */
const BY_WARNING: Record<string, TPasswordProblem> = {
  topTen: PASSWORD_PROBLEMS.common,
  topHundred: PASSWORD_PROBLEMS.common,
  common: PASSWORD_PROBLEMS.common,
  similarToCommon: PASSWORD_PROBLEMS.common,
  pwned: PASSWORD_PROBLEMS.common,
  straightRow: PASSWORD_PROBLEMS.pattern,
  keyPattern: PASSWORD_PROBLEMS.pattern,
  simpleRepeat: PASSWORD_PROBLEMS.pattern,
  extendedRepeat: PASSWORD_PROBLEMS.pattern,
  sequences: PASSWORD_PROBLEMS.pattern,
  recentYears: PASSWORD_PROBLEMS.dates,
  dates: PASSWORD_PROBLEMS.dates,
  wordByItself: PASSWORD_PROBLEMS.words,
  namesByThemselves: PASSWORD_PROBLEMS.words,
  commonNames: PASSWORD_PROBLEMS.words,
  userInputs: PASSWORD_PROBLEMS.personal,
};

let estimator: ZxcvbnFactory | undefined;
function zxcvbn(): ZxcvbnFactory {
  estimator ??= new ZxcvbnFactory({ dictionary: { ...dictionary }, graphs: adjacencyGraphs });
  return estimator;
}

/** Judges a new password against the rule; `context` names the account it is for. */
export function judgePassword(password: string, context: TPasswordContext = {}): TPasswordVerdict {
  const badLength = passwordLengthProblem(password);
  if (badLength) return badLength;
  const userName = context.userName?.trim().toLowerCase() ?? '';
  if (userName && password.toLowerCase().includes(userName))
    return { problem: PASSWORD_PROBLEMS.containsUserName, strength: 'weak' };
  const inputs = [userName, ...(context.names ?? [])]
    .map((v) => v?.trim())
    .filter((v): v is string => Boolean(v))
    .flatMap((v) => [v, ...v.split(/\s+/).filter((part) => part.length >= 3)]);
  const result = zxcvbn().check(password, inputs);
  if (result.score < PASSWORD_MIN_SCORE) {
    const warning = result.feedback.warning ?? '';
    return { problem: BY_WARNING[warning] ?? PASSWORD_PROBLEMS.guessable, strength: 'weak' };
  }
  return { problem: null, strength: result.score >= 4 ? 'strong' : 'medium' };
}
