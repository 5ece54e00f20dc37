import { useSyncExternalStore } from 'react';

/**
 * A minimal external store (no dependency): `get`, `set` (partial or updater), `subscribe`, and the
 * `use(selector)` hook built on `useSyncExternalStore`. Selectors must return stable values (a field,
 * not a freshly built object) or the component re-renders on every change.
 */
export interface Store<T> {
  get(): T;
  set(next: Partial<T> | ((state: T) => Partial<T>)): void;
  replace(state: T): void;
  subscribe(listener: (state: T, previous: T) => void): () => void;
  use<S>(selector: (state: T) => S): S;
}

export function createStore<T extends object>(initial: T): Store<T> {
  let state = initial;
  const listeners = new Set<(state: T, previous: T) => void>();
  const emit = (previous: T) => {
    for (const l of listeners) l(state, previous);
  };
  const store: Store<T> = {
    get: () => state,
    set(next) {
      const patch = typeof next === 'function' ? next(state) : next;
      const previous = state;
      state = { ...state, ...patch };
      emit(previous);
    },
    replace(next) {
      const previous = state;
      state = next;
      emit(previous);
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    use<S>(selector: (state: T) => S): S {
      // biome-ignore lint/correctness/useHookAtTopLevel: `use` is itself a hook, called at a component's top level
      return useSyncExternalStore(
        store.subscribe,
        () => selector(state),
        () => selector(state),
      );
    },
  };
  return store;
}
