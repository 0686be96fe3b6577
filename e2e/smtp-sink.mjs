// A real SMTP server on loopback for the browser journeys: the app sends through it (SMTP_URL), and
// journeys read what arrived from e2e/.mail (one .eml file per message). Stops with Playwright.
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { SMTPServer } from 'smtp-server';

const dir = join(dirname(fileURLToPath(import.meta.url)), '.mail');
rmSync(dir, { recursive: true, force: true });
mkdirSync(dir, { recursive: true });
let count = 0;

const server = new SMTPServer({
  authOptional: true,
  disabledCommands: ['STARTTLS', 'AUTH'],
  onData(stream, session, callback) {
    const chunks = [];
    stream.on('data', (c) => chunks.push(c));
    stream.on('end', () => {
      const to = session.envelope.rcptTo.map((r) => r.address).join(',');
      const name = `${Date.now()}-${String(++count).padStart(4, '0')}.eml`;
      writeFileSync(join(dir, name), `X-Envelope-To: ${to}\r\n${Buffer.concat(chunks).toString('latin1')}`, 'latin1');
      callback();
    });
  },
});
server.listen(Number(process.env.SMTP_SINK_PORT ?? 3198), '127.0.0.1');
for (const sig of ['SIGINT', 'SIGTERM']) process.on(sig, () => server.close(() => process.exit(0)));
