import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Input, Modal } from 'antd';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { spyFeedback } from '../../test/feedback-spy';
import { ScanBox, type ScanBoxProps, type ScanFeedback } from './ScanBox';
import { SCAN_FIELD, WedgeTracker } from './wedge';

// antd renders slowly in jsdom, more so while other test runs share the machine.
vi.setConfig({ testTimeout: 30_000 });

const beep = vi.hoisted(() => vi.fn());
vi.mock('./beep', () => ({ beep }));

afterEach(() => {
  beep.mockClear();
});

const box = () => screen.getByPlaceholderText('scan here') as HTMLInputElement;
const message = () => screen.queryByTestId('scan-message');

/**
 * A scanner: keys with no time between them, then Enter. The events' clock (jsdom stamps events with Date.now())
 * stands still while it types, so a slow test machine does not make the keys look a person's.
 */
async function scan(keys: string) {
  vi.useFakeTimers({ toFake: ['Date'] });
  try {
    await userEvent.setup({ delay: null }).keyboard(keys);
  } finally {
    vi.useRealTimers();
  }
}

function Harness(props: Partial<ScanBoxProps> & { dialog?: boolean }) {
  return (
    <>
      <ScanBox
        onScan={props.onScan ?? (() => ({ tone: 'ok', message: 'ok' }))}
        onHeldScan={props.onHeldScan}
        hold={props.hold}
        placeholder="scan here"
        testId="scan"
      />
      <Input aria-label="elsewhere" />
    </>
  );
}

describe('<ScanBox>', () => {
  it('takes two quick scans in order: the second waits for the first lookup, none is lost', async () => {
    const calls: string[] = [];
    let release!: () => void;
    const onScan = vi.fn(async (code: string): Promise<ScanFeedback> => {
      calls.push(`start ${code}`);
      if (code === 'SF1001') await new Promise<void>((r) => (release = r));
      calls.push(`end ${code}`);
      return { tone: 'ok', message: `found ${code}` };
    });
    render(<Harness onScan={onScan} />);
    await waitFor(() => expect(document.activeElement).toBe(box()));
    await scan('SF1001{Enter}SF2002{Enter}');
    // the box cleared itself at once, so the second code did not join the first
    expect(box().value).toBe('');
    expect(onScan).toHaveBeenCalledTimes(1);
    expect(screen.getByTestId('scan-queued').textContent).toContain('1');
    await act(async () => release());
    await waitFor(() => expect(onScan).toHaveBeenCalledTimes(2));
    expect(calls).toEqual(['start SF1001', 'end SF1001', 'start SF2002', 'end SF2002']);
    await waitFor(() => expect(message()?.textContent).toContain('found SF2002'));
    expect(document.activeElement).toBe(box());
    expect(beep).toHaveBeenCalledWith('ok');
  });

  it('an unknown code keeps the focus, shows a message with a sound, and acts on nothing, not on the next Enter', async () => {
    const register = vi.fn();
    const onScan = vi.fn(
      async (code: string): Promise<ScanFeedback> =>
        code === 'NOPE0001'
          ? { tone: 'error', message: `no order for ${code}`, action: { label: 'register', onClick: register } }
          : { tone: 'ok', message: `found ${code}` },
    );
    const { modal } = spyFeedback();
    render(<Harness onScan={onScan} />);
    await waitFor(() => expect(document.activeElement).toBe(box()));
    await scan('NOPE0001{Enter}');
    await waitFor(() => expect(message()?.textContent).toContain('no order for NOPE0001'));
    expect(message()?.getAttribute('data-tone')).toBe('error');
    expect(beep).toHaveBeenLastCalledWith('error');
    expect(document.activeElement).toBe(box());
    expect(document.querySelector('.ant-modal')).toBeNull();
    expect(modal.confirm).not.toHaveBeenCalled();
    // the next scan's Enter scans the next code; it does not register the first
    await scan('TH2503010001{Enter}');
    await waitFor(() => expect(message()?.textContent).toContain('found TH2503010001'));
    expect(register).not.toHaveBeenCalled();
    expect(onScan.mock.calls.map((c) => c[0])).toEqual(['NOPE0001', 'TH2503010001']);
    // registering stays possible, as a deliberate click
    await scan('NOPE0001{Enter}');
    await userEvent.click(await screen.findByRole('button', { name: 'register' }));
    expect(register).toHaveBeenCalledTimes(1);
  });

  it('a repeat of a code still being handled says "already scanned" and is not looked up twice', async () => {
    let release!: () => void;
    const onScan = vi.fn(async (code: string): Promise<ScanFeedback> => {
      await new Promise<void>((r) => (release = r));
      return { tone: 'ok', message: `found ${code}` };
    });
    render(<Harness onScan={onScan} />);
    await waitFor(() => expect(document.activeElement).toBe(box()));
    await scan('SF1001{Enter}sf1001{Enter}');
    await waitFor(() => expect(message()?.textContent).toContain('sf1001 已扫描'));
    expect(beep).toHaveBeenLastCalledWith('warn');
    await act(async () => release());
    await waitFor(() => expect(message()?.textContent).toContain('found SF1001'));
    expect(onScan).toHaveBeenCalledTimes(1);
    expect(document.activeElement).toBe(box());
  });

  it('a scan that opened a dialog holds the next scans until the dialog closes; they never reach its fields', async () => {
    const toasts = spyFeedback();
    function Screen() {
      const [open, setOpen] = useState<{ code: string; close: () => void } | null>(null);
      return (
        <>
          <ScanBox
            placeholder="scan here"
            testId="scan"
            hold={open !== null}
            onHeldScan={(code) => (code === 'SF1002' ? { tone: 'ok', message: `ticked ${code}` } : undefined)}
            onScan={(code) =>
              new Promise<ScanFeedback>((resolve) => {
                const until = new Promise<void>((closed) => setOpen({ code, close: closed }));
                resolve({ tone: 'ok', message: `opened ${code}`, until });
              })
            }
          />
          <Modal
            open={open !== null}
            title={open?.code}
            onCancel={() => {
              setOpen(null);
              open?.close();
            }}
          >
            <Input aria-label="weight" autoFocus />
          </Modal>
        </>
      );
    }
    render(<Screen />);
    await waitFor(() => expect(document.activeElement).toBe(box()));
    await scan('TH0001{Enter}');
    const weight = await screen.findByLabelText('weight');
    await act(async () => weight.focus());
    // a code of the order in the dialog is handled there; another one waits
    await scan('SF1002{Enter}');
    await scan('TH0002{Enter}');
    expect((weight as HTMLInputElement).value).toBe('');
    expect(toasts.message.success).toHaveBeenCalledWith('ticked SF1002');
    expect(toasts.message.info).toHaveBeenCalledWith(expect.stringContaining('TH0002'));
    expect(screen.getByTestId('scan-queued').textContent).toContain('1');
    // a person typing in the field is left alone
    await userEvent.setup({ delay: 80 }).type(weight, '12.5{Enter}');
    expect((weight as HTMLInputElement).value).toBe('12.5');
    // the dialog closes: the waiting code is looked up and opens its own
    await userEvent.click(screen.getByRole('button', { name: /^cancel$/i }));
    await waitFor(() => expect(document.querySelector('.ant-modal-title')?.textContent).toBe('TH0002'));
    toasts.restore();
  });

  it('leaves a scan typed into a field marked SCAN_FIELD there, without its Enter', async () => {
    const onKeyDown = vi.fn();
    render(
      <>
        <ScanBox onScan={() => ({ tone: 'ok', message: 'x' })} hold placeholder="scan here" />
        {/* biome-ignore lint/a11y/noStaticElementInteractions: the test listens for the Enter that would submit */}
        <div onKeyDown={(e) => e.key === 'Enter' && onKeyDown()}>
          <Input aria-label="receipt" {...SCAN_FIELD} />
        </div>
      </>,
    );
    const receipt = screen.getByLabelText('receipt') as HTMLInputElement;
    await act(async () => receipt.focus());
    await scan('WR25030100001{Enter}');
    expect(receipt.value).toBe('WR25030100001');
    expect(onKeyDown).not.toHaveBeenCalled();
  });

  it('leaves a scan into another field of the page alone when no dialog is open (a search form)', async () => {
    const onScan = vi.fn(() => ({ tone: 'ok' as const, message: 'x' }));
    render(<Harness onScan={onScan} />);
    const other = screen.getByLabelText('elsewhere') as HTMLInputElement;
    await act(async () => other.focus());
    await scan('SF1001{Enter}');
    expect(other.value).toBe('SF1001');
    expect(onScan).not.toHaveBeenCalled();
  });
});

