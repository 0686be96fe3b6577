// happy-dom has no window.matchMedia, which Mantine reads: a stub that matches nothing, for the
// component tests (imported for its effect, before the components render).
window.matchMedia ??= ((query: string) => ({
  matches: false,
  media: query,
  addListener: () => undefined,
  removeListener: () => undefined,
  addEventListener: () => undefined,
  removeEventListener: () => undefined,
  dispatchEvent: () => false,
})) as unknown as typeof window.matchMedia;
