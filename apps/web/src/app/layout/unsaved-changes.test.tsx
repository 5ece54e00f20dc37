import { render } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { hasUnsavedChanges, useUnsavedChanges } from './unsaved-changes';

/** A form's tab is marked dirty while it has unsaved changes (the tags view asks before closing it). */
function Form({ dirty }: { dirty: boolean }) {
  useUnsavedChanges(dirty);
  return null;
}

describe('useUnsavedChanges', () => {
  it('marks the tab of the page while dirty, and clears it when saved or gone', () => {
    const view = render(
      <MemoryRouter initialEntries={['/bas/agent-edit?id=7']}>
        <Form dirty />
      </MemoryRouter>,
    );
    expect(hasUnsavedChanges(['/bas/agent-edit?id=7'])).toBe(true);
    expect(hasUnsavedChanges(['/bas/agent-edit?id=8'])).toBe(false);
    view.rerender(
      <MemoryRouter initialEntries={['/bas/agent-edit?id=7']}>
        <Form dirty={false} />
      </MemoryRouter>,
    );
    expect(hasUnsavedChanges(['/bas/agent-edit?id=7'])).toBe(false);
  });

  it('asks the browser before unloading a dirty page', () => {
    const view = render(
      <MemoryRouter initialEntries={['/x']}>
        <Form dirty />
      </MemoryRouter>,
    );
    const event = new Event('beforeunload', { cancelable: true });
    window.dispatchEvent(event);
    expect(event.defaultPrevented).toBe(true);
    view.unmount();
    expect(hasUnsavedChanges(['/x'])).toBe(false);
  });
});
