import { z } from 'zod';
import { field, rowSchema } from '../../forms/fields';
import { emailField, phoneField, requiredText, textField } from '../customers/contact-fields';

/** Company settings → companies (the /info pattern): the legal entities the company works as. */
export const INFO_COMPANY_BASE = '/info/company';
export const InfoCompanyFormSchema = z.object({
  name: field(requiredText(160, 'name'), { label: 'Name' }),
  address: field(textField(240, 'address'), { label: 'Address', kind: 'textarea' }),
  phone: field(phoneField(), { label: 'Phone', kind: 'phone' }),
  email: field(emailField(), { label: 'E-mail' }),
});
export const InfoCompanySchema = rowSchema(InfoCompanyFormSchema);
