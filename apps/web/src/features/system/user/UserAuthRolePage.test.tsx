import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

vi.setConfig({ testTimeout: 30_000 });

import { Route, Routes } from 'react-router';
import { spyFeedback } from '../../../test/feedback-spy';
import { answerRequests, renderRouted } from '../../../test/render';
import UserAuthRolePage from './UserAuthRolePage';

/**
 * Assign roles (issue 11 item 1, the web's courtesy; the server is the guard): a role the caller may not give is
 * shown ticked when the user holds it but cannot be unticked, and is sent back unchanged; grantable roles toggle.
 */
let fb: ReturnType<typeof spyFeedback>;
let saved: unknown;

const ROLES = [
  { roleId: 2, roleName: 'Sales role', roleKey: 'sales', status: '0', flag: true, grantable: false },
  { roleId: 9, roleName: 'Helper', roleKey: 'helper', status: '0', flag: false, grantable: true },
];

beforeEach(() => {
  fb = spyFeedback();
  saved = undefined;
  answerRequests((config) => {
    if (config.method === 'put') saved = JSON.parse(String(config.data));
    return config.method === 'get'
      ? { code: 200, msg: 'ok', user: { userId: 5, userName: 'sales', nickName: 'Wang Li' }, roles: ROLES }
      : { code: 200, msg: 'ok' };
  });
});
afterEach(() => fb.restore());

function renderPage() {
  renderRouted(
    '/system/user-auth/role/5',
    <Routes>
      <Route path="/system/user-auth/role/:userId" element={<UserAuthRolePage />} />
      <Route path="/system/user" element={<div>users</div>} />
    </Routes>,
  );
}

const checkboxOf = (name: string) => within(screen.getByText(name).closest('tr')!).getByRole('checkbox');

describe('UserAuthRolePage', () => {
  it('keeps a held role the caller cannot give, and toggles the grantable ones', async () => {
    renderPage();
    await waitFor(() => expect(screen.getByText('Helper')).toBeTruthy());
    const held = checkboxOf('Sales role') as HTMLInputElement;
    expect(held.checked).toBe(true);
    expect(held.disabled).toBe(true);
    fireEvent.click(screen.getByText('Sales role')); // a click on the row changes nothing
    expect((checkboxOf('Sales role') as HTMLInputElement).checked).toBe(true);
    fireEvent.click(screen.getByText('Helper'));
    await waitFor(() => expect((checkboxOf('Helper') as HTMLInputElement).checked).toBe(true));
    fireEvent.click(screen.getByTestId('user-auth-submit'));
    await waitFor(() => expect(saved).toEqual({ userId: 5, roleIds: [2, 9] }));
  });
});
