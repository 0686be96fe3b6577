import { ACTION, ITEM_MESSAGES, SECTION } from '@backhaul/shared';
import * as C from '@backhaul/shared/modules/info-company/info-company.contract';
import type { RouteModule } from '../../platform/http/types';
import { defineResource, registerResource } from '../../platform/record/define-resource';
import { infoCompanies } from './info-company.table';

/** GET /info/company (list), GET …/create, GET …/:id/edit, POST, PUT …/:id, DELETE …/:id. */
export const infoCompany = defineResource({
  base: C.INFO_COMPANY_BASE,
  key: 'info-company',
  title: 'Companies',
  table: infoCompanies,
  section: SECTION.Settings,
  form: C.InfoCompanyFormSchema,
  row: C.InfoCompanySchema,
  unique: ['name'],
  messages: ITEM_MESSAGES,
});

export const infoCompanyRoutes: RouteModule = {
  name: 'info-company',
  register: (app, deps) => registerResource(app, deps, infoCompany, { tags: ['Settings'], writeAction: ACTION.EDIT }),
};
