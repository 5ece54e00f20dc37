import { waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, expect, type Mock } from 'vitest';
import { type AuthState, authStore, clearSession } from '../../../lib/session';
import { answerConfirm, spyFeedback } from '../../../test/feedback-spy';

type TFeedbackSpies = ReturnType<typeof spyFeedback>;

/** The admin of the bus tests: every permission, no fee role (add `isFeeRole`, `timezone` where a test needs them). */
export const ADMIN_SESSION: Partial<AuthState> = { permissions: ['*:*:*'], roles: ['admin'], isFeeRole: false };

/**
 * Test fixture for a file of bus web tests: before every test, signs `session` in (null: nobody), runs `reset` (the
 * file's api mocks) and replaces antd's toasts and prompts with spies; after it, restores them and clears the
 * session. The answer's `message` and `modal` are the running test's spies.
 */
export function withTestSession(
  session: Partial<AuthState> | null,
  reset?: () => void,
): Pick<TFeedbackSpies, 'message' | 'modal'> {
  let spies: TFeedbackSpies | undefined;
  beforeEach(() => {
    if (session) authStore.set(session);
    reset?.();
    spies = spyFeedback();
  });
  afterEach(() => {
    spies?.restore();
    clearSession();
  });
  const current = () => {
    if (!spies) throw new Error('withTestSession: the spies exist only while a test runs');
    return spies;
  };
  return {
    get message() {
      return current().message;
    },
    get modal() {
      return current().modal;
    },
  };
}

/** Resets every mock of a file's api double, each then answering `value`. */
export function resetAll(api: Record<string, Mock>, value: unknown) {
  for (const fn of Object.values(api)) fn.mockReset().mockResolvedValue(value);
}

/**
 * A dialog's prompt answered Cancel: clicks `ok`, then the prompt was asked once, `call` was not made and the dialog
 * did not close (`onClose` not called).
 */
export async function cancelThePrompt(
  toasts: Pick<TFeedbackSpies, 'modal'>,
  ok: () => HTMLElement,
  call: Mock,
  onClose: Mock,
) {
  answerConfirm(toasts.modal, false);
  await userEvent.click(ok());
  await waitFor(() => expect(toasts.modal.confirm).toHaveBeenCalledTimes(1));
  expect(call).not.toHaveBeenCalled();
  expect(onClose).not.toHaveBeenCalled();
}
