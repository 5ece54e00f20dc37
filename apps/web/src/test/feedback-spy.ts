import { vi } from 'vitest';
import { type MessageApi, type ModalApi, setFeedback } from '../lib/feedback';

/** Replaces antd's message and modal with spies for a test; returns them. */
export function spyFeedback() {
  const message = {
    success: vi.fn(),
    error: vi.fn(),
    warning: vi.fn(),
    info: vi.fn(),
    loading: vi.fn(),
    open: vi.fn(),
    destroy: vi.fn(),
  };
  const modal = {
    confirm: vi.fn(),
    info: vi.fn(),
    success: vi.fn(),
    error: vi.fn(),
    warning: vi.fn(),
  };
  setFeedback({ message: message as unknown as MessageApi, modal: modal as unknown as ModalApi });
  return { message, modal, restore: () => setFeedback(undefined) };
}

/** Makes the next confirm prompt answer OK (true) or Cancel (false). */
export function answerConfirm(modal: ReturnType<typeof spyFeedback>['modal'], ok: boolean) {
  modal.confirm.mockImplementationOnce((config: { onOk?: () => unknown; onCancel?: () => unknown }) => {
    if (ok) config.onOk?.();
    else config.onCancel?.();
  });
}
