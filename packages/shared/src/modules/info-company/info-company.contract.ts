import { z } from 'zod';
import { field } from '../../forms/fields';
import { emailField, phoneField, requiredText, textField } from '../customers/contact-fields';

/** Company settings → companies: the legal entities the company works as (the /info pattern). */
export const INFO_COMPANY_BASE = '/info/company';

export const InfoCompanyFormSchema = z.object({
  name: field(requiredText(160, 'name'), { label: 'Name' }),
  address: field(textField(240, 'address'), { label: 'Address', kind: 'textarea' }),
  phone: field(phoneField(), { label: 'Phone', kind: 'phone', placeholder: '(312) 555-0100' }),
  email: field(emailField(), { label: 'E-mail' }),
});
export const EMPTY_INFO_COMPANY = { name: '', address: '', phone: '', email: '' };
export const InfoCompanySchema = z.object({
  id: z.number().int(),
  name: z.string(),
  address: z.string().nullable(),
  phone: z.string().nullable(),
  email: z.string().nullable(),
});
