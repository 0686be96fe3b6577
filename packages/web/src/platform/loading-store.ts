import { createStore } from './create-store';

/** Number of requests in flight; the global indicator is on while it is above zero. */
export const loadingStore = createStore(0);

export function startLoading(): void {
  loadingStore.set((n) => n + 1);
}

export function stopLoading(): void {
  loadingStore.set((n) => Math.max(0, n - 1));
}

/** Runs a task with the indicator on, and always turns it off again, even when the task fails. */
export async function withLoading<T>(task: () => Promise<T>): Promise<T> {
  startLoading();
  try {
    return await task();
  } finally {
    stopLoading();
  }
}
