import { DEPARTED_MILESTONE, LOAD_REJECT_KEYS, loadAllows } from '@theone/contracts/bus/load';
import { feedback } from '../../../lib/feedback';
import { translate } from '../../../lib/i18n';
import type { LoadWire } from '../load/api';
import { containerAction } from '../shared/container-action';
import { deleteMilestone, fetchMilestones, type TMilestone } from './api';

/**
 * Cancel departure (A16, screens track-list / track-details): deleting the load's automatic 'departed' milestone.
 * Allowed on a departed load (L3) while that milestone is the latest one (the server also checks that no order
 * arrived); P-cancelDepart first. Resolves true when the departure was cancelled.
 */
type TLoadName = Pick<LoadWire['LoadRow'], 'id' | 'loadNo' | 'containerNo' | 'truckNo' | 'status'>;

export const departedMilestone = (milestones: readonly TMilestone[]) =>
  milestones.find((m) => m.auto === '1' && m.trackStatus === DEPARTED_MILESTONE);

/** The newest milestone by time (then by id). */
export function latestMilestone(milestones: readonly TMilestone[]): TMilestone | undefined {
  return [...milestones].sort(
    (a, b) => new Date(b.trackTime as string).getTime() - new Date(a.trackTime as string).getTime() || b.id - a.id,
  )[0];
}

export async function cancelDepartureAction(
  load: TLoadName,
  onDone: () => unknown,
  known?: readonly TMilestone[],
): Promise<boolean> {
  const refuse = () => {
    feedback.message.warning(`${translate(LOAD_REJECT_KEYS.cancelDeparture, { list: load.loadNo })}`);
    return false;
  };
  if (!loadAllows('cancelDeparture', load.status)) return refuse();
  const milestones = known ?? (await fetchMilestones(load.id));
  const departed = departedMilestone(milestones);
  if (!departed || latestMilestone(milestones)?.id !== departed.id) return refuse();
  return containerAction(
    load,
    { confirm: 'track_confirm_cancel_depart', danger: true, run: (config) => deleteMilestone(departed.id, config) },
    onDone,
  );
}
