// The downtime module's public surface on the web: a unit's downtime for its card (trucks).
export { UnitDowntime } from './unit-downtime';
