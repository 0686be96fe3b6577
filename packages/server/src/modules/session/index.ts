// The session module's public surface: what other modules may import (docs/ARCHITECTURE.md).
export { passwordResetMail } from './session.mail';
export { checkCurrentPassword, recordEmailChange, type SessionDeps, sendResetLink } from './session.service';
