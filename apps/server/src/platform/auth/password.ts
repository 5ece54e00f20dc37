import { hash, verify } from '@node-rs/argon2';
import { AppError } from '../errors';

/** argon2id with the OWASP-recommended minimum (19 MiB, 2 passes, 1 lane). */
// 2 = Algorithm.Argon2id (a const enum, which isolated modules cannot read).
const OPTIONS = { algorithm: 2, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

/**
 * Password hashes and checks take turns (issue 11, 'login storm'). Each costs about 25 ms of one core and runs on
 * libuv's threadpool (4 threads), which compression, file and DNS work share: 50 sign-ins at once filled all four
 * threads and both cores, and the user list's p95 went from 18 to 137 ms. With HASH_CONCURRENCY (default 1) at a
 * time, sign-ins queue here instead, in order, and the rest of the server keeps a core and the threadpool
 * (docs/bench.md, 'login storm'). A queue past `maxWaiting` is refused as busy rather than growing without bound.
 */
export class Turns {
  private running = 0;
  private readonly waiting: (() => void)[] = [];

  constructor(
    public concurrency = 1,
    public maxWaiting = 1000,
  ) {}

  async run<T>(work: () => Promise<T>): Promise<T> {
    if (this.running >= this.concurrency) {
      if (this.waiting.length >= this.maxWaiting) throw new AppError('RATE_LIMITED', 'err_rate_limited');
      await new Promise<void>((resolve) => this.waiting.push(resolve));
    } else this.running++;
    try {
      return await work();
    } finally {
      const next = this.waiting.shift();
      if (next) next();
      else this.running--;
    }
  }

  get queued() {
    return this.waiting.length;
  }
}

const turns = new Turns();

/** How many hashes and checks may run at once in this process (config HASH_CONCURRENCY). */
export function setHashConcurrency(concurrency: number, maxWaiting = 1000) {
  turns.concurrency = Math.max(1, Math.floor(concurrency));
  turns.maxWaiting = maxWaiting;
}

/** Hashes and checks waiting for their turn (tests, diagnostics). */
export const hashQueueLength = () => turns.queued;

export function hashPassword(plain: string): Promise<string> {
  return turns.run(() => hash(plain, OPTIONS));
}

export async function verifyPassword(hashed: string, plain: string): Promise<boolean> {
  try {
    return await turns.run(() => verify(hashed, plain));
  } catch (err) {
    if (err instanceof AppError) throw err;
    return false;
  }
}

let dummyHash: Promise<string> | undefined;
/** Spends the same time as a real check when the account does not exist, so timing does not reveal it. */
export async function verifyAgainstDummy(plain: string): Promise<false> {
  dummyHash ??= hashPassword('dummy-password-for-timing').catch((err) => {
    dummyHash = undefined;
    throw err;
  });
  await verifyPassword(await dummyHash, plain);
  return false;
}