describe('WedgeTracker', () => {
  /** Key presses on a clock: each one `ms` after the previous. */
  const keys = () => {
    let now = 0;
    return (k: string, ms: number) => {
      now += ms;
      return { key: k, timeStamp: now, target: null };
    };
  };
  it('recognises keys under 50 ms apart ending in Enter, four characters or more', () => {
    const w = new WedgeTracker();
    const key = keys();
    for (const c of 'SF12') w.keydown(key(c, 10));
    expect(w.keydown(key('Enter', 10))?.code).toBe('SF12');
    for (const c of 'SF1') w.keydown(key(c, 10));
    expect(w.keydown(key('Enter', 10))).toBeNull();
  });
  it('does not take a person typing for a scanner', () => {
    const w = new WedgeTracker();
    const key = keys();
    for (const c of '12.50') w.keydown(key(c, 90));
    expect(w.keydown(key('Enter', 90))).toBeNull();
    // a slow start then a fast end is only the fast end's length
    for (const c of 'AB') w.keydown(key(c, 200));
    for (const c of 'CD') w.keydown(key(c, 5));
    expect(w.keydown(key('Enter', 5))).toBeNull();
  });
  it('keeps Shift (scanners press it for capitals) and drops the burst on other keys', () => {
    const w = new WedgeTracker();
    const key = keys();
    for (const c of ['S', 'Shift', 'F', '1', '2']) w.keydown(key(c, 5));
    expect(w.keydown(key('Enter', 5))?.code).toBe('SF12');
    for (const c of ['S', 'F', 'Backspace', '1', '2']) w.keydown(key(c, 5));
    expect(w.keydown(key('Enter', 5))).toBeNull();
  });
  it('follows a scan whose end fell into a dialog that opened mid-scan, with each field as it was before', () => {
    const w = new WedgeTracker();
    const key = keys();
    const box = document.createElement('input');
    const weight = document.createElement('input');
    weight.value = '7';
    for (const c of 'TH25') {
      w.keydown({ ...key(c, 8), target: box });
      box.value += c;
    }
    for (const c of '0301') {
      w.keydown({ ...key(c, 8), target: weight });
      weight.value += c;
    }
    const scan = w.keydown({ ...key('Enter', 8), target: weight });
    expect(scan?.code).toBe('TH250301');
    expect([...(scan?.fields ?? [])]).toEqual([
      [box, ''],
      [weight, '7'],
    ]);
  });
});
