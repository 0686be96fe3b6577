// @vitest-environment happy-dom
import { Button, MantineProvider, NumberInput, TextInput } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { alertsStore } from '../alerts-store';
import { api } from '../api-client';
import { underRow, useRecordForm } from './use-record-form';
import '../../test/match-media';

beforeEach(() => alertsStore.set([]));
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const Schema = z.object({
  name: z.string().trim().min(1, 'The name is required.'),
  rows: z.array(z.object({ amount: z.coerce.number().positive('The amount must be positive.') })),
});
type Values = { name: string; rows: { amount: number | string }[] };

/** A fetch answering `status` with `body`, held until `release()` so the loading state can be seen. */
function answer(status: number, body: unknown) {
  let release: () => void = () => undefined;
  const gate = new Promise<void>((resolve) => {
    release = resolve;
  });
  const fetchMock = vi.fn(async () => {
    await gate;
    return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
  });
  vi.stubGlobal('fetch', fetchMock);
  return { fetchMock, release };
}

function Form(props: { onSaved?: (saved: unknown) => void; resetOnSave?: boolean }) {
  const { form, submit, saving } = useRecordForm<Values, { message: string }, { name: string; amounts: number[] }>({
    initialValues: { name: '', rows: [{ amount: '' }] },
    schema: z.object({ name: Schema.shape.name, amounts: z.array(z.number()) }),
    body: (v) => ({ name: v.name, amounts: v.rows.map((r) => Number(r.amount)) }),
    save: (body) => api.post<{ message: string }>('/things', body),
    ...(props.onSaved ? { onSaved: props.onSaved } : {}),
    ...(props.resetOnSave ? { resetOnSave: true } : {}),
    errorField: (name) => name.replace(/^amounts\./, 'rows.').replace(/^rows\.(\d+)$/, 'rows.$1.amount'),
  });
  return (
    <form onSubmit={submit} noValidate>
      <TextInput label="Name" {...form.getInputProps('name')} />
      <NumberInput label="Amount" {...form.getInputProps('rows.0.amount')} />
      <Button type="submit" loading={saving} data-testid="save">
        Save
      </Button>
    </form>
  );
}

function PlainForm() {
  const { form, submit, saving } = useRecordForm<Values>({
    initialValues: { name: 'Acme', rows: [{ amount: 0 }] },
    schema: Schema,
    save: (values) => api.post('/things', values),
  });
  return (
    <form onSubmit={submit} noValidate>
      <TextInput label="Name" {...form.getInputProps('name')} />
      <NumberInput label="Amount" {...form.getInputProps('rows.0.amount')} />
      <Button type="submit" loading={saving} data-testid="save">
        Save
      </Button>
    </form>
  );
}

/** A parent saved first, then its row in a call of its own (as a driver, then a contract). */
function ParentAndRowForm() {
  const { form, submit } = useRecordForm<Values>({
    initialValues: { name: 'Acme', rows: [{ amount: 7 }] },
    save: async (values) => {
      const saved = await api.post<{ message: string }>('/parents', { name: values.name });
      await underRow('rows.0', () => api.post('/rows', values.rows[0]));
      return saved;
    },
  });
  return (
    <form onSubmit={submit} noValidate>
      <TextInput label="Name" {...form.getInputProps('name')} />
      <NumberInput label="Amount" {...form.getInputProps('rows.0.amount')} />
      <Button type="submit" data-testid="save">
        Save
      </Button>
    </form>
  );
}

const wrap = (node: React.ReactNode) =>
  render(
    <QueryClientProvider client={new QueryClient()}>
      <MantineProvider>{node}</MantineProvider>
    </QueryClientProvider>,
  );
const input = (label: string) => screen.getByLabelText(label) as HTMLInputElement;
const alerts = () => alertsStore.get().map((a) => [a.type, a.message]);

