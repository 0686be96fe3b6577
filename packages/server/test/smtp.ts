import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

export type ReceivedMail = { from: string; to: string[]; raw: string };

/**
 * A real SMTP server on loopback for tests: it keeps what arrives, and can be told to refuse
 * messages (a 550 on RCPT) to exercise failures and retries.
 */
export async function startSmtpServer() {
  const received: ReceivedMail[] = [];
  let failing: string | null = null;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onRcptTo(_address, _session, callback) {
      if (failing) {
        const err = Object.assign(new Error(failing), { responseCode: 550 });
        return callback(err);
      }
      callback();
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        received.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((r) => r.address),
          raw: Buffer.concat(chunks).toString('utf8'),
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    received,
    /** Refuse every recipient with this message (null: accept again). */
    refuse(message: string | null) {
      failing = message;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** The body of a MIME part, decoded from base64 (quoted-printable parts are not needed here). */
export function base64Parts(raw: string): Buffer[] {
  const parts: Buffer[] = [];
  const re = /Content-Transfer-Encoding: base64\r?\n(?:[^\r\n]+\r?\n)*\r?\n([A-Za-z0-9+/=\r\n]+)/g;
  for (const m of raw.matchAll(re)) parts.push(Buffer.from((m[1] ?? '').replace(/\s+/g, ''), 'base64'));
  return parts;
}
