import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { spyFeedback } from '../../test/feedback-spy';
import { AppProviders } from '../providers';
import { colourWarning, DRAWER_WIDTH, SettingsDrawer } from './SettingsDrawer';
import { DEFAULT_SETTINGS, resetSettings, sanitizeSettings, settingsStore } from './settings-store';

// antd renders slowly in jsdom, more so while other test runs share the machine.
vi.setConfig({ testTimeout: 30_000 });

/** The layout settings drawer (spec §2): every option applies at once and is saved under THEONE-. */
let fb: ReturnType<typeof spyFeedback>;
beforeEach(() => {
  fb = spyFeedback();
  resetSettings();
});
afterEach(() => fb.restore());

const stored = () => JSON.parse(localStorage.getItem('THEONE-layout-settings') ?? '{}');

function renderDrawer() {
  return render(
    <AppProviders>
      <SettingsDrawer open onClose={() => undefined} />
    </AppProviders>,
  );
}

describe('settings store', () => {
  it('has the spec defaults', () => {
    expect(DEFAULT_SETTINGS).toMatchObject({
      primaryColor: '#de7a62',
      componentSize: 'mini',
      layout: 'defaults',
      tagsStyle: 'tags-style-one',
      animation: 'slide-right',
      columnsAsideStyle: 'columns-round',
      columnsAsideLayout: 'columns-vertical',
    });
    expect(DRAWER_WIDTH).toBe(240);
  });

  it('keeps only valid stored values', () => {
    const s = sanitizeSettings({
      primaryColor: 'red',
      isDark: 'yes',
      layout: 'classic',
      lockScreenTime: -5,
      tagsStyle: 'x',
    });
    expect(s.primaryColor).toBe('#de7a62');
    expect(s.isDark).toBe(false);
    expect(s.layout).toBe('classic');
    expect(s.lockScreenTime).toBe(0);
    expect(s.tagsStyle).toBe('tags-style-one');
  });
});

describe('<SettingsDrawer>', () => {
  it('is 240 px wide and lists the options', async () => {
    renderDrawer();
    expect(await screen.findByText('布局设置')).toBeTruthy();
    for (const label of [
      '深色模式',
      '菜单折叠',
      '菜单手风琴',
      '固定头部',
      '侧边栏 Logo',
      '面包屑',
      '面包屑图标',
      '标签页',
      '标签页图标',
      '标签页缓存',
      '页脚',
      '灰色模式',
      '色弱模式',
      '标签页风格',
      '页面动画',
      '分栏高亮',
      '分栏布局',
      '自动锁屏（秒）',
    ]) {
      expect(screen.getByText(label), label).toBeTruthy();
    }
    const panel = document.querySelector('.ant-drawer-content-wrapper') as HTMLElement;
    expect(panel.style.width).toBe('240px');
  });

  it('turns dark mode on and saves it', async () => {
    renderDrawer();
    fireEvent.click(await screen.findByTestId('setting-isDark'));
    expect(settingsStore.get().isDark).toBe(true);
    expect(stored().isDark).toBe(true);
    await waitFor(() => expect(document.documentElement.dataset.theme).toBe('dark'));
  });

  it('grayscale and colour-weak set the html classes', async () => {
    renderDrawer();
    fireEvent.click(await screen.findByTestId('setting-isGrayscale'));
    fireEvent.click(screen.getByTestId('setting-isInvert'));
    await waitFor(() => expect(document.documentElement.classList.contains('theone-grayscale')).toBe(true));
    expect(document.documentElement.classList.contains('theone-invert')).toBe(true);
  });

  it('switches the layout', async () => {
    renderDrawer();
    fireEvent.click(await screen.findByTestId('setting-layout-transverse'));
    expect(settingsStore.get().layout).toBe('transverse');
  });

  it('takes a theme colour as hex or rgb', async () => {
    renderDrawer();
    const input = (await screen.findByTestId('setting-colour-input')) as HTMLInputElement;
    fireEvent.change(input, { target: { value: 'rgb(22, 119, 255)' } });
    fireEvent.blur(input);
    expect(settingsStore.get().primaryColor).toBe('#1677ff');
    fireEvent.change(input, { target: { value: '#13C2C2' } });
    fireEvent.keyDown(input, { key: 'Enter', code: 'Enter', keyCode: 13 });
    expect(settingsStore.get().primaryColor).toBe('#13c2c2');
    expect(stored().primaryColor).toBe('#13c2c2');
  });

  it.each([
    ['#12345', 'err_hex_color', '无效的十六进制颜色值'],
    ['rgb(300,1,1)', 'err_rgb_color', '无效的rgb颜色值'],
    ['blue', 'err_color', undefined],
  ])('warns about %s', async (value, key, text) => {
    expect(colourWarning(value)).toBe(key);
    renderDrawer();
    const input = (await screen.findByTestId('setting-colour-input')) as HTMLInputElement;
    fireEvent.change(input, { target: { value } });
    fireEvent.blur(input);
    expect(fb.message.warning).toHaveBeenCalledTimes(1);
    if (text) expect(fb.message.warning).toHaveBeenCalledWith(text);
    expect(settingsStore.get().primaryColor).toBe('#de7a62');
    expect(input.value).toBe('#de7a62');
  });

  it('copies the config', async () => {
    const writeText = vi.fn(async (_text: string) => undefined);
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    renderDrawer();
    fireEvent.click(await screen.findByTestId('settings-copy'));
    await waitFor(() => expect(fb.message.success).toHaveBeenCalledWith('配置复制成功'));
    expect(JSON.parse(writeText.mock.calls[0][0]).primaryColor).toBe('#de7a62');
  });

  it('says when copying fails', async () => {
    Object.defineProperty(navigator, 'clipboard', {
      value: { writeText: () => Promise.reject(new Error('denied')) },
      configurable: true,
    });
    renderDrawer();
    fireEvent.click(await screen.findByTestId('settings-copy'));
    await waitFor(() => expect(fb.message.error).toHaveBeenCalledWith('配置复制失败'));
  });

  it('resets to the defaults', async () => {
    renderDrawer();
    fireEvent.click(await screen.findByTestId('setting-isDark'));
    fireEvent.click(screen.getByTestId('setting-isFooter'));
    act(() => {
      fireEvent.click(screen.getByTestId('settings-reset'));
    });
    expect(settingsStore.get()).toEqual(DEFAULT_SETTINGS);
    expect(stored()).toEqual(DEFAULT_SETTINGS);
  });

  it('sets the idle lock time in seconds', async () => {
    renderDrawer();
    const input = (await screen.findByTestId('setting-lockScreenTime')) as HTMLInputElement;
    fireEvent.change(input, { target: { value: '300' } });
    fireEvent.blur(input);
    expect(settingsStore.get().lockScreenTime).toBe(300);
  });

  it('keeps a negative lock time as typed with its error instead of turning the lock off', async () => {
    renderDrawer();
    const input = (await screen.findByTestId('setting-lockScreenTime')) as HTMLInputElement;
    fireEvent.change(input, { target: { value: '300' } });
    fireEvent.change(input, { target: { value: '-5' } });
    fireEvent.blur(input);
    expect(input.value).toBe('-5');
    expect(screen.getByText('请输入 0 到 86400 之间的整数（0 表示不锁屏）')).toBeTruthy();
    expect(settingsStore.get().lockScreenTime).toBe(300);
  });
});