describe('useRecordForm', { timeout: 30_000 }, () => {
  it("shows the contract's messages under the fields, nested ones too, and sends nothing", async () => {
    const { fetchMock } = answer(200, { message: 'Saved' });
    wrap(<PlainForm />);
    fireEvent.change(input('Name'), { target: { value: ' ' } });
    fireEvent.click(screen.getByTestId('save'));
    await screen.findByText('The name is required.');
    expect(screen.getByText('The amount must be positive.')).toBeTruthy();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it("puts a 422's errors onto the fields by name (rows.0.amount), keeps what was typed, loads while it waits", async () => {
    const call = answer(422, {
      message: 'The given data was invalid.',
      errors: { 'rows.0.amount': ['Too much for this load.'], name: ['The name has already been taken.'] },
    });
    wrap(<PlainForm />);
    fireEvent.change(input('Name'), { target: { value: 'Globex' } });
    fireEvent.change(input('Amount'), { target: { value: '12.5' } });
    fireEvent.click(screen.getByTestId('save'));
    await waitFor(() => expect(call.fetchMock).toHaveBeenCalledOnce());
    expect(screen.getByTestId('save').getAttribute('data-loading')).toBe('true');
    await act(async () => call.release());
    await screen.findByText('Too much for this load.');
    expect(screen.getByText('The name has already been taken.')).toBeTruthy();
    expect(input('Name').value).toBe('Globex');
    expect(input('Amount').value).toBe('12.5');
    expect(screen.getByTestId('save').getAttribute('data-loading')).toBeNull();
    const sent = JSON.parse(String((call.fetchMock.mock.calls[0] as unknown as [string, RequestInit])[1].body));
    expect(sent).toEqual({ name: 'Globex', rows: [{ amount: 12.5 }] });
  });

  it("alerts a 412's message and puts nothing on the fields; the values stay", async () => {
    const call = answer(412, { error: { mail: 'The invoice is already paid.' } });
    wrap(<PlainForm />);
    fireEvent.change(input('Name'), { target: { value: 'Initech' } });
    fireEvent.change(input('Amount'), { target: { value: '5' } });
    fireEvent.click(screen.getByTestId('save'));
    await act(async () => call.release());
    await waitFor(() => expect(alerts()).toEqual([['error', 'The invoice is already paid.']]));
    expect(input('Name').value).toBe('Initech');
    expect(document.querySelectorAll('.mantine-InputWrapper-error')).toHaveLength(0);
  });

  it('sends the body, renames its errors onto the inputs, and after a save alerts, hands over and resets', async () => {
    const failed = answer(422, { message: 'Invalid', errors: { 'amounts.0': ['Not a payable amount.'] } });
    const onSaved = vi.fn();
    wrap(<Form onSaved={onSaved} resetOnSave />);
    fireEvent.change(input('Name'), { target: { value: 'Umbrella' } });
    fireEvent.change(input('Amount'), { target: { value: '40' } });
    fireEvent.click(screen.getByTestId('save'));
    await act(async () => failed.release());
    await screen.findByText('Not a payable amount.');
    const sent = JSON.parse(String((failed.fetchMock.mock.calls[0] as unknown as [string, RequestInit])[1].body));
    expect(sent).toEqual({ name: 'Umbrella', amounts: [40] });

    const saved = answer(200, { message: 'Saved successfully' });
    fireEvent.click(screen.getByTestId('save'));
    await act(async () => saved.release());
    await waitFor(() => expect(onSaved).toHaveBeenCalledWith({ message: 'Saved successfully' }, expect.anything()));
    expect(alerts()).toContainEqual(['success', 'Saved successfully']);
    expect(input('Name').value).toBe('');
  });

  it("puts a row's own 422 (amount) under the row (rows.0.amount), not on the parent's fields", async () => {
    const fetchMock = vi.fn(async (url: string) =>
      url.endsWith('/parents')
        ? new Response(JSON.stringify({ message: 'Saved' }), { status: 200 })
        : new Response(JSON.stringify({ message: 'Invalid', errors: { amount: ['The rate is too high.'] } }), {
            status: 422,
          }),
    );
    vi.stubGlobal('fetch', fetchMock);
    wrap(<ParentAndRowForm />);
    fireEvent.click(screen.getByTestId('save'));
    await screen.findByText('The rate is too high.');
    expect(input('Amount').getAttribute('aria-invalid')).toBe('true');
    expect(input('Name').getAttribute('aria-invalid')).toBeNull();
    expect(document.querySelectorAll('.mantine-InputWrapper-error')).toHaveLength(1);
    expect(fetchMock).toHaveBeenCalledTimes(2);
    expect(alerts()).toEqual([['error', 'The rate is too high.']]);
  });
});
