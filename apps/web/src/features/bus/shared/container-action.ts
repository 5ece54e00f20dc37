import type { AxiosRequestConfig } from 'axios';
import { runStateAction } from '../../../components/state-action';
import { containerName } from './container-fields';

type TNamed = Parameters<typeof containerName>[0];

/**
 * A state action on one container record (confirm the pick-up, cancel it, clear the registration, cancel the
 * departure): the prompt `confirm` naming the container ({{containerNo}}), then the call; resolves true when the
 * call succeeded.
 */
export function containerAction<R extends TNamed>(
  record: R,
  action: { confirm: string; danger?: boolean; run: (config: AxiosRequestConfig) => Promise<unknown> },
  onDone: () => unknown,
) {
  return runStateAction<R>({
    rows: [record],
    confirm: action.confirm,
    confirmValues: { containerNo: containerName(record) },
    danger: action.danger,
    run: (_rows, config) => action.run(config),
    onDone,
  });
}
