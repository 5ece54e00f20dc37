/**
 * Scan sounds through Web Audio (no sound files to load): a short high beep when a scan is accepted, one middle
 * beep when it waits or only informs, two short beeps for a repeat or a wrong state, a low buzz when nothing is
 * found or the lookup failed. Staff at a receiving station look at the parcel, not the screen: the sound is the
 * feedback they notice. Silent where the browser has no Web Audio (tests) or refuses to start it.
 */
export type ScanTone = 'ok' | 'info' | 'warn' | 'error';

const NOTES: Record<ScanTone, { freq: number; secs: number; wave: OscillatorType }[]> = {
  ok: [{ freq: 1320, secs: 0.08, wave: 'sine' }],
  info: [{ freq: 880, secs: 0.08, wave: 'sine' }],
  warn: [
    { freq: 880, secs: 0.07, wave: 'sine' },
    { freq: 880, secs: 0.07, wave: 'sine' },
  ],
  error: [{ freq: 220, secs: 0.3, wave: 'square' }],
};

let context: AudioContext | null | undefined;

function audio(): AudioContext | null {
  if (context !== undefined) return context;
  const Ctor =
    typeof window === 'undefined'
      ? undefined
      : (window.AudioContext ?? (window as { webkitAudioContext?: typeof AudioContext }).webkitAudioContext);
  try {
    context = Ctor ? new Ctor() : null;
  } catch {
    context = null;
  }
  return context;
}

export function beep(tone: ScanTone) {
  const ctx = audio();
  if (!ctx) return;
  try {
    if (ctx.state === 'suspended') void ctx.resume().catch(() => undefined);
    let at = ctx.currentTime;
    for (const note of NOTES[tone]) {
      const osc = ctx.createOscillator();
      const gain = ctx.createGain();
      osc.type = note.wave;
      osc.frequency.value = note.freq;
      gain.gain.setValueAtTime(0.12, at);
      gain.gain.exponentialRampToValueAtTime(0.001, at + note.secs);
      osc.connect(gain).connect(ctx.destination);
      osc.start(at);
      osc.stop(at + note.secs);
      at += note.secs + 0.05;
    }
  } catch {
    /* no sound is better than a broken scan */
  }
}
