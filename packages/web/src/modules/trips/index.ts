/** The trips module's public file: what the app shell may use before the page loads. */
export { prefetchTrips } from './trips-prefetch';
