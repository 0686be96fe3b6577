import { ACTION, SECTION } from '@backhaul/shared';
import * as C from '@backhaul/shared/modules/info-company/info-company.contract';
import { ResourcePage } from '../../platform/record/resource-page';

/** Company settings → companies; Settings offers view and edit, so every write needs edit (9). */
export const InfoCompanyPage = () => (
  <ResourcePage
    title="Companies"
    noun="company"
    base={C.INFO_COMPANY_BASE}
    listKey="info-company"
    schema={C.InfoCompanyFormSchema}
    section={SECTION.Settings}
    actions={{ create: ACTION.EDIT, delete: ACTION.EDIT }}
  />
);
