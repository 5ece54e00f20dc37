import { milestonesFor } from '@theone/contracts/bus/load';
import { Checkbox, Form, type FormInstance, Input, Select, Typography } from 'antd';
import { type ReactNode, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { ActionFormModal } from '../../../components/ActionFormModal';
import { confirmAction } from '../../../components/confirm';
import { businessNowText, formatBusinessTime } from '../../../lib/business-time';
import { dictLabel, useDict } from '../../../lib/dict';
import { useLanguage } from '../../../lib/use-language';
import type { LoadWire } from '../load/api';
import { containerName } from '../shared/container-fields';
import { type TActionDialogEvents, useActionDialog } from '../shared/dialog-form';
import { RequiredTimeItem } from '../shared/form-items';
import { addMilestone, changeEta, confirmDeparture, editMilestone, type TMilestone } from './api';

/**
 * The dialogs of the container's journey (screens track-list / track-details):
 * - DepartDialog (A15 `track/save`): departure time (now), remark, then P-depart;
 * - MilestoneDialog (`track/saveDetail`): a manual milestone for one or several loads; the picker offers the
 *   milestones that fit every selected load's transport mode (contracts milestonesFor), an optional first message;
 * - EtaDialog (`track/upatePreArriveTime`): the loads' ETA and every order's expected arrival;
 * - MilestoneEditDialog (`track/edit`): a manual milestone's status, time and remark.
 */
export type TJourneyLoad = Pick<
  LoadWire['LoadRow'],
  'id' | 'loadNo' | 'containerNo' | 'truckNo' | 'busType' | 'etaDate'
>;

/** The props of a dialog on the ticked loads (null: closed). */
interface TLoadsDialogProps extends TActionDialogEvents {
  loads: readonly TJourneyLoad[] | null;
}

const namesOf = (loads: readonly TJourneyLoad[]) => loads.map(containerName).join(', ');

/**
 * An action dialog on the ticked loads: their container names at the top (test id `<testId>-loads`), the fields
 * taking `initial(loads)` when it opens, and `save` given the loads' ids with the values.
 */
function LoadsFormModal<Values>({
  loads,
  events,
  initial,
  testId,
  save,
  ...modal
}: {
  loads: readonly TJourneyLoad[] | null;
  events: TActionDialogEvents;
  initial: (loads: readonly TJourneyLoad[]) => Parameters<FormInstance<Values>['setFieldsValue']>[0];
  testId: string;
  save: (loadIds: number[], values: Values) => Promise<unknown>;
  title: string;
  width: number;
  prepare?: (values: Values) => Promise<boolean>;
  children: ReactNode;
}) {
  const dialog = useActionDialog<Values, readonly TJourneyLoad[]>(loads, events, initial);
  return (
    <ActionFormModal<Values>
      {...dialog}
      {...modal}
      save={(v) =>
        save(
          (loads ?? []).map((l) => l.id),
          v,
        )
      }
    >
      <Typography.Paragraph data-testid={`${testId}-loads`}>{namesOf(loads ?? [])}</Typography.Paragraph>
      {modal.children}
    </ActionFormModal>
  );
}

/** Milestone codes that fit every one of the loads' transport modes, in journey order. */
export function commonMilestones(busTypes: readonly string[]): string[] {
  if (busTypes.length === 0) return [];
  const [first, ...rest] = busTypes.map((b) => milestonesFor(b));
  return (first ?? []).filter((code) => rest.every((list) => list.includes(code)));
}

/** A select over the manual milestones (dictionary track_status) that fit the given transport modes. */
export function MilestoneSelect({
  busTypes,
  value,
  onChange,
  id,
}: {
  busTypes: readonly string[];
  value?: string;
  onChange?: (value: string) => void;
  id?: string;
}) {
  const { t } = useTranslation();
  const { data } = useDict('track_status');
  const language = useLanguage();
  const options = useMemo(() => {
    const codes = commonMilestones(busTypes);
    return codes.map((code) => {
      const entry = data?.find((e) => e.dictValue === code);
      return { value: code, label: entry ? dictLabel(entry, language) : code };
    });
  }, [busTypes, data, language]);
  return (
    <Select<string>
      id={id}
      value={value}
      onChange={onChange}
      options={options}
      showSearch={{ optionFilterProp: 'label' }}
      placeholder={t('please_select')}
      data-testid="milestone-select"
    />
  );
}

interface DepartValues {
  trackTime: string;
  trackRemark?: string;
}

export function DepartDialog({ loads, ...events }: TLoadsDialogProps) {
  const { t } = useTranslation();
  return (
    <LoadsFormModal<DepartValues>
      loads={loads}
      events={events}
      initial={() => ({ trackTime: businessNowText(), trackRemark: '' })}
      testId="depart"
      title={t('perm_bus_track_depart')}
      width={520}
      prepare={(v) =>
        confirmAction({
          content: t('track_confirm_depart', {
            containerNo: namesOf(loads ?? []),
            time: formatBusinessTime(v.trackTime),
          }),
        })
      }
      save={(loadIds, v) => confirmDeparture({ loadIds, trackTime: v.trackTime, trackRemark: v.trackRemark ?? '' })}
    >
      <RequiredTimeItem name="trackTime" label="field_left_time" testId="depart-time" />
      <Form.Item name="trackRemark" label={t('field_remark')}>
        <Input.TextArea maxLength={500} rows={2} data-testid="depart-remark" />
      </Form.Item>
    </LoadsFormModal>
  );
}

interface MilestoneValues {
  trackStatus: string;
  trackTime: string;
  trackRemark?: string;
  message?: string;
  visibleToCustomer?: boolean;
}

export function MilestoneDialog({ loads, ...events }: TLoadsDialogProps) {
  const { t } = useTranslation();
  const busTypes = useMemo(() => [...new Set((loads ?? []).map((l) => l.busType))], [loads]);
  const none = loads !== null && commonMilestones(busTypes).length === 0;
  return (
    <LoadsFormModal<MilestoneValues>
      loads={loads}
      events={events}
      initial={() => ({ trackTime: businessNowText(), trackStatus: undefined, visibleToCustomer: true })}
      testId="milestone"
      title={t('perm_bus_track_add')}
      width={560}
      save={(loadIds, v) =>
        addMilestone({
          loadIds,
          trackStatus: v.trackStatus,
          trackTime: v.trackTime,
          trackRemark: v.trackRemark ?? '',
          message: v.message ?? '',
          visibleToCustomer: v.visibleToCustomer ? '1' : '0',
        })
      }
    >
      {none ? (
        <Typography.Paragraph type="danger" data-testid="milestone-none">
          {t('track_msg_no_common_milestone')}
        </Typography.Paragraph>
      ) : null}
      <MilestoneFields busTypes={busTypes} />
      <Form.Item name="message" label={t('track_message')}>
        <Input.TextArea maxLength={1000} rows={2} data-testid="milestone-message" />
      </Form.Item>
      <Form.Item name="visibleToCustomer" valuePropName="checked">
        <Checkbox>{t('track_visible_to_customer')}</Checkbox>
      </Form.Item>
    </LoadsFormModal>
  );
}

/** A milestone's status (the manual milestones that fit the loads' transport modes), time and remark. */
function MilestoneFields({ busTypes }: { busTypes: readonly string[] }) {
  const { t } = useTranslation();
  return (
    <>
      <Form.Item
        name="trackStatus"
        label={t('track_milestone')}
        rules={[{ required: true, message: t('err_required', { field: t('track_milestone') }) }]}
      >
        <MilestoneSelect busTypes={busTypes} />
      </Form.Item>
      <RequiredTimeItem name="trackTime" label="track_time" />
      <Form.Item name="trackRemark" label={t('field_remark')}>
        <Input.TextArea maxLength={500} rows={2} />
      </Form.Item>
    </>
  );
}

export function EtaDialog({ loads, ...events }: TLoadsDialogProps) {
  const { t } = useTranslation();
  return (
    <LoadsFormModal<{ preArriveTime: string }>
      loads={loads}
      events={events}
      initial={(chosen) => ({ preArriveTime: (chosen.length === 1 ? chosen[0]?.etaDate : null) as string })}
      testId="eta"
      title={t('perm_bus_track_eta')}
      width={480}
      save={(loadIds, v) => changeEta({ loadIds, preArriveTime: v.preArriveTime })}
    >
      <Typography.Paragraph type="secondary">{t('track_eta_hint')}</Typography.Paragraph>
      <RequiredTimeItem name="preArriveTime" label="load_eta_date" testId="eta-time" />
    </LoadsFormModal>
  );
}

interface EditValues {
  trackStatus: string;
  trackTime: string;
  trackRemark?: string;
}

export function MilestoneEditDialog({
  milestone,
  busType,
  ...events
}: TActionDialogEvents & { milestone: TMilestone | null; busType: string }) {
  const { t } = useTranslation();
  const dialog = useActionDialog<EditValues, TMilestone>(milestone, events, (m) => ({
    trackStatus: m.trackStatus,
    trackTime: m.trackTime as string,
    trackRemark: m.trackRemark,
  }));
  const busTypes = useMemo(() => [busType], [busType]);
  return (
    <ActionFormModal<EditValues>
      {...dialog}
      title={t('perm_bus_track_edit')}
      width={520}
      save={(v) =>
        editMilestone({
          id: milestone!.id,
          version: milestone!.version,
          trackStatus: v.trackStatus,
          trackTime: v.trackTime,
          trackRemark: v.trackRemark ?? '',
        })
      }
    >
      <MilestoneFields busTypes={busTypes} />
    </ActionFormModal>
  );
}
