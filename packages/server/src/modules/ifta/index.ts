// The IFTA module's public surface (docs/ARCHITECTURE.md): quarterly fuel-tax report and rates.
export { iftaRates } from './ifta.table';
