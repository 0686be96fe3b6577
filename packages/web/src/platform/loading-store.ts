import { createStore } from './create-store';

/** Number of requests in flight; the global indicator is on while it is above zero. */
export const loadingStore = createStore(0);

export function startLoading(): void {
  loadingStore.set((n) => n + 1);
}

export function stopLoading(): void {
  loadingStore.set((n) => Math.max(0, n - 1));
}
