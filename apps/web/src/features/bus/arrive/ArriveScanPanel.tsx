import { Space, Tag, Typography } from 'antd';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ScanBox, type ScanFeedback } from '../../../components/ScanBox';
import { isApiError } from '../../../lib/request';
import { type ArriveWire, sureArrive } from './api';

/**
 * The overseas warehouse's scan box (screens arriveOrder): each waybill number or piece label scanned off the
 * container is sent as `arrive/sure {code}`. The first scan of a departed order of a picked-up container receives
 * it (A17, green); a further piece label counts that piece (green); a piece scanned again, or a waybill whose
 * pieces are all counted, is a repeat (orange, M-dup, nothing written); an unknown code says M-notfound (red); the
 * server's refusals (container not picked up, order in the wrong state) are shown as they come (orange). The last
 * order's counter shows pieces scanned / expected, its shelf, and for an arrive-pay customer the amount to collect
 * in THB, highlighted.
 */
export type TScanResult = NonNullable<ArriveWire['ArriveAction']['scan']>;

export function ArriveScanPanel({
  onScanned,
  hold,
}: {
  onScanned: (answer: ArriveWire['ArriveAction']) => unknown;
  hold?: boolean;
}) {
  const { t } = useTranslation();
  const [last, setLast] = useState<TScanResult | null>(null);
  const repeats = useRef(new Set<string>());

  const scan = async (code: string): Promise<ScanFeedback> => {
    const upper = code.trim().toUpperCase();
    if (repeats.current.has(upper)) return { tone: 'warn', message: t('msg_scan_duplicate', { code }) };
    let answer: ArriveWire['ArriveAction'];
    try {
      answer = await sureArrive({ code: upper }, { silent: true });
    } catch (error) {
      if (isApiError(error) && error.status === 404)
        return { tone: 'error', message: t('bus_msg_no_order_for_code', { code }) };
      if (isApiError(error) && error.errorCode === 'DUPLICATE') {
        repeats.current.add(upper);
        // the server's words name the shelf of an order already in stock
        return { tone: 'warn', message: error.message || t('msg_scan_duplicate', { code }) };
      }
      if (isApiError(error) && error.status === 409) return { tone: 'warn', message: error.message };
      throw error;
    }
    const result = answer.scan!;
    // a piece label is counted once; a waybill may complete an order later, so only full orders repeat
    if (upper !== result.transportId.toUpperCase() || result.scannedPieces >= result.expectedPieces)
      repeats.current.add(upper);
    setLast(result);
    await onScanned(answer);
    const counted = t('arrive_scan_counted', {
      transportId: result.transportId,
      scanned: result.scannedPieces,
      expected: result.expectedPieces,
    });
    const message =
      result.kind === 'receive'
        ? `${t('arrive_scan_received', { transportId: result.transportId })} · ${counted}`
        : counted;
    return {
      tone: 'ok',
      message: result.collectAmount
        ? `${message} · ${t('arrive_scan_collect', { amount: result.collectAmount })}`
        : message,
    };
  };

  return (
    <div className="arrive-scan-panel" data-testid="arrive-scan-panel">
      <Space align="start" wrap size={24} style={{ width: '100%', justifyContent: 'space-between' }}>
        <ScanBox onScan={scan} hold={hold} placeholder="arrive_scan_placeholder" testId="arrive-scan-box" />
        {last ? (
          <Space
            orientation="vertical"
            size={0}
            align="end"
            className={`arrive-scan-last${last.collectAmount ? ' arrive-pay' : ''}`}
            data-testid="arrive-scan-last"
          >
            <Typography.Text type="secondary">
              {last.transportId} · {last.consignee} · {last.containerNo}
            </Typography.Text>
            <span className="arrive-scan-counter" data-testid="arrive-scan-counter">
              {last.scannedPieces} / {last.expectedPieces}
            </span>
            {last.trayNo ? (
              <Typography.Text>
                {t('arrive_location')}: {last.trayNo}
              </Typography.Text>
            ) : null}
            {last.collectAmount ? (
              <Tag color="orange" className="arrive-collect" data-testid="arrive-scan-collect">
                {t('arrive_scan_collect', { amount: last.collectAmount })}
              </Tag>
            ) : null}
          </Space>
        ) : null}
      </Space>
    </div>
  );
}
