import { Button, Progress, Space, Typography } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ScanBox, type ScanFeedback } from '../../../components/ScanBox';
import { isApiError } from '../../../lib/request';
import { type LoadWire, loadOrders, type TContainerFields, type TLoadAction } from './api';

/**
 * The loading scan mode (screens loadplanDetails, chosen): the container data were entered once in the Load
 * dialog; from then each scanned waybill or piece label loads its order (`load/addOrder/{id}` with `code`), and the
 * counter shows pieces loaded / planned. A code scanned again, or a waybill or piece label of an order already
 * loaded, says 'already scanned' (M-dup) without a call; an unknown code says M-notfound; the server's refusals
 * (wrong state, open problem item, another route) are shown as they come. Keyboard only: the box keeps the focus
 * and takes a code and Enter; Esc is not needed (Stop scanning is a button for the end of the session).
 */
export interface LoadScanPanelProps {
  loadId: number;
  fields: TContainerFields;
  orders: readonly LoadWire['LoadOrderRow'][];
  /** After each load: refetch the plan. */
  onLoaded: (answer: TLoadAction) => Promise<unknown> | unknown;
  onStop: () => void;
  /** A dialog of the page is open: scans wait. */
  hold?: boolean;
  /** Changes when the page wants the box focused again (the Load dialog has gone). */
  focusKey?: number;
}

const LOADED = 4;

/** The plan order a code names (waybill or piece label `{transportId}-{n}`), if any. */
export function orderOfCode(
  orders: readonly LoadWire['LoadOrderRow'][],
  code: string,
): LoadWire['LoadOrderRow'] | undefined {
  const upper = code.trim().toUpperCase();
  return orders.find((o) => {
    const no = o.transportId.toUpperCase();
    return upper === no || (upper.startsWith(`${no}-`) && /^\d+$/.test(upper.slice(no.length + 1)));
  });
}

export function piecesOf(orders: readonly LoadWire['LoadOrderRow'][]) {
  return {
    loaded: orders.filter((o) => o.status >= LOADED).reduce((s, o) => s + o.arrivedPiece, 0),
    planned: orders.reduce((s, o) => s + o.arrivedPiece, 0),
  };
}

export function LoadScanPanel({ loadId, fields, orders, onLoaded, onStop, hold, focusKey }: LoadScanPanelProps) {
  const { t } = useTranslation();
  const scanned = useRef(new Set<string>());
  const ordersRef = useRef(orders);
  ordersRef.current = orders;
  const [answer, setAnswer] = useState<{ loaded: number; planned: number } | null>(null);
  const panelRef = useRef<HTMLDivElement>(null);
  // opened as the Load dialog closes: the box takes the focus once the dialog has gone (no mouse needed)
  // biome-ignore lint/correctness/useExhaustiveDependencies: focusKey is the trigger
  useEffect(() => {
    const focus = () => panelRef.current?.querySelector<HTMLInputElement>('input')?.focus();
    focus();
    const timer = setTimeout(focus, 400);
    return () => clearTimeout(timer);
  }, [focusKey]);
  const derived = piecesOf(orders);
  // the server's counter right after a scan; the plan's own figures once it is read again
  const counter = answer && answer.planned >= derived.planned && answer.loaded >= derived.loaded ? answer : derived;

  const scan = async (code: string): Promise<ScanFeedback> => {
    const upper = code.trim().toUpperCase();
    if (scanned.current.has(upper)) return { tone: 'warn', message: t('msg_scan_duplicate', { code }) };
    const known = orderOfCode(ordersRef.current, upper);
    if (known && known.status >= LOADED) {
      scanned.current.add(upper);
      return { tone: 'warn', message: t('msg_scan_duplicate', { code }) };
    }
    let result: TLoadAction;
    try {
      result = await loadOrders(loadId, { ...fields, code: upper }, { silent: true });
    } catch (error) {
      if (isApiError(error) && error.status === 404)
        return { tone: 'error', message: t('bus_msg_no_order_for_code', { code }) };
      // loaded meanwhile (another scanner on the same container): a repeat, not a failure
      if (isApiError(error) && error.errorCode === 'DUPLICATE') {
        scanned.current.add(upper);
        return { tone: 'warn', message: t('msg_scan_duplicate', { code }) };
      }
      throw error;
    }
    scanned.current.add(upper);
    if (result.done === 0) return { tone: 'warn', message: t('msg_scan_duplicate', { code }) };
    setAnswer({ loaded: result.loadedPieces, planned: result.plannedPieces });
    await onLoaded(result);
    return {
      tone: 'ok',
      message: t('load_msg_scan_loaded', {
        no: result.transportId ?? code,
        loaded: result.loadedPieces,
        planned: result.plannedPieces,
      }),
    };
  };

  const percent = counter.planned > 0 ? Math.round((counter.loaded * 100) / counter.planned) : 0;
  return (
    <div className="load-scan-panel" data-testid="load-scan-panel" ref={panelRef}>
      <Space align="start" wrap size={24} style={{ width: '100%', justifyContent: 'space-between' }}>
        <Space orientation="vertical" size={4}>
          <Typography.Text strong>{t('load_scan_mode')}</Typography.Text>
          <Typography.Text type="secondary">
            {[fields.containerNo, fields.truckNo, fields.sealNo && `${t('field_seal_no')} ${fields.sealNo}`]
              .filter(Boolean)
              .join(' · ')}
          </Typography.Text>
          <ScanBox onScan={scan} hold={hold} placeholder="load_scan_placeholder" testId="load-scan-box" />
        </Space>
        <Space orientation="vertical" size={0} align="end">
          <Typography.Text type="secondary">{t('load_scan_counter')}</Typography.Text>
          <span className="load-scan-counter" data-testid="load-scan-counter">
            {counter.loaded} / {counter.planned}
          </span>
          <Progress
            percent={percent}
            size="small"
            style={{ width: 180 }}
            status={percent >= 100 ? 'success' : 'active'}
          />
          <Button onClick={onStop} data-testid="load-scan-stop">
            {t('load_btn_stop_scan')}
          </Button>
        </Space>
      </Space>
    </div>
  );
}
