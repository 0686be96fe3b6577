// The IFTA module's public surface (docs/ARCHITECTURE.md): the report tab the fuel page shows.
export { IftaTab } from './ifta-tab';
