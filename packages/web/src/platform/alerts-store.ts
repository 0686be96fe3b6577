import { ALERT_DURATION_MS } from '@backhaul/shared';
import { createStore } from './create-store';

export type AlertType = 'success' | 'info' | 'warning' | 'error';
export type Alert = { id: number; type: AlertType; message: string };

export const alertsStore = createStore<Alert[]>([]);

let nextId = 1;

/** Shows an alert that clears itself after the spec's 4000 ms. */
export function showAlert(type: AlertType, message: string, durationMs: number = ALERT_DURATION_MS): number {
  // The same text already on screen is not stacked again (parallel failures, repeated clicks).
  const shown = alertsStore.get().find((a) => a.type === type && a.message === message);
  if (shown) return shown.id;
  const id = nextId++;
  alertsStore.set((alerts) => [...alerts, { id, type, message }]);
  setTimeout(() => dismissAlert(id), durationMs);
  return id;
}

export function dismissAlert(id: number): void {
  alertsStore.set((alerts) => alerts.filter((a) => a.id !== id));
}
