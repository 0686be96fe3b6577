import { MSG } from '@backhaul/shared';
import { describe, expect, it } from 'vitest';
import { linkOfResult } from './download';
import { uploadProblem } from './files.api';
import { isFinished, percentOf } from './jobs.api';

describe('job progress', () => {
  it('shows done of total as a percent, indeterminate without a total, full when completed', () => {
    expect(percentOf({ status: 'running', done: 5000, total: 50000 })).toBe(10);
    expect(percentOf({ status: 'running', done: 3, total: 0 })).toBeNull();
    expect(percentOf({ status: 'completed', done: 3, total: 0 })).toBe(100);
    expect(percentOf({ status: 'running', done: 12, total: 10 })).toBe(100);
    expect([isFinished({ status: 'failed' }), isFinished({ status: 'queued' }), isFinished(undefined)]).toEqual([
      true,
      false,
      false,
    ]);
  });
  it('reads the link of a finished export job', () => {
    expect(linkOfResult({ link: '/api/files/3/download', rows: 2 })).toBe('/api/files/3/download');
    expect(linkOfResult(null)).toBeNull();
  });
});

describe('upload pre-check (the server checks again, by content too)', () => {
  it('refuses the spec characters and other types', () => {
    expect(uploadProblem('bill#1.pdf')).toBe(MSG.invalidFileName);
    expect(uploadProblem('notes.txt')).toMatch(/Only png, jpeg, jpg, bmp, gif and pdf/);
    expect(uploadProblem('Scan.JPG')).toBeNull();
  });
});
