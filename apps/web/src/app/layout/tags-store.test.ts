import { afterEach, describe, expect, it } from 'vitest';
import { clearSession } from '../../lib/session';
import {
  closeAllTags,
  closeOtherTags,
  closeTag,
  closeTagsToSide,
  refreshTag,
  setTagTitle,
  tagKey,
  tagsStore,
  visitTag,
} from './tags-store';

/** Tags view: tab identity, closing rules and where to go next. */
const visit = (path: string, affix = false) => {
  const [pathname, search = ''] = path.split('?');
  visitTag({
    title: pathname,
    affix,
    noCache: false,
    location: { pathname, search: search ? `?${search}` : '', hash: '', key: path, state: null },
  });
};
const keys = () => tagsStore.get().views.map((v) => v.key);

afterEach(() => clearSession());

describe('tags view', () => {
  it('identifies a tab by path, plus the id of detail routes', () => {
    expect(tagKey('/bus/orderList', '?status=1&pageNum=2')).toBe('/bus/orderList');
    expect(tagKey('/bus/orderDetails', '?id=7')).toBe('/bus/orderDetails?id=7');
  });

  it('adds tabs once, keeps the latest location of each, affix first', () => {
    visit('/bus/orderList');
    visit('/home', true);
    visit('/bus/orderList?status=1');
    visit('/bus/orderDetails?id=7');
    visit('/bus/orderDetails?id=8');
    expect(keys()).toEqual(['/home', '/bus/orderList', '/bus/orderDetails?id=7', '/bus/orderDetails?id=8']);
    expect(tagsStore.get().views[1].fullPath).toBe('/bus/orderList?status=1');
  });

  it('closes a tab and names the next one to show', () => {
    for (const p of ['/home', '/a', '/b', '/c']) visit(p, p === '/home');
    expect(closeTag('/b', '/b')?.key).toBe('/c');
    expect(closeTag('/c', '/c')?.key).toBe('/a');
    expect(closeTag('/a', '/home')).toBeUndefined();
    expect(keys()).toEqual(['/home']);
  });

  it('never closes affix tabs', () => {
    for (const p of ['/home', '/a', '/b', '/c']) visit(p, p === '/home');
    closeOtherTags('/b', '/b');
    expect(keys()).toEqual(['/home', '/b']);
    expect(closeAllTags('/b')?.key).toBe('/home');
    expect(keys()).toEqual(['/home']);
  });

  it('closes to the left or right', () => {
    for (const p of ['/home', '/a', '/b', '/c']) visit(p, p === '/home');
    closeTagsToSide('/b', 'right', '/b');
    expect(keys()).toEqual(['/home', '/a', '/b']);
    closeTagsToSide('/b', 'left', '/b');
    expect(keys()).toEqual(['/home', '/b']);
  });

  it('refreshes and renames a tab', () => {
    visit('/a');
    refreshTag('/a');
    setTagTitle('/a', 'TH0001');
    expect(tagsStore.get().views[0]).toMatchObject({ refreshCount: 1, titleText: 'TH0001' });
  });

  it('is emptied when the session ends', () => {
    visit('/a');
    clearSession();
    expect(keys()).toEqual([]);
  });
});
