import { CheckOutlined } from '@ant-design/icons';
import { parseColor } from '@theone/contracts/common/validators';
import { Button, Divider, Drawer, Input, Select, Switch, Typography } from 'antd';
import { type ReactNode, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { IntegerInput } from '../../components/NumberInput';
import { feedback } from '../../lib/feedback';
import {
  ANIMATIONS,
  COLUMNS_LAYOUTS,
  COLUMNS_STYLES,
  COMPONENT_SIZES,
  LAYOUTS,
  type LayoutSettings,
  resetSettings,
  settingsStore,
  TAGS_STYLES,
  updateSettings,
} from './settings-store';
import './settings-drawer.css';

/**
 * Layout settings drawer (spec §2, 240 px): every option is applied at once and saved in localStorage.
 * The theme colour takes a preset, the colour input, or hex / rgb text (with the spec's warnings).
 */
export const DRAWER_WIDTH = 240;
const PRESETS = ['#de7a62', '#1677ff', '#13c2c2', '#52c41a', '#722ed1', '#eb2f96', '#fa8c16', '#2f54eb'];

/** The spec's colour warnings: an invalid hex value, an invalid rgb value, or neither form at all. */
export function colourWarning(text: string): 'err_hex_color' | 'err_rgb_color' | 'err_color' {
  const value = text.trim();
  if (value.startsWith('#') || /^[0-9a-f]+$/i.test(value)) return 'err_hex_color';
  if (/^rgb/i.test(value)) return 'err_rgb_color';
  return 'err_color';
}

type BooleanKey = { [K in keyof LayoutSettings]: LayoutSettings[K] extends boolean ? K : never }[keyof LayoutSettings];

function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="settings-row">
      <span>{label}</span>
      {children}
    </div>
  );
}

function Toggle({ field, label, disabled }: { field: BooleanKey; label: string; disabled?: boolean }) {
  const value = settingsStore.use((s) => s[field]);
  return (
    <Row label={label}>
      <Switch
        size="small"
        checked={value}
        disabled={disabled}
        onChange={(checked) => updateSettings({ [field]: checked })}
        data-testid={`setting-${field}`}
        aria-label={label}
      />
    </Row>
  );
}

function ChoiceRow<
  K extends 'tagsStyle' | 'animation' | 'columnsAsideStyle' | 'columnsAsideLayout' | 'componentSize',
>(props: { field: K; label: string; options: readonly LayoutSettings[K][] }) {
  const { t } = useTranslation();
  const value = settingsStore.use((s) => s[props.field]);
  return (
    <Row label={props.label}>
      <Select<LayoutSettings[K]>
        size="small"
        value={value}
        style={{ width: 100 }}
        popupMatchSelectWidth={false}
        options={props.options.map((o) => ({ value: o, label: t(`settings_${String(o).replace(/-/g, '_')}`) }))}
        onChange={(v) => updateSettings({ [props.field]: v } as Partial<LayoutSettings>)}
        data-testid={`setting-${props.field}`}
        aria-label={props.label}
      />
    </Row>
  );
}

function ThemeColour() {
  const { t } = useTranslation();
  const colour = settingsStore.use((s) => s.primaryColor);
  const [text, setText] = useState(colour);
  useEffect(() => setText(colour), [colour]);
  const apply = () => {
    if (text.trim() === colour) return;
    const hex = parseColor(text);
    if (!hex) {
      feedback.message.warning(t(colourWarning(text)));
      setText(colour);
      return;
    }
    updateSettings({ primaryColor: hex });
  };
  return (
    <div className="settings-colour">
      <div className="settings-swatches">
        {PRESETS.map((p) => (
          <button
            key={p}
            type="button"
            className="settings-swatch"
            style={{ background: p }}
            aria-label={p}
            onClick={() => updateSettings({ primaryColor: p })}
          >
            {p === colour ? <CheckOutlined /> : null}
          </button>
        ))}
      </div>
      <div className="settings-colour-input">
        <input
          type="color"
          value={colour}
          aria-label={t('settings_theme_colour')}
          onChange={(e) => updateSettings({ primaryColor: e.target.value.toLowerCase() })}
        />
        <Input
          size="small"
          value={text}
          onChange={(e) => setText(e.target.value)}
          onPressEnter={apply}
          onBlur={apply}
          placeholder="#de7a62 / rgb(222,122,98)"
          data-testid="setting-colour-input"
          aria-label={t('settings_theme_colour')}
        />
      </div>
    </div>
  );
}

function LayoutPicker() {
  const { t } = useTranslation();
  const layout = settingsStore.use((s) => s.layout);
  return (
    <div className="settings-layouts">
      {LAYOUTS.map((l) => (
        <button
          key={l}
          type="button"
          className={
            l === layout ? `settings-layout settings-layout-${l} active` : `settings-layout settings-layout-${l}`
          }
          onClick={() => updateSettings({ layout: l })}
          aria-pressed={l === layout}
          data-testid={`setting-layout-${l}`}
        >
          <i className="aside" />
          <i className="head" />
          <i className="body" />
          <span>{t(`settings_layout_${l}`)}</span>
        </button>
      ))}
    </div>
  );
}

