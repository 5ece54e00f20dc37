import { fireEvent, screen, waitFor } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import { describe, expect, it } from 'vitest';
import { renderRouted, Where } from '../../test/render';
import ForbiddenPage from './ForbiddenPage';
import NotFoundPage from './NotFoundPage';

/** /404 and /401: the text, 'Back home' (the primary button unless another action follows it). */
const open = (path: string) =>
  renderRouted(
    path,
    <>
      <Routes>
        <Route path="/404" element={<NotFoundPage />} />
        <Route path="/401" element={<ForbiddenPage />} />
        <Route path="/home" element={<div>home</div>} />
      </Routes>
      <Where part="path" />
    </>,
  );
const home = () => screen.getByRole('button', { name: '返回首页' });

describe('error pages', () => {
  it('/404 says the page is not there and goes back home with its primary button', async () => {
    open('/404');
    expect(document.title).toContain('404');
    expect(home().className).toContain('ant-btn-primary');
    fireEvent.click(home());
    await waitFor(() => expect(screen.getByTestId('where').textContent).toBe('/home'));
  });

  it('/401 offers back home and, as the primary button, to sign in again', () => {
    open('/401');
    expect(home().className).not.toContain('ant-btn-primary');
    expect(screen.getByRole('button', { name: '重新授权' }).className).toContain('ant-btn-primary');
  });
});
