import { createStore } from './store';

/** A full-screen loading overlay shared by long operations (downloads: 'Downloading data, please wait'). */
export const overlayStore = createStore<{ text: string | undefined; count: number }>({ text: undefined, count: 0 });

export async function withOverlay<T>(text: string, work: () => Promise<T>): Promise<T> {
  overlayStore.set((s) => ({ text, count: s.count + 1 }));
  try {
    return await work();
  } finally {
    overlayStore.set((s) => ({ count: s.count - 1, text: s.count - 1 > 0 ? s.text : undefined }));
  }
}
