import { type FocusEvent, type KeyboardEvent, useLayoutEffect, useRef } from 'react';

/** What a keyboard user can reach in a table: its controls, links and inputs. */
export const FOCUSABLE =
  'a[href], button:not([disabled]), input:not([disabled]):not([type="hidden"]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([data-row-index])';

/** The focusable elements inside `root`, in document order (none inside a hidden element). */
export const focusablesIn = (root: Element | null): HTMLElement[] =>
  root ? [...root.querySelectorAll<HTMLElement>(FOCUSABLE)].filter((el) => !el.closest('[hidden]')) : [];

/**
 * A group of buttons as one tab stop (the ARIA toolbar pattern): Tab enters at the button used
 * last, ←/→ and Home/End move between them. Give the group `role="toolbar"` and an `aria-label`.
 */
export function useRovingGroup<T extends HTMLElement>() {
  const ref = useRef<T>(null);
  const active = useRef(0);
  // Every render: buttons come and go with the page (Export once the answer allows it).
  useLayoutEffect(() => {
    const items = focusablesIn(ref.current);
    const at = Math.max(0, Math.min(active.current, items.length - 1));
    items.forEach((el, i) => {
      el.tabIndex = i === at ? 0 : -1;
    });
  });
  const onFocus = (e: FocusEvent<T>) => {
    const items = focusablesIn(ref.current);
    const i = items.indexOf(e.target as HTMLElement);
    if (i < 0) return;
    active.current = i;
    items.forEach((el, k) => {
      el.tabIndex = k === i ? 0 : -1;
    });
  };
  const onKeyDown = (e: KeyboardEvent<T>) => {
    // Keys in a button's menu (a portal elsewhere in the page) are the menu's.
    if (!e.currentTarget.contains(e.target as Node)) return;
    const items = focusablesIn(ref.current);
    const i = items.indexOf(e.target as HTMLElement);
    if (i < 0) return;
    const moves: Record<string, number> = {
      ArrowRight: (i + 1) % items.length,
      ArrowLeft: (i - 1 + items.length) % items.length,
      Home: 0,
      End: items.length - 1,
    };
    const next = moves[e.key];
    if (next === undefined) return;
    e.preventDefault();
    items[next]?.focus();
  };
  return { ref, onFocus, onKeyDown };
}
