import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { authStore, clearSession } from '../../../lib/session';
import type { LoadWire } from './api';
import { LoadPhotos } from './LoadPhotos';

/**
 * The load's Photos section: thumbnails by kind; editors upload images under the chosen kind and delete one (with
 * a confirmation); readers and finished loads (L5) get no controls; a non-image is refused before any upload.
 */
vi.setConfig({ testTimeout: 30_000 });

const api = vi.hoisted(() => ({ addLoadFiles: vi.fn(), deleteLoadFile: vi.fn(), uploadFile: vi.fn() }));
vi.mock('./api', async (importOriginal) => ({
  ...(await importOriginal<object>()),
  addLoadFiles: api.addLoadFiles,
  deleteLoadFile: api.deleteLoadFile,
}));
vi.mock('../../../components/UploadField', async (importOriginal) => ({
  ...(await importOriginal<object>()),
  uploadFile: api.uploadFile,
}));
vi.mock('../../../components/AuthImage', () => ({
  AuthImageGroup: ({ fileIds, extra }: { fileIds: string[]; extra?: (id: string, i: number) => ReactNode }) => (
    <div>
      {fileIds.map((id, i) => (
        <span key={id} data-testid={`thumb-${id}`}>
          {extra?.(id, i)}
        </span>
      ))}
    </div>
  ),
}));

const wrap = (node: ReactNode) => <QueryClientProvider client={new QueryClient()}>{node}</QueryClientProvider>;
const file = (id: number, kind: string): LoadWire['LoadFileRow'] => ({
  id,
  kind,
  fileId: `00000000-0000-4000-8000-00000000000${id}`,
  name: `p${id}.jpg`,
  createBy: 'dispatcher',
  createTime: '2026-11-23T02:00:00.000Z',
});

beforeEach(() => {
  authStore.set({ permissions: ['bus:loadplan:edit'], roles: ['dispatcher'], isFeeRole: false });
  for (const f of Object.values(api)) f.mockReset();
});
afterEach(() => clearSession());

describe('LoadPhotos', () => {
  it('groups thumbnails by kind and uploads under the chosen kind', async () => {
    const onChanged = vi.fn();
    const files = [file(1, '2'), file(2, '1'), file(3, '2')];
    api.uploadFile.mockResolvedValue({ fileId: 'new-id', name: 'seal.jpg' });
    api.addLoadFiles.mockResolvedValue([...files, file(4, '3')]);
    const { container } = render(wrap(<LoadPhotos load={{ id: 7, status: 1 }} files={files} onChanged={onChanged} />));
    expect(screen.getByTestId('load-photos-1').querySelectorAll('[data-testid^="thumb-"]')).toHaveLength(1);
    expect(screen.getByTestId('load-photos-2').querySelectorAll('[data-testid^="thumb-"]')).toHaveLength(2);
    expect(screen.queryByTestId('load-photos-3')).toBeNull();

    await userEvent.click(screen.getByText('装柜照片'));
    const input = container.querySelector('input[type="file"]') as HTMLInputElement;
    await userEvent.upload(input, new File(['x'], 'loading.jpg', { type: 'image/jpeg' }));
    await waitFor(() => expect(api.addLoadFiles).toHaveBeenCalledWith(7, '3', ['new-id']));
    await waitFor(() => expect(onChanged).toHaveBeenCalledWith([...files, file(4, '3')]));
  });

  it('refuses a file that is not an image without uploading it', async () => {
    const { container } = render(wrap(<LoadPhotos load={{ id: 7, status: 0 }} files={[]} onChanged={vi.fn()} />));
    expect(screen.getByText('还没有照片')).toBeTruthy();
    const input = container.querySelector('input[type="file"]') as HTMLInputElement;
    await userEvent.upload(input, new File(['%PDF'], 'doc.pdf', { type: 'application/pdf' }), { applyAccept: false });
    await new Promise((r) => setTimeout(r, 50));
    expect(api.uploadFile).not.toHaveBeenCalled();
  });

  it('deletes one photo after the confirmation', async () => {
    const onChanged = vi.fn();
    api.deleteLoadFile.mockResolvedValue([file(2, '1')]);
    render(wrap(<LoadPhotos load={{ id: 7, status: 2 }} files={[file(1, '2'), file(2, '1')]} onChanged={onChanged} />));
    await userEvent.click(screen.getByTestId('load-photo-delete-1'));
    await userEvent.click(await screen.findByRole('button', { name: /确\s?定/ }));
    await waitFor(() => expect(api.deleteLoadFile).toHaveBeenCalledWith(1));
    expect(onChanged).toHaveBeenCalledWith([file(2, '1')]);
  });

  it('shows no controls to a reader, nor on a finished load', () => {
    authStore.set({ permissions: ['bus:load'], roles: ['service'], isFeeRole: false });
    const { unmount } = render(
      wrap(<LoadPhotos load={{ id: 7, status: 1 }} files={[file(1, '1')]} onChanged={vi.fn()} />),
    );
    expect(screen.queryByTestId('load-photos-upload')).toBeNull();
    expect(screen.queryByTestId('load-photo-delete-1')).toBeNull();
    unmount();
    authStore.set({ permissions: ['bus:load:edit'], roles: ['dispatcher'], isFeeRole: false });
    render(wrap(<LoadPhotos load={{ id: 7, status: 5 }} files={[file(1, '1')]} onChanged={vi.fn()} />));
    expect(screen.queryByTestId('load-photos-upload')).toBeNull();
    expect(screen.getByTestId('load-photos-1')).toBeTruthy();
  });
});
