import { describe, expect, it } from 'vitest';
import { FILTER_KINDS, FILTER_SCHEMAS, ListRequestSchema, listCapNotice, PAGE_SIZE_ALL } from '../index';
import { MSG } from '../spec/messages';

const messages = (kind: keyof typeof FILTER_SCHEMAS, value: unknown) => {
  const r = FILTER_SCHEMAS[kind].safeParse(value);
  return r.success ? [] : r.error.issues.map((i) => i.message);
};

describe('the list request', () => {
  it('defaults to the first page of 20, every filter empty', () => {
    expect(ListRequestSchema.parse({})).toMatchObject({
      filters: {},
      search: '',
      limit: 20,
      page: 1,
      with_options: true,
    });
  });

  it('takes page and size as text (a URL) and caps "All"', () => {
    expect(ListRequestSchema.parse({ limit: '50', page: '3' })).toMatchObject({ limit: 50, page: 3 });
    expect(ListRequestSchema.parse({ limit: PAGE_SIZE_ALL }).limit).toBe(99999999);
    expect(ListRequestSchema.safeParse({ limit: PAGE_SIZE_ALL + 1 }).success).toBe(false);
    expect(ListRequestSchema.safeParse({ order: 'sideways' }).error?.issues[0]?.message).toBe(
      'The order is asc or desc.',
    );
    expect(listCapNotice(123456)).toContain('first 50,000 of 123,456 rows');
  });
});

describe('filters per kind', () => {
  it('has a schema for every kind', () => {
    expect(Object.keys(FILTER_SCHEMAS).sort()).toEqual([...FILTER_KINDS].sort());
  });

  it('number: one operator, From not greater than To (the spec’s message)', () => {
    expect(messages('number', { op: 'between', from: 5, to: 1 })).toEqual([MSG.numberFromGreaterThanTo]);
    expect(messages('number', { op: 'gte', value: 3 })).toEqual([]);
    expect(messages('number', { op: 'over', value: 3 })).toHaveLength(1);
  });

  it('date: a day or a range in order, or Empty', () => {
    expect(messages('date', { from: '2026-01-05' })).toEqual([]);
    expect(messages('date', { empty: true })).toEqual([]);
    expect(messages('date', {})).toEqual(['Choose a date or Empty.']);
    expect(messages('date', { from: '2026-02-01', to: '2026-01-01' })).toEqual([
      'The start date is after the end date.',
    ]);
    expect(messages('date', { from: '01/05/2026' })).toEqual(['Use the date format YYYY-MM-DD.']);
  });

  it('address, options, note and list filters refuse what they cannot mean', () => {
    expect(messages('address', { type: 1 })).toEqual(['Choose a state or a city.']);
    expect(messages('address', { type: 1, states: ['TX'] })).toEqual([]);
    expect(messages('options', { value: 2 })).toEqual(['Choose On, All or Off.']);
    expect(messages('note', { value: '   ' })).toEqual(['Enter some text.']);
    expect(messages('list', { values: Array.from({ length: 1001 }, (_, i) => i) })).toEqual([
      'Choose at most 1000 values.',
    ]);
  });
});
