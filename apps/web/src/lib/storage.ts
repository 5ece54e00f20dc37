/**
 * Browser storage under the spec's prefix (§9: `THEONE`). Keys are written `THEONE-<name>`.
 * Values are JSON; a value that cannot be parsed reads as the fallback.
 */
export const STORAGE_PREFIX = 'THEONE';

export const storageKey = (name: string) => `${STORAGE_PREFIX}-${name}`;

function make(getArea: () => Storage | undefined) {
  return {
    getRaw(name: string): string | null {
      try {
        return getArea()?.getItem(storageKey(name)) ?? null;
      } catch {
        return null;
      }
    },
    setRaw(name: string, value: string) {
      try {
        getArea()?.setItem(storageKey(name), value);
      } catch {
        // Storage full or disabled (private mode): settings simply do not persist.
      }
    },
    get<T>(name: string, fallback: T): T {
      const raw = this.getRaw(name);
      if (raw === null) return fallback;
      try {
        return JSON.parse(raw) as T;
      } catch {
        return fallback;
      }
    },
    set(name: string, value: unknown) {
      this.setRaw(name, JSON.stringify(value));
    },
    remove(name: string) {
      try {
        getArea()?.removeItem(storageKey(name));
      } catch {
        // ignore
      }
    },
  };
}

export const localStore = make(() => (typeof localStorage === 'undefined' ? undefined : localStorage));
export const sessionStore = make(() => (typeof sessionStorage === 'undefined' ? undefined : sessionStorage));
