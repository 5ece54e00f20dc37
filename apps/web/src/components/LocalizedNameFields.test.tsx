import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { Button, Form } from 'antd';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { changeLanguage } from '../lib/i18n';
import { LocalName } from '../lib/localized';
import { queryClient } from '../lib/query-client';
import { LocalizedNameFields } from './LocalizedNameFields';

vi.setConfig({ testTimeout: 30_000 });

/** A system record's name in three languages (ADR 0007): the edit fields, the shown name, the refetch on a switch. */
afterEach(async () => {
  await act(() => changeLanguage('zh-cn'));
});

describe('LocalizedNameFields', () => {
  it('edits the typed name (required), the English and the Thai name, and keeps what is not touched', async () => {
    const onFinish = vi.fn();
    render(
      <Form initialValues={{ roleName: '业务员', roleNameEn: 'Sales', roleNameTh: 'เซลล์' }} onFinish={onFinish}>
        <LocalizedNameFields name="roleName" label="system_role_name" maxLength={30} translatedMaxLength={60} />
        <Button htmlType="submit">save</Button>
      </Form>,
    );
    expect(screen.getByText('角色名称（英文）')).toBeTruthy();
    expect(screen.getByText('角色名称（泰文）')).toBeTruthy();
    const typed = screen.getByLabelText('角色名称') as HTMLInputElement;
    fireEvent.change(typed, { target: { value: '销售代表' } });
    fireEvent.click(screen.getByText('save'));
    await waitFor(() => expect(onFinish).toHaveBeenCalled());
    expect(onFinish.mock.calls[0]![0]).toEqual({ roleName: '销售代表', roleNameEn: 'Sales', roleNameTh: 'เซลล์' });

    fireEvent.change(typed, { target: { value: ' ' } });
    fireEvent.click(screen.getByText('save'));
    expect(await screen.findByText('角色名称 不能为空')).toBeTruthy();
    expect(onFinish).toHaveBeenCalledTimes(1);
  });
});

describe('LocalName', () => {
  it("shows the interface language's name, else the typed one, and relabels on a language switch", async () => {
    render(<LocalName row={{ roleName: '业务员', roleNameEn: 'Sales', roleNameTh: '' }} field="roleName" />);
    expect(screen.getByText('业务员')).toBeTruthy();
    await act(() => changeLanguage('en'));
    expect(screen.getByText('Sales')).toBeTruthy();
    await act(() => changeLanguage('th'));
    expect(screen.getByText('业务员')).toBeTruthy();
  });

  it('refetches what the server named in the old language when the language changes', async () => {
    const invalidate = vi.spyOn(queryClient, 'invalidateQueries').mockResolvedValue();
    await act(() => changeLanguage('en'));
    expect(invalidate).toHaveBeenCalled();
    invalidate.mockRestore();
  });
});
