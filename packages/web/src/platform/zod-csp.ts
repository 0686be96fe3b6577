import { z } from 'zod';

// The Content-Security-Policy allows no eval. zod compiles object parsers with `new Function` when it
// may, and its probe for that is reported as a CSP violation; imported first by main.tsx, before any
// schema is built.
z.config({ jitless: true });
