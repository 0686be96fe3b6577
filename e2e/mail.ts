import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

/** What reached the journeys' SMTP server (e2e/smtp-sink.mjs): newest first. */
export type ReceivedMail = { to: string; raw: string; text: string };

const DIR = join(dirname(fileURLToPath(import.meta.url)), '.mail');

/** Undoes quoted-printable soft breaks and escapes, so links and names read whole. */
const unQuote = (raw: string) =>
  raw
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/g, (_m, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)));

export function receivedMails(to?: string): ReceivedMail[] {
  let names: string[] = [];
  try {
    names = readdirSync(DIR).filter((n) => n.endsWith('.eml'));
  } catch {
    return [];
  }
  return names
    .sort()
    .reverse()
    .map((n) => {
      const raw = readFileSync(join(DIR, n), 'latin1');
      return { to: /^X-Envelope-To: (.*)$/m.exec(raw)?.[1] ?? '', raw, text: unQuote(raw) };
    })
    .filter((m) => !to || m.to.split(',').includes(to));
}
