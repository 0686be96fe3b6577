import { type QueryKey, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { API_BASE } from '../api-client';

/** What the server sends on /api/live: a row of a shared board changed. */
export type LiveChange = { topic: string; id: string | number; action: string };

type Listener = (change: LiveChange) => void;

// One EventSource per tab, shared by every component that listens; closed when the last leaves.
const listeners = new Set<Listener>();
let source: EventSource | null = null;

function connect(): void {
  if (source || typeof EventSource === 'undefined') return;
  // Same origin: the browser sends the session cookie with the stream's request.
  source = new EventSource(`${API_BASE}/live`);
  source.addEventListener('change', (e) => {
    const change = JSON.parse((e as MessageEvent<string>).data) as LiveChange;
    for (const l of listeners) l(change);
  });
  // EventSource reconnects by itself; a 401 (token expired) closes it for good.
  source.onerror = () => {
    if (source?.readyState === EventSource.CLOSED) source = null;
  };
}

function subscribe(listener: Listener): () => void {
  listeners.add(listener);
  connect();
  return () => {
    listeners.delete(listener);
    if (listeners.size === 0) {
      source?.close();
      source = null;
    }
  };
}

/** Calls onChange for every live change on these topics (trips, planner, work_orders…). */
export function useLiveUpdates(topics: readonly string[], onChange: (change: LiveChange) => void): void {
  const handler = useRef(onChange);
  handler.current = onChange;
  const key = topics.join(',');
  useEffect(() => {
    const wanted = new Set(key.split(','));
    return subscribe((change) => {
      if (wanted.has(change.topic)) handler.current(change);
    });
  }, [key]);
}
