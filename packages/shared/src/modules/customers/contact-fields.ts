import { z } from 'zod';

/**
 * Form fields the customer, factoring and lead contracts share: a phone of 10 US digits (a leading
 * country code 1 is dropped, stored as digits), an optional e-mail, optional text with a limit.
 */
export const phoneField = (label = 'phone') =>
  z
    .string()
    .transform((v) => {
      const digits = v.replace(/\D/g, '');
      return digits.length === 11 && digits.startsWith('1') ? digits.slice(1) : digits;
    })
    .pipe(z.string().regex(/^([2-9]\d{9})?$/, `The ${label} is 10 digits and cannot start with 0 or 1.`));

export const emailField = () =>
  z
    .string()
    .trim()
    .toLowerCase()
    .pipe(z.email('Enter a valid e-mail address.').or(z.literal('')));

export const textField = (max: number, label: string) =>
  z.string().trim().max(max, `The ${label} may not be greater than ${max} characters.`);

export const requiredText = (max: number, label: string) =>
  textField(max, label).min(1, `The ${label} field is required.`);

/** The empty string a form holds for "none" becomes null for the database. */
export const orNull = (v: string): string | null => (v === '' ? null : v);