async function copyConfig(t: (key: string) => string) {
  try {
    await navigator.clipboard.writeText(JSON.stringify(settingsStore.get(), null, 2));
    feedback.message.success(t('msg_config_copied'));
  } catch {
    feedback.message.error(t('msg_config_copy_failed'));
  }
}

/**
 * Seconds of inactivity before the screen locks (0 = never): applied as typed when it is a whole number 0-86400;
 * anything else is marked and not applied (never turned into 0, which would switch the lock off).
 */
function LockTimeInput({ value, label }: { value: number; label: string }) {
  const { t } = useTranslation();
  // what was typed while it is wrong (the setting keeps its last good value meanwhile)
  const [wrong, setWrong] = useState<{ typed: number | string } | null>(null);
  return (
    <span>
      <IntegerInput
        size="small"
        value={wrong ? wrong.typed : value}
        style={{ width: 100 }}
        status={wrong ? 'error' : undefined}
        onChange={(v) => {
          const ok = v === null || (typeof v === 'number' && Number.isInteger(v) && v >= 0 && v <= 86_400);
          setWrong(ok ? null : { typed: v });
          if (ok) updateSettings({ lockScreenTime: v ?? 0 });
        }}
        data-testid="setting-lockScreenTime"
        aria-label={label}
        aria-invalid={Boolean(wrong)}
      />
      {wrong ? (
        <Typography.Text type="danger" style={{ display: 'block', fontSize: 12 }}>
          {t('err_lock_time')}
        </Typography.Text>
      ) : null}
    </span>
  );
}

export function SettingsDrawer({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const isTagsView = settingsStore.use((s) => s.isTagsView);
  const isBreadcrumb = settingsStore.use((s) => s.isBreadcrumb);
  const lockScreenTime = settingsStore.use((s) => s.lockScreenTime);
  return (
    <Drawer
      title={t('layout_settings')}
      placement="right"
      size={DRAWER_WIDTH}
      open={open}
      onClose={onClose}
      className="settings-drawer"
      data-testid="settings-drawer"
    >
      <Divider plain>{t('settings_global_theme')}</Divider>
      <ThemeColour />
      <Toggle field="isDark" label={t('settings_dark_mode')} />

      <Divider plain>{t('settings_layout_switch')}</Divider>
      <LayoutPicker />

      <Divider plain>{t('settings_interface')}</Divider>
      <Toggle field="isCollapse" label={t('settings_collapse')} />
      <Toggle field="isUniqueOpened" label={t('settings_accordion')} />
      <Toggle field="isFixedHeader" label={t('settings_fixed_header')} />
      <Toggle field="isShowLogo" label={t('settings_logo')} />
      <Toggle field="isBreadcrumb" label={t('settings_breadcrumb')} />
      <Toggle field="isBreadcrumbIcon" label={t('settings_breadcrumb_icon')} disabled={!isBreadcrumb} />
      <Toggle field="isTagsView" label={t('settings_tags_view')} />
      <Toggle field="isTagsViewIcon" label={t('settings_tags_view_icon')} disabled={!isTagsView} />
      <Toggle field="isCacheTagsView" label={t('settings_tags_view_cache')} disabled={!isTagsView} />
      <Toggle field="isFooter" label={t('settings_footer')} />
      <Toggle field="isGrayscale" label={t('settings_grayscale')} />
      <Toggle field="isInvert" label={t('settings_colour_weak')} />
      <Row label={t('settings_lock_screen_time')}>
        <LockTimeInput value={lockScreenTime} label={t('settings_lock_screen_time')} />
      </Row>

      <Divider plain>{t('settings_other')}</Divider>
      <ChoiceRow field="tagsStyle" label={t('settings_tags_style')} options={TAGS_STYLES} />
      <ChoiceRow field="animation" label={t('settings_animation')} options={ANIMATIONS} />
      <ChoiceRow field="columnsAsideStyle" label={t('settings_columns_style')} options={COLUMNS_STYLES} />
      <ChoiceRow field="columnsAsideLayout" label={t('settings_columns_layout')} options={COLUMNS_LAYOUTS} />
      <ChoiceRow field="componentSize" label={t('settings_component_size')} options={COMPONENT_SIZES} />

      <div className="settings-actions">
        <Button block type="primary" onClick={() => copyConfig(t)} data-testid="settings-copy">
          {t('settings_copy_config')}
        </Button>
        <Button block onClick={resetSettings} data-testid="settings-reset">
          {t('settings_reset')}
        </Button>
      </div>
    </Drawer>
  );
}
