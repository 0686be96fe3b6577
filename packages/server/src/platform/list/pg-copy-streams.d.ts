// The part of pg-copy-streams (no types of its own) that list-copy.ts uses.
declare module 'pg-copy-streams' {
  import type { Readable } from 'node:stream';
  import type { Submittable } from 'pg';

  type CopyToStream = Readable & Submittable;
  const copyStreams: { to(text: string): CopyToStream };
  export default copyStreams;
}
