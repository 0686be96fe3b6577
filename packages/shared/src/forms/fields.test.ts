import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { field, formFields, rowSchema } from './fields';

const Schema = z.object({
  name: field(z.string().trim().min(1, 'The name is required.'), { label: 'Name' }),
  note: field(z.string().max(10), { label: 'Note', kind: 'textarea' }).optional(),
  customer_id: field(z.number().int().nullable(), { label: 'Customer', kind: 'select', options: 'customers' }),
  amount: field(z.coerce.number().positive(), { label: 'Amount', kind: 'money' }),
  active: field(z.boolean(), { label: 'Active', kind: 'checkbox' }),
  secret: z.string(),
});

describe('form fields from the contract', () => {
  it('lists the annotated fields in the schema order, with kind and required from the schema', () => {
    expect(formFields(Schema).map((f) => [f.name, f.kind, f.required])).toEqual([
      ['name', 'text', true],
      ['note', 'textarea', false],
      ['customer_id', 'select', false],
      ['amount', 'money', true],
      ['active', 'checkbox', false],
    ]);
    expect(formFields(Schema)[2]).toMatchObject({ label: 'Customer', options: 'customers' });
  });

  it('gives a small list its row schema: the id, then each field, null when empty unless required', () => {
    const row = rowSchema(Schema);
    expect(row.parse({ id: 1, name: 'A', note: null, customer_id: null, amount: 5, active: false })).toEqual({
      id: 1,
      name: 'A',
      note: null,
      customer_id: null,
      amount: 5,
      active: false,
    });
    expect(row.safeParse({ id: 1, name: null, note: null, customer_id: 2, amount: 5, active: true }).success).toBe(
      false,
    );
  });

  it('leaves validation to the schema', () => {
    expect(Schema.safeParse({ name: ' ', customer_id: null, amount: '5', active: true, secret: '' }).success).toBe(
      false,
    );
    expect(Schema.parse({ name: 'A', customer_id: 3, amount: '5', active: true, secret: '' }).amount).toBe(5);
  });
});
