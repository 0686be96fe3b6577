// @vitest-environment happy-dom
import { MSG } from '@backhaul/shared';
import { Button, MantineProvider } from '@mantine/core';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { alertsStore } from '../alerts-store';
import { DateField, DateTimeField, yearRange } from './date-field';
import { UploadButton } from './upload-button';
import '../../test/match-media';

afterEach(cleanup);

const wrap = (node: React.ReactNode) => render(<MantineProvider>{node}</MantineProvider>);

function Dates() {
  const [day, setDay] = useState('2026-03-01');
  const [at, setAt] = useState('2026-03-02 14:30');
  return (
    <>
      <DateField label="Day" value={day} onChange={setDay} />
      <DateTimeField label="At" value={at} onChange={setAt} />
      <output data-testid="values">{`${day}|${at}`}</output>
    </>
  );
}

describe('platform date fields', { timeout: 30_000 }, () => {
  it('show and take the one format: YYYY-MM-DD and YYYY-MM-DD HH:mm', () => {
    wrap(<Dates />);
    const day = screen.getByLabelText('Day') as HTMLInputElement;
    const at = screen.getByLabelText('At') as HTMLInputElement;
    expect(day.value).toBe('2026-03-01');
    expect(at.value).toBe('2026-03-02 14:30');
    expect(day.placeholder).toBe('YYYY-MM-DD');
    fireEvent.change(day, { target: { value: '2026-04-15' } });
    fireEvent.change(at, { target: { value: '2026-04-16 07:05' } });
    expect(screen.getByTestId('values').textContent).toBe('2026-04-15|2026-04-16 07:05');
  });
  it('offer 40 years either side of today', () => {
    expect(yearRange('2026-06-01')).toEqual({ minDate: '1986-01-01', maxDate: '2066-12-31' });
  });
});

describe('UploadButton', { timeout: 30_000 }, () => {
  it('refuses a bad name with the spec message and clears the input; a good file is handed over', () => {
    const onFile = vi.fn();
    const { container } = wrap(<UploadButton onFile={onFile}>{(p) => <Button {...p}>Upload</Button>}</UploadButton>);
    const input = container.ownerDocument.querySelector('input[type="file"]') as HTMLInputElement;
    const choose = (name: string) => {
      const file = new File(['%PDF-1.4'], name, { type: 'application/pdf' });
      Object.defineProperty(input, 'files', { configurable: true, value: [file] });
      Object.defineProperty(input, 'value', { configurable: true, writable: true, value: `C:\\fakepath\\${name}` });
      fireEvent.change(input);
      return file;
    };
    choose('rate#confirmation.pdf');
    expect(onFile).not.toHaveBeenCalled();
    expect(alertsStore.get().map((a) => a.message)).toContain(MSG.invalidFileName);
    expect(input.value).toBe('');
    const good = choose('rate-confirmation.pdf');
    expect(onFile).toHaveBeenCalledWith(good);
    expect(input.value).toBe('');
  });
});
