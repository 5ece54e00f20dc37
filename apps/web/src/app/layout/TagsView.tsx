import { CloseOutlined, DownOutlined } from '@ant-design/icons';
import { Dropdown, type MenuProps } from 'antd';
import { memo, useCallback, useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { confirmAction } from '../../components/confirm';
import { settingsStore } from '../settings/settings-store';
import { MenuIcon } from './menu-icons';
import {
  closeAllTags,
  closeOtherTags,
  closeTag,
  closeTagsToSide,
  refreshTag,
  type TagView,
  tagKey,
  tagsStore,
} from './tags-store';
import { hasUnsavedChanges } from './unsaved-changes';

/** Open pages as tabs: click to return, × to close, right-click (or the end button) for refresh/close others/all. */
type Action = 'refresh' | 'close' | 'closeOthers' | 'closeLeft' | 'closeRight' | 'closeAll';

/** The tab's menu: refresh, close, close others / left / right / all. */
function tagMenu(
  t: (key: string) => string,
  view: TagView,
  first: boolean,
  last: boolean,
  onAction: (action: Action, view: TagView) => void,
): MenuProps {
  return {
    items: [
      { key: 'refresh', label: t('tags_refresh') },
      { key: 'close', label: t('tags_close'), disabled: view.affix },
      { key: 'closeOthers', label: t('tags_close_others') },
      { key: 'closeLeft', label: t('tags_close_left'), disabled: first },
      { key: 'closeRight', label: t('tags_close_right'), disabled: last },
      { key: 'closeAll', label: t('tags_close_all') },
    ],
    onClick: ({ key, domEvent }) => {
      domEvent.stopPropagation();
      onAction(key as Action, view);
    },
  };
}

interface TagItemProps {
  view: TagView;
  active: boolean;
  withIcon: boolean;
  first: boolean;
  last: boolean;
  onOpen: (view: TagView) => void;
  onAction: (action: Action, view: TagView) => void;
}

/** One tab (memoised: with 20 tabs open, a navigation re-renders the two whose state changed). */
const TagItem = memo(function TagItem({ view, active, withIcon, first, last, onOpen, onAction }: TagItemProps) {
  const { t } = useTranslation();
  const title = view.titleText ?? t(view.title);
  return (
    <Dropdown menu={tagMenu(t, view, first, last, onAction)} trigger={['contextMenu']}>
      <div
        role="tab"
        tabIndex={0}
        aria-selected={active}
        data-key={view.key}
        className={active ? 'tags-view-item active' : 'tags-view-item'}
        onClick={() => !active && onOpen(view)}
        onKeyDown={(e) => e.key === 'Enter' && onOpen(view)}
        onAuxClick={(e) => e.button === 1 && !view.affix && onAction('close', view)}
      >
        {withIcon && view.icon ? <MenuIcon name={view.icon} /> : null}
        <span className="tags-view-title">{title}</span>
        {view.affix ? null : (
          <CloseOutlined
            className="tags-view-close"
            aria-label={t('tags_close')}
            onClick={(e) => {
              e.stopPropagation();
              onAction('close', view);
            }}
          />
        )}
      </div>
    </Dropdown>
  );
});

export function TagsView() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const location = useLocation();
  const views = tagsStore.use((s) => s.views);
  const withIcon = settingsStore.use((s) => s.isTagsViewIcon);
  const style = settingsStore.use((s) => s.tagsStyle);
  const activeKey = tagKey(location.pathname, location.search);
  const scroller = useRef<HTMLDivElement>(null);

  useEffect(() => {
    const active = scroller.current?.querySelector<HTMLElement>(`[data-key="${CSS.escape(activeKey)}"]`);
    active?.scrollIntoView?.({ block: 'nearest', inline: 'nearest' });
  }, [activeKey]);

  /** The tabs an action would close. */
  const closing = (action: Action, view: TagView): string[] => {
    const index = views.findIndex((v) => v.key === view.key);
    const pick = (keep: (v: TagView, i: number) => boolean) =>
      views.filter((v, i) => !v.affix && !keep(v, i)).map((v) => v.key);
    if (action === 'close') return [view.key];
    if (action === 'closeOthers') return pick((v) => v.key === view.key);
    if (action === 'closeLeft') return pick((_, i) => i >= index);
    if (action === 'closeRight') return pick((_, i) => i <= index);
    if (action === 'closeAll') return pick(() => false);
    return [view.key];
  };

  const run = async (action: Action, view: TagView) => {
    if (hasUnsavedChanges(closing(action, view)) && !(await confirmAction({ content: t('msg_unsaved_leave') }))) return;
    let next: TagView | undefined;
    if (action === 'refresh') {
      refreshTag(view.key);
      if (view.key !== activeKey) navigate(view.fullPath);
      return;
    }
    if (action === 'close') next = closeTag(view.key, activeKey);
    if (action === 'closeOthers') {
      next = closeOtherTags(view.key, activeKey);
      if (view.key !== activeKey) next = view;
    }
    if (action === 'closeLeft') next = closeTagsToSide(view.key, 'left', activeKey);
    if (action === 'closeRight') next = closeTagsToSide(view.key, 'right', activeKey);
    if (action === 'closeAll') next = closeAllTags(activeKey);
    if (next) navigate(next.fullPath);
    else if (tagsStore.get().views.length === 0) navigate('/home');
  };

  // One stable handler for every tab item, so that a navigation re-renders only the items that changed.
  const latest = useRef({ run, navigate });
  latest.current = { run, navigate };
  const onAction = useCallback((action: Action, view: TagView) => latest.current.run(action, view), []);
  const onOpen = useCallback((view: TagView) => latest.current.navigate(view.fullPath), []);

  const active = views.find((v) => v.key === activeKey) ?? views[0];
  const activeIndex = active ? views.indexOf(active) : -1;

  return (
    <div className={`tags-view ${style}`} role="tablist" aria-label={t('tags_view')}>
      <div className="tags-view-scroll" ref={scroller}>
        {views.map((view, index) => (
          <TagItem
            key={view.key}
            view={view}
            active={view.key === activeKey}
            withIcon={withIcon}
            first={index === 0}
            last={index === views.length - 1}
            onOpen={onOpen}
            onAction={onAction}
          />
        ))}
      </div>
      {active ? (
        <Dropdown
          menu={tagMenu(t, active, activeIndex === 0, activeIndex === views.length - 1, onAction)}
          trigger={['click']}
          placement="bottomRight"
        >
          <button type="button" className="tags-view-more" aria-label={t('more')}>
            <DownOutlined />
          </button>
        </Dropdown>
      ) : null}
    </div>
  );
}
