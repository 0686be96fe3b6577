import { describe, expect, it } from 'vitest';
import { loadConfig } from './config';

describe('TRUST_PROXY', () => {
  const trust = (value?: string) => loadConfig(value === undefined ? {} : { TRUST_PROXY: value }).TRUST_PROXY;

  it('is off unless set', () => {
    expect(trust()).toBe(false);
    expect(trust('')).toBe(false);
    expect(trust('false')).toBe(false);
    expect(trust('0')).toBe(false);
  });

  it('takes a list of addresses and CIDR ranges', () => {
    expect(trust('10.0.0.1, 192.168.0.0/16,::1')).toEqual(['10.0.0.1', '192.168.0.0/16', '::1']);
    expect(trust('loopback')).toEqual(['loopback']);
  });

  it('refuses "true" (anyone could choose its address), a hop count and what is not an address', () => {
    expect(() => trust('true')).toThrow(/TRUST_PROXY/);
    expect(() => trust('1')).toThrow(/TRUST_PROXY/);
    expect(() => trust('proxy.example.com')).toThrow(/TRUST_PROXY/);
    expect(() => trust('10.0.0.0/33')).toThrow(/TRUST_PROXY/);
  });
});
