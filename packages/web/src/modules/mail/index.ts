// The mail module's public surface: what other modules may import (docs/ARCHITECTURE.md).
export { MailPage } from './mail-page';
