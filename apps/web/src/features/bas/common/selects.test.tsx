import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { StaffSelect } from './selects';

/**
 * The mark form's sales picker lists only sales staff (issue 10 item 9). A customer whose sales person has left the
 * job still shows that person's name (not a bare id) and may keep them: the server accepts the person a mark
 * already names.
 */
vi.mock('../api', async (original) => ({
  ...(await original<typeof import('../api')>()),
  useStaff: () => ({
    isLoading: false,
    options: [
      { value: 2, label: '王丽 (sales)' },
      { value: 3, label: 'Somchai (sales2)' },
    ],
  }),
}));

describe('StaffSelect', () => {
  it('shows the kept person who left the job by name, marked, besides the job holders', async () => {
    render(<StaffSelect kind="sales" value={9} keep={{ id: 9, name: '赵六' }} open />);
    expect(await screen.findAllByText('赵六（已不在此岗位）')).not.toHaveLength(0);
    expect(screen.getAllByText('王丽 (sales)')).not.toHaveLength(0);
  });

  it('adds nothing when the kept person still holds the job', async () => {
    render(<StaffSelect kind="sales" value={2} keep={{ id: 2, name: '王丽' }} open />);
    expect(screen.queryByText(/已不在此岗位/)).toBeNull();
    expect(screen.getAllByText('王丽 (sales)')).not.toHaveLength(0);
  });

  it('without a kept person lists the job holders only', async () => {
    const user = userEvent.setup();
    render(<StaffSelect kind="sales" data-testid="s" />);
    await user.click(screen.getByRole('combobox'));
    expect(screen.getAllByText('Somchai (sales2)')).not.toHaveLength(0);
    expect(screen.queryByText(/已不在此岗位/)).toBeNull();
  });
});
