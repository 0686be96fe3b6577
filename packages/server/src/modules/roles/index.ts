// The roles module's public surface: what other modules may import (docs/ARCHITECTURE.md).

export {
  assertUserChange,
  companyRoleGrantSets,
  covers,
  ROLE_RULE_MSG,
  type UserChange,
} from './roles.rules';
export { listRoles } from './roles.service';
