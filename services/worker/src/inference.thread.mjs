// From src/ only (tests, `npm start`): worker threads do not inherit the `--import tsx` loader of the
// main thread, so register it here, then load the TypeScript thread entry. The compiled worker starts
// dist/inference.thread.js instead, and this file is not copied there.
import { register } from 'tsx/esm/api';

register();
await import('./inference.thread.ts');
